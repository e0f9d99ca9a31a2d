// The game in play and the setup form, kept in the browser (localStorage) after every
// change, so that a reload, a pull-to-refresh or a closed and reopened tab goes on
// with the same game: its rules, start and moves (replayed on the engine, which stays
// the referee), each player's person or engine settings, the clocks as they stood
// when the page was left (time away is not charged) and the form's unstarted choices.
// What cannot be read as this format is ignored, with a reason.
import { parseTimeControl } from './clock.js';

const STORAGE_KEY = 'ccengine.savedGame';
// Grows when the saved shape changes: an older shape is not read.
const FORMAT = 1;
// Words sent to the engine: no line breaks or other control characters.
const PLAIN_WORDS = /^[\w=,.+*\- ]*$/;
const SEAT_KINDS = ['person', 'engine'];
const LIMITS = ['movetime', 'depth', 'nodes', 'infinite'];
const STYLES = ['search', 'greedy', 'random'];

// The browser's storage, or null where the page may not use it (privacy settings).
export function browserStorage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function isTime(value) {
  return value === null || (typeof value === 'number' && Number.isFinite(value));
}

const isNumbers = (list) => list === undefined || (Array.isArray(list) && list.every(Number.isFinite));

// An engine score kept with a position (GameHistory.recordScore), or none.
function validEval(evaluation) {
  if (evaluation === null) return true;
  const { player, score, depth, wdl, first } = evaluation ?? {};
  return Number.isInteger(player) && Number.isFinite(depth) && ['cp', 'mate'].includes(score?.kind)
    && Number.isFinite(score.value) && isNumbers(wdl) && isNumbers(first);
}

function validClock(text) {
  try {
    parseTimeControl(text);
    return true;
  } catch {
    return false;
  }
}

// The strengths a seat offers, by rating (UCI_Elo, protocol-spec/protocol.md) and name; a
// game saved before strengths existed has none and plays at full strength.
export const STRENGTHS = {
  full: 'Full strength',
  1500: 'Strong 1500',
  1250: 'Advanced 1250',
  1000: 'Club 1000',
  700: 'Casual 700',
  400: 'Beginner 400',
  150: 'Novice 150',
};

export function validSeatSettings(settings) {
  return settings !== null && typeof settings === 'object' && SEAT_KINDS.includes(settings.kind)
    && LIMITS.includes(settings.limit) && Number.isFinite(settings.value) && Number.isFinite(settings.skill)
    && STYLES.includes(settings.style) && typeof settings.clock === 'string' && validClock(settings.clock)
    && (settings.strength === undefined || Object.hasOwn(STRENGTHS, settings.strength));
}

// Why a saved game cannot be played on, or null when it can.
function gameProblem(game) {
  if (game === null) return null; // the page had no game yet
  if (typeof game !== 'object') return 'no game in it';
  const { rules, start, moves, plies, seats, clocks } = game;
  if (typeof rules !== 'string' || !PLAIN_WORDS.test(rules)) return 'bad rules';
  if (typeof start !== 'string' || !PLAIN_WORDS.test(start.replace(/\//g, ''))) return 'bad start';
  if (!Array.isArray(moves) || !moves.every((move) => typeof move === 'string' && /^[\w*-]+$/.test(move))) return 'bad moves';
  if (!Array.isArray(plies) || plies.length !== moves.length + 1) return 'bad plies';
  const validPly = (ply) => ply && (ply.clocks === null || (Array.isArray(ply.clocks) && ply.clocks.every(isTime)))
    && typeof ply.timeLoss === 'boolean' && validEval(ply.eval);
  if (!plies.every(validPly)) return 'bad plies';
  if (!Array.isArray(seats) || !seats.every(validSeatSettings)) return 'bad players';
  if (!Array.isArray(clocks) || clocks.length !== seats.length || !clocks.every(isTime)) return 'bad clocks';
  if (typeof game.paused !== 'boolean') return 'bad pause';
  return null;
}

// -> { saved } (the state), { problem } (something was saved but is not usable) or {}.
export function readSavedGame(storage) {
  const text = storage?.getItem(STORAGE_KEY);
  if (!text) return {};
  let saved;
  try {
    saved = JSON.parse(text);
  } catch {
    return { problem: 'it is not readable' };
  }
  if (saved?.format !== FORMAT) return { problem: 'it is from an older version of the page' };
  const problem = gameProblem(saved.game) ?? (saved.form && typeof saved.form === 'object' ? null : 'no setup in it');
  return problem ? { problem: `it is damaged (${problem})` } : { saved };
}

// game: the GameController (null before its first game); form: SetupForm.state().
export function writeSavedGame(storage, game, form) {
  if (!storage) return;
  const history = game?.history;
  const state = {
    format: FORMAT,
    game: history ? {
      rules: history.rulesWords(),
      start: history.start,
      moves: history.moves,
      plies: history.plies.map((ply) => ({ clocks: ply.clocks ?? null, timeLoss: Boolean(ply.timeLoss), eval: ply.eval ?? null })),
      seats: game.seatSettings,
      paused: game.enginesPaused,
      clocks: game.timing.clocks.timesNow(),
    } : null,
    form,
  };
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // A full storage keeps the last state that fitted; the game in play goes on.
  }
}
