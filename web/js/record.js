// A game record as text, in the record format of ccmatch (protocol-spec/match.md,
// "Records"): tag lines, a blank line, the moves in the engine's move text (up to 79
// characters a line), a blank line. The page reads back its own records and ccmatch's.
//
//   [Event "ccengine GUI"]
//   [Rules "preset=standard players=2 armies=1,4 ..."]
//   [Players "2"]
//   [Player1 "person"] [Seat1 "1"] [TimeControl1 "-"]
//   [Player2 "ccengine search skill 20"] [Seat2 "4"] [TimeControl2 "st=1"]
//   [Opening "startpos"] [Start "<position text>"]
//   [Result "1-0"] [Places "1,2"] [Reason "finish"] [Plies "57"]
//
//   m4-l5 e14-f13 ...

import { timeControlText } from './clock.js';

const MOVE_LINE_LENGTH = 79;

function quoted(value) {
  return `"${String(value).replace(/["\\]/g, '\\$&')}"`;
}

function day(date) {
  return `${date.getFullYear()}.${String(date.getMonth() + 1).padStart(2, '0')}.${String(date.getDate()).padStart(2, '0')}`;
}

// `1-0`, `0-1`, `1/2-1/2` for two players, else (and while playing) `*`.
function resultTag(places, over) {
  if (!over || places.length !== 2) return '*';
  if (places[0] === places[1]) return '1/2-1/2';
  return places[0] < places[1] ? '1-0' : '0-1';
}

// game: { rulesWords, players: [{name, seats: [..], timeControl}], opening, startText,
// result: the `result` reply (parseResult), moves: [...], reason: the Reason tag when not the
// result's status, forfeits: [{player, ply, detail}] (a clock ran out: time-loss) }
function writeRecord(game, date = new Date()) {
  const { over, places, status } = game.result;
  const tags = [
    ['Event', 'ccengine GUI'],
    ['Date', day(date)],
    ['Game', 1],
    ['Round', 1],
    ['Rules', game.rulesWords],
    ['Players', game.players.length],
  ];
  game.players.forEach((player, i) => {
    tags.push([`Player${i + 1}`, player.name], [`Seat${i + 1}`, player.seats.join('+')],
      [`TimeControl${i + 1}`, player.timeControl]);
  });
  tags.push(['Opening', game.opening], ['Start', game.startText], ['Result', resultTag(places, over)],
    ['Places', places.join(',')]);
  if (over) tags.push(['Reason', game.reason ?? status]);
  const forfeits = game.forfeits ?? [];
  if (forfeits.length) {
    tags.push(['Termination', forfeits.map(({ player }) => `player ${player} loses on time`).join('; ')]);
    for (const { player, ply, detail } of forfeits) tags.push([`Forfeit${player}`, `time-loss ${ply} ${detail}`]);
  }
  tags.push(['Plies', game.moves.length]);
  const moveLines = [];
  for (const move of game.moves) {
    const last = moveLines.length - 1;
    if (last >= 0 && moveLines[last].length + 1 + move.length <= MOVE_LINE_LENGTH) moveLines[last] += ` ${move}`;
    else moveLines.push(move);
  }
  return `${tags.map(([name, value]) => `[${name} ${quoted(value)}]`).join('\n')}\n\n${moveLines.join('\n')}\n\n`;
}

// The record of a game: its GameHistory and the players' settings from the page.
// A player with a clock has its time control as ccmatch's tc (`1+0.1`); a player whose
// flag fell is a time-loss forfeit, as in ccmatch's records (protocol-spec/match.md).
// An engine seat's name in the record: its strength (UCI_Elo) when it has one.
function engineName(settings) {
  const limited = settings.strength !== undefined && settings.strength !== 'full';
  return limited ? `ccengine ${settings.style} elo ${settings.strength}` : `ccengine ${settings.style} skill ${settings.skill}`;
}

export function recordOfGame(history, seatSettings, clocks, date = new Date()) {
  const timeControl = (settings, i) => {
    if (clocks?.hasClock(i + 1)) return timeControlText(clocks.controls[i]);
    if (settings.kind === 'person') return '-';
    if (settings.limit === 'movetime') return `st=${settings.value / 1000}`;
    if (settings.limit === 'infinite') return 'infinite';
    return `${settings.limit}=${settings.value}`;
  };
  return writeRecord({
    rulesWords: history.rulesWords(),
    players: seatSettings.map((settings, i) => ({
      name: settings.kind === 'person' ? 'person' : engineName(settings),
      seats: history.playersSeats[i],
      timeControl: timeControl(settings, i),
    })),
    opening: history.start,
    startText: history.positionAt(0).text,
    result: history.current.result,
    moves: history.moves,
    forfeits: history.plies.flatMap((entry, ply) => (entry.timeLoss ? [{ player: entry.player, ply, detail: 'the clock ran out' }] : [])),
    reason: history.current.timeLoss && history.current.result.over ? 'time-loss' : undefined,
  }, date);
}

// -> { tags: Map, moves: [...], start }. Move numbers like "12." and {comments} are
// skipped. The game starts from the Opening when it is a plain `startpos` or position
// text, else (an opening with moves) from the Start position text.
export function readRecord(text) {
  const tags = new Map();
  const tagPattern = /^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$/;
  const moves = [];
  for (const line of text.split('\n')) {
    const tag = tagPattern.exec(line);
    if (tag) {
      tags.set(tag[1], tag[2].replace(/\\(.)/g, '$1'));
      continue;
    }
    const withoutComments = line.replace(/\{[^}]*\}/g, ' ');
    for (const word of withoutComments.trim().split(/\s+/)) {
      if (word !== '' && !/^\d+\.+$/.test(word)) moves.push(word);
    }
  }
  if (!tags.has('Rules')) throw new Error('the record has no [Rules "..."] tag');
  const opening = tags.get('Opening');
  let start = 'startpos';
  if (opening !== undefined && !/\bmoves\b/.test(opening)) start = opening;
  else if (tags.has('Start')) start = tags.get('Start');
  return { tags, moves, start };
}
