// Type declarations of the `tama` package (index.js).

/** A side: White or Black. */
export type Color = "white" | "black";

/** The base class of the package's errors; `column` (and for PDN `line`) say where, 1-based. */
export class TamaError extends Error {
  line?: number;
  column?: number;
}
/** The problems of a position text, as `FenError.kind` names them. */
export type FenProblem =
  | "empty" | "missing-turn" | "unknown-turn" | "unknown-section" | "empty-section"
  | "duplicate-section" | "empty-piece" | "unknown-square" | "duplicate-square"
  | "too-many-pieces" | "man-on-promotion-rank" | "bad-counter";
/** A position text (FEN) that cannot be read: the problem, the text at the column, the side it is about. */
export class FenError extends TamaError {
  kind?: FenProblem;
  token?: string;
  color?: Color;
}
/** A move text that is not move text. */
export class MoveTextError extends TamaError {}
/** A rules text that cannot be read. */
export class RulesError extends TamaError {}
/** A move that is not legal (or ambiguous) in the position, or a move after the end. */
export class IllegalMoveError extends TamaError {}
/** A PDN game record that cannot be read or written. */
export class PdnError extends TamaError {}
/** A time-control text that cannot be read. */
export class TimeControlError extends TamaError {}
/** An opening book file that cannot be read (damaged, of another version or of other rules). */
export class BookError extends TamaError {}

/** The rules presets. */
export const PRESETS: readonly ["armenian", "turkish", "armenian-orthogonal"];
/** The start position's text. */
export const START_FEN: string;

/** A position as `tama show --json` writes it. */
export interface BoardReport {
  fen: string;
  turn: Color;
  /** Eight rows from rank 8 down, files a to h: `w`/`b` men, `W`/`B` kings, `.` empty. */
  board: string[];
}

/** A rule switch. */
export interface SwitchInfo {
  name: string;
  values: [string, string];
  description: string;
}

/** The rules as a rules dialog shows them. */
export interface RulesTable {
  switches: SwitchInfo[];
  presets: { name: string; switches: Record<string, string> }[];
  rules: { text: string; preset: string; switches: Record<string, string> };
}

/** The rules table of `rules` (`"armenian"` when omitted); throws `RulesError`. */
export function rulesTable(rules?: string): RulesTable;

/** A level of play. */
export interface Level {
  level: number;
  depth: number | null;
  movetime_ms: number;
}

/** The engine's levels of play and the default level's number. */
export function levels(): { levels: Level[]; default: number };

/** A time control read from its text. */
export interface TimeControlInfo {
  /** Canonical text: `"3m+2s"`. */
  text: string;
  /** The PDN `TimeControl` tag's value: `"180+2"`. */
  tag: string;
  initial_ms: number;
  /** `moves` is `null` for the rest of the game. */
  stages: { moves: number | null; time_ms: number; increment_ms: number }[];
}

/** Reads a time-control text; throws `TimeControlError` or `RangeError`. */
export function timeControl(text: string): TimeControlInfo;

/** What a flag does: the loser loses, or draws when the other side cannot win. */
export type FlagRule = "lose" | "draw-if-no-win";

/** The flag rules, the default first. */
export function flagRules(): FlagRule[];

/** A game clock as the engine takes it (milliseconds). */
export interface ClockLimits {
  white: number;
  black: number;
  white_increment?: number;
  black_increment?: number;
  moves_to_go?: number;
}

/** A board's clock (milliseconds). */
export interface ClockState {
  control: TimeControlInfo;
  flagRule: FlagRule;
  white: number;
  black: number;
  whiteIncrement: number;
  blackIncrement: number;
  movesToGo: number | null;
  running: Color | null;
  flagged: Color | null;
  /** The time its player had left after each timed move. */
  times: number[];
  /** The clock for `Engine.search`. */
  limits: ClockLimits;
}

/** The JSON form of a move (`tama moves --json`). */
export interface MoveJSON {
  move: string;
  from: string;
  to: string;
  path: string[];
  captures: string[];
  promotes: boolean;
}

