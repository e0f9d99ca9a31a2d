// The package's API (README.md, The API); the same in node.js and in a browser.

/** go()'s limits: the `go` command's parameters (protocol-spec/protocol.md, go). */
export interface GoLimits {
  movetime?: number;
  depth?: number;
  nodes?: number;
  infinite?: boolean;
  ponder?: boolean;
  movestogo?: number;
  searchmoves?: string[];
  p1time?: number; p2time?: number; p3time?: number; p4time?: number; p5time?: number; p6time?: number;
  p1inc?: number; p2inc?: number; p3inc?: number; p4inc?: number; p5inc?: number; p6inc?: number;
  wtime?: number; btime?: number; winc?: number; binc?: number;
}

/** An `info` line of a search, parsed; words the package does not know are kept as text. */
export interface SearchInfo {
  depth?: number;
  seldepth?: number;
  multipv?: number;
  /** `cp` in centi-steps, or `mate` in the mover's turns. */
  score?: { unit: 'cp' | 'mate'; value: number; bound?: 'lowerbound' | 'upperbound' };
  /** Win, draw, loss per mille (two players, ShowWDL). */
  wdl?: [number, number, number];
  /** Each player's chance of first place per mille (three to six players, ShowWDL). */
  first?: number[];
  nodes?: number;
  nps?: number;
  time?: number;
  hashfull?: number;
  pv?: string[];
  string?: string;
  [word: string]: unknown;
}

export interface SearchResult {
  /** A move in `legal`'s move text, `pass`, or `none` when the game is over. */
  bestmove: string;
  /** The reply the engine expects (Ponder option on), or null. */
  ponder: string | null;
  /** The last `info` line with a score, or null when none came. */
  info: SearchInfo | null;
  /** Every line of the search, `bestmove` last. */
  lines: string[];
}

export interface Engine {
  /** Sends protocol text: one line, or several separated by `\n`. Throws after quit(). */
  send(text: string): void;
  /** Every line the engine writes from this call on, until the session ends. */
  lines(): AsyncIterable<string>;
  /** Resolves at the `readyok` that answers an `isready` sent now. */
  isready(): Promise<void>;
  /** Searches the current position; rejects with the engine's `error go: ...` line when refused. */
  go(limits?: GoLimits): Promise<SearchResult>;
  /** Ends the session and every thread of the engine. */
  quit(): Promise<void>;
  /** The reason the session ended, once it has. */
  readonly ended: Promise<string>;
  /** Whether the search runs on threads of its own (false: a browser page that is not cross-origin isolated). */
  readonly threads: boolean;
}

export interface EngineOptions {
  /** Browser only: where engine-worker.js is served, when a bundler did not keep it beside the package's entry. */
  workerUrl?: string | URL;
}

/** Starts an engine; resolves once it reads commands, rejects with why it could not start. */
export function createEngine(options?: EngineOptions): Promise<Engine>;
