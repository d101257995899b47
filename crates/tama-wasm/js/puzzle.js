// The puzzle trainer of `tama puzzle` (tama-puzzle's model, compiled into
// the module): a puzzle file's puzzles, an attempt at one with its retry
// and hints, the score, the solver's rating and the choice of the next
// puzzle (docs/PUZZLES.md). This file only turns the module's JSON into
// objects; every rule of the trainer is the Rust crate's.
//
//   const set = new PuzzleSet(await (await fetch("puzzles/armenian.pdn")).text());
//   const rating = new PuzzleRating();
//   const i = set.choose(rating.rating, { label: "easy", seen: [] });
//   const attempt = set.attempt(i);
//   attempt.play("c3-d4"); // {step: "correct", reply: {move: …}} or {step: "wrong"}

import * as wasm from "./wasm/tama_wasm.js";
import { call } from "./errors.js";

const registry = new FinalizationRegistry((inner) => inner.free());

function own(outer, inner) {
  registry.register(outer, inner, outer);
  return inner;
}

/**
 * The puzzles of a puzzle file's text (one PDN game a puzzle, with its
 * `PuzzleId`, `Difficulty`, `Themes` and `Source` tags). Throws
 * `PdnError` with the line of the file's first problem.
 */
export class PuzzleSet {
  #inner;

  constructor(text) {
    this.#inner = own(this, call(() => new wasm.PuzzleSet(String(text))));
  }

  /** How many puzzles the file has. */
  get length() {
    return this.#inner.length;
  }

  /**
   * The puzzle at `index`: `{id, fen, rules, label, rating, themes,
   * source, tags, solution}` (`themes` the theme words or `["none"]`,
   * `source` `"tablebase"` or `"self-play"`, `tags` the record's puzzle
   * tags, `solution` its moves as move objects).
   */
  puzzle(index) {
    return JSON.parse(call(() => this.#inner.puzzleJson(index)));
  }

  /** The index of the puzzle named `id`, or -1. */
  indexOf(id) {
    return this.#inner.indexOf(String(id)) ?? -1;
  }

  /**
   * The index of the next puzzle for a solver of `rating`: of the
   * difficulty `label` (`easy`, `medium`, `hard`, `expert`; any when
   * absent or `"any"`), not among the ids `seen`, the one whose rating is
   * nearest (the first in the file on a tie); -1 when none is left.
   */
  choose(rating, { label, seen = [] } = {}) {
    const i = call(() => this.#inner.choose(Number(rating), label ?? null, [...seen].map(String)));
    return i ?? -1;
  }

  /** A new attempt at the puzzle at `index`. */
  attempt(index) {
    return new PuzzleAttempt(call(() => this.#inner.attempt(index)));
  }
}

/**
 * One attempt at a puzzle, as `tama puzzle` runs it: a wrong move fails
 * the puzzle for the rating but the solver may try again; a hint shows
 * the piece, then the move.
 */
export class PuzzleAttempt {
  #inner;

  constructor(inner) {
    this.#inner = own(this, inner);
  }

  /**
   * Plays the solver's move text: `{step, reply}`, `step` `"correct"`
   * (`reply` the opponent's answer as a move object, or `null` when the
   * puzzle is played out), `"wrong"` (not played: try again) or `"over"`.
   */
  play(move) {
    return JSON.parse(call(() => this.#inner.play(String(move))));
  }

  /** Tries again after a wrong move; false when the last move was not wrong. */
  retry() {
    return this.#inner.retry();
  }

  /** The next hint: `{piece: square}`, then `{move: move object}`; null once over. */
  hint() {
    const h = this.#inner.hint();
    return h === undefined ? null : JSON.parse(h);
  }

  /** Gives up: the solution's moves from the solver's position to the end. */
  showSolution() {
    return JSON.parse(this.#inner.showSolution());
  }

  /** `solving`, `wrong`, `retrying`, `solved`, `solved-after` or `shown`. */
  get status() {
    return this.#inner.status;
  }

  /** The solution's moves played so far (the replies included). */
  get ply() {
    return this.#inner.ply;
  }

  /** The hint shown for the current move: 0 none, 1 the piece, 2 the move. */
  get hintLevel() {
    return this.#inner.hintLevel;
  }

  /** Whether a hint was asked for. */
  get hinted() {
    return this.#inner.hinted;
  }

  /** The score once decided (1, ½ after a hint, 0 after a wrong move or the solution), else null. */
  get score() {
    return this.#inner.score ?? null;
  }

  /** The score if the solver left now (0 after a move or a hint), null when not rated. */
  get scoreOnLeaving() {
    return this.#inner.scoreOnLeaving ?? null;
  }

  /** The puzzle's rating. */
  get rating() {
    return this.#inner.rating;
  }
}

/**
 * The solver's rating: Elo from 1,000 against each puzzle's rating, K = 40
 * for the first 30 rated puzzles and 20 after. Kept as the text of the
 * terminal's rating file (`toText()`, `PuzzleRating.fromText`).
 */
export class PuzzleRating {
  #inner;

  constructor(inner) {
    this.#inner = own(this, inner instanceof wasm.PuzzleRating ? inner : new wasm.PuzzleRating());
  }

  /** The rating of a rating file's text; throws TypeError for damaged text. */
  static fromText(text) {
    return new PuzzleRating(call(() => wasm.PuzzleRating.fromText(String(text))));
  }

  /** The rating of its counts; throws TypeError for counts no rating has. */
  static fromCounts(rating, played, solved) {
    for (const n of [played, solved]) {
      if (!Number.isInteger(n) || n < 0) throw new TypeError(`invalid puzzle count ${n}: expected a whole number from 0`);
    }
    return new PuzzleRating(call(() => wasm.PuzzleRating.fromCounts(Number(rating), played >>> 0, solved >>> 0)));
  }

  /** The rating file's text. */
  toText() {
    return this.#inner.toText();
  }

  get rating() {
    return this.#inner.rating;
  }

  get played() {
    return this.#inner.played;
  }

  get solved() {
    return this.#inner.solved;
  }

  /** Records a score (0, ½ or 1) against a puzzle of rating `puzzle`; the change. */
  record(puzzle, score) {
    return call(() => this.#inner.record(puzzle >>> 0, Number(score)));
  }
}
