// Starts the page: connects to the engine (websocketd, one engine process per
// connection, or the in-page engine: engine-choice.js), does the `cci` handshake,
// builds the board and the panels and wires the buttons to the game controller.
import { EngineConnection } from './connection.js';
import { BoardView } from './board-view.js';
import { wireBoardZoom } from './board-zoom.js';
import { confirmStep } from './confirm-step.js';
import { chosenEngine, engineDescription, wireEngineSwitch } from './engine-choice.js';
import { fallBackToInPage, fallsBackToInPage, showEngineNote, takeFallbackReason } from './engine-fallback.js';
import { EnginePlayer, optionNamesOf } from './engine-player.js';
import { GameController } from './game-controller.js';
import { IN_PAGE_ENGINE, isolateForInPageEngine } from './in-page-engine.js';
import { LiveView } from './live-view.js';
import { PageView } from './page-view.js';
import { browserStorage, readSavedGame, writeSavedGame } from './saved-game.js';
import { SetupForm } from './setup-form.js';
import { ruleSpecsOf } from './rules.js';
import { SEAT_STYLES } from './seat-style.js';

const byId = (id) => document.getElementById(id);
const parameters = new URLSearchParams(window.location.search);
const engineUrl = chosenEngine(window.location);
const forceStandIn = parameters.get('mock') === '1';

let controller = null;
let view = null;
// The in-page engine on one thread: the page is not cross-origin isolated (said next to the board).
let oneThread = false;

function appendLog(direction, line) {
  const log = byId('log');
  const marks = { out: '> ', in: '< ', unexpected: '? ' };
  const entry = document.createElement('div');
  entry.className = `log-${direction}${line.startsWith('error') ? ' log-error' : ''}`;
  entry.textContent = `${marks[direction]}${line}`;
  log.appendChild(entry);
  // Keep the log bounded: a long engine-against-engine game prints a lot of info.
  while (log.childElementCount > 2000) log.firstElementChild.remove();
  if (direction === 'unexpected') view.error(`Unexpected line from the engine: ${line}`);
}

function setConnectionStatus(text, ok) {
  const status = byId('connection-status');
  status.textContent = text;
  status.title = text; // the whole of it where a phone's header cuts it short
  status.classList.toggle('bad', !ok);
}

// Opens a connection and handshakes; resolves with { connection, enginePlayer, ruleSpecs }.
async function connect() {
  setConnectionStatus(`connecting to the ${engineDescription(engineUrl)}`, true);
  if (engineUrl === IN_PAGE_ENGINE) oneThread = !await isolateForInPageEngine();
  const connection = new EngineConnection(engineUrl, {
    onTraffic: appendLog,
    onEngineError: (line) => view.error(`Engine: ${line}`),
    onClose: (reason) => {
      setConnectionStatus(`engine ${reason}`, false);
      view.error(`The engine's ${reason}. Press Reconnect to start a new engine.`);
      if (controller) controller.connectionClosed();
    },
  });
  await connection.open();
  const cciLines = await connection.exchange(['cci']);
  const idLine = cciLines.find((line) => line.startsWith('id name')) ?? 'id name (unknown engine)';
  const options = optionNamesOf(cciLines);
  const enginePlayer = new EnginePlayer(connection, options, forceStandIn);
  // Win chances on every scored info line, for the evaluation bar and graph.
  if (options.has('ShowWDL')) await connection.request(['setoption name ShowWDL value true']);
  setConnectionStatus(`${idLine.slice(8)}${enginePlayer.canSearch ? '' : ' (no go: random stand-in moves)'}, ` +
    `${engineDescription(engineUrl, oneThread)}`, true);
  return { connection, enginePlayer, ruleSpecs: ruleSpecsOf(cciLines) };
}

function fillRotationChoices() {
  const rotate = byId('rotate');
  for (const seat of Object.keys(SEAT_STYLES)) {
    const option = document.createElement('option');
    option.value = seat;
    option.textContent = `seat ${seat} (${SEAT_STYLES[seat].label})`;
    rotate.appendChild(option);
  }
}

