// The position editor: a board of its own on which clicks put or take
// pieces; the server checks the position when the user is done.

import { api } from "./api.js";
import { $, $$ } from "./dom.js";
import { state, changed, today } from "./state.js";
import { START_FEN, parseFen, writeFen } from "./position.js";
import { newGame } from "./tree.js";
import { loadGame } from "./record.js";

export function startEditor() {
  state.editor = { pos: { board: state.node.pos.board.slice(), turn: state.node.pos.turn }, piece: "wm", error: null };
  state.mode = "edit";
  state.selected = null;
  changed();
}

// A click on square `i`: puts the chosen piece, or takes it off again.
export function editorPut(i) {
  const ed = state.editor;
  const cur = ed.pos.board[i];
  if (ed.piece === "x") ed.pos.board[i] = null;
  else {
    const p = { color: ed.piece[0], king: ed.piece[1] === "k" };
    ed.pos.board[i] = cur && cur.color === p.color && cur.king === p.king ? null : p;
  }
  ed.error = null;
  changed();
}

async function editorDone() {
  const ed = state.editor;
  const fen = writeFen(ed.pos);
  try {
    await api.moves(fen, state.game.rules, []);
  } catch (e) {
    ed.error = e.message;
    return changed();
  }
  state.editor = null;
  state.mode = "analysis";
  state.analysis.on = true;
  loadGame(newGame(fen, state.game.rules, { Event: "Analysis", Date: today() }));
}

// Leaves the editor for the analysis board; `then` runs after.
function editorCancel(then) {
  state.editor = null;
  state.mode = "analysis";
  state.analysis.on = true;
  changed();
  then();
}

export function renderEditor() {
  const ed = state.editor;
  $("#editor").hidden = !ed;
  if (!ed) return;
  for (const b of $$("#palette button")) b.classList.toggle("active", b.dataset.piece === ed.piece);
  $("#editor-turn").value = ed.pos.turn;
  $("#editor-error").textContent = ed.error || "";
  $("#editor-fen").textContent = writeFen(ed.pos);
}

// Wires the editor's controls; `onCancel` restarts the analysis.
export function bindEditor(onCancel) {
  $$("#palette button").forEach((b) =>
    b.addEventListener("click", () => {
      state.editor.piece = b.dataset.piece;
      changed();
    })
  );
  $("#editor-turn").addEventListener("change", (e) => {
    state.editor.pos.turn = e.target.value;
    changed();
  });
  $("#editor-clear").addEventListener("click", () => {
    state.editor.pos = { board: new Array(64).fill(null), turn: state.editor.pos.turn };
    changed();
  });
  $("#editor-start").addEventListener("click", () => {
    state.editor.pos = parseFen(START_FEN);
    changed();
  });
  $("#editor-done").addEventListener("click", editorDone);
  $("#editor-cancel").addEventListener("click", () => editorCancel(onCancel));
}
