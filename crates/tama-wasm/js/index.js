// tama: the rules, notation and engine of Armenian draughts (Tama) and
// Turkish draughts, compiled from the Rust crates to WebAssembly. The
// module is loaded when this file is imported (top-level await), so every
// class below can be used at once:
//
//   import { Board, Engine } from "tama";
//   const board = new Board(undefined, { rules: "turkish" });
//   board.push("c3-c4");
//   const [line] = await new Engine().analyse(board, { depth: 8 });
//
// Everything the package knows of the rules and the formats comes from the
// module; this file only turns its JSON answers into objects.

import * as wasm from "./wasm/tama_wasm.js";
import { call, PdnError } from "./errors.js";
import { load } from "./load.js";

export {
  TamaError,
  FenError,
  MoveTextError,
  RulesError,
  IllegalMoveError,
  PdnError,
  TimeControlError,
  BookError,
} from "./errors.js";
export { Engine, Score, Line } from "./engine.js";
export { PuzzleSet, PuzzleAttempt, PuzzleRating } from "./puzzle.js";
import { Score } from "./engine.js";

await load();

/** The rules presets. */
export const PRESETS = Object.freeze(["armenian", "turkish", "armenian-orthogonal"]);

/** The start position's text. */
export const START_FEN = call(() => {
  const b = new wasm.Board(null, null);
  try {
    return b.fen();
  } finally {
    b.free();
  }
});

/**
 * A legal move of a position: its canonical move text (`toString()`), the
 * squares it starts and ends on, the path of its landing squares, the
 * captured squares in the order they are jumped, and whether the man is
 * crowned.
 */
export class Move {
  constructor(json) {
    /** The canonical move text, e.g. `c3-c4` or `d4xd6xf6`. */
    this.text = json.move;
    this.from = json.from;
    this.to = json.to;
    /** The start square, then every landing square. */
    this.path = Object.freeze(json.path.slice());
    /** The captured squares, in jump order. */
    this.captures = Object.freeze(json.captures.slice());
    this.promotes = json.promotes;
    Object.freeze(this);
  }

  /** Whether the move captures. */
  get isCapture() {
    return this.captures.length > 0;
  }

  toString() {
    return this.text;
  }

  /** The JSON form of `tama moves --json`. */
  toJSON() {
    return {
      move: this.text,
      from: this.from,
      to: this.to,
      path: this.path,
      captures: this.captures,
      promotes: this.promotes,
    };
  }
}

/** How a game ended: the winner (`"white"`, `"black"` or `null` for a draw) and why. */
export class Outcome {
  constructor(json) {
    this.winner = json.winner;
    this.termination = json.termination;
    Object.freeze(this);
  }

  /** The PDN result: `1-0`, `0-1` or `1/2-1/2`. */
  get result() {
    return this.winner === "white" ? "1-0" : this.winner === "black" ? "0-1" : "1/2-1/2";
  }

  toString() {
    return this.winner ? `${this.winner} wins (${this.termination})` : `draw (${this.termination})`;
  }

  toJSON() {
    return { winner: this.winner, termination: this.termination };
  }
}

const registry = new FinalizationRegistry((inner) => inner.free());

// Passed as the constructor's first argument to wrap a module board.
const ADOPT = Symbol("adopt");

// The module board of a Board (set in Board's static block), for the
// classes of this file that hand a board to the module.
let moduleBoard = null;

/**
 * A game on a board: the rules, the start position and the moves played.
 * `push` and `pop` play and take back moves; `outcome()` says how the game
 * ended, on the board (no legal move, threefold repetition, one piece each
 * where the rules say so) or off it (`resign`, `agreeDraw`, `loseOnTime`).
 */
export class Board {
  #inner;
  #legal = null;

  /**
   * A board at `fen` (position text; the start position when omitted)
   * under `rules` (rules text: a preset, then switches, e.g.
   * `"armenian,removal=end-of-move"`; `"armenian"` when omitted).
   * Throws `FenError` or `RulesError`.
   */
  constructor(fen, { rules } = {}, inner = undefined) {
    if (fen === ADOPT) this.#adopt(inner);
    else this.#adopt(call(() => new wasm.Board(fen ?? null, rules ?? null)));
  }

