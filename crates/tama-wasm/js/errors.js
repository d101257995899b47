// The package's error classes. Each carries the library's message, which
// names the problem and where it is; text errors also have `column` (and
// PDN errors `line`), 1-based. A FenError also has `kind` (the problem's
// word), `token` (the text at the column) and, for a problem of one side,
// `color`, so that a page can say it in its own language.

/** The base class of every error of the package's own. */
export class TamaError extends Error {
  constructor(message, { line, column, kind, token, color } = {}) {
    super(message);
    this.name = new.target.name;
    if (line !== undefined) this.line = line;
    if (column !== undefined) this.column = column;
    if (kind !== undefined) this.kind = kind;
    if (token !== undefined) this.token = token;
    if (color !== undefined) this.color = color;
  }
}

/**
 * A position text (FEN) that cannot be read: `kind` is one of `empty`,
 * `missing-turn`, `unknown-turn`, `unknown-section`, `empty-section`,
 * `duplicate-section`, `empty-piece`, `unknown-square`,
 * `duplicate-square`, `too-many-pieces`, `man-on-promotion-rank`,
 * `bad-counter` (absent for a placement of the editor's rows).
 */
export class FenError extends TamaError {}

/** A move text that is not move text. */
export class MoveTextError extends TamaError {}

/** A rules text that cannot be read. */
export class RulesError extends TamaError {}

/** A move that is not legal (or is ambiguous) in the position, or a move after the end. */
export class IllegalMoveError extends TamaError {}

/** A PDN game record that cannot be read or written. */
export class PdnError extends TamaError {}

/** A time-control text that cannot be read (`3m+2s` is one). */
export class TimeControlError extends TamaError {}

/** An opening book file that cannot be read (damaged, of another version or of other rules). */
export class BookError extends TamaError {}

const CLASSES = { FenError, MoveTextError, RulesError, IllegalMoveError, PdnError, TimeControlError, BookError };

/**
 * The package's error for an error of the module (whose `name` is its
 * class): one of the classes above, a RangeError or TypeError for bad
 * arguments, or the error itself when it is none of these (a trap: a
 * defect of the module).
 */
export function translate(e) {
  if (e && typeof e === "object" && typeof e.name === "string") {
    const Class = CLASSES[e.name];
    if (Class) return new Class(e.message, { line: e.line, column: e.column, kind: e.kind, token: e.token, color: e.color });
    if (e.name === "RangeError") return new RangeError(e.message);
    if (e.name === "TypeError") return new TypeError(e.message);
  }
  return e;
}

/** Calls `f`, rethrowing the module's errors as the package's. */
export function call(f) {
  try {
    return f();
  } catch (e) {
    throw translate(e);
  }
}

/** An error as a plain object that a worker can post. */
export function toMessage(e) {
  return {
    name: e && e.name ? String(e.name) : "Error",
    message: e && e.message ? String(e.message) : String(e),
    line: e ? e.line : undefined,
    column: e ? e.column : undefined,
    kind: e ? e.kind : undefined,
    token: e ? e.token : undefined,
    color: e ? e.color : undefined,
  };
}
