// The PDN import dialog: the server reads the text (`POST /api/pdn/json`);
// one game loads at once, several are offered in a list.

import { api } from "../api.js";
import { $, $$, esc } from "../dom.js";
import { state } from "../state.js";
import { gameFromJson } from "../tree.js";
import { loadGame } from "../record.js";

const dialog = () => $("#import-dialog");

function chooseGame(g) {
  dialog().close();
  if (state.mode === "play" || state.mode === "edit") {
    state.editor = null;
    state.mode = "two";
  }
  loadGame(gameFromJson(g));
}

async function importText() {
  try {
    const r = await api.pdnJson($("#import-text").value);
    const games = r.games;
    const ok = games.filter((g) => !g.error);
    const errors = games.filter((g) => g.error).map((g) => `line ${g.line}, column ${g.column}: ${g.error}`);
    $("#import-error").textContent = errors.join("\n") || (games.length ? "" : "no game found");
    if (ok.length === 1 && !errors.length) return chooseGame(ok[0]);
    $("#import-games").innerHTML = ok
      .map((g, k) => {
        const t = g.tags;
        return `<button type="button" data-game="${k}">${k + 1}. ${esc(t.White || "?")} – ${esc(t.Black || "?")} <small>${esc(t.Event || "")} ${esc(g.result)}, ${g.moves.length} ${g.moves.length === 1 ? "ply" : "plies"}</small></button>`;
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
