/* @ts-self-types="./tama_wasm.d.ts" */

/**
 * A game: the rules, the start position and the moves played, with every
 * ending of `tama_core::Game`. Moves and answers are text and JSON in the
 * forms of docs/NOTATION.md: a move is the object `{"move", "from", "to",
 * "path", "captures", "promotes"}` that `tama moves --json` prints.
 */
export class Board {
    static __wrap(ptr) {
        const obj = Object.create(Board.prototype);
        obj.__wbg_ptr = ptr;
        BoardFinalization.register(obj, obj.__wbg_ptr, obj);
        return obj;
    }
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        BoardFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_board_free(ptr, 0);
    }
    /**
     * The players agree to a draw; the outcome as JSON.
     * @returns {string}
     */
    agreeDraw() {
        let deferred2_0;
        let deferred2_1;
        try {
            const ret = wasm.board_agreeDraw(this.__wbg_ptr);
            var ptr1 = ret[0];
            var len1 = ret[1];
            if (ret[3]) {
                ptr1 = 0; len1 = 0;
                throw takeFromExternrefTable0(ret[2]);
            }
            deferred2_0 = ptr1;
            deferred2_1 = len1;
            return getStringFromWasm0(ptr1, len1);
        } finally {
            wasm.__wbindgen_free(deferred2_0, deferred2_1, 1);
        }
    }
    /**
     * The clock as JSON, or `undefined` without one: `{"control": {time
     * control}, "flag_rule", "white", "black", "white_increment",
     * "black_increment", "moves_to_go", "running", "flagged", "times"}`
     * (times in ms; `running`/`flagged` a colour or `null`; `times` each
     * timed move's player's time left after it).
     * @returns {string | undefined}
     */
    clockJson() {
        const ret = wasm.board_clockJson(this.__wbg_ptr);
        let v1;
        if (ret[0] !== 0) {
            v1 = getStringFromWasm0(ret[0], ret[1]);
            wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
        }
        return v1;
    }
    /**
     * A copy of the board.
     * @returns {Board}
     */
    copy() {
        const ret = wasm.board_copy(this.__wbg_ptr);
        return Board.__wrap(ret);
    }
    /**
     * The position text (FEN) of the current position.
     * @returns {string}
     */
    fen() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.board_fen(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * A board from `fen` with `moves` (move text) played; throws as
     * `push` does, naming the move (`moves[3]: …`).
     * @param {string | null | undefined} fen
     * @param {string | null | undefined} rules
     * @param {string[]} moves
     * @returns {Board}
     */
    static fromMoves(fen, rules, moves) {
        let ptr0, len0, ptr1, len1, ptr2, len2;
        try {
            ptr0 = isLikeNone(fen) ? 0 : passStringToWasm0(fen, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len0 = WASM_VECTOR_LEN;
            ptr1 = isLikeNone(rules) ? 0 : passStringToWasm0(rules, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len1 = WASM_VECTOR_LEN;
            ptr2 = passArrayJsValueToWasm0(moves, wasm.__wbindgen_malloc);
            len2 = WASM_VECTOR_LEN;
        } catch (e) {
            if (ptr2) { wasm.__externref_drop_slice(ptr2, len2); wasm.__wbindgen_free(ptr2, len2 * 4, 4); }
            if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
            if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
            throw e;
        }
        const ret = wasm.board_fromMoves(ptr0, len0, ptr1, len1, ptr2, len2);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return Board.__wrap(ret[0]);
    }
    /**
     * The first game of a PDN text, at the end of its main line; throws
     * `PdnError`.
     * @param {string} text
     * @returns {Board}
     */
    static fromPdn(text) {
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.board_fromPdn(ptr0, len0);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return Board.__wrap(ret[0]);
    }
    /**
     * A board set up from eight rows (rank 8 first) of `w`, `b`, `W`,
     * `B` and `.`, with `turn` to move; throws `FenError` naming every
     * problem of the placement.
     * @param {string[]} rows
     * @param {string} turn
     * @param {string | null} [rules]
     * @returns {Board}
     */
    static fromRows(rows, turn, rules) {
        let ptr0, len0, ptr1, len1, ptr2, len2;
        try {
            ptr0 = passArrayJsValueToWasm0(rows, wasm.__wbindgen_malloc);
            len0 = WASM_VECTOR_LEN;
            ptr1 = passStringToWasm0(turn, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len1 = WASM_VECTOR_LEN;
            ptr2 = isLikeNone(rules) ? 0 : passStringToWasm0(rules, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len2 = WASM_VECTOR_LEN;
        } catch (e) {
            if (ptr2) { wasm.__wbindgen_free(ptr2, len2 * 1, 1); }
            if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
            if (ptr0) { wasm.__externref_drop_slice(ptr0, len0); wasm.__wbindgen_free(ptr0, len0 * 4, 4); }
            throw e;
        }
        const ret = wasm.board_fromRows(ptr0, len0, ptr1, len1, ptr2, len2);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return Board.__wrap(ret[0]);
    }
    /**
     * The moves played, as a JSON array of move objects, each in the
     * position it was played from.
     * @returns {string}
     */
    historyJson() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.board_historyJson(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * The legal moves as a JSON array of move objects, sorted by move
     * text (`tama moves --json`). Empty once the game is over.
     * @returns {string}
     */
    legalMovesJson() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.board_legalMovesJson(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * `color`'s time ran out; the outcome as JSON.
     * @param {string} color
     * @returns {string}
     */
    loseOnTime(color) {
        let deferred3_0;
        let deferred3_1;
        try {
            const ptr0 = passStringToWasm0(color, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            const len0 = WASM_VECTOR_LEN;
            const ret = wasm.board_loseOnTime(this.__wbg_ptr, ptr0, len0);
            var ptr2 = ret[0];
            var len2 = ret[1];
            if (ret[3]) {
                ptr2 = 0; len2 = 0;
                throw takeFromExternrefTable0(ret[2]);
            }
            deferred3_0 = ptr2;
            deferred3_1 = len2;
            return getStringFromWasm0(ptr2, len2);
        } finally {
            wasm.__wbindgen_free(deferred3_0, deferred3_1, 1);
        }
    }
    /**
     * A board at `fen` (the start position when absent or empty) under
     * `rules`; throws `FenError` or `RulesError`.
     * @param {string | null} [fen]
     * @param {string | null} [rules]
     */
    constructor(fen, rules) {
        let ptr0, len0, ptr1, len1;
        try {
            ptr0 = isLikeNone(fen) ? 0 : passStringToWasm0(fen, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len0 = WASM_VECTOR_LEN;
            ptr1 = isLikeNone(rules) ? 0 : passStringToWasm0(rules, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len1 = WASM_VECTOR_LEN;
        } catch (e) {
            if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
            if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
            throw e;
        }
        const ret = wasm.board_new(ptr0, len0, ptr1, len1);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        this.__wbg_ptr = ret[0];
        BoardFinalization.register(this, this.__wbg_ptr, this);
        return this;
    }
    /**
     * The outcome as JSON (`{"winner": "white" | "black" | null,
     * "termination": "no legal move"}`), or `undefined` while the game
     * goes on.
     * @returns {string | undefined}
     */
    outcomeJson() {
        const ret = wasm.board_outcomeJson(this.__wbg_ptr);
        let v1;
        if (ret[0] !== 0) {
            v1 = getStringFromWasm0(ret[0], ret[1]);
            wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
        }
        return v1;
    }
    /**
     * The board's game as PDN, with `tags` (a JSON object of tag names
     * and values); throws `PdnError` for a tag the record refuses.
     * @param {string} tags
     * @returns {string}
     */
    pdn(tags) {
        let deferred3_0;
        let deferred3_1;
        try {
            const ptr0 = passStringToWasm0(tags, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            const len0 = WASM_VECTOR_LEN;
            const ret = wasm.board_pdn(this.__wbg_ptr, ptr0, len0);
            var ptr2 = ret[0];
            var len2 = ret[1];
            if (ret[3]) {
                ptr2 = 0; len2 = 0;
                throw takeFromExternrefTable0(ret[2]);
            }
            deferred3_0 = ptr2;
            deferred3_1 = len2;
            return getStringFromWasm0(ptr2, len2);
        } finally {
            wasm.__wbindgen_free(deferred3_0, deferred3_1, 1);
        }
    }
    /**
     * Leaves of the move tree to `depth` plies (0 to 12); throws
     * `RangeError` beyond. A number: exact below 2^53.
     * @param {number} depth
     * @returns {number}
     */
    perft(depth) {
        const ret = wasm.board_perft(this.__wbg_ptr, depth);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return ret[0];
    }
    /**
     * The number of moves played.
     * @returns {number}
     */
    ply() {
        const ret = wasm.board_ply(this.__wbg_ptr);
        return ret >>> 0;
    }
    /**
     * Takes back the last move (and any ending); its move object (JSON),
     * or `undefined` when no move was played.
     * @returns {string | undefined}
     */
    pop() {
        const ret = wasm.board_pop(this.__wbg_ptr);
        let v1;
        if (ret[0] !== 0) {
            v1 = getStringFromWasm0(ret[0], ret[1]);
            wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
        }
        return v1;
    }
    /**
     * Plays move text and returns the move object (JSON) of the move.
     * @param {string} text
     * @returns {string}
     */
    push(text) {
        let deferred3_0;
        let deferred3_1;
        try {
            const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            const len0 = WASM_VECTOR_LEN;
            const ret = wasm.board_push(this.__wbg_ptr, ptr0, len0);
            var ptr2 = ret[0];
            var len2 = ret[1];
            if (ret[3]) {
                ptr2 = 0; len2 = 0;
                throw takeFromExternrefTable0(ret[2]);
            }
            deferred3_0 = ptr2;
            deferred3_1 = len2;
            return getStringFromWasm0(ptr2, len2);
        } finally {
            wasm.__wbindgen_free(deferred3_0, deferred3_1, 1);
        }
    }
    /**
     * How often the current position has occurred (for threefold
     * repetition).
     * @returns {number}
     */
    repetitions() {
        const ret = wasm.board_repetitions(this.__wbg_ptr);
        return ret >>> 0;
    }
    /**
     * The current position as `tama show --json` writes it: `{"fen",
     * "turn", "board"}`, the board as eight rows from rank 8 down.
     * @returns {string}
     */
    reportJson() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.board_reportJson(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * `color` (`"white"` or `"black"`) resigns; the outcome as JSON.
     * @param {string} color
     * @returns {string}
     */
    resign(color) {
        let deferred3_0;
        let deferred3_1;
        try {
            const ptr0 = passStringToWasm0(color, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            const len0 = WASM_VECTOR_LEN;
            const ret = wasm.board_resign(this.__wbg_ptr, ptr0, len0);
            var ptr2 = ret[0];
            var len2 = ret[1];
            if (ret[3]) {
                ptr2 = 0; len2 = 0;
                throw takeFromExternrefTable0(ret[2]);
            }
            deferred3_0 = ptr2;
            deferred3_1 = len2;
            return getStringFromWasm0(ptr2, len2);
        } finally {
            wasm.__wbindgen_free(deferred3_0, deferred3_1, 1);
        }
    }
    /**
     * The rules text, canonical (`armenian`, `turkish,draw-one-each=no`).
     * @returns {string}
     */
    rulesText() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.board_rulesText(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * Puts the game on a clock of `control` (time-control text) with the
     * flag rule `flag_rule` (`lose` when absent), from now on; `undefined`
     * takes it off. Throws `TimeControlError`, `RangeError` or
     * `TypeError`.
     * @param {string | null} [control]
     * @param {string | null} [flag_rule]
     */
    setClock(control, flag_rule) {
        let ptr0, len0, ptr1, len1;
        try {
            ptr0 = isLikeNone(control) ? 0 : passStringToWasm0(control, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len0 = WASM_VECTOR_LEN;
            ptr1 = isLikeNone(flag_rule) ? 0 : passStringToWasm0(flag_rule, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len1 = WASM_VECTOR_LEN;
        } catch (e) {
            if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
            if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
            throw e;
        }
        const ret = wasm.board_setClock(this.__wbg_ptr, ptr0, len0, ptr1, len1);
        if (ret[1]) {
            throw takeFromExternrefTable0(ret[0]);
        }
    }
    /**
     * The position text of the start position.
     * @returns {string}
     */
    startFen() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.board_startFen(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * The board as an SVG diagram (from Black's side when `flipped`).
     * @param {boolean} flipped
     * @returns {string}
     */
    svg(flipped) {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.board_svg(this.__wbg_ptr, flipped);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * The board as text: eight ranks from 8 down to 1 (`w`/`b` men,
     * `W`/`B` kings, `.` empty squares) framed by the files and ranks,
     * and the side to move.
     * @returns {string}
     */
    text() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.board_text(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * The side to move thought `elapsed_ms` more milliseconds: its clock
     * goes down, and when it runs out the flag falls. The outcome as JSON
     * when the game is over (by the flag or before), else `undefined`.
     * @param {number} elapsed_ms
     * @returns {string | undefined}
     */
    tick(elapsed_ms) {
        const ret = wasm.board_tick(this.__wbg_ptr, elapsed_ms);
        let v1;
        if (ret[0] !== 0) {
            v1 = getStringFromWasm0(ret[0], ret[1]);
            wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
        }
        return v1;
    }
    /**
     * The game `record` (PDN JSON form) with this board's clock written
     * in (see the crate's `timed_record`), as canonical PDN; throws
     * `PdnError`.
     * @param {string} record
     * @returns {string}
     */
    timedRecord(record) {
        let deferred3_0;
        let deferred3_1;
        try {
            const ptr0 = passStringToWasm0(record, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            const len0 = WASM_VECTOR_LEN;
            const ret = wasm.board_timedRecord(this.__wbg_ptr, ptr0, len0);
            var ptr2 = ret[0];
            var len2 = ret[1];
            if (ret[3]) {
                ptr2 = 0; len2 = 0;
                throw takeFromExternrefTable0(ret[2]);
            }
            deferred3_0 = ptr2;
            deferred3_1 = len2;
            return getStringFromWasm0(ptr2, len2);
        } finally {
            wasm.__wbindgen_free(deferred3_0, deferred3_1, 1);
        }
    }
    /**
     * The side to move: `"white"` or `"black"`.
     * @returns {string}
     */
    turn() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.board_turn(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
}
if (Symbol.dispose) Board.prototype[Symbol.dispose] = Board.prototype.free;

/**
 * An opening book for one preset, read from a book file (`.tbk`,
 * docs/BOOK.md).
 */
export class Book {
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        BookFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_book_free(ptr, 0);
    }
    /**
     * The book's moves for the board as JSON: `{"preset", "moves":
     * [{"move": {move object}, "value", "weight", "leaf"}]}`, best first.
     * @param {Board} board
     * @returns {string}
     */
    moves(board) {
        let deferred1_0;
        let deferred1_1;
        try {
            _assertClass(board, Board);
            const ret = wasm.book_moves(this.__wbg_ptr, board.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * Reads a book file (`Uint8Array`); `rules` (a preset's name) refuses
     * a book of other rules. Throws `BookError` naming the problem and
     * its byte offset.
     * @param {Uint8Array | number[]} bytes
     * @param {string | null} [rules]
     */
    constructor(bytes, rules) {
        let ptr0, len0, ptr1, len1;
        try {
            ptr0 = passArray8ToWasm0(bytes, wasm.__wbindgen_malloc);
            len0 = WASM_VECTOR_LEN;
            ptr1 = isLikeNone(rules) ? 0 : passStringToWasm0(rules, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len1 = WASM_VECTOR_LEN;
        } catch (e) {
            if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
            if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
            throw e;
        }
        const ret = wasm.book_new(ptr0, len0, ptr1, len1);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        this.__wbg_ptr = ret[0];
        BookFinalization.register(this, this.__wbg_ptr, this);
        return this;
    }
    /**
     * The preset the book is for (`armenian`).
     * @returns {string}
     */
    get preset() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.book_preset(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * How many moves (entries) the book holds.
     * @returns {number}
     */
    get size() {
        const ret = wasm.book_size(this.__wbg_ptr);
        return ret >>> 0;
    }
}
if (Symbol.dispose) Book.prototype[Symbol.dispose] = Book.prototype.free;

/**
 * One attempt at a puzzle.
 */
export class PuzzleAttempt {
    static __wrap(ptr) {
        const obj = Object.create(PuzzleAttempt.prototype);
        obj.__wbg_ptr = ptr;
        PuzzleAttemptFinalization.register(obj, obj.__wbg_ptr, obj);
        return obj;
    }
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        PuzzleAttemptFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_puzzleattempt_free(ptr, 0);
    }
    /**
     * The hint shown for the current move: 0 none, 1 the piece, 2 the
     * move.
     * @returns {number}
     */
    get hintLevel() {
        const ret = wasm.puzzleattempt_hintLevel(this.__wbg_ptr);
        return ret;
    }
    /**
     * The next hint as JSON: `{"piece": square}`, then `{"move": move
     * object}`; after a wrong move, a retry first. `undefined` once the
     * attempt is over.
     * @returns {string | undefined}
     */
    hint() {
        const ret = wasm.puzzleattempt_hint(this.__wbg_ptr);
        let v1;
        if (ret[0] !== 0) {
            v1 = getStringFromWasm0(ret[0], ret[1]);
            wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
        }
        return v1;
    }
    /**
     * Whether a hint was asked for.
     * @returns {boolean}
     */
    get hinted() {
        const ret = wasm.puzzleattempt_hinted(this.__wbg_ptr);
        return ret !== 0;
    }
    /**
     * Plays the solver's move (move text, a legal move of the position
     * the solver is to move in; after a wrong move this is the retry):
     * JSON `{step, reply}`, `step` `"correct"` (`reply` the opponent's
     * answer as a move object, `null` when the puzzle is played out),
     * `"wrong"` (the move is not played) or `"over"`. Throws
     * `MoveTextError` or `IllegalMoveError`.
     * @param {string} text
     * @returns {string}
     */
    play(text) {
        let deferred3_0;
        let deferred3_1;
        try {
            const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            const len0 = WASM_VECTOR_LEN;
            const ret = wasm.puzzleattempt_play(this.__wbg_ptr, ptr0, len0);
            var ptr2 = ret[0];
            var len2 = ret[1];
            if (ret[3]) {
                ptr2 = 0; len2 = 0;
                throw takeFromExternrefTable0(ret[2]);
            }
            deferred3_0 = ptr2;
            deferred3_1 = len2;
            return getStringFromWasm0(ptr2, len2);
        } finally {
            wasm.__wbindgen_free(deferred3_0, deferred3_1, 1);
        }
    }
    /**
     * The moves of the solution played so far (the opponent's replies
     * included).
     * @returns {number}
     */
    get ply() {
        const ret = wasm.puzzleattempt_ply(this.__wbg_ptr);
        return ret >>> 0;
    }
    /**
     * The puzzle's rating.
     * @returns {number}
     */
    get rating() {
        const ret = wasm.puzzleattempt_rating(this.__wbg_ptr);
        return ret >>> 0;
    }
    /**
     * Tries again after a wrong move; `false` when the last move was not
     * wrong.
     * @returns {boolean}
     */
    retry() {
        const ret = wasm.puzzleattempt_retry(this.__wbg_ptr);
        return ret !== 0;
    }
    /**
     * The score if the solver left now: the decided one, else 0 after a
     * move or a hint; `undefined` (not rated) before either.
     * @returns {number | undefined}
     */
    get scoreOnLeaving() {
        const ret = wasm.puzzleattempt_scoreOnLeaving(this.__wbg_ptr);
        return ret[0] === 0 ? undefined : ret[1];
    }
    /**
     * The score for the rating once decided (1, ½ after a hint, 0 after
     * a wrong move or the solution shown); `undefined` while open.
     * @returns {number | undefined}
     */
    get score() {
        const ret = wasm.puzzleattempt_score(this.__wbg_ptr);
        return ret[0] === 0 ? undefined : ret[1];
    }
    /**
     * Gives up: the moves of the solution from the solver's position to
     * the end, as a JSON array of move objects (empty once played out).
     * @returns {string}
     */
    showSolution() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.puzzleattempt_showSolution(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * Where the attempt stands: `solving`, `wrong`, `retrying`,
     * `solved`, `solved-after` or `shown`.
     * @returns {string}
     */
    get status() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.puzzleattempt_status(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
}
if (Symbol.dispose) PuzzleAttempt.prototype[Symbol.dispose] = PuzzleAttempt.prototype.free;

/**
 * The solver's rating: Elo from 1,000 (docs/PUZZLES.md, "The rating").
 */
export class PuzzleRating {
    static __wrap(ptr) {
        const obj = Object.create(PuzzleRating.prototype);
        obj.__wbg_ptr = ptr;
        PuzzleRatingFinalization.register(obj, obj.__wbg_ptr, obj);
        return obj;
    }
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        PuzzleRatingFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_puzzlerating_free(ptr, 0);
    }
    /**
     * The rating of its counts (a rating of 0 to 4,000, no more solved
     * than played); throws `TypeError` otherwise.
     * @param {number} rating
     * @param {number} played
     * @param {number} solved
     * @returns {PuzzleRating}
     */
    static fromCounts(rating, played, solved) {
        const ret = wasm.puzzlerating_fromCounts(rating, played, solved);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return PuzzleRating.__wrap(ret[0]);
    }
    /**
     * The rating of a rating file's text (`tama puzzle rating 1`, then
     * `rating`, `played` and `solved`); throws `TypeError` naming the
     * line for damaged text.
     * @param {string} text
     * @returns {PuzzleRating}
     */
    static fromText(text) {
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.puzzlerating_fromText(ptr0, len0);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return PuzzleRating.__wrap(ret[0]);
    }
    /**
     * A new solver's rating (1,000, nothing played).
     */
    constructor() {
        const ret = wasm.puzzlerating_new();
        this.__wbg_ptr = ret;
        PuzzleRatingFinalization.register(this, this.__wbg_ptr, this);
        return this;
    }
    /**
     * Rated puzzles played.
     * @returns {number}
     */
    get played() {
        const ret = wasm.puzzlerating_played(this.__wbg_ptr);
        return ret >>> 0;
    }
    /**
     * The rating.
     * @returns {number}
     */
    get rating() {
        const ret = wasm.puzzlerating_rating(this.__wbg_ptr);
        return ret;
    }
    /**
     * Records a score (0, ½ or 1) against a puzzle of rating `puzzle`;
     * returns the change. Throws `RangeError` for a score outside 0 to 1.
     * @param {number} puzzle
     * @param {number} score
     * @returns {number}
     */
    record(puzzle, score) {
        const ret = wasm.puzzlerating_record(this.__wbg_ptr, puzzle, score);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return ret[0];
    }
    /**
     * Of them, solved.
     * @returns {number}
     */
    get solved() {
        const ret = wasm.puzzlerating_solved(this.__wbg_ptr);
        return ret >>> 0;
    }
    /**
     * The rating file's text.
     * @returns {string}
     */
    toText() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.puzzlerating_toText(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
}
if (Symbol.dispose) PuzzleRating.prototype[Symbol.dispose] = PuzzleRating.prototype.free;

/**
 * The puzzles of one file.
 */
export class PuzzleSet {
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        PuzzleSetFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_puzzleset_free(ptr, 0);
    }
    /**
     * A new attempt at the puzzle at `index`; throws `RangeError` for
     * an index outside the file.
     * @param {number} index
     * @returns {PuzzleAttempt}
     */
    attempt(index) {
        const ret = wasm.puzzleset_attempt(this.__wbg_ptr, index);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return PuzzleAttempt.__wrap(ret[0]);
    }
    /**
     * The index of the next puzzle for a solver of `rating`: of the
     * difficulty `label` (`easy`, `medium`, `hard`, `expert`; any when
     * absent or `any`), not in `seen` (ids), the one whose rating is
     * nearest (the first in the file on a tie); `undefined` when none is
     * left. Throws `TypeError` for an unknown label.
     * @param {number} rating
     * @param {string | null | undefined} label
     * @param {string[]} seen
     * @returns {number | undefined}
     */
    choose(rating, label, seen) {
        const val3 = +rating;
        let ptr0, len0, ptr1, len1;
        try {
            ptr0 = isLikeNone(label) ? 0 : passStringToWasm0(label, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len0 = WASM_VECTOR_LEN;
            ptr1 = passArrayJsValueToWasm0(seen, wasm.__wbindgen_malloc);
            len1 = WASM_VECTOR_LEN;
        } catch (e) {
            if (ptr1) { wasm.__externref_drop_slice(ptr1, len1); wasm.__wbindgen_free(ptr1, len1 * 4, 4); }
            if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
            throw e;
        }
        const ret = wasm.puzzleset_choose(this.__wbg_ptr, val3, ptr0, len0, ptr1, len1);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return ret[0] === Number.MAX_SAFE_INTEGER ? undefined : ret[0];
    }
    /**
     * The index of the puzzle named `id`, if the file has it.
     * @param {string} id
     * @returns {number | undefined}
     */
    indexOf(id) {
        const ptr0 = passStringToWasm0(id, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.puzzleset_indexOf(this.__wbg_ptr, ptr0, len0);
        return ret === Number.MAX_SAFE_INTEGER ? undefined : ret;
    }
    /**
     * How many puzzles the file has.
     * @returns {number}
     */
    get length() {
        const ret = wasm.puzzleset_length(this.__wbg_ptr);
        return ret >>> 0;
    }
    /**
     * The puzzles of a puzzle file's text (docs/PUZZLES.md, "The
     * file"); throws `PdnError` with the line of the file's first
     * problem.
     * @param {string} text
     */
    constructor(text) {
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.puzzleset_new(ptr0, len0);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        this.__wbg_ptr = ret[0];
        PuzzleSetFinalization.register(this, this.__wbg_ptr, this);
        return this;
    }
    /**
     * The puzzle at `index` as JSON: `{id, fen, rules, label, rating,
     * themes, source, tags, solution}` (`themes` the theme words, or
     * `["none"]`; `source` its kind; `tags` the record's puzzle tags; the
     * solution as move objects); throws `RangeError` for an index
     * outside the file.
     * @param {number} index
     * @returns {string}
     */
    puzzleJson(index) {
        let deferred2_0;
        let deferred2_1;
        try {
            const ret = wasm.puzzleset_puzzleJson(this.__wbg_ptr, index);
            var ptr1 = ret[0];
            var len1 = ret[1];
            if (ret[3]) {
                ptr1 = 0; len1 = 0;
                throw takeFromExternrefTable0(ret[2]);
            }
            deferred2_0 = ptr1;
            deferred2_1 = len1;
            return getStringFromWasm0(ptr1, len1);
        } finally {
            wasm.__wbindgen_free(deferred2_0, deferred2_1, 1);
        }
    }
}
if (Symbol.dispose) PuzzleSet.prototype[Symbol.dispose] = PuzzleSet.prototype.free;

/**
 * The engine of one worker: tama-search's `Engine` with one thread.
 */
export class WasmEngine {
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        WasmEngineFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_wasmengine_free(ptr, 0);
    }
    /**
     * Searches `board` under `request` (JSON: `{"depth", "movetime",
     * "nodes", "multipv", "book"}`, none of them required: no limit searches
     * until stopped), calling `on_info` with each iteration's report as
     * JSON text (`{"type": "info", …}`, the lines of `tama analyse
     * --json`); returns the last report as JSON (`bestmove` or
     * `gameover`).
     * @param {Board} board
     * @param {string} request
     * @param {Function | null} [on_info]
     * @returns {string}
     */
    analyse(board, request, on_info) {
        let deferred3_0;
        let deferred3_1;
        try {
            _assertClass(board, Board);
            const ptr0 = passStringToWasm0(request, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            const len0 = WASM_VECTOR_LEN;
            const ret = wasm.wasmengine_analyse(this.__wbg_ptr, board.__wbg_ptr, ptr0, len0, isLikeNone(on_info) ? 0 : addToExternrefTable0(on_info));
            var ptr2 = ret[0];
            var len2 = ret[1];
            if (ret[3]) {
                ptr2 = 0; len2 = 0;
                throw takeFromExternrefTable0(ret[2]);
            }
            deferred3_0 = ptr2;
            deferred3_1 = len2;
            return getStringFromWasm0(ptr2, len2);
        } finally {
            wasm.__wbindgen_free(deferred3_0, deferred3_1, 1);
        }
    }
    /**
     * Forgets what earlier searches learned (the hash table).
     */
    clear() {
        wasm.wasmengine_clear(this.__wbg_ptr);
    }
    /**
     * The static evaluation of the board's position for the side to
     * move, as a score's JSON (`{"cm": 35}`).
     * @param {Board} board
     * @returns {string}
     */
    evaluate(board) {
        let deferred1_0;
        let deferred1_1;
        try {
            _assertClass(board, Board);
            const ret = wasm.wasmengine_evaluate(this.__wbg_ptr, board.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * An engine with `settings` (`["hash=32", "eval=classic"]`); throws
     * `TypeError` or `RangeError` naming the setting.
     * @param {string[]} settings
     */
    constructor(settings) {
        const ptr0 = passArrayJsValueToWasm0(settings, wasm.__wbindgen_malloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.wasmengine_new(ptr0, len0);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        this.__wbg_ptr = ret[0];
        WasmEngineFinalization.register(this, this.__wbg_ptr, this);
        return this;
    }
    /**
     * Reviews the board's game, move by move, as `tama analyse --pdn` and
     * the web server's `GET /api/review` do: each search under `request`
     * (200 ms a position when it sets no limit), from an empty hash table.
     * `on_event(name, json)` is called with `progress` events
     * (`{"done", "total"}`) and a `move` event per verdict (tama-api's
     * `ReviewMove`); returns the summary (`{"white": {"mistakes",
     * "blunders"}, "black": …}`) as JSON, or `undefined` when the review
     * was stopped (the stop flag) before its end.
     * @param {Board} board
     * @param {string} request
     * @param {Function | null} [on_event]
     * @returns {string | undefined}
     */
    review(board, request, on_event) {
        _assertClass(board, Board);
        const ptr0 = passStringToWasm0(request, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.wasmengine_review(this.__wbg_ptr, board.__wbg_ptr, ptr0, len0, isLikeNone(on_event) ? 0 : addToExternrefTable0(on_event));
        if (ret[3]) {
            throw takeFromExternrefTable0(ret[2]);
        }
        let v2;
        if (ret[0] !== 0) {
            v2 = getStringFromWasm0(ret[0], ret[1]);
            wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
        }
        return v2;
    }
    /**
     * Gives the engine an opening book: a book file's bytes
     * (`Uint8Array`), or `undefined` to take it away. Returns the book's
     * preset; throws `BookError` for a damaged file. A search with
     * limits in a position of the book then answers a book move at once
     * (`"book": true`, depth 0) unless its request says `"book": false`.
     * @param {Uint8Array | number[] | null} [bytes]
     * @returns {string | undefined}
     */
    setBook(bytes) {
        var ptr0 = isLikeNone(bytes) ? 0 : passArray8ToWasm0(bytes, wasm.__wbindgen_malloc);
        var len0 = WASM_VECTOR_LEN;
        const ret = wasm.wasmengine_setBook(this.__wbg_ptr, ptr0, len0);
        if (ret[3]) {
            throw takeFromExternrefTable0(ret[2]);
        }
        let v2;
        if (ret[0] !== 0) {
            v2 = getStringFromWasm0(ret[0], ret[1]);
            wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
        }
        return v2;
    }
    /**
     * Sets the flag that stops searches: an `Int32Array` (over a
     * `SharedArrayBuffer`, written by another thread) whose first element
     * is 1 while a stop is requested, and 2 once a ponder search was hit
     * (it then goes on under its limits); `undefined` removes it.
     * @param {Int32Array | null} [flag]
     */
    static setStopFlag(flag) {
        wasm.wasmengine_setStopFlag(isLikeNone(flag) ? 0 : addToExternrefTable0(flag));
    }
}
if (Symbol.dispose) WasmEngine.prototype[Symbol.dispose] = WasmEngine.prototype.free;

/**
 * The flag rules' names, the default first (`["lose", "draw-if-no-win"]`).
 * @returns {string[]}
 */
export function flagRules() {
    const ret = wasm.flagRules();
    var v1 = getArrayJsValueFromWasm0(ret[0], ret[1]);
    wasm.__wbindgen_free(ret[0], ret[1] * 4, 4);
    return v1;
}

/**
 * `levels()`: the engine's levels of play and the default, as JSON.
 * @returns {string}
 */
export function levels() {
    let deferred1_0;
    let deferred1_1;
    try {
        const ret = wasm.levels();
        deferred1_0 = ret[0];
        deferred1_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
    }
}

/**
 * Every game of a PDN text in canonical form; throws `PdnError` (with
 * `line` and `column`) at the first game that cannot be read.
 * @param {string} text
 * @returns {string}
 */
export function pdnFormat(text) {
    let deferred3_0;
    let deferred3_1;
    try {
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.pdnFormat(ptr0, len0);
        var ptr2 = ret[0];
        var len2 = ret[1];
        if (ret[3]) {
            ptr2 = 0; len2 = 0;
            throw takeFromExternrefTable0(ret[2]);
        }
        deferred3_0 = ptr2;
        deferred3_1 = len2;
        return getStringFromWasm0(ptr2, len2);
    } finally {
        wasm.__wbindgen_free(deferred3_0, deferred3_1, 1);
    }
}

/**
 * Canonical PDN from a game record's JSON form; throws `PdnError`.
 * @param {string} json
 * @returns {string}
 */
export function pdnFromJson(json) {
    let deferred3_0;
    let deferred3_1;
    try {
        const ptr0 = passStringToWasm0(json, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.pdnFromJson(ptr0, len0);
        var ptr2 = ret[0];
        var len2 = ret[1];
        if (ret[3]) {
            ptr2 = 0; len2 = 0;
            throw takeFromExternrefTable0(ret[2]);
        }
        deferred3_0 = ptr2;
        deferred3_1 = len2;
        return getStringFromWasm0(ptr2, len2);
    } finally {
        wasm.__wbindgen_free(deferred3_0, deferred3_1, 1);
    }
}

/**
 * Every game of a PDN text as a JSON array (see [`pdn_to_json`]).
 * @param {string} text
 * @returns {string}
 */
export function pdnToJson(text) {
    let deferred2_0;
    let deferred2_1;
    try {
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.pdnToJson(ptr0, len0);
        deferred2_0 = ret[0];
        deferred2_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_free(deferred2_0, deferred2_1, 1);
    }
}

/**
 * `rulesTable(text)`: the rules table as JSON; throws `RulesError`.
 * @param {string | null} [rules]
 * @returns {string}
 */
export function rulesTable(rules) {
    let deferred3_0;
    let deferred3_1;
    try {
        var ptr0 = isLikeNone(rules) ? 0 : passStringToWasm0(rules, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        var len0 = WASM_VECTOR_LEN;
        const ret = wasm.rulesTable(ptr0, len0);
        var ptr2 = ret[0];
        var len2 = ret[1];
        if (ret[3]) {
            ptr2 = 0; len2 = 0;
            throw takeFromExternrefTable0(ret[2]);
        }
        deferred3_0 = ptr2;
        deferred3_1 = len2;
        return getStringFromWasm0(ptr2, len2);
    } finally {
        wasm.__wbindgen_free(deferred3_0, deferred3_1, 1);
    }
}

/**
 * Reads a time-control text; its JSON: `{"text", "tag", "initial_ms",
 * "stages": [{"moves", "time_ms", "increment_ms"}]}` (`text` canonical,
 * `tag` the PDN `TimeControl` value). Throws `TimeControlError` (with
 * the column) or `RangeError`.
 * @param {string} text
 * @returns {string}
 */
export function timeControl(text) {
    let deferred3_0;
    let deferred3_1;
    try {
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.timeControl(ptr0, len0);
        var ptr2 = ret[0];
        var len2 = ret[1];
        if (ret[3]) {
            ptr2 = 0; len2 = 0;
            throw takeFromExternrefTable0(ret[2]);
        }
        deferred3_0 = ptr2;
        deferred3_1 = len2;
        return getStringFromWasm0(ptr2, len2);
    } finally {
        wasm.__wbindgen_free(deferred3_0, deferred3_1, 1);
    }
}
function __wbg_get_imports() {
    const import0 = {
        __proto__: null,
        __wbg___wbindgen_is_undefined_be5b34249ff1fc15: function(arg0) {
            const ret = arg0 === undefined;
            return ret;
        },
        __wbg___wbindgen_string_get_7ce8eee7fd327545: function(arg0, arg1) {
            const obj = arg1;
            const ret = typeof(obj) === 'string' ? obj : undefined;
            var ptr1 = isLikeNone(ret) ? 0 : passStringToWasm0(ret, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            var len1 = WASM_VECTOR_LEN;
            getDataViewMemory0().setInt32((arg0 >>> 0) + 4 * 1, len1, true);
            getDataViewMemory0().setInt32((arg0 >>> 0) + 4 * 0, ptr1, true);
        },
        __wbg___wbindgen_throw_4c88d8bf264fd984: function(arg0, arg1) {
            throw new Error(getStringFromWasm0(arg0, arg1));
        },
        __wbg_call_a410eb4b59ed5965: function() { return handleError(function (arg0, arg1, arg2) {
            const ret = arg0.call(arg1, arg2);
            return ret;
        }, arguments); },
        __wbg_call_fc92fee6137d452d: function() { return handleError(function (arg0, arg1, arg2, arg3) {
            const ret = arg0.call(arg1, arg2, arg3);
            return ret;
        }, arguments); },
        __wbg_load_21f270a6384df4e4: function() { return handleError(function (arg0, arg1) {
            const ret = Atomics.load(arg0, arg1 >>> 0);
            return ret;
        }, arguments); },
        __wbg_new_787b9fb330d55d78: function(arg0, arg1) {
            const ret = new Error(getStringFromWasm0(arg0, arg1));
            return ret;
        },
        __wbg_now_e7c6795a7f81e10f: function(arg0) {
            const ret = arg0.now();
            return ret;
        },
        __wbg_performance_7e4e4494fdc9d07a: function(arg0) {
            const ret = arg0.performance;
            return ret;
        },
        __wbg_set_2793479888329cb6: function() { return handleError(function (arg0, arg1, arg2) {
            const ret = Reflect.set(arg0, arg1, arg2);
            return ret;
        }, arguments); },
        __wbg_set_name_822e3903f3184979: function(arg0, arg1, arg2) {
            arg0.name = getStringFromWasm0(arg1, arg2);
        },
        __wbg_static_accessor_GLOBAL_THIS_003ee833af9699fc: function() {
            const ret = typeof globalThis === 'undefined' ? undefined : globalThis;
            return isLikeNone(ret) ? 0 : addToExternrefTable0(ret);
        },
        __wbg_static_accessor_GLOBAL_e4293fb22cbe77da: function() {
            const ret = typeof global === 'undefined' ? undefined : global;
            return isLikeNone(ret) ? 0 : addToExternrefTable0(ret);
        },
        __wbg_static_accessor_SELF_53bb20457401453d: function() {
            const ret = typeof self === 'undefined' ? undefined : self;
            return isLikeNone(ret) ? 0 : addToExternrefTable0(ret);
        },
        __wbg_static_accessor_WINDOW_b5e0810bfecb7feb: function() {
            const ret = typeof window === 'undefined' ? undefined : window;
            return isLikeNone(ret) ? 0 : addToExternrefTable0(ret);
        },
        __wbindgen_generic_0000000000000001: function(arg0) {
            // Cast intrinsic for `F64 -> Externref`.
            const ret = arg0;
            return ret;
        },
        __wbindgen_generic_0000000000000002: function(arg0, arg1) {
            // Cast intrinsic for `Ref(String) -> Externref`.
            const ret = getStringFromWasm0(arg0, arg1);
            return ret;
        },
        __wbindgen_init_externref_table: function() {
            const table = wasm.__wbindgen_externrefs;
            table.set(0, undefined);
            table.set(1024, undefined);
            table.set(1025, null);
            table.set(1026, true);
            table.set(1027, false);
        },
    };
    return {
        __proto__: null,
        "./tama_wasm_bg.js": import0,
    };
}

const BoardFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_board_free(ptr, 1));
const BookFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_book_free(ptr, 1));
const PuzzleAttemptFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_puzzleattempt_free(ptr, 1));
const PuzzleRatingFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_puzzlerating_free(ptr, 1));
const PuzzleSetFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_puzzleset_free(ptr, 1));
const WasmEngineFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_wasmengine_free(ptr, 1));

function addToExternrefTable0(obj) {
    const idx = wasm.__externref_table_alloc();
    wasm.__wbindgen_externrefs.set(idx, obj);
    return idx;
}

function _assertClass(instance, klass) {
    if (!(instance instanceof klass)) {
        throw new Error(`expected instance of ${klass.name}`);
    }
}

function getArrayJsValueFromWasm0(ptr, len) {
    ptr = ptr >>> 0;
    const mem = getDataViewMemory0();
    const result = [];
    for (let i = ptr; i < ptr + 4 * len; i += 4) {
        result.push(wasm.__wbindgen_externrefs.get(mem.getUint32(i, true)));
    }
    wasm.__externref_drop_slice(ptr, len);
    return result;
}

let cachedDataViewMemory0 = null;
function getDataViewMemory0() {
    if (cachedDataViewMemory0 === null || cachedDataViewMemory0.buffer.detached === true || (cachedDataViewMemory0.buffer.detached === undefined && cachedDataViewMemory0.buffer !== wasm.memory.buffer)) {
        cachedDataViewMemory0 = new DataView(wasm.memory.buffer);
    }
    return cachedDataViewMemory0;
}

function getStringFromWasm0(ptr, len) {
    ptr = ptr >>> 0;
    return decodeText(getUint8ArrayMemory0().subarray(ptr, ptr + len));
}

let cachedUint8ArrayMemory0 = null;
function getUint8ArrayMemory0() {
    if (cachedUint8ArrayMemory0 === null || cachedUint8ArrayMemory0.byteLength === 0) {
        cachedUint8ArrayMemory0 = new Uint8Array(wasm.memory.buffer);
    }
    return cachedUint8ArrayMemory0;
}

function handleError(f, args) {
    try {
        return f.apply(this, args);
    } catch (e) {
        const idx = addToExternrefTable0(e);
        wasm.__wbindgen_exn_store(idx);
    }
}

function isLikeNone(x) {
    return x === undefined || x === null;
}

function passArray8ToWasm0(arg, malloc) {
    const ptr = malloc(arg.length * 1, 1) >>> 0;
    getUint8ArrayMemory0().set(arg, ptr / 1);
    WASM_VECTOR_LEN = arg.length;
    return ptr;
}

function passArrayJsValueToWasm0(array, malloc) {
    const ptr = malloc(array.length * 4, 4) >>> 0;
    for (let i = 0; i < array.length; i++) {
        const add = addToExternrefTable0(array[i]);
        getDataViewMemory0().setUint32(ptr + 4 * i, add, true);
    }
    WASM_VECTOR_LEN = array.length;
    return ptr;
}

function passStringToWasm0(arg, malloc, realloc) {
    if (realloc === undefined) {
        const buf = cachedTextEncoder.encode(arg);
        const ptr = malloc(buf.length, 1) >>> 0;
        getUint8ArrayMemory0().subarray(ptr, ptr + buf.length).set(buf);
        WASM_VECTOR_LEN = buf.length;
        return ptr;
    }

    let len = arg.length;
    let ptr = malloc(len, 1) >>> 0;

    const mem = getUint8ArrayMemory0();

    let offset = 0;

    for (; offset < len; offset++) {
        const code = arg.charCodeAt(offset);
        if (code > 0x7F) break;
        mem[ptr + offset] = code;
    }
    if (offset !== len) {
        if (offset !== 0) {
            arg = arg.slice(offset);
        }
        ptr = realloc(ptr, len, len = offset + arg.length * 3, 1) >>> 0;
        const view = getUint8ArrayMemory0().subarray(ptr + offset, ptr + len);
        const ret = cachedTextEncoder.encodeInto(arg, view);

        offset += ret.written;
        ptr = realloc(ptr, len, offset, 1) >>> 0;
    }

    WASM_VECTOR_LEN = offset;
    return ptr;
}

function takeFromExternrefTable0(idx) {
    const value = wasm.__wbindgen_externrefs.get(idx);
    wasm.__externref_table_dealloc(idx);
    return value;
}

let cachedTextDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
cachedTextDecoder.decode();
const MAX_SAFARI_DECODE_BYTES = 2146435072;
let numBytesDecoded = 0;
function decodeText(bytes) {
    numBytesDecoded += bytes.length;
    if (numBytesDecoded >= MAX_SAFARI_DECODE_BYTES) {
        cachedTextDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
        cachedTextDecoder.decode();
        numBytesDecoded = bytes.length;
    }
    return cachedTextDecoder.decode(bytes);
}

const cachedTextEncoder = new TextEncoder();

if (!('encodeInto' in cachedTextEncoder)) {
    cachedTextEncoder.encodeInto = function (arg, view) {
        const buf = cachedTextEncoder.encode(arg);
        view.set(buf);
        return {
            read: arg.length,
            written: buf.length
        };
    };
}

let WASM_VECTOR_LEN = 0;

let wasmModule, wasmInstance, wasm;
function __wbg_finalize_init(instance, module) {
    wasmInstance = instance;
    wasm = instance.exports;
    wasmModule = module;
    cachedDataViewMemory0 = null;
    cachedUint8ArrayMemory0 = null;
    wasm.__wbindgen_start();
    return wasm;
}

async function __wbg_load(module, imports) {
    if (typeof Response === 'function' && module instanceof Response) {
        if (!module.ok) {
            throw new Error(`failed to fetch Wasm: ${module.status} ${module.statusText} fetching '${module.url}'`);
        }

        if (typeof WebAssembly.instantiateStreaming === 'function') {
            try {
                return await WebAssembly.instantiateStreaming(module, imports);
            } catch (e) {
                const validResponse = expectedResponseType(module.type);

                if (validResponse && module.headers.get('Content-Type') !== 'application/wasm') {
                    console.warn("`WebAssembly.instantiateStreaming` failed because your server does not serve Wasm with `application/wasm` MIME type. Falling back to `WebAssembly.instantiate` which is slower. Original error:\n", e);

                } else { throw e; }
            }
        }

        const bytes = await module.arrayBuffer();
        return await WebAssembly.instantiate(bytes, imports);
    } else {
        const instance = await WebAssembly.instantiate(module, imports);

        if (instance instanceof WebAssembly.Instance) {
            return { instance, module };
        } else {
            return instance;
        }
    }

    function expectedResponseType(type) {
        switch (type) {
            case 'basic': case 'cors': case 'default': return true;
        }
        return false;
    }
}

function initSync(module) {
    if (wasm !== undefined) return wasm;


    if (module !== undefined) {
        if (Object.getPrototypeOf(module) === Object.prototype) {
            ({module} = module)
        } else {
            console.warn('using deprecated parameters for `initSync()`; pass a single object instead')
        }
    }

    const imports = __wbg_get_imports();
    if (!(module instanceof WebAssembly.Module)) {
        module = new WebAssembly.Module(module);
    }
    const instance = new WebAssembly.Instance(module, imports);
    return __wbg_finalize_init(instance, module);
}

let __wbg_init_promise;
async function __wbg_init(module_or_path) {
    if (wasm !== undefined) return wasm;
    if (__wbg_init_promise === undefined) {
        __wbg_init_promise = __wbg_init_once(module_or_path);
        __wbg_init_promise.catch(() => { __wbg_init_promise = undefined; });
    }
    return __wbg_init_promise;
}

async function __wbg_init_once(module_or_path) {

    if (module_or_path !== undefined) {
        if (Object.getPrototypeOf(module_or_path) === Object.prototype) {
            ({module_or_path} = module_or_path)
        } else {
            console.warn('using deprecated parameters for the initialization function; pass a single object instead')
        }
    }

    if (module_or_path === undefined) {
        module_or_path = new URL('tama_wasm_bg.wasm', import.meta.url);
    }
    const imports = __wbg_get_imports();

    if (typeof module_or_path === 'string' || (typeof Request === 'function' && module_or_path instanceof Request) || (typeof URL === 'function' && module_or_path instanceof URL)) {
        module_or_path = fetch(module_or_path);
    }

    const { instance, module } = await __wbg_load(await module_or_path, imports);

    return __wbg_finalize_init(instance, module);
}

export { initSync, __wbg_init as default };
