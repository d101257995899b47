// The record: which node is current, moving through the game tree,
// adding moves, and loading a new game. The server is asked for each
// position's legal moves (and outcome) when it becomes current.

import { api } from "./api.js";
import { state, changed, emit, history, showError, resultOf, emptyReview } from "./state.js";
import { addChild, isMainLine } from "./tree.js";

function ensureLegal(node) {
  if (node.legal || node.loading) return node.loading;
  const game = state.game;
  node.loading = api
    .moves(game.fen, game.rules, history(node))
    .then((r) => {
      node.legal = { moves: r.moves, outcome: r.outcome };
      node.fen = r.fen;
      if (r.outcome && isMainLine(node) && !node.children.length) game.result = resultOf(r.outcome);
    })
    .catch((e) => showError(e.message))
    .finally(() => {
      node.loading = null;
      if (state.game === game) changed();
    });
  return node.loading;
}

// Makes `node` current; once its moves are known the page "arrives".
export async function goto(node) {
  state.node = node;
  state.selected = null;
  state.error = null;
  changed();
  await ensureLegal(node);
  if (state.node !== node) return;
  emit("arrive", node);
}

export function playMove(mv) {
  return goto(addChild(state.node, mv));
}

// Plays move texts (an engine line) from the current position.
export async function playTexts(texts) {
  for (const t of texts) {
    const node = state.node;
    await ensureLegal(node);
    let mv = node.legal && node.legal.moves.find((m) => m.move === t);
    if (!mv) {
      const r = await api.play(state.game.fen, state.game.rules, history(node), t).catch((e) => showError(e.message));
      if (!r) return;
      mv = r.move;
    }
    state.node = addChild(node, mv);
  }
  await goto(state.node);
}

export function loadGame(game) {
  emit("load", game); // the old game's engine work stops
  state.game = game;
  state.review = emptyReview();
  state.selected = null;
  state.error = null;
  goto(game.root);
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
  if (state.mode === "play" && node.parent && node.pos.turn !== state.play.human) node = drop(node);
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
