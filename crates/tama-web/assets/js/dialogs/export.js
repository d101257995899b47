// The PDN export dialog: the page writes the game, the server puts it in
// canonical form (`POST /api/pdn/fmt`, the layout of `tama pdn fmt`).

import { api } from "../api.js";
import { $ } from "../dom.js";
import { state } from "../state.js";
import { writePdn } from "../tree.js";

const dialog = () => $("#export-dialog");

async function open() {
  const box = $("#export-text");
  box.value = writePdn(state.game);
  delete box.dataset.canonical;
  $("#export-note").textContent = "";
  dialog().showModal();
  try {
    box.value = await api.pdnFmt(box.value);
    box.dataset.canonical = "yes";
  } catch (e) {
    // Without that endpoint the page's text stays.
    box.dataset.canonical = "no";
    if (e.status !== 404) $("#export-note").textContent = `not checked by the server: ${e.message}`;
  }
}

function download() {
  const blob = new Blob([$("#export-text").value], { type: "application/x-pdn" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = "game.pdn";
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

export function bindExportDialog() {
  $("#export-btn").addEventListener("click", open);
  $("#export-close").addEventListener("click", () => dialog().close());
  $("#export-download").addEventListener("click", download);
  $("#export-copy").addEventListener("click", () => navigator.clipboard.writeText($("#export-text").value).catch(() => {}));
}
