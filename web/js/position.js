// Reads the 8-field position text of protocol-spec/notation.md ("Position text"):
// <board> <mover>[+] <round> <quiet> <passes> <done> <places> <status>
import { holesOfRowLeftToRight } from './geometry.js';

// Returns { pieces: Map(holeName -> {seat, king, bonusEarned, spare}), mover,
// bonusMove, round, quiet, passes, finishedSeats, places, status, text }.
// Throws an Error naming the problem when the text is not a position text; the engine
// is the judge of legality, this only has to read what the engine printed.
export function parsePositionText(text) {
  const fields = text.trim().split(/\s+/);
  if (fields.length !== 8) throw new Error(`position text needs 8 fields, got ${fields.length}`);
  const [board, moverField, round, quiet, passes, done, places, status] = fields;
  const rows = board.split('/');
  if (rows.length !== 17) throw new Error(`board needs 17 rows, got ${rows.length}`);
  const pieces = new Map();
  rows.forEach((rowText, rowOffset) => {
    const row = 17 - rowOffset;
    const holes = holesOfRowLeftToRight(row);
    let holeNumber = 0;
    for (let i = 0; i < rowText.length; i += 1) {
      const c = rowText[i];
      if (c === 'k' || c === "'") {
        const last = pieces.get(holes[holeNumber - 1]?.name);
        if (!last) throw new Error(`row ${row}: '${c}' without a piece`);
        if (c === 'k') last.king = true;
        else last.bonusEarned = true;
        continue;
      }
      const hole = holes[holeNumber];
      if (!hole) throw new Error(`row ${row} has too many holes`);
      holeNumber += 1;
      if (c === '.') continue;
      if (c === 'x') pieces.set(hole.name, { seat: 0, king: false, bonusEarned: false, spare: true });
      else if (c >= '1' && c <= '6') {
        pieces.set(hole.name, { seat: Number(c), king: false, bonusEarned: false, spare: false });
      } else throw new Error(`row ${row}: unexpected '${c}'`);
    }
    if (holeNumber !== holes.length) throw new Error(`row ${row} needs ${holes.length} holes`);
  });
  return {
    text: fields.join(' '),
    pieces,
    mover: Number(moverField.replace('+', '')),
    bonusMove: moverField.endsWith('+'),
    round: Number(round),
    quiet: Number(quiet),
    passes: Number(passes),
    finishedSeats: done === '-' ? [] : done.split('').map(Number),
    // One entry per player: {place, resigned}; place 0 = none yet.
    places: places === '-' ? [] : places.split(',').map((entry) => ({
      place: Number(entry.replace('r', '')),
      resigned: entry.startsWith('r'),
    })),
    status,
  };
}
