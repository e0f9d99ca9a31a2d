// The page around the board: the status line, the clocks, the legend, the move list,
// the engine's thinking, the analysis lines, the evaluation bar and graph, the result,
// the buttons' states, notices and errors. It also mirrors the game's state in data
// attributes of <body>, which the browser tests wait on.
import { renderClocks } from './clock-view.js';
import { byId, element } from './dom.js';
import { EvalGraph, renderEvalBar } from './eval-graph.js';
import { describeResult } from './result-text.js';
import { seatSwatch } from './setup-form.js';
import { movesAhead, scoreText } from './search-info.js';
import { renderStatus } from './status-view.js';

export class PageView {
  constructor(setupForm, onViewPly) {
    this.setupForm = setupForm;
    this.onViewPly = onViewPly;
    this.graph = new EvalGraph(byId('eval-graph'), onViewPly);
  }

  seatAtBottomChanged(seat) {
    byId('rotate').value = String(seat);
  }

  renderClocks(clock) {
    renderClocks(byId('clocks'), clock);
  }

  // A new game started (new rules, a position or a record): counted for the tests.
  rulesChanged(rules, seatSettings) {
    this.setupForm.rulesChanged(rules, seatSettings);
    document.body.dataset.games = String(Number(document.body.dataset.games ?? 0) + 1);
  }

  notice(text) {
    const box = byId('notice');
    box.textContent = text;
    box.classList.remove('refusal');
  }

  // Why New game did nothing, next to its button (null: it did not refuse).
  newGameRefused(text) {
    const box = byId('new-game-refusal');
    box.textContent = text ?? '';
    box.hidden = !text;
    if (!text) return;
    // Under the button, which may be at the screen's bottom edge (the rules open).
    box.scrollIntoView({ block: 'nearest' });
    document.body.dataset.refusals = String(Number(document.body.dataset.refusals ?? 0) + 1);
  }

  // A click or button the rules do not allow: said plainly, nothing changes.
  refusal(text) {
    const box = byId('notice');
    box.textContent = text;
    box.classList.add('refusal');
    document.body.dataset.refusals = String(Number(document.body.dataset.refusals ?? 0) + 1);
  }

  error(text) {
    const item = element('li', {}, text);
    byId('errors').appendChild(item);
    byId('errors').hidden = false;
    document.body.dataset.errors = String(byId('errors').children.length);
  }

  render(snapshot) {
    renderStatus(byId('status'), snapshot);
    this.renderLegend(snapshot);
    this.renderMoves(snapshot);
    this.renderThinking(snapshot);
    this.renderResult(snapshot);
    this.renderButtons(snapshot);
    this.renderClocks(snapshot.clock);
    this.renderAnalysis(snapshot);
    this.graph.render(snapshot.history, snapshot.ply);
    renderEvalBar(byId('eval-bar'), snapshot.history, snapshot.ply, snapshot.bottomPlayer);
    const data = document.body.dataset;
    data.ply = String(snapshot.history.moveCount);
    data.viewPly = String(snapshot.ply);
    data.mover = String(snapshot.history.current.position.mover);
    data.bonus = String(snapshot.history.current.position.bonusMove);
    data.game = snapshot.history.current.result.over ? 'over' : 'playing';
    data.turn = snapshot.personToMove ? 'person' : snapshot.thinking ? 'engine' : 'waiting';
    data.busy = String(snapshot.busy);
    data.connected = String(snapshot.connected);
  }

  renderLegend({ history, position }) {
    const legend = byId('legend');
    legend.replaceChildren();
    const done = new Set(position.finishedSeats);
    history.playersSeats.forEach((seats, i) => {
      const player = i + 1;
      const item = element('span', { class: `legend-item${position.status === 'playing' && position.mover === player ? ' to-move' : ''}` });
      for (const seat of seats) item.appendChild(seatSwatch(seat));
      const place = position.places[i];
      let text = ` Player ${player}`;
      if (seats.every((seat) => done.has(seat))) text += ' finished';
      else if (seats.some((seat) => done.has(seat))) text += ` (${seats.filter((seat) => done.has(seat)).map((seat) => `seat ${seat}`).join(', ')} finished)`;
      if (place && place.place > 0) text += place.resigned ? `, resigned (place ${place.place})` : `, place ${place.place}`;
      item.append(text);
      legend.appendChild(item);
    });
  }

