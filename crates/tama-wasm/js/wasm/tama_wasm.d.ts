/* tslint:disable */
/* eslint-disable */

/**
 * A game: the rules, the start position and the moves played, with every
 * ending of `tama_core::Game`. Moves and answers are text and JSON in the
 * forms of docs/NOTATION.md: a move is the object `{"move", "from", "to",
 * "path", "captures", "promotes"}` that `tama moves --json` prints.
 */
export class Board {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * The players agree to a draw; the outcome as JSON.
     */
    agreeDraw(): string;
    /**
     * The clock as JSON, or `undefined` without one: `{"control": {time
     * control}, "flag_rule", "white", "black", "white_increment",
     * "black_increment", "moves_to_go", "running", "flagged", "times"}`
     * (times in ms; `running`/`flagged` a colour or `null`; `times` each
     * timed move's player's time left after it).
     */
    clockJson(): string | undefined;
    /**
     * A copy of the board.
     */
    copy(): Board;
    /**
     * The position text (FEN) of the current position.
     */
    fen(): string;
    /**
     * A board from `fen` with `moves` (move text) played; throws as
     * `push` does, naming the move (`moves[3]: …`).
     */
    static fromMoves(fen: string | null | undefined, rules: string | null | undefined, moves: string[]): Board;
    /**
     * The first game of a PDN text, at the end of its main line; throws
     * `PdnError`.
     */
    static fromPdn(text: string): Board;
    /**
     * A board set up from eight rows (rank 8 first) of `w`, `b`, `W`,
     * `B` and `.`, with `turn` to move; throws `FenError` naming every
     * problem of the placement.
     */
    static fromRows(rows: string[], turn: string, rules?: string | null): Board;
    /**
     * The moves played, as a JSON array of move objects, each in the
     * position it was played from.
     */
    historyJson(): string;
    /**
     * The legal moves as a JSON array of move objects, sorted by move
     * text (`tama moves --json`). Empty once the game is over.
     */
    legalMovesJson(): string;
    /**
     * `color`'s time ran out; the outcome as JSON.
     */
    loseOnTime(color: string): string;
    /**
     * A board at `fen` (the start position when absent or empty) under
     * `rules`; throws `FenError` or `RulesError`.
     */
    constructor(fen?: string | null, rules?: string | null);
    /**
     * The outcome as JSON (`{"winner": "white" | "black" | null,
     * "termination": "no legal move"}`), or `undefined` while the game
     * goes on.
     */
    outcomeJson(): string | undefined;
    /**
     * The board's game as PDN, with `tags` (a JSON object of tag names
     * and values); throws `PdnError` for a tag the record refuses.
     */
    pdn(tags: string): string;
    /**
     * Leaves of the move tree to `depth` plies (0 to 12); throws
     * `RangeError` beyond. A number: exact below 2^53.
     */
    perft(depth: number): number;
    /**
     * The number of moves played.
     */
    ply(): number;
    /**
     * Takes back the last move (and any ending); its move object (JSON),
     * or `undefined` when no move was played.
     */
    pop(): string | undefined;
    /**
     * Plays move text and returns the move object (JSON) of the move.
     */
    push(text: string): string;
    /**
     * How often the current position has occurred (for threefold
     * repetition).
     */
    repetitions(): number;
    /**
     * The current position as `tama show --json` writes it: `{"fen",
     * "turn", "board"}`, the board as eight rows from rank 8 down.
     */
    reportJson(): string;
    /**
     * `color` (`"white"` or `"black"`) resigns; the outcome as JSON.
     */
    resign(color: string): string;
    /**
     * The rules text, canonical (`armenian`, `turkish,draw-one-each=no`).
     */
    rulesText(): string;
    /**
     * Puts the game on a clock of `control` (time-control text) with the
     * flag rule `flag_rule` (`lose` when absent), from now on; `undefined`
     * takes it off. Throws `TimeControlError`, `RangeError` or
     * `TypeError`.
     */
    setClock(control?: string | null, flag_rule?: string | null): void;
    /**
     * The position text of the start position.
     */
    startFen(): string;
    /**
     * The board as an SVG diagram (from Black's side when `flipped`).
     */
    svg(flipped: boolean): string;
    /**
     * The board as text: eight ranks from 8 down to 1 (`w`/`b` men,
     * `W`/`B` kings, `.` empty squares) framed by the files and ranks,
     * and the side to move.
     */
    text(): string;
    /**
     * The side to move thought `elapsed_ms` more milliseconds: its clock
     * goes down, and when it runs out the flag falls. The outcome as JSON
     * when the game is over (by the flag or before), else `undefined`.
     */
    tick(elapsed_ms: number): string | undefined;
    /**
     * The game `record` (PDN JSON form) with this board's clock written
     * in (see the crate's `timed_record`), as canonical PDN; throws
     * `PdnError`.
     */
    timedRecord(record: string): string;
    /**
     * The side to move: `"white"` or `"black"`.
     */
    turn(): string;
}

