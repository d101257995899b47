// The rules dialog. The switches, their values and the presets come from
// the package (`rulesTable()`, from tama-core and tama-notation), which
// also reads and writes the rules text: the page knows no rule.

import { $, esc } from "../dom.js";
import { state, showError, today } from "../state.js";
import { presetName, t } from "../i18n.js";
import { rulesTable } from "../tama.js";
import { newGame } from "../game.js";
import { loadGame } from "../record.js";
import { showGame, tagsFor } from "../modes.js";

const dialog = () => $("#rules-dialog");
let table = null; // the package's table: {switches, presets, rules}

// The switch selects and the preset list, from the package's table.
function build(t) {
  table = t;
  $("#preset").innerHTML = t.presets.map((p) => `<option value="${esc(p.name)}">${esc(presetName(p.name))}</option>`).join("");
  $("#switches").innerHTML = t.switches
    .map(
      (s) =>
        `<label><span>${esc(s.description)} <code>${esc(s.name)}</code></span><select id="sw-${esc(s.name)}" data-switch="${esc(s.name)}">${s.values
          .map((v) => `<option value="${esc(v)}">${esc(v)}</option>`)
          .join("")}</select></label>`
    )
    .join("");
}

function show(settings) {
  for (const s of table.switches) $(`#sw-${s.name}`).value = settings[s.name];
}

function open() {
  try {
    const t = rulesTable(state.game.rules);
    build(t);
    $("#preset").value = t.rules.preset;
    show(t.rules.switches);
    dialog().showModal();
  } catch (e) {
    showError(t("error.rules", { error: e.message }));
  }
}

// The preset with every switch written out; the package gives it back in
// canonical form. The mode on screen starts a new game under them (from
// a puzzle, in the Analysis mode), and a mode's next new game takes them.
function apply() {
  const parts = [$("#preset").value, ...table.switches.map((s) => `${s.name}=${$(`#sw-${s.name}`).value}`)];
  try {
    const rules = rulesTable(parts.join(",")).rules.text;
    const fen = state.game.fen;
    dialog().close();
    state.rules = rules;
    if (state.mode === "puzzles") showGame("analysis", newGame(fen, rules, tagsFor("analysis")));
    else loadGame(newGame(fen, rules, { ...state.game.tags, Date: today() }));
  } catch (e) {
    showError(t("error.rules", { error: e.message }));
  }
}

// The rules of the game on screen as the rules button says them: the
// preset's name in the page's language, and whether switches differ.
let named = { rules: null, preset: null, changed: false };
export function rulesLabel(rules) {
  if (named.rules !== rules) {
    try {
      const table = rulesTable(rules);
      named = { rules, preset: table.rules.preset, changed: table.rules.text !== table.rules.preset };
    } catch (_) {
      named = { rules, preset: rules, changed: false };
    }
  }
  return named.changed ? t("rules.changed", { preset: presetName(named.preset) }) : presetName(named.preset);
}

export function bindRulesDialog() {
  $("#rules-btn").addEventListener("click", open);
  $("#preset").addEventListener("change", (e) => show(table.presets.find((p) => p.name === e.target.value).switches));
  $("#rules-cancel").addEventListener("click", () => dialog().close());
  $("#rules-apply").addEventListener("click", apply);
}
