// Draws the board (pieces, selection, last move, the engine's best move)
// and the evaluation bar beside it.

import { $ } from "../dom.js";
import { state, known } from "../state.js";
import { sqIndex } from "../squares.js";
import { editorPos } from "../editor.js";
import { scoreRaw, scoreText, whiteScore } from "../score.js";
import { selectionMarks } from "../play.js";
import { hintArrows } from "../puzzles.js";

export function renderBoard(board) {
  const node = state.node;
  const k = known(node);
  const { dests, hints } = selectionMarks();
  const a = state.analysis;
  const arrows = hintArrows();
  if (a.on && a.forNode === node && a.lines[0]) {
    const mv = k.legal.moves.find((m) => m.move === a.lines[0].pv[0]);
    if (mv) arrows.push({ path: mv.path });
  }
  board.set({
    pos: state.mode === "edit" ? editorPos() : k.pos,
    flip: state.flip,
    selected: state.selected ? state.selected.from : null,
    dests,
    hints,
    clicked: state.selected ? state.selected.clicks.map(sqIndex) : [],
    last: state.mode === "edit" || !node.move ? null : node.move,
    arrows,
  });
  // Evaluation bar: the engine's line if analysing, else the review's.
  let white = null;
  if (a.on && a.forNode === node && a.lines[0]) white = whiteScore(a.lines[0].score, k.pos.turn);
  else if (node.white) white = node.white;
  const bar = $("#evalbar");
  if (state.mode === "edit") white = null;
  bar.hidden = white === null;
  if (white !== null) {
    const raw = scoreRaw(white);
    const frac = Math.abs(raw) > 20000 ? (raw > 0 ? 1 : 0) : 0.5 + 0.5 * Math.tanh(raw / 400);
    $("#evalbar .white").style.height = `${(frac * 100).toFixed(1)}%`;
    $("#evalbar .num").textContent = scoreText(white, true);
    bar.classList.toggle("flip", state.flip);
  }
}
