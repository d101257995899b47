// The PDN import dialog: the package reads the text; one game loads at
// once, several are offered in a list, and each game that cannot be read
// is named with its line and column.

import { $, $$, esc } from "../dom.js";
import { state } from "../state.js";
import { t, plural } from "../i18n.js";
import { readPdn } from "../tama.js";
import { gameFromJson } from "../game.js";
import { loadGame } from "../record.js";
import { showGame } from "../modes.js";

const dialog = () => $("#import-dialog");

function chooseGame(g) {
  dialog().close();
  // A game to go through: where the mode on screen plays, solves or
  // edits, in the Two players mode.
  if (state.mode === "two" || state.mode === "analysis") loadGame(gameFromJson(g));
  else showGame("two", gameFromJson(g));
}

function importText() {
  try {
    const read = readPdn($("#import-text").value, { errors: "include" });
    const ok = read.filter((g) => !(g instanceof Error)).map((g) => g.toJSON());
    const errors = read.filter((g) => g instanceof Error).map((e) => e.message);
    $("#import-error").textContent = errors.join("\n") || (read.length ? "" : t("import.none"));
    if (ok.length === 1 && !errors.length) return chooseGame(ok[0]);
    $("#import-games").innerHTML = ok
      .map((g, k) => {
        const t = g.tags;
        return `<button type="button" data-game="${k}">${k + 1}. ${esc(t.White || "?")} – ${esc(t.Black || "?")} <small>${esc(t.Event || "")} ${esc(g.result)}, ${esc(plural("import.plies", g.moves.length))}</small></button>`;
      })
      .join("");
    $$("#import-games button").forEach((b) => b.addEventListener("click", () => chooseGame(ok[Number(b.dataset.game)])));
  } catch (e) {
    $("#import-error").textContent = e.message;
  }
}

export function bindImportDialog() {
  $("#import-btn").addEventListener("click", () => {
    $("#import-error").textContent = "";
    $("#import-games").innerHTML = "";
    dialog().showModal();
  });
  $("#import-file").addEventListener("change", async (e) => {
    const f = e.target.files[0];
    if (f) $("#import-text").value = await f.text();
  });
  $("#import-cancel").addEventListener("click", () => dialog().close());
  $("#import-go").addEventListener("click", importText);
}
