// The row of player clocks beside the board: every player's name (and "you" for a
// person), its time left, the player to move highlighted; a player without a time
// control shows its name only. An engine whose clock runs says that it is thinking and
// for how long this move has taken so far (with a clock it may take many seconds a
// move, and nothing else said so). Redrawn ten times a second while a clock runs.
import { clockText } from './clock.js';
import { seatSwatch } from './setup-form.js';

export function renderClocks(container, { clocks, playersSeats, seatSettings, mover, over, paused, timeLosses }) {
  if (container.childElementCount !== playersSeats.length) {
    container.replaceChildren();
    playersSeats.forEach((seats, i) => {
      const box = document.createElement('div');
      box.className = 'clock';
      box.dataset.player = String(i + 1);
      const name = document.createElement('span');
      name.className = 'clock-name';
      for (const seat of seats) name.appendChild(seatSwatch(seat));
      name.append(` ${i + 1}`);
      const time = document.createElement('span');
      time.className = 'clock-time';
      // Its place is kept while the engine does not think: the row does not move.
      const state = document.createElement('span');
      state.className = 'clock-state';
      const word = document.createElement('span');
      word.className = 'clock-state-word';
      word.textContent = 'thinking ';
      state.append(word, document.createElement('span'));
      box.append(name, time, state);
      container.appendChild(box);
    });
  }
  [...container.children].forEach((box, i) => {
    const player = i + 1;
    const left = clocks.left(player);
    const person = seatSettings[i]?.kind === 'person';
    box.classList.toggle('to-move', !over && player === mover);
    const running = clocks.running?.player === player;
    box.classList.toggle('running', running);
    // How long the engine has been on this move (a clock that does not say: not shown).
    const spent = running && !person ? clocks.runningFor?.(player) ?? null : null;
    box.classList.toggle('thinking', spent !== null);
    box.classList.toggle('engine-clock', !person && left !== null);
    box.querySelector('.clock-state').lastChild.textContent = spent !== null ? `${(spent / 1000).toFixed(1)} s` : '';
    box.classList.toggle('paused', paused && !over && player === mover);
    box.classList.toggle('flagged', timeLosses.includes(player));
    box.classList.toggle('low', left !== null && left < 10000);
    box.querySelector('.clock-name').lastChild.textContent = ` ${player}${person ? ' (you)' : ''}`;
    const time = box.querySelector('.clock-time');
    time.textContent = left === null ? (person ? 'person' : 'engine') : clockText(left);
    box.dataset.ms = left === null ? '' : String(Math.round(left));
    box.title = `Player ${player}, ${person ? 'a person' : 'the engine'}${left === null ? ', no clock' : ''}`;
  });
}