/** A legal move of a position; `toString()` is its canonical move text. */
export class Move {
  private constructor(json: MoveJSON);
  /** The canonical move text, e.g. `c3-c4` or `d4xd6xf6`. */
  readonly text: string;
  readonly from: string;
  readonly to: string;
  /** The start square, then every landing square. */
  readonly path: readonly string[];
  /** The captured squares, in jump order. */
  readonly captures: readonly string[];
  readonly promotes: boolean;
  readonly isCapture: boolean;
  toString(): string;
  toJSON(): MoveJSON;
}

/** How a game ended. */
export class Outcome {
  private constructor(json: { winner: Color | null; termination: string });
  /** The winner, or `null` for a draw. */
  readonly winner: Color | null;
  /** Why: `no legal move`, `threefold repetition`, `one piece each`, `resignation`, `agreement`, `adjudication`, `time forfeit`. */
  readonly termination: string;
  /** `1-0`, `0-1` or `1/2-1/2`. */
  readonly result: "1-0" | "0-1" | "1/2-1/2";
  toString(): string;
  toJSON(): { winner: Color | null; termination: string };
}

/** A game on a board: the rules, the start position and the moves played. */
export class Board {
  /** A board at `fen` (the start position when omitted) under `rules` (`"armenian"` when omitted). */
  constructor(fen?: string | null, options?: { rules?: string });
  /** A board from `fen` with `moves` played. */
  static fromMoves(
    fen: string | null | undefined,
    moves: Iterable<string | Move>,
    options?: { rules?: string },
  ): Board;
  /** A board from eight rows (rank 8 first) of `w`, `b`, `W`, `B` and `.`; throws `FenError`. */
  static fromRows(rows: Iterable<string>, turn: Color, options?: { rules?: string }): Board;
  /** The first game of a PDN text, at the end of its main line. */
  static fromPdn(text: string): Board;
  fen(): string;
  startFen(): string;
  /** The rules text, canonical. */
  readonly rules: string;
  readonly turn: Color;
  /** The number of moves played. */
  readonly ply: number;
  /** The legal moves, sorted by move text (none once the game is over). */
  legalMoves(): Move[];
  /** The moves played, oldest first. */
  moves(): Move[];
  /** Plays a move; throws `MoveTextError` or `IllegalMoveError` (the board is then unchanged). */
  push(move: string | Move): Move;
  /** Takes back the last move (and any ending); `null` when none was played. */
  pop(): Move | null;
  outcome(): Outcome | null;
  isGameOver(): boolean;
  repetitions(): number;
  resign(color: Color): Outcome;
  agreeDraw(): Outcome;
  loseOnTime(color: Color): Outcome;
  /** Puts the game on a clock from now on (`null`: off). */
  setClock(control: string | null, options?: { flagRule?: FlagRule }): void;
  /** The clock, or `null`. */
  clock(): ClockState | null;
  /** The side to move thought `ms` more; the outcome once the game is over (a flag), else `null`. */
  tick(ms: number): Outcome | null;
  /** `record` (PDN JSON text) with this board's clock written in, as PDN. */
  timedRecord(record: string): string;
  /** Leaves of the move tree `depth` plies deep (0 to 12). */
  perft(depth: number): number;
  /** The game as PDN with these tags. */
  pdn(tags?: Record<string, string>): string;
  /** The position as `tama show --json` writes it. */
  report(): BoardReport;
  svg(options?: { flipped?: boolean }): string;
  copy(): Board;
  /** Files, eight ranks from 8 down to 1, and the side to move. */
  toString(): string;
}

/** A node of a game record's line (docs/NOTATION.md, the PDN JSON form). */
export interface PdnNode extends MoveJSON {
  nags?: number[];
  comments_before?: string[];
  comments_after?: string[];
  variations?: PdnNode[][];
}

/** The JSON form of a game record. */
export interface PdnGameJSON {
  tags: Record<string, string>;
  rules: string;
  fen: string;
  first_move_number?: number;
  moves: PdnNode[];
  result: string;
}

/** A game record read from PDN. */
export class PdnGame {
  private constructor(json: PdnGameJSON);
  static fromBoard(board: Board, tags?: Record<string, string>): PdnGame;
  /** A record from its JSON form (e.g. a page's game tree with variations). */
  static fromJSON(json: PdnGameJSON, options?: { clock?: Board }): PdnGame;
  readonly tags: Readonly<Record<string, string>>;
  readonly rules: string;
  readonly fen: string;
  readonly result: string;
  readonly moves: PdnNode[];
  /** The main line in move text. */
  mainLine(): string[];
  /** A board at the end of the main line. */
  board(): Board;
  /** Canonical PDN (`tama pdn fmt`). */
  toPdn(): string;
  toJSON(): PdnGameJSON;
}