function wireButtons(setupForm, board) {
  const on = (id, handler) => byId(id).addEventListener('click', handler);
  on('new-game', async () => {
    const games = document.body.dataset.games;
    await controller.newGame({ rulesWords: setupForm.rulesWords(), start: 'startpos' }, setupForm.seatSettings());
    if (document.body.dataset.games !== games) showBoard();
  });
  on('pass', () => controller.input.pass());
  on('to-setup', () => {
    byId('setup').scrollIntoView({ block: 'start' });
    byId('preset').focus({ preventScroll: true });
  });
  confirmStep({
    button: byId('resign'), box: byId('resign-confirm'), yes: byId('resign-yes'), no: byId('resign-no'), action: () => controller.input.resign(),
  });
  on('take-back', () => controller.navigation.takeBack());
  on('move-now', () => controller.turns.moveNow());
  on('pause', () => controller.turns.setEnginesPaused(!controller.enginesPaused));
  on('hint', () => controller.adviser.hint());
  on('evaluate-game', () => controller.adviser.evaluateGame());
  const analysisChanged = () => controller.adviser.setAnalysis(byId('analyse').checked, Number(byId('multipv').value));
  byId('analyse').addEventListener('change', analysisChanged);
  byId('multipv').addEventListener('change', analysisChanged);
  on('first-move', () => controller.navigation.viewAt(0));
  on('previous-move', () => controller.navigation.step(-1));
  on('next-move', () => controller.navigation.step(1));
  on('strip-previous', () => controller.navigation.step(-1));
  on('strip-next', () => controller.navigation.step(1));
  on('last-move', () => controller.navigation.viewAt(Number.MAX_SAFE_INTEGER));
  on('play-from-here', () => controller.navigation.playFromHere());
  on('copy-position', () => offerText(controller.positionText(), 'position text'));
  on('copy-record', () => offerText(controller.recordText(), 'game record'));
  on('set-position', () => controller.loadPosition(byId('text-box').value, setupForm.seatSettings()));
  on('load-record', () => controller.loadRecord(byId('text-box').value, setupForm.seatSettings()));
  on('reconnect', () => reconnect());
  byId('rotate').addEventListener('change', (event) => {
    board.setSeatAtBottom(Number(event.target.value));
    controller.render(); // the evaluation bar follows the bottom player
  });
  wireBoardZoom(byId('board-size'), byId('board'));
  byId('show-names').addEventListener('change', (event) => board.setShowNames(event.target.checked));
  byId('animation').addEventListener('change', (event) => board.setAnimationSpeed(event.target.value));
  document.addEventListener('keydown', (event) => {
    // A key the board used (arrows move its focus) or one typed into a control.
    if (event.defaultPrevented || event.target.closest('input, textarea, select')) return;
    if (event.key === 'ArrowLeft') controller.navigation.step(-1);
    if (event.key === 'ArrowRight') controller.navigation.step(1);
  });
}

// After New game on a phone or tablet, where the setup is under the board: the new
// game's board comes into view (its clock may be running), unless it is already.
function showBoard() {
  const top = byId('board-area').getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight / 3) byId('board-area').scrollIntoView({ block: 'start' });
}

// Puts the text in the text box and, where the browser allows, on the clipboard.
async function offerText(text, what) {
  byId('text-box').value = text;
  try {
    await navigator.clipboard.writeText(text);
    view.notice(`Copied the ${what} to the clipboard and the text box`);
  } catch (error) {
    view.notice(`The ${what} is in the text box (the clipboard refused: ${error.message})`);
  }
}

async function reconnect(quietly = false) {
  try {
    const { connection, enginePlayer } = await connect();
    await controller.reconnected(connection, enginePlayer, quietly);
  } catch (error) {
    setConnectionStatus(error.message, false);
    view.error(`Reconnect failed: ${error.message}`);
  }
}

// The Watch button is drawn in the header, out of its flow: the header grows to hold
// it where the fonts make it taller than the header's own height (three lines in a
// font wider than Arial's metrics).
function keepWatchButtonInHeader() {
  const header = document.querySelector('header');
  const toggle = byId('watch-toggle');
  const fit = () => {
    header.style.minHeight = '';
    const bottom = toggle.offsetTop * 2 + toggle.offsetHeight; // as far below it as above
    if (bottom > header.getBoundingClientRect().height) {
      header.style.boxSizing = 'border-box';
      header.style.minHeight = `${bottom}px`;
    }
  };
  new ResizeObserver(fit).observe(toggle);
  fit();
}

// The Watch view (ccmatch games, live) in place of the game, and back; ?watch=1 opens
// the page there. Its feed connects when it is first shown.
function wireWatch() {
  let live = null;
  const show = (watching) => {
    byId('watch').hidden = !watching;
    document.querySelector('main').hidden = watching;
    byId('watch-toggle').textContent = watching ? 'Back to the game' : 'Watch ccmatch games';
    if (!watching) return;
    live ??= new LiveView();
    live.start();
    live.render();
  };
  byId('watch-toggle').addEventListener('click', () => show(byId('watch').hidden));
  if (parameters.get('watch') === '1') show(true);
}

// A page that is left (closed, reloaded, or kept in the Back/Forward cache) closes its
// WebSocket, so that the server's engine is free for another tab; one that comes back
// from the cache opens a new engine without a word and the game goes on.
function releaseEngineWhileAway() {
  window.addEventListener('pagehide', () => {
    const { connection } = controller;
    controller.connectionClosed();
    connection.release();
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) reconnect(true);
  });
}

