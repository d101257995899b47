// Draws the engine panel: evaluation, depth, speed and the lines.

import { $, esc } from "../dom.js";
import { state, known } from "../state.js";
import { t } from "../i18n.js";
import { scoreRaw, scoreText, whiteScore } from "../score.js";

export function renderEngine() {
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
