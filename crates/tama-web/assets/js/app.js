// The page's composition root: it makes the board, connects the
// controllers (record, play, analysis, review, editor, dialogs) through
// the state's events to the renderers, and wires the page's controls.
//
// tama.js      the package: every rule and format the page uses
// game.js      the game tree, each position as the package reports it
// engines/     the engine that answers: tama serve's or the browser's
// state.js     the one state object and its events
// modes.js     the modes, each with a game of its own
// keep.js      the games kept in the browser across a reload
// record.js    the current node, moving through the tree, loading games
// play.js      board input and the engine's moves
// analysis.js  the engine panel's analysis
// review.js    the whole-game review
// editor.js    the position editor
// puzzles.js   the Puzzles mode: the built-in puzzles, their solutions, the rating
// dialogs/     import, export and rules dialogs
// render/      the renderers, composed by render/page.js

import { $, $$ } from "./dom.js";
import { Board } from "./board.js";
import { levels } from "./tama.js";
import { LANGUAGES, chosenLanguage, language, setLanguage, t } from "./i18n.js";
import { readConfig, enginesFor } from "./engines/index.js";
import { state, on, changed, findNode, showError } from "./state.js";
import { goto, nav, playTexts, takeBack } from "./record.js";
import { draggable, maybeEngineMove, newPlayGame, onSquare } from "./play.js";
import { restartAnalysis, stopAnalysis } from "./analysis.js";
import { startReview, stopReview } from "./review.js";
import { bindEditor, editorPut } from "./editor.js";
import { bindImportDialog } from "./dialogs/import.js";
import { bindExportDialog } from "./dialogs/export.js";
import { bindRulesDialog } from "./dialogs/rules.js";
import { render } from "./render/page.js";
import { clockArrive, resumeClock, stopClock } from "./clock.js";
import { stopPonder } from "./ponder.js";
import { bindPlaySetup, fillClockOptions } from "./setup.js";
import { bindPuzzles, enterPuzzles, puzzleArrive } from "./puzzles.js";
import { loadFen, setMode } from "./modes.js";
import { keepGames, restoreGames } from "./keep.js";
import { bookMoveAt, bookRemembered, refreshBook, setBookOption } from "./book.js";

const board = new Board($("#board"), {
  onSquare: (i) => (state.mode === "edit" ? editorPut(i) : onSquare(i)),
  draggable,
});

on("change", (part) => render(board, part));
on("arrive", (node) => {
  puzzleArrive(node);
  clockArrive(node);
  refreshBook();
  restartAnalysis();
  maybeEngineMove();
});
on("load", (game) => {
  stopAnalysis();
  stopReview();
  stopPonder();
  if (state.clock && state.clock.game !== game) stopClock();
});

function flip() {
  state.flip = !state.flip;
  changed();
}

// Mode tabs, navigation, play options.
$$(".tabs button").forEach((b) => b.addEventListener("click", () => setMode(b.dataset.mode)));
$$("[data-nav]").forEach((b) => b.addEventListener("click", () => nav(b.dataset.nav)));
$("#flip").addEventListener("click", flip);
$("#takeback").addEventListener("click", takeBack);
$("#new-game").addEventListener("click", newPlayGame);
$("#human-color").addEventListener("change", (e) => {
  state.play.human = e.target.value;
  state.flip = state.play.human === "b";
  changed();
  maybeEngineMove();
});
$("#level").addEventListener("change", (e) => (state.play.level = e.target.value));
bindPlaySetup();

// The record and the engine panel.
$("#record").addEventListener("click", (e) => {
  const el = e.target.closest(".mv");
  if (el) goto(findNode(Number(el.dataset.id)));
});
$("#engine-toggle").addEventListener("change", (e) => {
  state.analysis.on = e.target.checked;
  restartAnalysis();
});
$("#multipv").addEventListener("change", (e) => {
  state.analysis.multipv = Number(e.target.value);
  restartAnalysis();
});
// On press, not click: the lines are redrawn many times a second, and a
// click needs the same element under the button's press and release.
$("#engine-lines").addEventListener("pointerdown", (e) => {
  if (e.button !== 0) return;
  const el = e.target.closest(".pv-move");
  if (!el || state.analysis.forNode !== state.node) return;
  const line = state.analysis.lines[Number(el.dataset.line)];
  playTexts(line.pv.slice(0, Number(el.dataset.ply) + 1));
});
$("#engine-book").addEventListener("click", (e) => {
  const el = e.target.closest("[data-book]");
  const child = el && bookMoveAt(Number(el.dataset.book));
  if (child) goto(child);
});
$("#book-opt").addEventListener("change", (e) => setBookOption(e.target.checked));
$("#review-btn").addEventListener("click", () => startReview($("#review-level").value));

