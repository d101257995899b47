// The record: which node is current, moving through the game tree,
// adding moves, and loading a new game. The package knows each
// position's legal moves and outcome (game.js).

import { state, changed, emit, known, showError, emptyReview } from "./state.js";
import { addChild, addMoveText, isMainLine } from "./game.js";

// The result a finished main line gives the game.
function settleResult(node) {
  const k = known(node);
  if (k.result && isMainLine(node) && !node.children.length) state.game.result = k.result;
}

// Makes `node` current and "arrives" there (the analysis and the engine's
// move follow).
export function goto(node) {
  state.node = node;
  state.selected = null;
  state.error = null;
  state.fenDraft = null;
  state.fenError = null;
  try {
    settleResult(node);
  } catch (e) {
    state.error = e.message;
  }
  changed();
  emit("arrive", node);
}

// Plays a legal move (its JSON form, from the node's legal moves).
export function playMove(mv) {
  return goto(addChild(state.node, mv));
}

// Plays move texts (an engine line) from the current position.
export function playTexts(texts) {
  let node = state.node;
  try {
    for (const t of texts) node = addMoveText(state.game, node, t);
  } catch (e) {
    showError(e.message);
  }
  goto(node);
}

// Puts `game` on screen in the mode shown, at `node` (its start when none).
export function loadGame(game, node = game.root) {
  emit("load", game); // the old game's engine work stops
  state.game = game;
  state.review = emptyReview();
  state.selected = null;
  state.error = null;
  goto(node);
}

// Takes back the last move (in play mode, the engine's answer too).
export function takeBack() {
  let node = state.node;
  if (!node.parent || state.thinking) return;
  const drop = (n) => {
    const p = n.parent;
    p.children = p.children.filter((c) => c !== n);
    return p;
  };
  node = drop(node);
  if (state.mode === "play" && node.parent && known(node).pos.turn !== state.play.human) node = drop(node);
  if (isMainLine(node) && !node.children.length) state.game.result = "*";
  goto(node);
}

export function nav(where) {
  const n = state.node;
  if (where === "first") goto(state.game.root);
  else if (where === "back" && n.parent) goto(n.parent);
  else if (where === "forward" && n.children[0]) goto(n.children[0]);
  else if (where === "last") {
    let m = n;
    while (m.children[0]) m = m.children[0];
    goto(m);
  }
}
