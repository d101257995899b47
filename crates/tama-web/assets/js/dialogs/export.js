// The PDN export dialog: the package writes the game tree as canonical
// PDN (the layout of `tama pdn fmt`).

import { $ } from "../dom.js";
import { state } from "../state.js";
import { gamePdn } from "../game.js";
import { clockBoardFor } from "../clock.js";

const dialog = () => $("#export-dialog");

function open() {
  const box = $("#export-text");
  $("#export-note").textContent = "";
  try {
    box.value = gamePdn(state.game, clockBoardFor(state.game));
  } catch (e) {
    box.value = "";
    $("#export-note").textContent = e.message;
  }
  dialog().showModal();
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
