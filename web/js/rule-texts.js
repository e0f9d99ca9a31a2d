// Readable names and one-line meanings of the rule keys for the "More rules" form,
// taken from the key table of protocol-spec/rules.md §2.2 (which cci's rule lines
// mirror). A key the engine announces and this table lacks keeps its own name.

const RULE_TEXTS = {
  armies: ['Seating', 'the seats of each player, comma-separated, several seats joined by +: 1,4 or 1+4,2+5'],
  first: ['First player', 'the player who moves first'],
  pieces: ['Pieces per army', '10, or 15: the Diamond Game camp (the arm and the 5 holes next to it)'],
  king: ['King', 'on: one piece of each army is a king, which hops over a row of pieces'],
  hops: ['Hops', 'short: over an adjacent piece; long: over a piece at any distance'],
  other: ['Other players\' arms', 'free: a move may end there; pass: hop through only; closed: no landing at all'],
  unused: ['Unused arms', 'an arm no army starts on or aims at: as above, or filled with ten spare pieces'],
  goallock: ['Goal lock', 'on: a piece that starts its move in its goal lands only in its goal; chain: also a hop chain that lands in its goal on any hop stays there'],
  finish: ['Finished when', 'all: all pieces are in the goal; fill: every goal hole is occupied, one by the army'],
  swap: ['Swap', 'swap with an opponent\'s piece in your goal: off, any time, or final (only to complete the army)'],
  bonus: ['Goal bonus', 'on: a piece\'s first entry into its goal earns an extra move'],
  end: ['Game ends', 'first: at the first finish; all: play goes on for places'],
  fairfinish: ['Fair finish', 'on: after a finish the round is completed, so all had as many turns (with end first)'],
  passround: ['Pass round', 'on: a full round of passes ends the game as a draw'],
  movelimit: ['Move limit', 'rounds after which the game stops; 0: no limit'],
  limitresult: ['At the move limit', 'draw, or places by progress'],
  stall: ['Stall', 'rounds without progress after which places go by progress; 0: off'],
  repetition: ['Repetition', 'a position occurring this many times is a draw; 0: off'],
  adjacent: ['Adjacent entry', 'on: a piece may enter its goal past an immovable blocker'],
  mustleave: ['Must leave', 'on: a piece in a blocked goal of another player must leave it when it can'],
};

// { label, meaning } of a key: the table's, or the key itself.
export function ruleText(key) {
  const [label, meaning] = RULE_TEXTS[key] ?? [key, ''];
  return { label, meaning };
}
