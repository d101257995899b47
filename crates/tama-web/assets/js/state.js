// The page's one state object, what can be read off it, and the events
// through which the controllers tell the rest of the page what changed:
// "change" (redraw; a part name for a partial redraw), "arrive" (a node
// became current and its legal moves are known), "load" (a new game).

import { START_FEN } from "./position.js";
import { newGame, lineTo } from "./tree.js";

export const today = () => {
  const d = new Date();
  return `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, "0")}.${String(d.getDate()).padStart(2, "0")}`;
};

export const emptyReview = () => ({ running: false, done: 0, total: 0, points: null, summary: null, stop: null });

export const state = {
  game: newGame(START_FEN, "armenian", { Event: "Casual game", Date: today(), White: "You", Black: "tama" }),
  node: null,
  mode: "play", // play | two | analysis | edit
  flip: false,
  selected: null, // {from, clicks: [squares]}
  play: { human: "w", level: null },
  levels: [], // the engine's levels of play, from /api/levels
  thinking: false,
  analysis: { on: false, multipv: 3, lines: [], depth: 0, nps: 0, forNode: null, stop: null },
  review: emptyReview(),
  editor: null, // {pos, piece, error}
  error: null,
};
state.node = state.game.root;
window.tamaState = state; // for the browser tests and the curious

const listeners = { change: [], arrive: [], load: [] };

export function on(event, fn) {
  listeners[event].push(fn);
}

export function emit(event, arg) {
  for (const fn of listeners[event]) fn(arg);
}

// Redraws the page, or one part of it ("engine", "review").
export const changed = (part) => emit("change", part);

export function showError(msg) {
  state.error = msg;
  changed();
}

// The moves from the game's start to `node`, in move text.
export function history(node) {
  return lineTo(node).map((n) => n.move.move);
}

export function resultOf(outcome) {
  return outcome.winner === "white" ? "1-0" : outcome.winner === "black" ? "0-1" : "1/2-1/2";
}

// Whether a click on the board may move a piece now.
export function humanToMove() {
  if (state.thinking || state.review.running) return false;
  if (state.mode === "play") return state.node.pos.turn === state.play.human;
  return state.mode !== "edit";
}

// A level of the page's selects as the API's limit: `l:5` a level of
// play (its depth and time from /api/levels), `d:6` a depth, `t:500` a
// time in milliseconds.
export function limitOf(level) {
  if (!level) return { depth: 4 }; // the levels have not arrived yet
  const [kind, n] = level.split(":");
  if (kind === "l") {
    const found = state.levels.find((l) => l.level === Number(n));
    if (!found) return { depth: 1 };
    return found.depth === null
      ? { movetime: found.movetime_ms }
      : { depth: found.depth, movetime: found.movetime_ms };
  }
  return kind === "d" ? { depth: Number(n) } : { movetime: Number(n) };
}

export function findNode(id, from = state.game.root) {
  if (from.id === id) return from;
  for (const c of from.children) {
    const f = findNode(id, c);
    if (f) return f;
  }
  return null;
}
