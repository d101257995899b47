// The opening book: the Book list of the engine panel (the book's moves
// of the current position, with their values and weights, from the
// engine in use: `GET /api/book`, or the package's Book over the page's
// `books/<preset>.tbk`), and the play option "Opening book" (whether the
// engine plays the book's moves), remembered in this browser.
//
// state.book = {on, forNode, engine, preset, moves}: `on` the play
// option, `moves` the book moves of `forNode` as the server gives them
// ({move, value, weight, leaf}, best first), `preset` the preset of its
// answer (null: the rules are no preset; undefined until it answers).

import { state, changed, gameTo, known } from "./state.js";
import { addMoveText } from "./game.js";

const STORE = "tama.book";

// Whether the engine plays from its book: on unless turned off here.
export function bookRemembered() {
  try {
    return localStorage.getItem(STORE) !== "off";
  } catch (_) {
    return true; // storage refused: the default
  }
}

export function setBookOption(on) {
  state.book.on = on;
  try {
    localStorage.setItem(STORE, on ? "on" : "off");
  } catch (_) {
    /* storage refused: not remembered */
  }
}

// The book's moves of the current position, asked of the engine in use
// where the engine panel shows them (analysis, two players).
export function refreshBook() {
  const b = state.book;
  const node = state.node;
  const shown = state.mode === "analysis" || state.mode === "two";
  if (!shown || !state.engine || !state.engine.bookMoves || known(node).legal.outcome) {
    b.forNode = node;
    b.moves = [];
    return;
  }
  if (b.forNode === node && b.engine === state.engine) return;
  b.forNode = node;
  b.engine = state.engine;
  b.preset = undefined;
  b.moves = [];
  state.engine
    .bookMoves(gameTo(node))
    .then(({ preset, moves }) => {
      if (b.forNode !== node) return;
      b.preset = preset;
      b.moves = moves;
      changed("engine");
    })
    .catch(() => {
      // No book to show (a server without the route, a file not at hand
      // offline): the list stays empty.
    });
}

// Marks the node of an engine's move that came from the book (the
// record shows it).
export function markBookMove(node, reply) {
  if (reply && reply.book) node.book = true;
}

// The move of the book list at `index`, played in the current position.
export function bookMoveAt(index) {
  const m = state.book.moves[index];
  if (!m || state.book.forNode !== state.node) return null;
  return addMoveText(state.game, state.node, m.move.move);
}
