// Draws the whole-game review: its progress, the evaluation graph (a
// click on it moves the board there) and the summary.

import { $ } from "../dom.js";
import { state } from "../state.js";
import { t, plural } from "../i18n.js";
import { scoreRaw } from "../score.js";
import { goto } from "../record.js";

const W = 600;
const H = 130;
const MATE = 30000;

// The height of a score from White's side: tanh-squashed, wins at the edge.
function y(white) {
  const raw = Math.max(-MATE, Math.min(MATE, scoreRaw(white)));
  return H / 2 - (H / 2 - 8) * Math.tanh(raw / 400);
}

// The evaluation per position so far (the points the review has judged).
function drawGraph(svg, points, current) {
  const n = points.length;
  const x = (k) => (n < 2 ? W / 2 : 8 + (k * (W - 16)) / (n - 1));
  const known = points.map((p, k) => ({ ...p, k })).filter((p) => p.white);
  let s = `<rect x="0" y="0" width="${W}" height="${H}" class="g-bg"/>`;
  if (known.length) {
    const pts = known.map((p) => `${x(p.k).toFixed(1)},${y(p.white).toFixed(1)}`);
    const [first, last] = [known[0].k, known[known.length - 1].k];
    s += `<polygon points="${x(first).toFixed(1)},${H} ${pts.join(" ")} ${x(last).toFixed(1)},${H}" class="g-white"/>`;
    s += `<line x1="0" x2="${W}" y1="${H / 2}" y2="${H / 2}" class="g-zero"/>`;
    s += `<polyline points="${pts.join(" ")}" class="g-line"/>`;
  }
  points.forEach((p, k) => {
    if (p.node === current) s += `<line x1="${x(k)}" x2="${x(k)}" y1="0" y2="${H}" class="g-cur"/>`;
  });
  for (const p of known) {
    if (p.mark) {
      const cls = p.mark === "??" ? "blunder" : "mistake";
      s += `<circle cx="${x(p.k).toFixed(1)}" cy="${y(p.white).toFixed(1)}" r="5" class="g-${cls}"><title>${p.node.move.move}${p.mark}</title></circle>`;
    }
  }
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.innerHTML = s;
  svg.onpointerdown = (e) => {
    const b = svg.getBoundingClientRect();
    const fx = ((e.clientX - b.left) / b.width) * W;
    const k = n < 2 ? 0 : Math.max(0, Math.min(n - 1, Math.round(((fx - 8) * (n - 1)) / (W - 16))));
    goto(points[k].node);
  };
}


export function renderReview() {
  const r = state.review;
  $("#review-progress").hidden = !r.running;
  $("#review-progress progress").max = Math.max(1, r.total);
  $("#review-progress progress").value = r.done;
  $("#review-progress span").textContent = `${r.done} / ${r.total}`;
  $("#review-btn").disabled = r.running || !state.game.root.children.length;
  const graph = $("#graph");
  graph.toggleAttribute("hidden", !r.points); // an SVG element has no `hidden` property
  if (r.points) drawGraph(graph, r.points, state.node);
  const summary = $("#review-summary");
  summary.hidden = !r.summary;
  if (r.summary) {
    const side = (s, color) =>
      t("review.side", {
        side: t(`color.${color}`),
        mistakes: plural("review.mistakes", s.mistakes),
        blunders: plural("review.blunders", s.blunders),
      });
    summary.textContent = `${side(r.summary.white, "white")} · ${side(r.summary.black, "black")}`;
  }
}
