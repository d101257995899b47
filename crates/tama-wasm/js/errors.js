// The package's error classes. Each carries the library's message, which
// names the problem and where it is; text errors also have `column` (and
// PDN errors `line`), 1-based.

/** The base class of every error of the package's own. */
export class TamaError extends Error {
  constructor(message, { line, column } = {}) {
    super(message);
    this.name = new.target.name;
    if (line !== undefined) this.line = line;
    if (column !== undefined) this.column = column;
  }
}

/** A position text (FEN) that cannot be read. */
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
    if (Class) return new Class(e.message, { line: e.line, column: e.column });
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
  };
}
