// The engine: tama-search in a worker of its own (a Web Worker in a
// browser, a worker thread in Node), so that a search never blocks the
// page. Each `analyse` sends the board's game once (start position, rules,
// moves) and gets the reports of `tama analyse --json` back.
//
// Stopping: where shared memory exists (Node; a browser page that is
// cross-origin isolated) `stop()` sets a flag the search reads every few
// thousand nodes, and the search returns its best line so far. Elsewhere
// the worker is ended and the lines of the last completed iteration are
// the answer; the next search starts a new worker (the hash table is then
// empty). Either way the promise settles at once.

import { IS_NODE, wasmModule } from "./load.js";
import { TamaError, translate } from "./errors.js";

const WORKER_URL = new URL("./worker.js", import.meta.url);

// The values of the shared flag the search reads: a stop, and a ponder
// hit (the ponder search goes on under its limits).
const STOP = 1;
const PONDER_HIT = 2;

/** A score for the side to move: centi-men, or a forced win or loss in a number of plies. */
export class Score {
  constructor(json) {
    /** Centi-men (hundredths of a man), or `null` for a win or a loss. */
    this.cm = json.cm ?? null;
    /** Plies to a forced win of the side to move, or `null`. */
    this.win = json.win ?? null;
    /** Plies to a forced loss of the side to move, or `null`. */
    this.loss = json.loss ?? null;
    Object.freeze(this);
  }

  /** `+0.35`, `win in 7`, `loss in 4` (as `tama analyse` prints). */
  toString() {
    if (this.win !== null) return `win in ${this.win}`;
    if (this.loss !== null) return `loss in ${this.loss}`;
    const sign = this.cm < 0 ? "-" : "+";
    return `${sign}${(Math.abs(this.cm) / 100).toFixed(2)}`;
  }

  /** The JSON form: `{"cm": 35}`, `{"win": 7}` or `{"loss": 4}`. */
  toJSON() {
    if (this.win !== null) return { win: this.win };
    if (this.loss !== null) return { loss: this.loss };
    return { cm: this.cm };
  }
}

/**
 * One line of an analysis, from an iteration's report: its number
 * (`multipv`, 1 the best), depth, score, the principal variation in move
 * text (`pv[0]` is the line's move), nodes and time.
 */
export class Line {
  constructor(report) {
    this.multipv = report.multipv;
    this.depth = report.depth;
    this.seldepth = report.seldepth;
    this.score = new Score(report.score);
    /** `"lower"` or `"upper"` when the score is only a bound, else `null`. */
    this.bound = report.bound ?? null;
    this.pv = Object.freeze(report.pv.slice());
    this.move = report.pv[0] ?? null;
    this.nodes = report.nodes;
    this.nps = report.nps;
    this.timeMs = report.time_ms;
    /** The report as the module wrote it (the JSON of `tama analyse --json`). */
    this.report = report;
    Object.freeze(this);
  }
}

const sharedMemory = () =>
  typeof SharedArrayBuffer !== "undefined" && (IS_NODE || globalThis.crossOriginIsolated === true);

/** A worker running the module, with one interface in Node and browsers. */
class Thread {
  static async start(onMessage, onCrash) {
    const t = new Thread();
    if (IS_NODE) {
      const { Worker } = await import("node:worker_threads");
      t.worker = new Worker(WORKER_URL);
      t.worker.on("message", onMessage);
      t.worker.on("error", onCrash);
      t.worker.on("exit", (code) => {
        if (!t.ended) onCrash(new Error(`the engine's worker exited with code ${code}`));
      });
    } else {
      t.worker = new Worker(WORKER_URL, { type: "module" });
      t.worker.onmessage = (e) => onMessage(e.data);
      t.worker.onerror = (e) => {
        e.preventDefault();
        onCrash(new Error(e.message || "the engine's worker failed"));
      };
    }
    return t;
  }

  post(message) {
    this.worker.postMessage(message);
  }

  /** Whether the worker keeps Node running (only while it searches). */
  hold(busy) {
    if (!IS_NODE) return;
    if (busy) this.worker.ref();
    else this.worker.unref();
  }