/** The games of a PDN text; bad games thrown (default), included as `PdnError`s, or skipped. */
export function readPdn(text: string, options?: { errors?: "throw" }): PdnGame[];
export function readPdn(text: string, options: { errors: "include" }): (PdnGame | PdnError)[];
export function readPdn(text: string, options: { errors: "skip" }): PdnGame[];
/** Every game of a PDN text in canonical form. */
export function formatPdn(text: string): string;

/** The JSON form of a score. */
export type ScoreJSON = { cm: number } | { win: number } | { loss: number };

/** A score for the side to move. */
export class Score {
  private constructor(json: ScoreJSON);
  /** Centi-men, or `null` for a win or a loss. */
  readonly cm: number | null;
  /** Plies to a forced win, or `null`. */
  readonly win: number | null;
  /** Plies to a forced loss, or `null`. */
  readonly loss: number | null;
  /** `+0.35`, `win in 7`, `loss in 4`. */
  toString(): string;
  toJSON(): ScoreJSON;
}

/** An iteration's report (`tama analyse --json`, `"type": "info"`). */
export interface InfoReport {
  type: "info";
  depth: number;
  seldepth: number;
  multipv: number;
  score: ScoreJSON;
  nodes: number;
  nps: number;
  time_ms: number;
  hashfull: number;
  pv: string[];
  bound?: "lower" | "upper";
  [table: string]: unknown;
}

/** The last report of a search. */
export type FinalReport =
  | {
      type: "bestmove";
      move: string;
      score: ScoreJSON;
      pv: string[];
      depth: number;
      nodes: number;
      time_ms: number;
      /** `true` for a move of the opening book, played without a search (depth and nodes 0). */
      book?: true;
    }
  | { type: "gameover"; winner: Color | null; termination: string };

/** Where a review is. */
export interface ReviewProgress {
  done: number;
  total: number;
}

/** The verdict on one move of a review. */
export interface ReviewMove {
  ply: number;
  move: string;
  side: Color;
  played_score: ScoreJSON;
  best: string;
  best_score: ScoreJSON;
  pv: string[];
  /** Centi-men lost against the best move. */
  loss: number;
  mark: "?" | "??" | null;
  /** The comment `tama analyse --pdn` writes after the move. */
  comment: string;
}

/** Each side's marked moves. */
export interface ReviewSummary {
  white: { mistakes: number; blunders: number };
  black: { mistakes: number; blunders: number };
}

/** One line of an analysis. */
export class Line {
  private constructor(report: InfoReport);
  /** 1 for the best line. */
  readonly multipv: number;
  readonly depth: number;
  readonly seldepth: number;
  readonly score: Score;
  readonly bound: "lower" | "upper" | null;
  /** The principal variation in move text; `pv[0]` is `move`. */
  readonly pv: readonly string[];
  readonly move: string | null;
  readonly nodes: number;
  readonly nps: number;
  readonly timeMs: number;
  readonly report: InfoReport;
}

/** What to search. Without depth, movetime or nodes a search runs until `stop()`. */
export interface SearchOptions {
  depth?: number;
  /** Milliseconds. */
  movetime?: number;
  nodes?: number;
  /** Lines (1 by default). */
  multipv?: number;
  /** The game clock: the engine budgets its own time. */
  clock?: ClockLimits;
  /**
   * Whether a search with limits may answer with a move of the engine's
   * opening book (`Engine.setBook`); `true` by default, always `false` for
   * `analyse`.
   */
  book?: boolean;
  /** Called with each completed iteration of each line. */
  onInfo?: (line: Line) => void;
}

/** The JSON form of a book move (`GET /api/book`, `tama book probe --json`). */
export interface BookMoveJSON {
  move: MoveJSON;
  value: ScoreJSON;
  weight: number;
  leaf: boolean;
}

/** A move of an opening book in a position. */
export class BookMove {
  private constructor(json: BookMoveJSON);
  readonly move: Move;
  /** Its value for the side to move. */
  readonly value: Score;
  /** How much it is played (at least 1). */
  readonly weight: number;
  /** Whether the book ends after it (its value is then a search's). */
  readonly leaf: boolean;
  toJSON(): BookMoveJSON;
}

