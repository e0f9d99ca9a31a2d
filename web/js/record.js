// A game record as text: PGN-like tags, then the moves in the engine's move text
// (protocol-spec/gui.md, "Game record"). The same text is read back by the page.
//
//   [Event "ccengine GUI game"]
//   [Date "2026.12.01"]
//   [Rules "preset=standard players=2 armies=1,4 ..."]
//   [Start "startpos"]
//   [Player1 "person"]
//   [Player2 "ccengine movetime 1000"]
//   [Result "over finish places 1,2 scores 1,0"]
//
//   m4-l5 e14-f13 ...

export function writeRecord({ rulesWords, start, players, resultLine, moves, date = new Date() }) {
  const day = `${date.getFullYear()}.${String(date.getMonth() + 1).padStart(2, '0')}.${String(date.getDate()).padStart(2, '0')}`;
  const tags = [
    ['Event', 'ccengine GUI game'],
    ['Date', day],
    ['Rules', rulesWords],
    ['Start', start],
    ...players.map((description, i) => [`Player${i + 1}`, description]),
    ['Result', resultLine.replace(/^result /, '')],
  ];
  const lines = tags.map(([name, value]) => `[${name} "${value.replace(/["\\]/g, '\\$&')}"]`);
  const moveLines = [];
  for (let i = 0; i < moves.length; i += 10) moveLines.push(moves.slice(i, i + 10).join(' '));
  return `${lines.join('\n')}\n\n${moveLines.join('\n')}\n`;
}

// -> { tags: Map, moves: [...] }. Move numbers like "12." and {comments} are skipped.
export function readRecord(text) {
  const tags = new Map();
  const tagPattern = /^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$/;
  const moveWords = [];
  for (const line of text.split('\n')) {
    const tag = tagPattern.exec(line);
    if (tag) {
      tags.set(tag[1], tag[2].replace(/\\(.)/g, '$1'));
      continue;
    }
    const withoutComments = line.replace(/\{[^}]*\}/g, ' ');
    for (const word of withoutComments.trim().split(/\s+/)) {
      if (word !== '' && !/^\d+\.+$/.test(word)) moveWords.push(word);
    }
  }
  if (!tags.has('Rules')) throw new Error('the record has no [Rules "..."] tag');
  return { tags, moves: moveWords };
}