  renderMoves({ history, ply }) {
    const list = byId('move-list');
    // Redrawn only when it changed: a click on a move must not land on a replaced button.
    const drawn = `${history.moveCount} ${ply} ${history.current.position.text}`;
    if (list.dataset.drawn === drawn && list.dataset.game === document.body.dataset.games) return;
    list.dataset.drawn = drawn;
    list.dataset.game = document.body.dataset.games;
    list.replaceChildren();
    history.plies.slice(1).forEach((entry, i) => {
      const seat = history.playersSeats[entry.player - 1]?.[0];
      const item = element('li', { 'data-ply': i + 1, 'data-player': entry.player });
      const move = entry.timeLoss ? 'resign (time)' : entry.move;
      // "3. P1 k3-k5": the list's number is the move's, P1 the player's (with its seat's
      // swatch), so the two numbers cannot be confused.
      const button = element('button', { type: 'button', title: `move ${i + 1}, player ${entry.player}`, 'aria-label': `move ${i + 1}, player ${entry.player}: ${move}` });
      if (seat) button.appendChild(seatSwatch(seat));
      button.append(`P${entry.player} ${move}`);
      button.addEventListener('click', () => this.onViewPly(i + 1));
      if (i + 1 === ply) item.classList.add('current');
      item.appendChild(button);
      list.appendChild(item);
    });
    // The list scrolls, never the page (scrollIntoView would move the page on a phone).
    const current = list.querySelector('.current');
    if (current) {
      const top = current.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = top - list.clientHeight / 2;
      }
    }
    this.renderMoveStrip(history, ply);
  }

  // The same moves in one row under the board (shown on phones and tablets): "1 m4-l5"
  // with the mover's swatch, the move shown marked and scrolled into the row's view.
  // Out of the Tab order: the Moves panel and the arrow keys do the same.
  renderMoveStrip(history, ply) {
    const strip = byId('strip-moves');
    strip.replaceChildren();
    history.plies.slice(1).forEach((entry, i) => {
      const seat = history.playersSeats[entry.player - 1]?.[0];
      const move = entry.timeLoss ? 'resign (time)' : entry.move;
      const item = element('li', { 'data-ply': i + 1, 'data-player': entry.player });
      const button = element('button', { type: 'button', tabindex: -1, 'aria-label': `move ${i + 1}, player ${entry.player}: ${move}` });
      button.append(element('span', { class: 'strip-number' }, String(i + 1)));
      if (seat) button.appendChild(seatSwatch(seat));
      button.append(move);
      button.addEventListener('click', () => this.onViewPly(i + 1));
      if (i + 1 === ply) item.classList.add('current');
      item.appendChild(button);
      strip.appendChild(item);
    });
    if (history.moveCount === 0) strip.appendChild(element('li', { class: 'strip-empty' }, 'the moves come here'));
    byId('strip-previous').disabled = ply === 0;
    byId('strip-next').disabled = ply === history.moveCount;
    // The row scrolls, never the page; at the start of the game, its start.
    const current = strip.querySelector('.current');
    strip.scrollLeft = current ? current.offsetLeft - strip.offsetLeft - (strip.clientWidth - current.offsetWidth) / 2 : 0;
  }

  renderThinking({ thinking, enginesPaused, live, history }) {
    const box = byId('thinking-text');
    box.replaceChildren();
    if (!thinking) {
      box.textContent = enginesPaused ? 'Engines paused' : 'Idle';
    } else {
      const { info } = thinking;
      const fields = [
        ['player', thinking.player],
        ['depth', info.depth !== undefined ? `${info.depth}${info.seldepth ? `/${info.seldepth}` : ''}` : '…'],
        // from the thinking player's view (protocol.md, "go")
        ['score', info.score ? `${scoreText(info.score, history.playersSeats.length)} for player ${thinking.player}` : '…'],
        ['nodes', info.nodes ?? '…'],
        ['nps', info.nps ?? '…'],
        ['time', info.time !== undefined ? `${info.time} ms` : '…'],
      ];
      const table = element('dl', { class: 'thinking-fields' });
      for (const [name, value] of fields) table.append(element('dt', {}, name), element('dd', { 'data-field': name }, String(value)));
      box.appendChild(table);
      if (info.pv) box.appendChild(element('div', { class: 'pv' }, `best line: ${info.pv.join(' ')}`));
      for (const text of thinking.strings.slice(-2)) box.appendChild(element('div', { class: 'info-string' }, text));
    }
    byId('move-now').disabled = !thinking || !live;
    byId('pause').textContent = enginesPaused ? 'Resume' : 'Pause';
  }

  renderResult({ result, history, clock }) {
    const box = byId('result');
    box.replaceChildren();
    box.hidden = !result.over;
    if (!result.over) return;
    const { places, scores } = result;
    const { headline, reason, winner, places: placeNames } = describeResult(result, history.playersSeats, clock.timeLosses);
    const title = element('h2', {}, `${headline} (${reason})`);
    if (winner) title.prepend(...history.playersSeats[winner - 1].map((seat) => seatSwatch(seat)));
    box.appendChild(title);
    if (places.length > 2) box.appendChild(element('p', { class: 'places' }, placeNames.join(' · ')));
    const table = element('table', { class: 'result-table' });
    table.appendChild(element('tr', {}, '')).append(element('th', {}, 'player'), element('th', {}, 'place'),
      element('th', { 'aria-describedby': 'score-note' }, 'score*'));
    places.forEach((place, i) => {
      const row = element('tr', { 'data-player': i + 1 });
      const name = element('td', { class: 'player' });
      name.append(...history.playersSeats[i].map((seat) => seatSwatch(seat)), ` ${i + 1}`);
      row.append(name, element('td', { class: 'place' }, place), element('td', { class: 'score' }, scores[i]));
      table.appendChild(row);
    });
    box.appendChild(table);
    // The series scoring (protocol-spec/rules.md §8.9), which the table alone leaves unsaid.
    const count = places.length;
    box.appendChild(element('p', { id: 'score-note', class: 'score-note' },
      `* score: points for a series of games, the number of players minus the place (here 1st scores ${count - 1}, ${count}${count === 2 ? 'nd' : count === 3 ? 'rd' : 'th'} scores 0; a shared place scores the same).`));
  }

  // The adviser's lines for the position shown, best first, each score from the
  // mover's view.
  renderAnalysis({ analysis, personToMove, history }) {
    const list = byId('analysis-lines');
    list.replaceChildren();
    analysis.lines.forEach((info, rank) => {
      const item = element('li', { 'data-rank': rank + 1 });
      item.append(element('span', { class: 'line-score' }, movesAhead(info.score, history.playersSeats.length)),
        element('span', { class: 'line-depth' }, `d${info.depth}`),
        element('span', { class: 'line-moves' }, info.pv.slice(0, 8).join(' ')));
      list.appendChild(item);
    });
    let note = 'off';
    if (analysis.enabled && analysis.lines.length) note = `scores: moves ahead of the best opponent, for player ${analysis.mover}, to move`;
    else if (analysis.enabled) note = analysis.running ? 'thinking…' : 'waiting: an engine is to move, or the game is over';
    byId('analysis-note').textContent = note;
    if (analysis.evaluating) byId('analysis-note').textContent = 'evaluating the game…';
    byId('hint').disabled = !personToMove;
    byId('evaluate-game').disabled = analysis.evaluating;
  }

  renderButtons({ canPass, personToMove, history, live, ply, connected }) {
    byId('pass').disabled = !canPass;
    byId('resign').disabled = !personToMove;
    if (!personToMove) byId('resign-confirm').hidden = true; // the question is for a person to move
    byId('take-back').disabled = history.moveCount === 0;
    // A finished game has no engine to pause (Take back makes it live again).
    byId('pause').disabled = history.current.result.over;
    byId('play-from-here').disabled = live;
    byId('first-move').disabled = ply === 0;
    byId('previous-move').disabled = ply === 0;
    byId('next-move').disabled = ply === history.moveCount;
    byId('last-move').disabled = ply === history.moveCount;
    byId('reconnect').hidden = connected;
  }
}
