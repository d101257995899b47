// Thinking on the player's time: after the engine's move in play mode
// (with the option on), the engine searches the position after the move
// it expects of the player (the second move of its line). When the
// player makes that move (a hit) the same search goes on under the clock
// and gives the engine's answer; any other move, a take-back, a new game
// or another mode is a miss, and the search stops.
//
// state.ponder = null, or {node, predicted, handle}: `node` the position
// the player moves from, `handle` the engine's {hit, miss}.
// `stats` counts the hits and misses (the browser tests read them).

import { state, gameTo } from "./state.js";

export const stats = { started: 0, hits: 0, misses: 0 };
window.tamaPonder = stats;

// Starts thinking on the player's time at `node` (the engine just
// moved there), expecting `predicted`.
export function startPonder(node, predicted, limit) {
  stopPonder();
  if (!state.play.ponder || !predicted || !state.engine.ponder) return;
  try {
    state.ponder = { node, predicted, handle: state.engine.ponder(gameTo(node), predicted, limit) };
    stats.started++;
  } catch (_) {
    state.ponder = null; // the prediction is not a legal move there: no pondering
  }
}

// The ponder search for a move to `node`: its handle when `node` is the
// predicted move (a hit, to be asked for its move), else null (and a
// search on another position is stopped: a miss).
export function ponderFor(node) {
  const p = state.ponder;
  if (!p) return null;
  state.ponder = null;
  if (node.parent === p.node && node.move && node.move.move === p.predicted && state.mode === "play") {
    stats.hits++;
    return p.handle;
  }
  stats.misses++;
  p.handle.miss();
  return null;
}

export function stopPonder() {
  const p = state.ponder;
  state.ponder = null;
  if (p) {
    stats.misses++;
    p.handle.miss();
  }
}