  end() {
    this.ended = true;
    this.worker.terminate();
  }
}

/**
 * The engine. Options are those of the engine's registry (`tama match
 * --list-options`), e.g. `{ hash: 32, eval: "classic", lmr: false }`.
 *
 * ```js
 * const engine = new Engine({ hash: 16 });
 * const lines = await engine.analyse(board, { depth: 10, multipv: 2, onInfo: (line) => {} });
 * console.log(lines[0].score.toString(), lines[0].pv.join(" "));
 * ```
 */
export class Engine {
  #settings;
  #thread = null;
  #starting = null;
  #flag = null;
  #job = null;
  #queue = Promise.resolve();
  #ids = 0;
  #closed = false;
  #book = null;
  // How many times stop() was called: a search asked for before a stop
  // and not yet begun does not begin.
  #stops = 0;

  constructor(options = {}) {
    this.#settings = Object.entries(options).map(([name, value]) => `${name}=${value}`);
  }

  /** Which engine answers: `"wasm"` (this package's, in a worker). */
  get kind() {
    return "wasm";
  }

  /** Whether `stop()` keeps the worker (shared memory) or ends it. */
  get stopsInPlace() {
    return sharedMemory();
  }

  async #ready() {
    if (this.#closed) throw new TamaError("the engine is closed");
    if (this.#thread) return this.#thread;
    if (!this.#starting) {
      this.#starting = (async () => {
        const module = await wasmModule();
        this.#flag = sharedMemory() ? new Int32Array(new SharedArrayBuffer(4)) : null;
        let thread = null;
        const started = new Promise((resolve, reject) => {
          this.#onStart = { resolve, reject };
        });
        thread = await Thread.start(
          (m) => this.#receive(thread, m),
          (e) => this.#crash(thread, e),
        );
        thread.post({ type: "init", module, flag: this.#flag, settings: this.#settings, book: this.#book });
        await started;
        thread.hold(false);
        this.#thread = thread;
        return thread;
      })().finally(() => {
        this.#starting = null;
      });
    }
    return this.#starting;
  }

  #onStart = null;

  #receive(thread, m) {
    if (m.type === "ready") {
      this.#onStart?.resolve();
      this.#onStart = null;
      return;
    }
    if (m.type === "init-error") {
      this.#onStart?.reject(translate(m.error));
      this.#onStart = null;
      thread.end();
      return;
    }
    const job = this.#job;
    if (!job || m.id !== job.id) return;
    if (m.type === "info") {
      if (job.settled) return;
      const line = new Line(m.report);
      job.lines.set(line.multipv, line);
      if (job.onInfo) {
        try {
          job.onInfo(line);
        } catch (e) {
          // The caller's error ends the search: stop it, then reject.
          this.#halt(job);
          this.#settle(job, null, e);
        }
      }
    } else if (m.type === "event") {
      if (job.settled) return;
      if (m.name === "move") job.moves.push(m.data);
      if (job.onEvent) {
        try {
          job.onEvent(m.name, m.data);
        } catch (e) {
          this.#halt(job);
          this.#settle(job, null, e);
        }
      }
    } else if (m.type === "done") {
      this.#settle(job, m.report);
      this.#finish(job);
    } else if (m.type === "error") {
      this.#settle(job, null, translate(m.error));
      this.#finish(job);
    } else if (m.type === "crash") {
      this.#crash(thread, new Error(m.error.message));
    }
  }

  #crash(thread, e) {
    if (thread && !thread.ended) thread.end();
    if (this.#thread === thread) this.#thread = null;
    this.#onStart?.reject(e);
    this.#onStart = null;
    const job = this.#job;
    if (job) {
      const err = new TamaError(`the engine stopped unexpectedly (${e.message}); it was restarted`);
      err.restarted = true;
      this.#settle(job, null, err);
      this.#finish(job);
    }
  }

