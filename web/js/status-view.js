// The status line above the board, in two lines of a fixed height so that the board
// under it never moves (on a phone a longer text while the engine thought pushed the
// board down and back every move): the first line names the player to move, or the
// result, by its colour and shape as well as in words; the second the round and what
// is going on (engine thinking, paused, a past move shown, disconnected).
import { describeResult } from './result-text.js';
import { SEAT_STYLES } from './seat-style.js';
import { seatSwatch } from './setup-form.js';

function span(className, text) {
  const node = document.createElement('span');
  node.className = className;
  node.textContent = text;
  return node;
}

export function renderStatus(box, { position, history, thinking, live, ply, connected, result, clock, seatSettings, enginesPaused }) {
  const main = document.createElement('div');
  main.className = 'status-main';
  const details = [];
  let named = position.mover;
  if (result.over) {
    const { headline, reason, winner } = describeResult(result, history.playersSeats, clock.timeLosses);
    main.append(`Game over: ${headline} (${reason})`);
    named = winner;
  } else {
    const seats = history.playersSeats[position.mover - 1];
    const seatText = seats.map((seat) => `seat ${seat}, ${SEAT_STYLES[seat].label}`).join('; ');
    const you = seatSettings[position.mover - 1]?.kind === 'person' ? ': you' : '';
    // The seat's words give way to its swatch on a phone (style.css).
    main.append(`Player ${position.mover}`, span('status-seat', ` (${seatText})`), ` to move${you}`);
    if (position.bonusMove) details.push('bonus move');
    details.push(`round ${position.round}`);
    if (thinking && live) details.push('engine thinking');
    if (enginesPaused) details.push('paused');
  }
  if (!live) details.unshift(`Move ${ply} of ${history.moveCount}`);
  if (!connected) details.unshift('Disconnected');
  main.prepend(...(history.playersSeats[named - 1] ?? []).map((seat) => seatSwatch(seat)));
  box.replaceChildren(main);
  if (details.length) box.appendChild(span('status-details', details.join(' · ')));
  box.classList.toggle('bonus', position.bonusMove && !result.over);
}
