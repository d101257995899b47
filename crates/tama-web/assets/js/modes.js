// The page's modes and what each owns. Play, Two players, Analysis and
// Puzzles each keep a game of their own (its moves, the current move, the
// board's side, its clock and review): the mode on screen has it in
// `state.game`, `state.node`, `state.flip`, `state.clock` and
// `state.review`, the others in `state.sessions` until they come back.
// The Editor works on a copy of the position of the mode it was opened
// from, whose game stays on screen under it.

import { state, changed, emptyReview, showError, today } from "./state.js";
import { START_FEN, newGame } from "./game.js";
import { goto, loadGame } from "./record.js";
import { pauseClock, resumeClock } from "./clock.js";
import { stopPonder } from "./ponder.js";
import { stopAnalysis } from "./analysis.js";
import { stopReview } from "./review.js";
import { refreshBook } from "./book.js";
import { enterPuzzles, leavePuzzles } from "./puzzles.js";
import { startEditor } from "./editor.js";

// The modes with a game of their own.
export const GAME_MODES = ["play", "two", "analysis", "puzzles"];

// The PDN tags of a mode's new game.
export function tagsFor(mode) {
  if (mode === "play") {
    const human = state.play.human;
    return { Event: "Casual game", Date: today(), White: human === "w" ? "You" : "tama", Black: human === "b" ? "You" : "tama" };
  }
  if (mode === "analysis") return { Event: "Analysis", Date: today() };
  return { Event: "Casual game", Date: today(), White: "?", Black: "?" };
}

// A mode's game before any move: the start position under the rules
// last chosen.
function freshSession(mode) {
  let game;
  try {
    game = newGame(START_FEN, state.rules, tagsFor(mode));
  } catch (_) {
    game = newGame(START_FEN, "armenian", tagsFor(mode)); // rules the package no longer reads
  }
  return { game, node: game.root, flip: mode === "play" && state.play.human === "b", clock: null, review: emptyReview() };
}

// The game on screen, as a session.
export const liveSession = () => ({ game: state.game, node: state.node, flip: state.flip, clock: state.clock, review: state.review });

// The session of `mode`: the one on screen, or the one put away.
export const sessionOf = (mode) => (state.sessionMode === mode ? liveSession() : state.sessions[mode] || null);

// Puts the game on screen away and brings `mode`'s (a new one the first
// time). A game not begun from the start position takes the rules last
// chosen.
function bringSession(mode) {
  if (state.sessionMode === mode) return;
  state.sessions[state.sessionMode] = liveSession();
  let s = state.sessions[mode] || freshSession(mode);
  if (!s.game.root.children.length && s.game.fen === newGame(START_FEN, s.game.rules).fen && s.game.rules !== state.rules) {
    s = { ...freshSession(mode), flip: s.flip };
  }
  delete state.sessions[mode];
  state.game = s.game;
  state.node = s.node;
  state.flip = s.flip;
  state.clock = s.clock;
  state.review = s.review;
  state.sessionMode = mode;
}

// Shows `mode`: the engine work of the mode left stops and its clock
// waits; the mode shown goes on where it was left.
export function setMode(mode) {
  if (mode === state.mode) return;
  const from = state.mode;
  if (from === "edit") state.editor = null;
  if (from === "puzzles") leavePuzzles();
  pauseClock();
  stopPonder();
  stopReview();
  stopAnalysis();
  state.thinking = false;
  state.selected = null;
  if (mode === "edit") return startEditor(from);
  bringSession(mode);
  state.mode = mode;
  state.analysis.on = mode === "analysis";
  resumeClock();
  refreshBook();
  if (mode === "puzzles") {
    changed();
    return enterPuzzles().catch((e) => showError(e.message));
  }
  goto(state.node); // the analysis and the engine's move follow
}

// A position text from the FEN box: a new game from it, in the Analysis
// mode when the mode on screen plays, solves or edits. A text that does
// not load is said beside the box, which keeps it.
export function loadFen(text) {
  let game;
  try {
    game = newGame(text, state.game.rules, tagsFor("analysis"));
  } catch (e) {
    // Kept as the package's error, said in the page's language when drawn.
    state.fenError = { kind: e.kind, column: e.column, token: e.token, color: e.color, message: e.message };
    return changed();
  }
  if (state.mode !== "two" && state.mode !== "analysis") setMode("analysis");
  loadGame(game);
}

// A game from elsewhere (the import dialog, the rules dialog, the
// puzzle to analyse) shown in `mode`, at `node` (its start when none).
export function showGame(mode, game, node = game.root) {
  setMode(mode);
  loadGame(game, node);
}