/** An opening book (`.tbk` file) for one preset. */
export class Book {
  /** Reads a book file's bytes; `rules` (a preset) refuses a book of other rules. Throws `BookError`. */
  constructor(bytes: Uint8Array | ArrayBuffer, options?: { rules?: string });
  /** The preset it is for (`"armenian"`). */
  readonly preset: string;
  /** How many moves (entries) it holds. */
  readonly size: number;
  /** The book's moves of a Board, or of position text under `rules`, best first. */
  moves(board?: Board | string, options?: { rules?: string }): BookMove[];
}

/** The engine, in a worker of its own. Options are the engine registry's (`hash`, `eval`, …). */
export class Engine {
  constructor(options?: Record<string, string | number | boolean>);
  readonly kind: "wasm";
  /** Whether `stop()` keeps the worker (shared memory) or ends it. */
  readonly stopsInPlace: boolean;
  /** The lines of the last iteration, best first (empty when the game is over). */
  analyse(board: Board, options?: SearchOptions): Promise<Line[]>;
  /**
   * Gives the engine an opening book (a book file's bytes; `null` takes it
   * away): its searches with limits then play book moves. Resolves with
   * the book's preset; rejects with `BookError`.
   */
  setBook(bytes: Uint8Array | ArrayBuffer | null): Promise<string | null>;
  /** The engine's move, or `null` when the game is over. */
  bestMove(board: Board, options?: SearchOptions): Promise<string | null>;
  /** The last report and the lines; `best` is `null` when the search was stopped by ending its worker. */
  search(board: Board, options?: SearchOptions): Promise<{ best: FinalReport | null; lines: Line[] }>;
  /** Stops the running search (its promise resolves with what it found) and those asked for before it that have not begun (they resolve with nothing). */
  stop(): void;
  clear(): Promise<void>;
  close(): void;
}

/** A puzzle of a puzzle file (docs/PUZZLES.md). */
export interface PuzzleJSON {
  id: string;
  fen: string;
  rules: string;
  label: "easy" | "medium" | "hard" | "expert";
  rating: number;
  /** The theme words, or `["none"]`. */
  themes: string[];
  source: "tablebase" | "self-play";
  tags: { PuzzleId: string; Difficulty: string; Themes: string; Source: string };
  solution: MoveJSON[];
}
/** The puzzles of a puzzle file's text; throws `PdnError` with the line of its first problem. */
export class PuzzleSet {
  constructor(text: string);
  readonly length: number;
  puzzle(index: number): PuzzleJSON;
  /** The index of the puzzle named `id`, or -1. */
  indexOf(id: string): number;
  /** The unseen puzzle of `label` whose rating is nearest `rating`, or -1. */
  choose(rating: number, options?: { label?: string | null; seen?: Iterable<string> }): number;
  attempt(index: number): PuzzleAttempt;
}
/** What a solver's move led to. */
export interface PuzzleStep {
  step: "correct" | "wrong" | "over";
  /** The opponent's reply after a right move; null when the puzzle is played out. */
  reply: MoveJSON | null;
}
/** One attempt at a puzzle, with a retry after a wrong move and hints. */
export class PuzzleAttempt {
  play(move: string): PuzzleStep;
  retry(): boolean;
  hint(): { piece: string } | { move: MoveJSON } | null;
  showSolution(): MoveJSON[];
  readonly status: "solving" | "wrong" | "retrying" | "solved" | "solved-after" | "shown";
  readonly ply: number;
  readonly hintLevel: number;
  readonly hinted: boolean;
  readonly score: number | null;
  readonly scoreOnLeaving: number | null;
  readonly rating: number;
}
/** The solver's rating (Elo from 1,000), kept as the rating file's text. */
export class PuzzleRating {
  constructor();
  static fromText(text: string): PuzzleRating;
  static fromCounts(rating: number, played: number, solved: number): PuzzleRating;
  toText(): string;
  readonly rating: number;
  readonly played: number;
  readonly solved: number;
  /** Records a score (0, ½ or 1) against a puzzle of rating `puzzle`; returns the change. */
  record(puzzle: number, score: number): number;
}