  /** Answers the job's promise (once). */
  #settle(job, best, error) {
    if (job.settled) return;
    job.settled = true;
    if (error) job.reject(error);
    else if (job.review) job.resolve({ moves: job.moves, summary: best });
    else if (job.book) job.resolve(best);
    else job.resolve({ best, lines: [...job.lines.values()].sort((a, b) => a.multipv - b.multipv) });
  }

  /** The worker is done with the job: the next one may start. */
  #finish(job) {
    if (this.#job === job) this.#job = null;
    this.#thread?.hold(false);
    job.finish();
  }

  /**
   * Stops the job's search on the worker: through the flag, or by ending
   * the worker (then the job is finished at once).
   */
  #halt(job) {
    if (this.#flag) {
      Atomics.store(this.#flag, 0, STOP);
      return;
    }
    const thread = this.#thread;
    this.#thread = null;
    thread?.end();
    this.#finish(job);
  }

  /**
   * Searches the board's position (its game's earlier positions count for
   * repetition). Limits: `depth`, `movetime` (ms), `nodes`, `clock`
   * (`{white, black, white_increment, black_increment, moves_to_go}` in
   * ms, as `Board.clock().limits` gives it: the engine budgets its own
   * time); none searches
   * until `stop()`. `multipv` lines (1 by default). `onInfo(line)` is
   * called for each completed iteration of each line. Resolves with the
   * lines of the last iteration, best first (empty when the game is
   * over). Searches of one engine run one after another. An analysis is
   * always a search: it never stops at the opening book.
   */
  analyse(board, options = {}) {
    return this.search(board, { ...options, book: false }).then((r) => r.lines);
  }

  /**
   * Gives the engine an opening book: a book file's bytes (`Uint8Array`
   * or `ArrayBuffer`, e.g. `books/armenian.tbk` of the web board), or
   * `null` to take it away. Resolves with the book's preset; rejects with
   * `BookError` for a damaged file (the engine keeps its book). With a
   * book, a search with limits (`bestMove`, `search`, `ponder`) in a
   * position of the book answers a book move at once (`best.book` true,
   * depth 0, no lines) unless it is given `book: false`; an analysis, a
   * review and a search without limits never stop at the book.
   */
  setBook(bytes) {
    const copy = bytes == null ? null : new Uint8Array(bytes).slice();
    const run = this.#queue.then(async () => {
      if (this.#job) await this.#job.finished;
      const thread = await this.#ready();
      const id = ++this.#ids;
      const preset = await new Promise((resolve, reject) => {
        let finish = null;
        const finished = new Promise((r) => (finish = r));
        this.#job = { id, resolve, reject, lines: new Map(), settled: false, finished, finish, book: true };
        thread.hold(true);
        thread.post({ type: "book", id, bytes: copy });
      });
      // Kept for a worker started later (after a stop that ended it).
      this.#book = copy;
      return preset;
    });
    this.#queue = run.catch(() => {});
    return run;
  }

  /**
   * The engine's move for the board (move text), or `null` when the game
   * is over; limits as for `analyse` (a search without limits must be
   * stopped). With an opening book (`setBook`) a book move where the book
   * has one, unless `book: false`.
   */
  async bestMove(board, options = {}) {
    const { best, lines } = await this.search(board, options);
    if (best) return best.type === "bestmove" ? best.move : null;
    return lines.length ? lines[0].move : null;
  }

  /**
   * `analyse` with the whole answer: `{ best, lines }`, `best` the last
   * report (`{type: "bestmove", move, score, pv, depth, nodes, time_ms}`,
   * with `book: true` for a move of the opening book, or `{type:
   * "gameover", winner, termination}`), or `null` when the search was
   * stopped by ending its worker. `book: false` searches in a position
   * of the book too (see `setBook`).
   */
  search(board, { depth, movetime, nodes, multipv, clock, book, onInfo } = {}) {
    const request = JSON.stringify({ depth, movetime, nodes, multipv, clock, book });
    return this.#enqueue("analyse", board, request, { onInfo });
  }

  /**
   * Thinks on the opponent's time: searches `board` (the position after
   * the opponent's predicted move) under `options` (the limits of
   * `search`), which start to count only at the hit. Returns `{hit,
   * miss, result}`: `hit()` says the predicted move was played and
   * resolves as `search` does, with the engine's move; `miss()` says
   * another was played and stops the search (`result` then resolves with
   * what it had).
   *
   * With shared memory (`stopsInPlace`) the search runs without a time
   * limit until the hit and then goes on in place under its limits.
   * Without it a search cannot be told of the hit: the ponder search runs
   * under its limits from the start and ends by itself, and a hit waits
   * for its answer; a miss while it runs ends the worker (as `stop()`).
   */
  ponder(board, { depth, movetime, nodes, clock, book, onInfo } = {}) {
    const ctl = { ponder: sharedMemory(), hit: false, missed: false, id: null };
    const request = JSON.stringify({ depth, movetime, nodes, clock, book, ponder: ctl.ponder || undefined });
    const result = this.#enqueue("analyse", board, request, { onInfo, ponderCtl: ctl });
    const current = () => this.#job && this.#job.id === ctl.id && !this.#job.settled;
    return {
      result,
      hit: () => {
        ctl.hit = true;
        if (ctl.ponder && this.#flag && current()) Atomics.store(this.#flag, 0, PONDER_HIT);
        return result;
      },
      miss: () => {
        ctl.missed = true;
        if (current()) this.stop();
      },
    };
  }

  /**
   * Reviews the board's game move by move, as `tama analyse --pdn` does:
   * each position searched under `depth`, `movetime` (ms) or `nodes` (200
   * ms a position when none is given), from an empty hash table.
   * `onEvent(name, data)` is called with `progress` (`{done, total}`) and
   * `move` events (the verdict on a move: `{ply, move, side,
   * played_score, best, best_score, pv, loss, mark, comment}`). Resolves
   * with `{moves, summary}`: the verdicts, and each side's mistakes and
   * blunders (`null` when the review was stopped before its end).
   */
  review(board, { depth, movetime, nodes, onEvent } = {}) {
    const request = JSON.stringify({ depth, movetime, nodes });
    return this.#enqueue("review", board, request, { onEvent, review: true, moves: [] });
  }

  #enqueue(type, board, request, extra) {
    const game = { fen: board.startFen(), rules: board.rules, moves: board.moves().map(String) };
    const stops = this.#stops;
    const run = this.#queue.then(() => this.#run(type, game, request, { ...extra, stops }));
    this.#queue = run.catch(() => {});
    return run;
  }

  async #run(type, game, request, extra) {
    // A search stopped through the flag may still be running: the flag
    // is cleared only once the worker is idle.
    if (this.#job) await this.#job.finished;
    const thread = await this.#ready();
    const ctl = extra.ponderCtl;
    // A search stopped while it waited for the worker (or for the search
    // before it) does not begin: it answers as a stopped search.
    if (extra.stops !== this.#stops) return extra.review ? { moves: [], summary: null } : { best: null, lines: [] };
    // A ponder search missed before it began does not begin.
    if (ctl && ctl.missed) return { best: null, lines: [] };
    // A ponder search hit before it began starts hit.
    if (this.#flag) Atomics.store(this.#flag, 0, ctl && ctl.hit && ctl.ponder ? PONDER_HIT : 0);
    const id = ++this.#ids;
    if (ctl) ctl.id = id;
    return new Promise((resolve, reject) => {
      let finish = null;
      const finished = new Promise((r) => (finish = r));
      this.#job = { id, resolve, reject, lines: new Map(), settled: false, finished, finish, ...extra };
      thread.hold(true);
      thread.post({ type, id, ...game, request });
    });
  }

  /**
   * Stops the running search; its promise resolves with what it has found.
   * Searches asked for before the stop that have not begun (waiting for
   * the worker to start, or for the search before them) do not begin:
   * they resolve at once with nothing found.
   */
  stop() {
    this.#stops++;
    const job = this.#job;
    if (!job || job.settled) return;
    this.#halt(job);
    // Without shared memory the worker is gone: the last iteration is the
    // answer. With it, the search answers with its best line so far.
    if (!this.#flag) this.#settle(job, null);
  }

  /** Forgets what earlier searches learned (the hash table). */
  async clear() {
    const thread = await this.#ready();
    thread.post({ type: "clear" });
  }

  /** Ends the worker; the engine cannot be used after. */
  close() {
    this.stop();
    this.#closed = true;
    this.#thread?.end();
    this.#thread = null;
  }
}
