// The position editor: a board of its own on which clicks put or take
// pieces. The position is eight rows of the package's report (`w`/`b`
// men, `W`/`B` kings, `.` empty, rank 8 first); the package checks it and
// writes its text.

import { $, $$ } from "./dom.js";
import { state, changed, known } from "./state.js";
import { Board, START_FEN } from "./tama.js";
import { newGame } from "./game.js";
import { setMode, showGame, tagsFor } from "./modes.js";

const PIECE_CHAR = { wm: "w", wk: "W", bm: "b", bk: "B" };

// Opens the editor on the position of mode `from`, where Cancel goes back.
export function startEditor(from) {
  const k = known();
  state.editor = { rows: k.rows.slice(), turn: k.pos.turn, piece: "wm", error: null, from };
  state.mode = "edit";
  state.selected = null;
  changed();
}

// The square `i` (a1 = 0) of the rows.
const rowCol = (i) => [7 - Math.floor(i / 8), i % 8];

function put(rows, i, c) {
  const [r, f] = rowCol(i);
  rows[r] = rows[r].slice(0, f) + c + rows[r].slice(f + 1);
}

// A click on square `i`: puts the chosen piece, or takes it off again.
export function editorPut(i) {
  const ed = state.editor;
  const [r, f] = rowCol(i);
  const cur = ed.rows[r][f];
  const c = ed.piece === "x" ? "." : PIECE_CHAR[ed.piece];
  put(ed.rows, i, cur === c ? "." : c);
  ed.error = null;
  changed();
}

// The editor's pieces as the board draws them.
export function editorPos() {
  const ed = state.editor;
  const board = new Array(64).fill(null);
  for (let i = 0; i < 64; i++) {
    const [r, f] = rowCol(i);
    const c = ed.rows[r][f];
    if (c !== ".") board[i] = { color: c.toLowerCase(), king: c === "W" || c === "B" };
  }
  return { board, turn: ed.turn };
}

// The editor's position text, or null (and the problem) when the pieces
// are not a position.
export function editorFen() {
  const ed = state.editor;
  try {
    const fen = Board.fromRows(ed.rows, ed.turn === "w" ? "white" : "black", { rules: state.game.rules }).fen();
    return { fen, error: null };
  } catch (e) {
    return { fen: null, error: e.message };
  }
}

function editorDone() {
  const ed = state.editor;
  const { fen, error } = editorFen();
  if (!fen) {
    ed.error = error;
    return changed();
  }
  showGame("analysis", newGame(fen, state.game.rules, tagsFor("analysis")));
}

// Back to the mode the editor was opened from.
function editorCancel() {
  setMode(state.editor.from);
}

export function renderEditor() {
  const ed = state.editor;
  $("#editor").hidden = !ed;
  if (!ed) return;
  for (const b of $$("#palette button")) b.classList.toggle("active", b.dataset.piece === ed.piece);
  $("#editor-turn").value = ed.turn;
  $("#editor-error").textContent = ed.error || "";
  const { fen, error } = editorFen();
  $("#editor-fen").textContent = fen || error;
}

// Wires the editor's controls.
export function bindEditor() {
  $$("#palette button").forEach((b) =>
    b.addEventListener("click", () => {
      state.editor.piece = b.dataset.piece;
      changed();
    })
  );
  $("#editor-turn").addEventListener("change", (e) => {
    state.editor.turn = e.target.value;
    changed();
  });
  $("#editor-clear").addEventListener("click", () => {
    state.editor.rows = new Array(8).fill("........");
    changed();
  });
  $("#editor-start").addEventListener("click", () => {
    state.editor.rows = new Board(START_FEN).report().board;
    state.editor.turn = "w";
    changed();
  });
  $("#editor-done").addEventListener("click", editorDone);
  $("#editor-cancel").addEventListener("click", editorCancel);
}
