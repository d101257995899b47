// The whole-game review: the engine in use judges every main-line move
// (the verdicts, marks and comments of `tama analyse --pdn`); the page
// puts them on the moves and draws the progress, the graph and the
// summary.

import { state, changed, gameTo, known, limitOf, showError, emptyReview } from "./state.js";
import { mainLine } from "./game.js";
import { whiteScore } from "./score.js";
import { stopAnalysis, restartAnalysis } from "./analysis.js";

export function stopReview() {
  if (state.review.stop) state.review.stop();
}

// Reviews the main line with `level` (`d:6`, `t:200`) per position.
export function startReview(level) {
  stopReview();
  stopAnalysis();
  const game = state.game;
  const nodes = [game.root, ...mainLine(game)];
  for (const n of nodes) forgetVerdict(n);
  const r = { ...emptyReview(), running: true, total: nodes.length - 1 };
  r.points = nodes.map((node) => ({ node, white: null, mark: null }));
  state.review = r;
  changed();
  const last = nodes[nodes.length - 1];
  const stream = state.engine.review(gameTo(last), limitOf(level), (name, data) => {
    if (state.review !== r) return;
    if (name === "progress") {
      r.done = data.done;
      return changed("review");
    }
    if (name === "move") putVerdict(r, nodes, data);
    else if (name === "summary") r.summary = data;
    else if (name === "error") state.error = data.error;
    changed();
  });
  r.stop = stream.stop;
  stream.done
    .catch((e) => {
      if (e.name !== "AbortError" && state.review === r) showError(e.message);
    })
    .finally(() => {
      r.running = false;
      r.stop = null;
      if (state.review !== r) return;
      changed();
      restartAnalysis();
    });
}

function forgetVerdict(n) {
  if (n.engineComment) n.commentsAfter = n.commentsAfter.filter((c) => c !== n.engineComment);
  n.engineComment = null;
  n.white = null;
}

// A `move` event: the mark and comment go on the move, its evaluation on
// the graph (the first one's best score is the start's evaluation).
function putVerdict(r, nodes, v) {
  const child = nodes[v.ply + 1];
  const turn = v.side === "white" ? "w" : "b";
  if (v.mark) child.annotation = v.mark;
  child.commentsAfter.push(v.comment);
  child.engineComment = v.comment;
  child.white = whiteScore(v.played_score, turn);
  r.points[v.ply + 1].white = child.white;
  r.points[v.ply + 1].mark = v.mark;
  if (v.ply === 0) {
    nodes[0].white = whiteScore(v.best_score, known(nodes[0]).pos.turn);
    r.points[0].white = nodes[0].white;
  }
}
