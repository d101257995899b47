// The engine panel's analysis: one stream (`GET /api/analyse`) for the
// current position, restarted whenever the position or the settings
// change.

import { analyse } from "./api.js";
import { state, changed, history, showError } from "./state.js";

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
  if (!a.on || state.mode === "edit" || !node.legal || node.legal.outcome) return changed();
  a.stop = analyse(
    { fen: state.game.fen, rules: state.game.rules, moves: history(node), multipv: a.multipv },
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
    () => {
      // A refused (503: every search slot busy, e.g. the previous
      // position's search still stopping) or broken stream: try again a
      // few times, then say so.
      if (a.forNode !== node || !a.on) return;
      a.retries = (a.retries || 0) + 1;
      if (a.retries <= 5) setTimeout(() => a.forNode === node && a.on && restartAnalysis(true), 300 * a.retries);
      else showError("the analysis stopped: the server is busy or gone");
    }
  );
  changed();
}
