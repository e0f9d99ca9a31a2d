// Why New game was refused, in a person's words, for the line next to the button: the
// engine's `error setrules: ...` texts (protocol-spec/bad-input.md) name rule keys
// and values as the protocol spells them; the page names the controls of its form.
import { parseTimeControl } from './clock.js';
import { ruleText } from './rule-texts.js';

const plural = (count, word) => `${count} ${word}${Number(count) === 1 ? '' : 's'}`;

// [pattern of the engine's reason, its words for a person]
const REASONS = [
  [/^armies lists (\d+) players? but players=(\d+)$/,
    (_, listed, players) => `the Seating (under More rules) gives seats to ${plural(listed, 'player')} but Players is ${players}: make them agree`],
  [/^armies: seat (\d+) is given twice$/, (_, seat) => `seat ${seat} is given to two players in the Seating (under More rules)`],
  [/^player (\d+) has no army$/, (_, player) => `player ${player} has no seat in the Seating (under More rules)`],
  [/^preset (\S+) is for (\d+) players only, not (\d+)$/, (_, preset, only, asked) => `the ${preset} preset is for ${only} players only, not ${asked}`],
  [/^preset (\S+) is for (\d+) to (\d+) players, not (\d+)$/,
    (_, preset, min, max, asked) => `the ${preset} preset is for ${min} to ${max} players, not ${asked}`],
  [/^pieces=15 camps of seats (\d+) and (\d+) overlap/,
    (_, a, b) => `armies of 15 pieces need seats that are not neighbours (at most 3 players), and seats ${a} and ${b} are neighbours`],
  [/^bad value '(.*)' for (\w+): expected (.*)$/, (_, value, key, expected) => `${ruleText(key).label} cannot be "${value}": expected ${expected}`],
  [/^repetition must be (.*)$/, (_, rest) => `${ruleText('repetition').label} must be ${rest}`],
];

// engineLine: "error setrules: armies lists 3 players but players=2" (or any error
// text) -> "New game refused: ...; the game in play goes on."
export function refusalInWords(engineLine) {
  const reason = engineLine.replace(/^error\s+/, '').replace(/^setrules:\s*/, '');
  let words = `the engine refused these rules (${reason})`;
  for (const [pattern, say] of REASONS) {
    const match = pattern.exec(reason);
    if (match) {
      words = say(...match);
      break;
    }
  }
  return `New game refused: ${words}. The game in play goes on.`;
}

// The first player's clock box that is not BASE+INC, said by its player; else null.
export function clockRefusal(seatSettings) {
  const player = seatSettings.findIndex((settings) => {
    try {
      parseTimeControl(settings.clock);
      return false;
    } catch {
      return true;
    }
  });
  if (player < 0) return null;
  return `New game refused: Player ${player + 1}'s clock "${seatSettings[player].clock}" should be base+increment in seconds (300+3 is 5 minutes and 3 s a move), or empty. The game in play goes on.`;
}
