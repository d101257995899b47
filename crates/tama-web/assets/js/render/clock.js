// Draws the two clocks: the side at the top of the board above it, the
// other below; the running one highlighted, the last seconds as a
// warning, a fallen flag marked.

import { $ } from "../dom.js";
import { state } from "../state.js";
import { t } from "../i18n.js";
import { clockView, WARNING_MS } from "../clock.js";

// A time left as a clock shows it: h:mm:ss, m:ss, and tenths in the
// last ten seconds.
export function clockText(ms) {
  const tenths = Math.floor(ms / 100);
  const s = Math.floor(tenths / 10);
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60];
  const mm = h ? `${h}:${String(m).padStart(2, "0")}` : String(m);
  const out = `${mm}:${String(sec).padStart(2, "0")}`;
  return ms < WARNING_MS ? `${out}.${tenths % 10}` : out;
}

export function renderClocks() {
  const view = clockView();
  const top = state.flip ? "white" : "black";
  document.body.classList.toggle("has-clock", !!view);
  for (const [id, side] of [["#clock-top", top], ["#clock-bottom", top === "white" ? "black" : "white"]]) {
    const el = $(id);
    el.hidden = !view;
    if (!view) continue;
    const left = view.left[side];
    el.dataset.side = side;
    el.classList.toggle("running", view.running === side);
    el.classList.toggle("low", left < WARNING_MS);
    el.classList.toggle("flagged", view.flagged === side);
    el.querySelector(".who").textContent = t(side === "white" ? "color.white" : "color.black");
    el.querySelector(".time").textContent = clockText(left);
  }
}
