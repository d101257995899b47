// Draws the Puzzles mode's card: the task, the puzzle's difficulty,
// themes and source, what the last move did, the buttons that apply now
// and the player's rating.

import { $ } from "../dom.js";
import { state, known } from "../state.js";
import { presetName, t } from "../i18n.js";
import { PRESETS } from "../tama.js";
import { readRating } from "../puzzles.js";

function feedback(p) {
  const want = p.solution[p.ply];
  switch (p.status) {
    case "wrong":
      return [t("puzzle.wrong", { move: state.node.move ? state.node.move.move : "" }), "bad"];
    case "solved":
      return [t(p.hinted ? "puzzle.solved.hint" : "puzzle.solved"), "good"];
    case "solved-after":
      return [t("puzzle.solved.after"), "good"];
    case "shown":
      return [t("puzzle.shown", { moves: p.solution.map((m) => m.move).join(" ") }), ""];
    default:
      break;
  }
  if (p.timer) return [t("puzzle.right"), "good"];
  if (p.hint === 2 && want) return [t("puzzle.hint.move", { move: want.move }), ""];
  if (p.hint === 1 && want) return [t("puzzle.hint.piece", { square: want.from }), ""];
  if (p.status === "retrying") return [t("puzzle.retrying"), "bad"];
  if (p.ply > 0 && state.node.move) return [t("puzzle.continue", { move: state.node.move.move }), "good"];
  return ["", ""];
}

export function renderPuzzle() {
  const card = $("#puzzle-card");
  card.hidden = state.mode !== "puzzles";
  if (card.hidden) return;
  const p = state.puzzle;
  const select = $("#puzzle-preset");
  if (select.options.length !== PRESETS.length || select.options[0].text !== presetName(PRESETS[0])) {
    select.innerHTML = "";
    for (const name of PRESETS) select.add(new Option(presetName(name), name));
  }
  select.value = p.preset || PRESETS[0];
  $("#puzzle-filter").value = p.filter;
  const x = p.current;
  if (p.loading || !x) {
    $("#puzzle-task").textContent = p.loading ? t("puzzle.loading") : t("puzzle.none");
    $("#puzzle-info").textContent = "";
  } else {
    const turn = known(state.game.root).pos.turn;
    $("#puzzle-task").textContent = t(`puzzle.task.${turn}`);
    $("#puzzle-info").textContent = `${t("puzzle.info", {
      difficulty: t(`puzzle.label.${x.label}`),
      rating: x.rating,
      themes: x.themes.map((th) => t(`puzzle.theme.${th}`)).join(", "),
      source: t(`puzzle.source.${x.source}`),
    })} · ${x.id}`;
  }
  const [text, kind] = x ? feedback(p) : ["", ""];
  const fb = $("#puzzle-feedback");
  fb.textContent = text;
  fb.className = `puzzle-feedback ${kind}`;
  const solving = p.status === "solving" || p.status === "retrying";
  const over = p.status === "solved" || p.status === "solved-after" || p.status === "shown";
  $("#puzzle-hint").disabled = !x || !(solving || p.status === "wrong") || p.hint >= 2 || Boolean(p.timer);
  $("#puzzle-retry").hidden = p.status !== "wrong";
  $("#puzzle-solution").disabled = !x || over;
  $("#puzzle-analyse").hidden = !over && p.status !== "wrong";
  $("#puzzle-next").disabled = p.loading;
  const r = readRating();
  let line = t("puzzle.rating", { rating: Math.round(r.rating), solved: r.solved, failed: r.played - r.solved });
  if (p.change !== null) {
    const c = Math.round(p.change);
    line += ` · ${t("puzzle.change", { change: c > 0 ? `+${c}` : String(c) })}`;
  }
  $("#puzzle-rating").textContent = line;
}
