// Draws the engine panel: evaluation, depth, speed and the lines.

import { $, esc } from "../dom.js";
import { state, known } from "../state.js";
import { language, t } from "../i18n.js";
import { scoreRaw, scoreText, whiteScore } from "../score.js";

// What the Book list shows now: drawn again only when it changes, not
// with every line of the analysis, so that a click on it is not lost.
let drawn = { moves: null, lang: null };

// The Book list: the opening book's moves of the current position, each
// with its value (from White's side, as the lines) and weight; a click
// plays one.
function renderBook() {
  const b = state.book;
  const moves = b.forNode === state.node ? b.moves : [];
  $("#engine-book").hidden = moves.length === 0;
  if (!moves.length || (drawn.moves === moves && drawn.lang === language())) return;
  drawn = { moves, lang: language() };
  const turn = known(b.forNode).pos.turn;
  $("#book-moves").innerHTML = moves
    .map((m, k) => {
      const w = whiteScore(m.value, turn);
      const leaf = m.leaf ? ` <span class="muted small">${esc(t("book.leaf"))}</span>` : "";
      return `<div class="line book-move" data-book="${k}" role="button" tabindex="-1" title="${esc(t("book.play"))}"><span class="score ${scoreRaw(w) >= 0 ? "plus" : "minus"}">${esc(scoreText(w, true))}</span><span class="pv">${esc(m.move.move)}</span><span class="muted small weight">${esc(t("book.weight", { weight: m.weight }))}</span>${leaf}</div>`;
    })
    .join("");
}

export function renderEngine() {
  renderBook();
  const a = state.analysis;
  $("#engine-toggle").checked = a.on;
  $("#engine-body").hidden = !a.on;
  $("#engine-stats").hidden = !a.on;
  $("#engine-eval").hidden = !a.on;
  if (!a.on) return;
  $("#engine-depth").textContent = a.depth ? t("engine.depth", { depth: a.depth }) : "…";
  const top = a.lines[0];
  $("#engine-eval").textContent = top ? scoreText(whiteScore(top.score, known(a.forNode).pos.turn), true) : "";
  $("#engine-nps").textContent = a.nps ? t("engine.speed", { knps: (a.nps / 1000).toFixed(0) }) : "";
  const node = a.forNode;
  const html = a.lines
    .filter((l) => l)
    .map((l, k) => {
      const w = whiteScore(l.score, known(node).pos.turn);
      const moves = l.pv.map((m, j) => `<span class="pv-move" data-line="${k}" data-ply="${j}">${esc(m)}</span>`).join(" ");
      return `<div class="line"><span class="score ${scoreRaw(w) >= 0 ? "plus" : "minus"}">${esc(scoreText(w, true))}</span><span class="pv">${moves}</span></div>`;
    })
    .join("");
  const outcome = known().legal.outcome;
  $("#engine-lines").innerHTML = html || `<div class="line muted">${esc(t(outcome ? "engine.over" : "engine.thinking"))}</div>`;
}