document.addEventListener("keydown", (e) => {
  if (e.target.closest("input, textarea, select, dialog")) return;
  const keys = { ArrowLeft: "back", ArrowRight: "forward", ArrowUp: "first", ArrowDown: "last", Home: "first", End: "last" };
  if (keys[e.key]) {
    e.preventDefault();
    nav(keys[e.key]);
  } else if (e.key === "Escape") {
    state.selected = null;
    changed();
  } else if (e.key === "f" && !e.ctrlKey && !e.metaKey) {
    flip();
  }
});

// The FEN box.
$("#fen-copy").addEventListener("click", async () => {
  try {
    await navigator.clipboard.writeText($("#fen").value);
  } catch (_) {
    $("#fen").select();
    document.execCommand("copy");
  }
});
// What is typed into the FEN box stays there until it loads; a text that
// does not load is said beside it.
$("#fen").addEventListener("input", (e) => (state.fenDraft = e.target.value));
$("#fen-load").addEventListener("click", () => loadFen($("#fen").value.trim()));
$("#fen").addEventListener("keydown", (e) => {
  if (e.key === "Enter") loadFen($("#fen").value.trim());
});

bindEditor();
bindImportDialog();
bindExportDialog();
bindRulesDialog();
bindPuzzles();
window.addEventListener("resize", () => changed("review"));

// The engine that answers: the configured one, or (under `tama serve`)
// the browser's, chosen in the engine card.
$("#engine-source").addEventListener("change", (e) => {
  stopPonder();
  state.engine = state.engines.find((x) => x.kind === e.target.value) || state.engine;
  refreshBook();
  restartAnalysis();
  maybeEngineMove();
});

// The engine's levels of play come from the library (tama_search::Level),
// as tama play offers them.
function fillLevels() {
  const { levels: all, default: chosen } = levels();
  state.levels = all;
  const select = $("#level");
  const kept = all.some((l) => `l:${l.level}` === state.play.level);
  const current = kept ? state.play.level : `l:${chosen}`;
  select.innerHTML = "";
  for (const l of all) {
    const time = (l.movetime_ms / 1000).toLocaleString(language());
    const label = l.depth === null ? t("level.time", { level: l.level, time }) : t("level.depth", { level: l.level, depth: l.depth, time });
    const value = `l:${l.level}`;
    select.add(new Option(label, value, value === current, value === current));
  }
  state.play.level = current;
}

// The language switch: the page's words change at once, and the choice
// is remembered.
async function useLanguage(code, remember) {
  await setLanguage(code, remember);
  $("#language").value = language();
  fillLevels();
  fillClockOptions();
  changed();
}

async function start() {
  const select = $("#language");
  for (const [code, name] of Object.entries(LANGUAGES)) select.add(new Option(name, code));
  select.addEventListener("change", (e) => useLanguage(e.target.value, true).catch((err) => showError(err.message)));
  await setLanguage(chosenLanguage());
  select.value = language();
  restoreGames(); // the games of the last visit, before anything is drawn
  fillLevels();
  fillClockOptions();
  state.book.on = bookRemembered();
  $("#book-opt").checked = state.book.on;
  const config = await readConfig();
  state.engines = enginesFor(config);
  state.engine = state.engines[0];
  // The static page works offline once visited: its service worker keeps
  // every file of the bundle (tama serve's page needs its server anyway).
  if (config.engine === "browser" && "serviceWorker" in navigator) {
    navigator.serviceWorker.register("sw.js").catch((e) => console.warn(`service worker: ${e.message}`));
  }
  keepGames();
  resumeClock();
  if (state.mode === "puzzles") {
    changed();
    await enterPuzzles();
  } else goto(state.node);
}

start().catch((e) => showError(e.message));
