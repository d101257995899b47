// Draws the whole page from the state: every renderer, then the status
// line, the game-over banner, the error box and the FEN box.

import { $, $$, esc } from "../dom.js";
import { state, known } from "../state.js";
import { t } from "../i18n.js";
import { editorFen, renderEditor } from "../editor.js";
import { renderBoard } from "./board.js";
import { renderRecord } from "./record.js";
import { renderEngine } from "./engine.js";
import { renderReview } from "./review.js";
import { renderClocks } from "./clock.js";
import { renderPuzzle } from "./puzzle.js";
import { flagOutcome } from "../clock.js";
import { rulesLabel } from "../dialogs/rules.js";

// Why a position text did not load, in the page's language: the text of
// the package's FenError kind (and side), with its column and token; the
// package's own message for a problem the catalogue has no words for.
export function fenErrorText(e) {
  const key = `fen.error.${e.kind}${e.color ? `.${e.color}` : ""}`;
  const words = e.kind ? t(key, { column: e.column, token: e.token }) : key;
  return t("error.fen", { error: words === key ? e.message : words });
}

// "White wins: no legal move", in the page's language.
export function outcomeText(o) {
  const who = t(o.winner ? `outcome.${o.winner}` : "outcome.draw");
  return `${who}: ${t(`termination.${o.termination}`)}`;
}

function statusText(outcome) {
  if (state.mode === "edit") return t("status.editor");
  if (outcome) return t("status.over");
  if (state.thinking) return t("status.thinking");
  if (state.selected && state.selected.clicks.length > 0) return t("status.several");
  return t(known().pos.turn === "w" ? "status.white" : "status.black");
}

// Redraws the page; `part` "engine" (the engine's lines arrive many times
// a second) or "review" (its progress) redraws only what they change.
export function render(board, part) {
  if (part === "engine") {
    renderEngine();
    return renderBoard(board);
  }
  if (part === "review") return renderReview();
  if (part === "clock") return renderClocks();
  const node = state.node;
  document.body.dataset.mode = state.mode;
  for (const t of $$(".tabs button")) t.classList.toggle("active", t.dataset.mode === state.mode);
  $("#play-opts").hidden = state.mode !== "play" && state.mode !== "two";
  for (const el of $$("#play-opts .engine-opt")) el.hidden = state.mode !== "play";
  renderClocks();
  $("#human-color").value = state.play.human;
  $("#level").value = state.play.level;
  renderBoard(board);
  renderRecord();
  renderEngine();
  renderReview();
  renderEditor();
  renderPuzzle();
  $("#engine-card").hidden = state.mode === "edit" || state.mode === "play" || state.mode === "puzzles";
  $("#record-card").hidden = state.mode === "edit";
  $("#thinking").hidden = !state.thinking;
  const outcome = known(node).legal.outcome || flagOutcome(node);
  const banner = $("#banner");
  banner.hidden = !outcome || state.mode === "edit";
  if (outcome) banner.innerHTML = `<strong>${esc(t("banner.over"))}</strong> ${esc(outcomeText(outcome))}`;
  $("#status").textContent = statusText(outcome);
  const err = $("#error");
  err.hidden = !state.error;
  err.textContent = state.error || "";
  // What is being typed into the FEN box stays; why it did not load is
  // said beside it.
  if (state.fenDraft === null) $("#fen").value = state.mode === "edit" ? editorFen().fen || "" : known(node).fen;
  $("#fen-error").textContent = state.fenError ? fenErrorText(state.fenError) : "";
  $("#fen-error").hidden = !state.fenError;
  $("#rules-label").textContent = rulesLabel(state.game.rules);
  $("#takeback").disabled = !node.parent || state.thinking || state.mode === "puzzles";
  // The puzzle card says whose move it is and what it did.
  $(".status-card").hidden = state.mode === "puzzles";
  const engine = $("#engine-source");
  engine.hidden = state.engines.length < 2;
  if (state.engine) engine.value = state.engine.kind;
  $("#engine-name").textContent = state.engine ? t(state.engine.label, state.engine.labelParams) : "";
}
