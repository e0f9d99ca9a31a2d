// The players' game clocks: each player has a time control (base + increment, in
// seconds as ccmatch's `tc=BASE+INC`) or none. The clock of the player to move runs;
// when it reaches zero the player's flag falls, and the page resigns for it (the
// rules' resignation, protocol-spec/rules.md §8.8, as ccmatch's time-loss forfeit).

// "300+5", "1+0.1", "60" -> { baseMs, incMs }; "" or "none" -> null; else throws.
export function parseTimeControl(text) {
  const trimmed = String(text ?? '').trim();
  if (trimmed === '' || trimmed === 'none' || trimmed === '-') return null;
  const match = /^(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?$/.exec(trimmed);
  if (!match || Number(match[1]) <= 0) throw new Error(`bad time control '${trimmed}': expected BASE+INC in seconds, e.g. 300+5, or nothing`);
  return { baseMs: Math.round(Number(match[1]) * 1000), incMs: Math.round(Number(match[2] ?? 0) * 1000) };
}

// { baseMs, incMs } -> "1+0.1" (the record's TimeControl, as ccmatch writes `tc`).
export function timeControlText(control) {
  if (!control) return '-';
  return `${control.baseMs / 1000}+${control.incMs / 1000}`;
}

// Milliseconds as a clock shows them: "4:05", "0:09.3" under ten seconds.
export function clockText(ms) {
  const clamped = Math.max(0, ms);
  const minutes = Math.floor(clamped / 60000);
  const seconds = (clamped % 60000) / 1000;
  if (clamped < 10000) return `${minutes}:${seconds.toFixed(1).padStart(4, '0')}`;
  return `${minutes}:${String(Math.floor(seconds)).padStart(2, '0')}`;
}

export class GameClocks {
  // controls: per player { baseMs, incMs } or null (no clock); now(): milliseconds.
  constructor(controls, now = () => performance.now()) {
    this.controls = controls;
    this.now = now;
    this.remaining = controls.map((control) => (control ? control.baseMs : null));
    this.running = null; // { player, since }
  }

  get inUse() {
    return this.controls.some(Boolean);
  }

  hasClock(player) {
    return Boolean(this.controls[player - 1]);
  }

  // The time left of a player now (the running clock counted down), or null.
  left(player) {
    const stored = this.remaining[player - 1];
    if (stored === null) return null;
    if (this.running?.player === player) return stored - (this.now() - this.running.since);
    return stored;
  }

  // How long the player's clock has been running (ms), or null when it does not run.
  runningFor(player) {
    return this.running?.player === player ? this.now() - this.running.since : null;
  }

  // Starts the player's clock (a no-op if it already runs); stops any other.
  start(player) {
    if (this.running?.player === player) return;
    this.halt();
    if (this.hasClock(player)) this.running = { player, since: this.now() };
  }

  // Stops the running clock without an increment (a pause, a take-back, the end).
  halt() {
    if (!this.running) return;
    const { player } = this.running;
    this.remaining[player - 1] = this.left(player);
    this.running = null;
  }

  // The player made a move: its clock stops and gains the increment.
  moved(player) {
    if (this.running?.player === player) this.halt();
    if (this.hasClock(player)) this.remaining[player - 1] += this.controls[player - 1].incMs;
  }

  // The player's flag fell: its clock stops at zero.
  expire(player) {
    if (this.running?.player === player) this.running = null;
    if (this.hasClock(player)) this.remaining[player - 1] = 0;
  }

  // The player whose running clock is at zero, or 0.
  flagged() {
    if (!this.running) return 0;
    return this.left(this.running.player) <= 0 ? this.running.player : 0;
  }

  // The `go` words for every clock (protocol-spec/protocol.md, "go"): the time left of
  // each player with a clock (at least 1 ms) and its increment when not 0.
  goWords() {
    const words = [];
    this.controls.forEach((control, i) => {
      if (control) words.push(`p${i + 1}time ${Math.max(1, Math.round(this.left(i + 1)))}`);
    });
    this.controls.forEach((control, i) => {
      if (control && control.incMs > 0) words.push(`p${i + 1}inc ${control.incMs}`);
    });
    return words.join(' ');
  }

  // The stored times, kept with each ply so that a take-back restores them.
  snapshot() {
    return [...this.remaining];
  }

  // The times left now, the running clock counted down (kept when the page is left).
  timesNow() {
    return this.remaining.map((_, i) => this.left(i + 1));
  }

  restore(times) {
    this.running = null;
    this.remaining = [...times];
  }
}