// Goes on with the game saved in this browser (a reload, a reopened tab), else starts
// a new game from the form; a saved game that cannot be played on is said and dropped.
async function resumeOrStart(setupForm, storage) {
  const { saved, problem } = readSavedGame(storage);
  let note = problem ? `The game saved in this browser was not restored: ${problem}. A new game starts.` : null;
  if (saved?.game) {
    try {
      await controller.restoreGame(saved.game);
      setupForm.restore(saved.form);
      return;
    } catch (error) {
      note = `The game saved in this browser was not restored: the engine refused it (${error.message}). A new game starts.`;
    }
  }
  await controller.newGame({ rulesWords: setupForm.rulesWords(), start: 'startpos' }, setupForm.seatSettings());
  if (note) view.notice(note);
}

// Saves the game and the form after every change, every second while a clock runs
// (a closed tab loses at most that), and when the page is left.
function keepSaved(setupForm, storage) {
  const save = () => writeSavedGame(storage, controller, setupForm.state());
  byId('setup-fields').addEventListener('change', save);
  setInterval(() => {
    if (controller.timing.clocks.running) save();
  }, 1000);
  window.addEventListener('pagehide', save);
  return save;
}

async function start() {
  wireWatch();
  keepWatchButtonInHeader();
  wireEngineSwitch(byId('engine-switch'), engineUrl, window.location);
  const setupForm = new SetupForm(byId('setup-fields'));
  view = new PageView(setupForm, (ply) => controller.navigation.viewAt(ply));
  window.addEventListener('error', (event) => view.error(`Page error: ${event.message}`));
  window.addEventListener('unhandledrejection', (event) => view.error(`Page error: ${event.reason?.message ?? event.reason}`));
  const board = new BoardView(byId('board'), (hole) => controller.input.clickHole(hole));
  fillRotationChoices();
  let engine;
  let connectError = null;
  try {
    engine = await connect();
  } catch (error) {
    connectError = error;
  }
  // Read once the engine started or failed: not on the reload that isolates the page.
  const fallbackReason = engineUrl === IN_PAGE_ENGINE ? takeFallbackReason(sessionStorage) : null;
  if (connectError) {
    if (fallsBackToInPage(window.location)) fallBackToInPage(connectError.message, window.location, sessionStorage);
    else couldNotStart(connectError, fallbackReason);
    return;
  }
  try {
    const { connection, enginePlayer, ruleSpecs } = engine;
    setupForm.setRuleSpecs(ruleSpecs);
    const storage = browserStorage();
    let save = () => {}; // nothing is saved before the saved game is read
    controller = new GameController({ connection, board, view, enginePlayer, onChange: () => save() });
    wireButtons(setupForm, board);
    await resumeOrStart(setupForm, storage);
    save = keepSaved(setupForm, storage);
    save();
    releaseEngineWhileAway();
    document.body.dataset.ready = 'true';
    // Which engine plays, where that is not the page's own server's with threads: a
    // quiet line (on a static host the normal case, not a warning; the Engine panel
    // links to the server's engine).
    if (fallbackReason || oneThread) {
      const threadNote = 'This page is not cross-origin isolated, which the engine\'s threads need: its service ' +
        'worker (localhost or https:// only) could not make it so. A server that sends ' +
        'Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp gives it threads.';
      showEngineNote(byId('engine-note'), {
        text: `The in-page engine plays, in this browser${oneThread ? ', on one thread (each search ends within 10 s)' : ''}` +
          `${fallbackReason ? ' (no engine server here)' : ''}.`,
        why: [fallbackReason, oneThread ? threadNote : null].filter(Boolean).join('. '),
      });
    }
  } catch (error) {
    couldNotStart(error, fallbackReason);
  }
}

// The engine asked for did not start: said in the header, the errors and, for the
// in-page engine, next to the board with a link to the server's.
function couldNotStart(error, fallbackReason) {
  setConnectionStatus(error.message, false);
  const other = engineUrl === IN_PAGE_ENGINE ? '' : ". The Engine panel's link plays with the in-page engine instead";
  view.error(`Could not start: ${error.message}${other}`);
  if (engineUrl === IN_PAGE_ENGINE) {
    showEngineNote(byId('engine-note'), {
      text: `The in-page engine could not start${fallbackReason ? ' (and no engine server answered)' : ''}.`,
      link: { href: byId('engine-switch').href, text: "Play with the server's engine" },
      why: fallbackReason ? `${error.message}; the server: ${fallbackReason}` : error.message,
      problem: true,
    });
  }
  byId('reconnect').hidden = false;
  byId('reconnect').addEventListener('click', () => window.location.reload(), { once: true });
}

start();