  #adopt(inner) {
    if (this.#inner) {
      registry.unregister(this);
      this.#inner.free();
    }
    this.#inner = inner;
    this.#legal = null;
    registry.register(this, inner, this);
    return this;
  }

  static #of(inner) {
    return new Board(ADOPT, {}, inner);
  }

  static {
    moduleBoard = (board) => board.#inner;
  }

  /**
   * A board from `fen` with `moves` (move text or Move objects) played
   * in turn; throws as `push` does, naming the move (`moves[3]: …`).
   */
  static fromMoves(fen, moves, { rules } = {}) {
    const texts = Array.from(moves, (m) => String(m));
    return Board.#of(call(() => wasm.Board.fromMoves(fen ?? null, rules ?? null, texts)));
  }

  /**
   * A board set up from eight rows (rank 8 first) of `w`/`b` (men), `W`/`B`
   * (kings) and `.` (empty), as `report().board` gives them, with `turn`
   * (`"white"` or `"black"`) to move. Throws `FenError` naming every
   * problem of the placement.
   */
  static fromRows(rows, turn, { rules } = {}) {
    const texts = Array.from(rows, (r) => String(r));
    return Board.#of(call(() => wasm.Board.fromRows(texts, String(turn), rules ?? null)));
  }

  /** The first game of a PDN text, at the end of its main line; throws `PdnError`. */
  static fromPdn(text) {
    return Board.#of(call(() => wasm.Board.fromPdn(String(text))));
  }

  /** The position text of the current position. */
  fen() {
    return this.#inner.fen();
  }

  /** The position text of the position the board was set up with. */
  startFen() {
    return this.#inner.startFen();
  }

  /** The rules text, canonical. */
  get rules() {
    return this.#inner.rulesText();
  }

  /** The side to move: `"white"` or `"black"`. */
  get turn() {
    return this.#inner.turn();
  }

  /** The number of moves played. */
  get ply() {
    return this.#inner.ply();
  }

  /** The legal moves, sorted by move text (none once the game is over). */
  legalMoves() {
    if (!this.#legal) {
      this.#legal = Object.freeze(JSON.parse(this.#inner.legalMovesJson()).map((m) => new Move(m)));
    }
    return this.#legal.slice();
  }

  /** The moves played, oldest first. */
  moves() {
    return JSON.parse(this.#inner.historyJson()).map((m) => new Move(m));
  }

  /**
   * Plays a move (move text, or a Move of `legalMoves()`) and returns it as
   * a Move. Throws `MoveTextError` for text that is not move text and
   * `IllegalMoveError` for a move that is not legal here (or after the
   * end of the game); the board is then unchanged.
   */
  push(move) {
    if (move instanceof Move) move = move.text;
    if (typeof move !== "string") {
      throw new TypeError(`expected move text or a Move, got ${typeof move}`);
    }
    const played = new Move(JSON.parse(call(() => this.#inner.push(move))));
    this.#legal = null;
    return played;
  }

  /** Takes back the last move (and any ending) and returns it; `null` when no move was played. */
  pop() {
    const json = this.#inner.pop();
    this.#legal = null;
    return json === undefined ? null : new Move(JSON.parse(json));
  }

  /** How the game ended, or `null` while it goes on. */
  outcome() {
    const json = this.#inner.outcomeJson();
    return json === undefined ? null : new Outcome(JSON.parse(json));
  }

  /** Whether the game is over. */
  isGameOver() {
    return this.#inner.outcomeJson() !== undefined;
  }

  /** How often the current position has occurred in the game. */
  repetitions() {
    return this.#inner.repetitions();
  }

  /** `color` (`"white"` or `"black"`) resigns. Returns the outcome. */
  resign(color) {
    return this.#end(() => this.#inner.resign(color));
  }

  /** The players agree to a draw. Returns the outcome. */
  agreeDraw() {
    return this.#end(() => this.#inner.agreeDraw());
  }

  /** `color`'s time ran out: the other side wins. Returns the outcome. */
  loseOnTime(color) {
    return this.#end(() => this.#inner.loseOnTime(color));
  }

  /**
   * Puts the game on a clock of `control` (time-control text: `"3m+2s"`,
   * `"45m"`, `"40/90m:30m"`) from now on, whose flag `flagRule` decides
   * (`"lose"`, the default, or `"draw-if-no-win"`); `null` takes it off.
   * Throws `TimeControlError`, `RangeError` or `TypeError`.
   */
  setClock(control, { flagRule = "lose" } = {}) {
    call(() => this.#inner.setClock(control ?? undefined, flagRule));
  }

  /**
   * The clock, or `null` without one: `{control, flagRule, white, black,
   * whiteIncrement, blackIncrement, movesToGo, running, flagged, times}`
   * (milliseconds; `control` as `timeControl()` gives it; `running` and
   * `flagged` a colour or `null`; `times` the time its player had left
   * after each timed move). `limits` is the clock as `Engine.search`
   * takes it.
   */
  clock() {
    const json = this.#inner.clockJson();
    if (json === undefined) return null;
    const c = JSON.parse(json);
    return {
      control: c.control,
      flagRule: c.flag_rule,
      white: c.white,
      black: c.black,
      whiteIncrement: c.white_increment,
      blackIncrement: c.black_increment,
      movesToGo: c.moves_to_go,
      running: c.running,
      flagged: c.flagged,
      times: c.times,
      limits: {
        white: c.white,
        black: c.black,
        white_increment: c.white_increment,
        black_increment: c.black_increment,
        moves_to_go: c.moves_to_go ?? undefined,
      },
    };
  }

  /**
   * The side to move thought `ms` more milliseconds: its clock goes down,
   * and when its time runs out its flag falls and the game ends as the
   * clock's flag rule says. Returns the outcome once the game is over
   * (now or before), else `null`; nothing happens without a clock.
   */
  tick(ms) {
    const json = this.#inner.tick(Number(ms));
    this.#legal = null;
    return json === undefined ? null : new Outcome(JSON.parse(json));
  }

  #end(f) {
    const outcome = new Outcome(JSON.parse(call(f)));
    this.#legal = null;
    return outcome;
  }

  /** The number of leaves of the move tree `depth` plies deep (0 to 12). */
  perft(depth) {
    if (!Number.isInteger(depth) || depth < 0) {
      throw new RangeError(`invalid perft depth ${depth}: expected 0 to 12`);
    }
    return call(() => this.#inner.perft(depth));
  }

  /** The game as PDN, with `tags` (e.g. `{ White: "Ani", Black: "tama" }`). */
  pdn(tags = {}) {
    return call(() => this.#inner.pdn(JSON.stringify(tags)));
  }

  /**
   * The current position as `tama show --json` writes it: `{fen, turn,
   * board}`, `board` eight rows from rank 8 down, files a to h (`w`/`b`
   * men, `W`/`B` kings, `.` empty).
   */
  report() {
    return JSON.parse(this.#inner.reportJson());
  }

  /** The board as an SVG diagram. */
  svg({ flipped = false } = {}) {
    return this.#inner.svg(flipped);
  }

  /** `record` (a PDN JSON form) with this board's clock written in, as PDN (see `PdnGame.fromJSON`). */
  timedRecord(record) {
    return call(() => this.#inner.timedRecord(String(record)));
  }

  /** A copy with the same game. */
  copy() {
    return Board.#of(this.#inner.copy());
  }

  /** The board as text: files, eight ranks from 8 down to 1 and the side to move. */
  toString() {
    return this.#inner.text();
  }
}

/**
 * A game record from PDN: its tags, rules, start position, moves (each a
 * node with the move's object, NAGs, comments and variations, as in
 * docs/NOTATION.md's JSON form) and result.
 */
export class PdnGame {
  #json;

  constructor(json) {
    this.#json = json;
    this.tags = Object.freeze({ ...json.tags });
    this.rules = json.rules;
    this.fen = json.fen;
    this.result = json.result;
    this.moves = json.moves;
  }

  /** The record of a board's game, with `tags`. */
  static fromBoard(board, tags = {}) {
    return readPdn(board.pdn(tags))[0];
  }

  /**
   * A record from its JSON form (for example a page's game tree); throws
   * `PdnError`. With `clock`, a Board on a clock whose moves begin the
   * record's main line: its `TimeControl` tag, both clocks after each
   * timed move (`[%clock w0:04:58 B0:05:00]`) and, when its flag fell,
   * the result and `Termination` are written in.
   */
  static fromJSON(json, { clock } = {}) {
    const text = JSON.stringify(json);
    const pdn = clock ? clock.timedRecord(text) : call(() => wasm.pdnFromJson(text));
    return readPdn(pdn)[0];
  }

  /** The main line's moves, in move text. */
  mainLine() {
    return this.moves.map((n) => n.move);
  }

  /** A board at the end of the main line. */
  board() {
    return Board.fromMoves(this.fen, this.mainLine(), { rules: this.rules });
  }

  /** The record in canonical PDN (`tama pdn fmt`). */
  toPdn() {
    return call(() => wasm.pdnFromJson(JSON.stringify(this.#json)));
  }

  /** The JSON form (docs/NOTATION.md). */
  toJSON() {
    return this.#json;
  }
}

const ERROR_MODES = ["throw", "include", "skip"];

/**
 * The games of a PDN text. A game that cannot be read is a `PdnError`
 * (with `line` and `column`): thrown with `errors: "throw"` (the default),
 * put in the game's place with `"include"`, left out with `"skip"`.
 */
export function readPdn(text, { errors = "throw" } = {}) {
  if (!ERROR_MODES.includes(errors)) {
    throw new TypeError(`errors must be one of ${ERROR_MODES.join(", ")}, got ${errors}`);
  }
  const out = [];
  for (const json of JSON.parse(wasm.pdnToJson(String(text)))) {
    if (json.error === undefined) {
      out.push(new PdnGame(json));
      continue;
    }
    const where = json.line > 0 ? `line ${json.line}, column ${json.column}: ` : "";
    const e = new PdnError(where + json.error, json);
    if (errors === "throw") throw e;
    if (errors === "include") out.push(e);
  }
  return out;
}

/** Every game of a PDN text in canonical form; throws `PdnError` at the first bad game. */
export function formatPdn(text) {
  return call(() => wasm.pdnFormat(String(text)));
}

/**
 * The rules as a rules dialog shows them: every switch (`{name, values,
 * description}`), every preset with its switch settings, and `rules` (rules
 * text, `"armenian"` when omitted) read back: `{text, preset, switches}`.
 * Throws `RulesError`.
 */
export function rulesTable(rules) {
  return JSON.parse(call(() => wasm.rulesTable(rules ?? null)));
}

/**
 * A time-control text read: `{text, tag, initial_ms, stages: [{moves,
 * time_ms, increment_ms}]}` (`text` canonical, `"3m+2s"`; `tag` the PDN
 * `TimeControl` value, `"180+2"`). Throws `TimeControlError` (with the
 * column) or `RangeError` (a stage over a day).
 */
export function timeControl(text) {
  return JSON.parse(call(() => wasm.timeControl(String(text))));
}

/** The flag rules, the default first: `["lose", "draw-if-no-win"]`. */
export function flagRules() {
  return wasm.flagRules();
}

/** The engine's levels of play (`tama play --level`): `{levels: [{level, depth, movetime_ms}], default}`. */
export function levels() {
  return JSON.parse(wasm.levels());
}

/**
 * A move of an opening book in a position: the Move, its value for the
 * side to move (a Score), its weight (how much it is played) and whether
 * the book ends after it (`leaf`: its value is then a search's).
 */
export class BookMove {
  constructor(json) {
    this.move = new Move(json.move);
    this.value = new Score(json.value);
    this.weight = json.weight;
    this.leaf = json.leaf;
    Object.freeze(this);
  }

  /** The JSON form of `GET /api/book` and `tama book probe --json`: `{move, value, weight, leaf}`. */
  toJSON() {
    return { move: this.move.toJSON(), value: this.value.toJSON(), weight: this.weight, leaf: this.leaf };
  }
}

/**
 * An opening book (a `.tbk` file, docs/BOOK.md) for one preset, read from
 * its bytes (`Uint8Array` or `ArrayBuffer`); `rules` (a preset's name)
 * refuses a book of other rules. Throws `BookError` naming the problem and
 * its byte offset for a damaged file.
 *
 * ```js
 * const book = new Book(await (await fetch("books/armenian.tbk")).arrayBuffer());
 * for (const m of book.moves(new Board())) console.log(String(m.move), String(m.value), m.weight);
 * ```
 */
export class Book {
  #inner;

  constructor(bytes, { rules } = {}) {
    this.#inner = call(() => new wasm.Book(new Uint8Array(bytes), rules ?? null));
    registry.register(this, this.#inner, this);
  }

  /** The preset the book is for (`"armenian"`). */
  get preset() {
    return this.#inner.preset;
  }

  /** How many moves (entries) the book holds. */
  get size() {
    return this.#inner.size;
  }

  /**
   * The book's moves for a position, best first, as BookMoves: `board` a
   * Board, or position text (the start position when omitted) with
   * `rules`. None when the rules are not the book's preset, the position
   * is not in the book or the game is over. Throws `FenError` or
   * `RulesError` for text that cannot be read.
   */
  moves(board, { rules } = {}) {
    const b = board instanceof Board ? board : new Board(board ?? undefined, { rules });
    return JSON.parse(this.#inner.moves(moduleBoard(b))).moves.map((m) => new BookMove(m));
  }
}
