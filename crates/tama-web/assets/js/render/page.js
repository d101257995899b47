// Draws the whole page from the state: every renderer, then the status
// line, the game-over banner, the error box and the FEN box.

import { $, $$, esc } from "../dom.js";
import { state } from "../state.js";
import { writeFen } from "../position.js";
import { renderEditor } from "../editor.js";
import { renderBoard } from "./board.js";
import { renderRecord } from "./record.js";
import { renderEngine } from "./engine.js";
import { renderReview } from "./review.js";

function outcomeText(o) {
  const who = o.winner ? `${o.winner[0].toUpperCase()}${o.winner.slice(1)} wins` : "Draw";
  return `${who}: ${o.termination}`;
}

function statusText(outcome) {
  if (state.mode === "edit") return "Position editor";
  if (outcome) return "Game over";
  if (state.thinking) return "tama is thinking…";
  if (state.selected && state.selected.clicks.length > 0) return "Several captures: click a landing square";
  return `${state.node.pos.turn === "w" ? "White" : "Black"} to move`;
}

// Redraws the page; `part` "engine" (the engine's lines arrive many times
// a second) or "review" (its progress) redraws only what they change.
export function render(board, part) {
  if (part === "engine") {
    renderEngine();
    return renderBoard(board);
  }
  if (part === "review") return renderReview();
  const node = state.node;
  document.body.dataset.mode = state.mode;
  for (const t of $$(".tabs button")) t.classList.toggle("active", t.dataset.mode === state.mode);
  $("#play-opts").hidden = state.mode !== "play";
  $("#human-color").value = state.play.human;
  $("#level").value = state.play.level;
  renderBoard(board);
  renderRecord();
  renderEngine();
  renderReview();
  renderEditor();
  $("#engine-card").hidden = state.mode === "edit" || state.mode === "play";
  $("#record-card").hidden = state.mode === "edit";
  $("#thinking").hidden = !state.thinking;
  const outcome = node.legal && node.legal.outcome;
  const banner = $("#banner");
  banner.hidden = !outcome || state.mode === "edit";
  if (outcome) banner.innerHTML = `<strong>Game over.</strong> ${esc(outcomeText(outcome))}`;
  $("#status").textContent = statusText(outcome);
  const err = $("#error");
  err.hidden = !state.error;
  err.textContent = state.error || "";
  $("#fen").value = state.mode === "edit" ? writeFen(state.editor.pos) : writeFen(node.pos);
  $("#rules-label").textContent = state.game.rules;
  $("#takeback").disabled = !node.parent || state.thinking;
}