/**
 * An opening book for one preset, read from a book file (`.tbk`,
 * docs/BOOK.md).
 */
export class Book {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * The book's moves for the board as JSON: `{"preset", "moves":
     * [{"move": {move object}, "value", "weight", "leaf"}]}`, best first.
     */
    moves(board: Board): string;
    /**
     * Reads a book file (`Uint8Array`); `rules` (a preset's name) refuses
     * a book of other rules. Throws `BookError` naming the problem and
     * its byte offset.
     */
    constructor(bytes: Uint8Array | number[], rules?: string | null);
    /**
     * The preset the book is for (`armenian`).
     */
    readonly preset: string;
    /**
     * How many moves (entries) the book holds.
     */
    readonly size: number;
}

/**
 * One attempt at a puzzle.
 */
export class PuzzleAttempt {
    private constructor();
    free(): void;
    [Symbol.dispose](): void;
    /**
     * The next hint as JSON: `{"piece": square}`, then `{"move": move
     * object}`; after a wrong move, a retry first. `undefined` once the
     * attempt is over.
     */
    hint(): string | undefined;
    /**
     * Plays the solver's move (move text, a legal move of the position
     * the solver is to move in; after a wrong move this is the retry):
     * JSON `{step, reply}`, `step` `"correct"` (`reply` the opponent's
     * answer as a move object, `null` when the puzzle is played out),
     * `"wrong"` (the move is not played) or `"over"`. Throws
     * `MoveTextError` or `IllegalMoveError`.
     */
    play(text: string): string;
    /**
     * Tries again after a wrong move; `false` when the last move was not
     * wrong.
     */
    retry(): boolean;
    /**
     * Gives up: the moves of the solution from the solver's position to
     * the end, as a JSON array of move objects (empty once played out).
     */
    showSolution(): string;
    /**
     * The hint shown for the current move: 0 none, 1 the piece, 2 the
     * move.
     */
    readonly hintLevel: number;
    /**
     * Whether a hint was asked for.
     */
    readonly hinted: boolean;
    /**
     * The moves of the solution played so far (the opponent's replies
     * included).
     */
    readonly ply: number;
    /**
     * The puzzle's rating.
     */
    readonly rating: number;
    /**
     * The score if the solver left now: the decided one, else 0 after a
     * move or a hint; `undefined` (not rated) before either.
     */
    readonly scoreOnLeaving: number | undefined;
    /**
     * The score for the rating once decided (1, ½ after a hint, 0 after
     * a wrong move or the solution shown); `undefined` while open.
     */
    readonly score: number | undefined;
    /**
     * Where the attempt stands: `solving`, `wrong`, `retrying`,
     * `solved`, `solved-after` or `shown`.
     */
    readonly status: string;
}

/**
 * The solver's rating: Elo from 1,000 (docs/PUZZLES.md, "The rating").
 */
export class PuzzleRating {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * The rating of its counts (a rating of 0 to 4,000, no more solved
     * than played); throws `TypeError` otherwise.
     */
    static fromCounts(rating: number, played: number, solved: number): PuzzleRating;
    /**
     * The rating of a rating file's text (`tama puzzle rating 1`, then
     * `rating`, `played` and `solved`); throws `TypeError` naming the
     * line for damaged text.
     */
    static fromText(text: string): PuzzleRating;
    /**
     * A new solver's rating (1,000, nothing played).
     */
    constructor();
    /**
     * Records a score (0, ½ or 1) against a puzzle of rating `puzzle`;
     * returns the change. Throws `RangeError` for a score outside 0 to 1.
     */
    record(puzzle: number, score: number): number;
    /**
     * The rating file's text.
     */
    toText(): string;
    /**
     * Rated puzzles played.
     */
    readonly played: number;
    /**
     * The rating.
     */
    readonly rating: number;
    /**
     * Of them, solved.
     */
    readonly solved: number;
}

/**
 * The puzzles of one file.
 */
export class PuzzleSet {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * A new attempt at the puzzle at `index`; throws `RangeError` for
     * an index outside the file.
     */
    attempt(index: number): PuzzleAttempt;
    /**
     * The index of the next puzzle for a solver of `rating`: of the
     * difficulty `label` (`easy`, `medium`, `hard`, `expert`; any when
     * absent or `any`), not in `seen` (ids), the one whose rating is
     * nearest (the first in the file on a tie); `undefined` when none is
     * left. Throws `TypeError` for an unknown label.
     */
    choose(rating: number, label: string | null | undefined, seen: string[]): number | undefined;
    /**
     * The index of the puzzle named `id`, if the file has it.
     */
    indexOf(id: string): number | undefined;
    /**
     * The puzzles of a puzzle file's text (docs/PUZZLES.md, "The
     * file"); throws `PdnError` with the line of the file's first
     * problem.
     */
    constructor(text: string);
    /**
     * The puzzle at `index` as JSON: `{id, fen, rules, label, rating,
     * themes, source, tags, solution}` (`themes` the theme words, or
     * `["none"]`; `source` its kind; `tags` the record's puzzle tags; the
     * solution as move objects); throws `RangeError` for an index
     * outside the file.
     */
    puzzleJson(index: number): string;
    /**
     * How many puzzles the file has.
     */
    readonly length: number;
}

/**
 * The engine of one worker: tama-search's `Engine` with one thread.
 */
export class WasmEngine {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * Searches `board` under `request` (JSON: `{"depth", "movetime",
     * "nodes", "multipv", "book"}`, none of them required: no limit searches
     * until stopped), calling `on_info` with each iteration's report as
     * JSON text (`{"type": "info", …}`, the lines of `tama analyse
     * --json`); returns the last report as JSON (`bestmove` or
     * `gameover`).
     */
    analyse(board: Board, request: string, on_info?: Function | null): string;
    /**
     * Forgets what earlier searches learned (the hash table).
     */
    clear(): void;
    /**
     * The static evaluation of the board's position for the side to
     * move, as a score's JSON (`{"cm": 35}`).
     */
    evaluate(board: Board): string;
    /**
     * An engine with `settings` (`["hash=32", "eval=classic"]`); throws
     * `TypeError` or `RangeError` naming the setting.
     */
    constructor(settings: string[]);
    /**
     * Reviews the board's game, move by move, as `tama analyse --pdn` and
     * the web server's `GET /api/review` do: each search under `request`
     * (200 ms a position when it sets no limit), from an empty hash table.
     * `on_event(name, json)` is called with `progress` events
     * (`{"done", "total"}`) and a `move` event per verdict (tama-api's
     * `ReviewMove`); returns the summary (`{"white": {"mistakes",
     * "blunders"}, "black": …}`) as JSON, or `undefined` when the review
     * was stopped (the stop flag) before its end.
     */
    review(board: Board, request: string, on_event?: Function | null): string | undefined;
    /**
     * Gives the engine an opening book: a book file's bytes
     * (`Uint8Array`), or `undefined` to take it away. Returns the book's
     * preset; throws `BookError` for a damaged file. A search with
     * limits in a position of the book then answers a book move at once
     * (`"book": true`, depth 0) unless its request says `"book": false`.
     */
    setBook(bytes?: Uint8Array | number[] | null): string | undefined;
    /**
     * Sets the flag that stops searches: an `Int32Array` (over a
     * `SharedArrayBuffer`, written by another thread) whose first element
     * is 1 while a stop is requested, and 2 once a ponder search was hit
     * (it then goes on under its limits); `undefined` removes it.
     */
    static setStopFlag(flag?: Int32Array | null): void;
}

/**
 * The flag rules' names, the default first (`["lose", "draw-if-no-win"]`).
 */
export function flagRules(): string[];

/**
 * `levels()`: the engine's levels of play and the default, as JSON.
 */
export function levels(): string;

/**
 * Every game of a PDN text in canonical form; throws `PdnError` (with
 * `line` and `column`) at the first game that cannot be read.
 */
export function pdnFormat(text: string): string;

/**
 * Canonical PDN from a game record's JSON form; throws `PdnError`.
 */
export function pdnFromJson(json: string): string;

/**
 * Every game of a PDN text as a JSON array (see [`pdn_to_json`]).
 */
export function pdnToJson(text: string): string;

/**
 * `rulesTable(text)`: the rules table as JSON; throws `RulesError`.
 */
export function rulesTable(rules?: string | null): string;

/**
 * Reads a time-control text; its JSON: `{"text", "tag", "initial_ms",
 * "stages": [{"moves", "time_ms", "increment_ms"}]}` (`text` canonical,
 * `tag` the PDN `TimeControl` value). Throws `TimeControlError` (with
 * the column) or `RangeError`.
 */
export function timeControl(text: string): string;

export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;

export interface InitOutput {
    readonly memory: WebAssembly.Memory;
    readonly __wbg_board_free: (a: number, b: number) => void;
    readonly __wbg_book_free: (a: number, b: number) => void;
    readonly __wbg_puzzleattempt_free: (a: number, b: number) => void;
    readonly __wbg_puzzlerating_free: (a: number, b: number) => void;
    readonly __wbg_puzzleset_free: (a: number, b: number) => void;
    readonly __wbg_wasmengine_free: (a: number, b: number) => void;
    readonly board_agreeDraw: (a: number) => [number, number, number, number];
    readonly board_clockJson: (a: number) => [number, number];
    readonly board_copy: (a: number) => number;
    readonly board_fen: (a: number) => [number, number];
    readonly board_fromMoves: (a: number, b: number, c: number, d: number, e: number, f: number) => [number, number, number];
    readonly board_fromPdn: (a: number, b: number) => [number, number, number];
    readonly board_fromRows: (a: number, b: number, c: number, d: number, e: number, f: number) => [number, number, number];
    readonly board_historyJson: (a: number) => [number, number];
    readonly board_legalMovesJson: (a: number) => [number, number];
    readonly board_loseOnTime: (a: number, b: number, c: number) => [number, number, number, number];
    readonly board_new: (a: number, b: number, c: number, d: number) => [number, number, number];
    readonly board_outcomeJson: (a: number) => [number, number];
    readonly board_pdn: (a: number, b: number, c: number) => [number, number, number, number];
    readonly board_perft: (a: number, b: number) => [number, number, number];
    readonly board_ply: (a: number) => number;
    readonly board_pop: (a: number) => [number, number];
    readonly board_push: (a: number, b: number, c: number) => [number, number, number, number];
    readonly board_repetitions: (a: number) => number;
    readonly board_reportJson: (a: number) => [number, number];
    readonly board_resign: (a: number, b: number, c: number) => [number, number, number, number];
    readonly board_rulesText: (a: number) => [number, number];
    readonly board_setClock: (a: number, b: number, c: number, d: number, e: number) => [number, number];
    readonly board_startFen: (a: number) => [number, number];
    readonly board_svg: (a: number, b: number) => [number, number];
    readonly board_text: (a: number) => [number, number];
    readonly board_tick: (a: number, b: number) => [number, number];
    readonly board_timedRecord: (a: number, b: number, c: number) => [number, number, number, number];
    readonly board_turn: (a: number) => [number, number];
    readonly book_moves: (a: number, b: number) => [number, number];
    readonly book_new: (a: number, b: number, c: number, d: number) => [number, number, number];
    readonly book_preset: (a: number) => [number, number];
    readonly book_size: (a: number) => number;
    readonly flagRules: () => [number, number];
    readonly levels: () => [number, number];
    readonly pdnFormat: (a: number, b: number) => [number, number, number, number];
    readonly pdnFromJson: (a: number, b: number) => [number, number, number, number];
    readonly pdnToJson: (a: number, b: number) => [number, number];
    readonly puzzleattempt_hint: (a: number) => [number, number];
    readonly puzzleattempt_hintLevel: (a: number) => number;
    readonly puzzleattempt_hinted: (a: number) => number;
    readonly puzzleattempt_play: (a: number, b: number, c: number) => [number, number, number, number];
    readonly puzzleattempt_ply: (a: number) => number;
    readonly puzzleattempt_rating: (a: number) => number;
    readonly puzzleattempt_retry: (a: number) => number;
    readonly puzzleattempt_score: (a: number) => [number, number];
    readonly puzzleattempt_scoreOnLeaving: (a: number) => [number, number];
    readonly puzzleattempt_showSolution: (a: number) => [number, number];
    readonly puzzleattempt_status: (a: number) => [number, number];
    readonly puzzlerating_fromCounts: (a: number, b: number, c: number) => [number, number, number];
    readonly puzzlerating_fromText: (a: number, b: number) => [number, number, number];
    readonly puzzlerating_new: () => number;
    readonly puzzlerating_played: (a: number) => number;
    readonly puzzlerating_rating: (a: number) => number;
    readonly puzzlerating_record: (a: number, b: number, c: number) => [number, number, number];
    readonly puzzlerating_solved: (a: number) => number;
    readonly puzzlerating_toText: (a: number) => [number, number];
    readonly puzzleset_attempt: (a: number, b: number) => [number, number, number];
    readonly puzzleset_choose: (a: number, b: number, c: number, d: number, e: number, f: number) => [number, number, number];
    readonly puzzleset_indexOf: (a: number, b: number, c: number) => number;
    readonly puzzleset_length: (a: number) => number;
    readonly puzzleset_new: (a: number, b: number) => [number, number, number];
    readonly puzzleset_puzzleJson: (a: number, b: number) => [number, number, number, number];
    readonly rulesTable: (a: number, b: number) => [number, number, number, number];
    readonly timeControl: (a: number, b: number) => [number, number, number, number];
    readonly wasmengine_analyse: (a: number, b: number, c: number, d: number, e: number) => [number, number, number, number];
    readonly wasmengine_clear: (a: number) => void;
    readonly wasmengine_evaluate: (a: number, b: number) => [number, number];
    readonly wasmengine_new: (a: number, b: number) => [number, number, number];
    readonly wasmengine_review: (a: number, b: number, c: number, d: number, e: number) => [number, number, number, number];
    readonly wasmengine_setBook: (a: number, b: number, c: number) => [number, number, number, number];
    readonly wasmengine_setStopFlag: (a: number) => void;
    readonly __wbindgen_malloc: (a: number, b: number) => number;
    readonly __wbindgen_realloc: (a: number, b: number, c: number, d: number) => number;
    readonly __wbindgen_free: (a: number, b: number, c: number) => void;
    readonly __wbindgen_exn_store: (a: number) => void;
    readonly __externref_table_alloc: () => number;
    readonly __wbindgen_externrefs: WebAssembly.Table;
    readonly __externref_table_dealloc: (a: number) => void;
    readonly __externref_drop_slice: (a: number, b: number) => void;
    readonly __wbindgen_start: () => void;
}

export type SyncInitInput = BufferSource | WebAssembly.Module;

/**
 * Instantiates the given `module`, which can either be bytes or
 * a precompiled `WebAssembly.Module`.
 *
 * @param {{ module: SyncInitInput }} module - Passing `SyncInitInput` directly is deprecated.
 *
 * @returns {InitOutput}
 */
export function initSync(module: { module: SyncInitInput } | SyncInitInput): InitOutput;

/**
 * If `module_or_path` is {RequestInfo} or {URL}, makes a request and
 * for everything else, calls `WebAssembly.instantiate` directly.
 *
 * @param {{ module_or_path: InitInput | Promise<InitInput> }} module_or_path - Passing `InitInput` directly is deprecated.
 *
 * @returns {Promise<InitOutput>}
 */
export default function __wbg_init (module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>): Promise<InitOutput>;
