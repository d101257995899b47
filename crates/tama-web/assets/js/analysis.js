// The engine panel's analysis: one continuous search of the current
// position by the engine in use, restarted whenever the position or the
// settings change.

import { state, changed, gameTo, known, showError } from "./state.js";
import { t } from "./i18n.js";

export function stopAnalysis() {
  if (state.analysis.stop) state.analysis.stop();
  state.analysis.stop = null;
}

export function restartAnalysis(retry = false) {
  stopAnalysis();
  const a = state.analysis;
  if (!retry) a.retries = 0;
  a.lines = [];
  a.depth = 0;
  a.nps = 0;
  a.forNode = state.node;
  const node = state.node;
  if (!a.on || state.mode === "edit" || known(node).legal.outcome || !state.engine) return changed();
  a.stop = state.engine.analyse(
    gameTo(node),
    a.multipv,
    (info) => {
      if (a.forNode !== node || info.bound) return;
      a.lines[info.multipv - 1] = info;
      if (info.multipv === 1) {
        a.depth = info.depth;
        a.nps = info.nps;
      }
      a.lines.length = Math.min(a.lines.length, a.multipv);
      changed("engine");
    },
    (err) => {
      // A refused stream (503: every search slot of the server busy, e.g.
      // the previous position's search still stopping), a broken one, or
      // a restarted worker: try again a few times, then say so.
      if (a.forNode !== node || !a.on) return;
      a.retries = (a.retries || 0) + 1;
      if (a.retries <= 5) setTimeout(() => a.forNode === node && a.on && restartAnalysis(true), 300 * a.retries);
      else showError(t("error.analysis", { error: err ? err.message : t("error.busy") }));
    }
  );
  changed();
}
