// The setup of the next game in play (against the engine or between two
// players): the time control (none, a preset, or a text of one's own,
// read by the package), the flag rule, and whether the engine thinks on
// the player's time.

import { $ } from "./dom.js";
import { flagRules } from "./tama.js";
import { state, changed, showError } from "./state.js";
import { t } from "./i18n.js";
import { PRESETS, readControl } from "./clock.js";

const CUSTOM = "custom";

// The selects' options in the page's language.
export function fillClockOptions() {
  const select = $("#clock-control");
  const chosen = state.play.clock.control;
  const value = chosen === null ? "" : PRESETS.includes(chosen) ? chosen : CUSTOM;
  select.innerHTML = "";
  select.add(new Option(t("clock.none"), ""));
  for (const p of PRESETS) select.add(new Option(p === "45m" ? t("clock.tudaf", { control: p }) : p, p));
  select.add(new Option(t("clock.custom"), CUSTOM));
  select.value = value;
  $("#clock-custom").hidden = value !== CUSTOM;
  const flag = $("#flag-rule");
  flag.innerHTML = "";
  for (const r of flagRules()) flag.add(new Option(t(`flag.${r}`), r));
  flag.value = state.play.clock.flagRule;
  $("#flag-opt").hidden = value === "";
}

// A custom control, read by the package; a bad one is said and not kept.
function readCustom() {
  const text = $("#clock-custom").value.trim();
  if (!text) return;
  try {
    state.play.clock.control = readControl(text);
    $("#clock-custom").value = state.play.clock.control;
    state.error = null;
    changed();
  } catch (e) {
    state.play.clock.control = null;
    showError(t("clock.bad", { error: e.message }));
  }
}

export function bindPlaySetup() {
  $("#clock-control").addEventListener("change", (e) => {
    const v = e.target.value;
    $("#clock-custom").hidden = v !== CUSTOM;
    if (v === CUSTOM) {
      state.play.clock.control = null;
      $("#clock-custom").focus();
      readCustom();
    } else {
      state.play.clock.control = v || null;
    }
    $("#flag-opt").hidden = v === "";
  });
  $("#clock-custom").addEventListener("change", readCustom);
  $("#flag-rule").addEventListener("change", (e) => (state.play.clock.flagRule = e.target.value));
  $("#ponder").addEventListener("change", (e) => (state.play.ponder = e.target.checked));
}
