// The Puzzles mode: the built-in puzzles (`puzzles/<preset>.pdn`, served
// beside the page by tama serve and the static bundle alike, docs/PUZZLES.md)
// and the trainer of `tama puzzle`, both the package's (tama-puzzle's
// model in the module): the file's reader, the choice of the unseen puzzle
// nearest the player's rating, the attempt (a wrong move fails the puzzle
// but the player tries again; hints; the solution), its score and the
// rating. This file only shows it on the board: the player's moves go to
// the attempt, the opponent's replies come from it after a pause. No
// engine and no server answer here.

import { state, changed, humanToMove, showError } from "./state.js";
import { $ } from "./dom.js";
import { PRESETS, PuzzleRating, PuzzleSet, rulesTable } from "./tama.js";
import { newGame, addMoveText, gameFromJson, gameToJson, nodeAt, pathTo } from "./game.js";
import { goto, loadGame } from "./record.js";
import { showGame } from "./modes.js";
import { sqIndex } from "./squares.js";

export const DIFFICULTIES = ["easy", "medium", "hard", "expert"];
// The rating, as the text of the terminal's rating file.
const RATING_STORE = "tama.puzzles.rating-file";
// The rating of the pages before the shared trainer: JSON {rating,
// played, solved} on the same scale (the same Elo against the same
// puzzle ratings, from 1500 then): taken over once, then removed.
const OLD_RATING_STORE = "tama.puzzles.rating";
const SEEN_STORE = "tama.puzzles.seen";
// The pause before the opponent's reply, and between the solution's moves.
const REPLY_MS = 500;

// The puzzles of each preset read so far: preset → PuzzleSet.
const files = new Map();

function stored(key, fallback) {
  try {
    const v = JSON.parse(localStorage.getItem(key));
    return v ?? fallback;
  } catch (_) {
    return fallback; // storage refused or damaged: start afresh
  }
}

function store(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch (_) {
    /* storage refused: nothing remembered */
  }
}

function storedText(key) {
  try {
    return localStorage.getItem(key);
  } catch (_) {
    return null;
  }
}

// The old page's rating, if it kept one that a rating can be: its counts
// and rating carry over (the same scale); anything else starts afresh.
function migrated() {
  const old = stored(OLD_RATING_STORE, null);
  if (!old) return null;
  try {
    localStorage.removeItem(OLD_RATING_STORE);
  } catch (_) {
    /* storage refused */
  }
  try {
    return PuzzleRating.fromCounts(old.rating, old.played, old.solved);
  } catch (_) {
    return null;
  }
}

// The player's rating (the package's: Elo from 1000), as stored.
export function readRating() {
  const text = storedText(RATING_STORE);
  if (text) {
    try {
      return PuzzleRating.fromText(text);
    } catch (_) {
      /* damaged: start afresh */
    }
  }
  const old = migrated();
  if (old) {
    saveRating(old);
    return old;
  }
  return new PuzzleRating();
}

function saveRating(r) {
  try {
    localStorage.setItem(RATING_STORE, r.toText());
  } catch (_) {
    /* storage refused: nothing remembered */
  }
}

// Records a score against a puzzle's rating (the package's rule); the
// change.
function recordResult(puzzleRating, score) {
  const r = readRating();
  const change = r.record(puzzleRating, score);
  saveRating(r);
  return change;
}

export const seenIds = () => new Set(stored(SEEN_STORE, []));

function markSeen(id) {
  const seen = seenIds();
  if (seen.has(id)) return;
  seen.add(id);
  store(SEEN_STORE, [...seen]);
}

// The preset's puzzles, read once by the package.
async function puzzlesOf(preset) {
  if (files.has(preset)) return files.get(preset);
  const res = await fetch(`puzzles/${preset}.pdn`);
  if (!res.ok) throw new Error(`puzzles/${preset}.pdn: HTTP ${res.status}`);
  const set = new PuzzleSet(await res.text());
  files.set(preset, set);
  return set;
}

const P = () => state.puzzle;

// The preset of the rules last chosen.
export function defaultPreset() {
  try {
    const preset = rulesTable(state.rules).rules.preset;
    return PRESETS.includes(preset) ? preset : PRESETS[0];
  } catch (_) {
    return PRESETS[0];
  }
}

function stopTimer() {
  clearTimeout(P().timer);
  P().timer = null;
  P().reply = null;
}

// Rates the attempt once its score is decided (the package's rule: 1,
// ½ after a hint, 0 after a wrong move or the solution); `leaving` rates
// as leaving now does (0 after a move or a hint, none before either).
function rate(leaving = false) {
  const p = P();
  if (p.rated || !p.attempt) return;
  const score = leaving ? p.attempt.scoreOnLeaving : p.attempt.score;
  if (score === null) return;
  p.rated = true;
  p.change = recordResult(p.attempt.rating, score);
}

// Mirrors the attempt's state for the card.
function sync() {
  const p = P();
  p.status = p.attempt.status;
  p.hint = p.attempt.hintLevel;
  p.hinted = p.attempt.hinted;
  rate();
}

function leave() {
  const p = P();
  stopTimer();
  rate(true);
}

// Shows the next puzzle of the preset and filter: the unseen one whose
// rating is nearest the player's (when all are seen, the nearest again,
// another than the one in hand).
export async function nextPuzzle() {
  const p = P();
  leave();
  p.preset = p.preset || defaultPreset();
  p.loading = true;
  changed();
  let set;
  try {
    set = await puzzlesOf(p.preset);
  } finally {
    p.loading = false;
  }
  const label = p.filter === "any" ? null : p.filter;
  // After a reload: the puzzle that was in hand.
  let next = p.resume ? set.indexOf(p.resume) : -1;
  if (next >= 0 && label && set.puzzle(next).label !== label) next = -1;
  p.resume = null;
  if (next < 0) {
    const rating = readRating().rating;
    next = set.choose(rating, { label, seen: seenIds() });
    if (next < 0) next = set.choose(rating, { label, seen: p.current ? [p.current.id] : [] });
    if (next < 0) next = set.choose(rating, { label });
  }
  if (next < 0) {
    p.current = null;
    p.attempt = null;
    p.status = "idle";
    return changed();
  }
  showPuzzle(set, next);
}

function showPuzzle(set, index) {
  const p = P();
  const x = set.puzzle(index);
  const game = newGame(x.fen, x.rules, { Event: "puzzle", ...x.tags });
  p.current = x;
  p.attempt = set.attempt(index);
  p.solution = x.solution;
  p.ply = 0;
  p.at = game.root;
  p.rated = false;
  p.change = null;
  sync();
  markSeen(x.id);
  loadGame(game);
  state.flip = x.fen.startsWith("B");
  changed();
}

// The wrong move, taken off the board again.
function takeBackWrong() {
  const p = P();
  const wrong = state.node;
  if (p.at && wrong.parent === p.at) p.at.children = p.at.children.filter((c) => c !== wrong);
}

// A node became current: the player's move goes to the attempt.
export function puzzleArrive(node) {
  const p = P();
  if (state.mode !== "puzzles" || !p.attempt || !p.at || node.parent !== p.at || p.timer) return;
  if (p.status !== "solving" && p.status !== "retrying") return;
  state.selected = null;
  const step = p.attempt.play(node.move.move);
  sync();
  if (step.step !== "correct") return changed();
  p.ply += 1;
  p.at = null;
  replyOrEnd(node, step.reply);
}

// After a right move: the opponent's reply after a pause, or the end.
function replyOrEnd(node, reply) {
  const p = P();
  if (!reply) return changed();
  const game = state.game;
  p.reply = () => {
    p.timer = null;
    p.reply = null;
    if (state.game !== game) return;
    const answer = addMoveText(game, node, reply.move);
    p.ply += 1;
    p.at = answer;
    goto(answer);
  };
  p.timer = setTimeout(p.reply, REPLY_MS);
  changed();
}

// After a wrong move: back to the position, to try again (the puzzle
// stays failed).
export function retry() {
  const p = P();
  if (p.status !== "wrong") return;
  takeBackWrong();
  p.attempt.retry();
  sync();
  goto(p.at);
}

// The hint: first the piece to move (selected on the board), then the
// move (an arrow); after a wrong move, a retry first.
export function hint() {
  const p = P();
  if (!p.attempt || (!humanToMove() && p.status !== "wrong")) return;
  if (p.status === "wrong") retry();
  const h = p.attempt.hint();
  sync();
  if (!h) return changed();
  p.hintMove = h.move || null;
  const from = h.piece || h.move.from;
  state.selected = { from: sqIndex(from), clicks: [] };
  changed();
}

// The arrow of the hint's move, when the hint shows it.
export function hintArrows() {
  const p = P();
  if (state.mode !== "puzzles" || p.hint < 2 || !p.at || state.node !== p.at || !p.hintMove) return [];
  return [{ path: p.hintMove.path }];
}

// Plays the rest of the solution out, a move at a time.
export function showSolution() {
  const p = P();
  if (!p.attempt || p.status === "shown" || p.status === "solved" || p.status === "solved-after") return;
  stopTimer();
  if (p.status === "wrong") takeBackWrong();
  let node = p.at || state.node;
  // The attempt gives up; the board plays out what it has not shown yet
  // (a reply that was on its way included).
  p.attempt.showSolution();
  sync();
  const moves = p.solution.slice(p.ply);
  p.hintMove = null;
  const game = state.game;
  goto(node);
  const step = () => {
    if (state.game !== game || !moves.length) {
      p.timer = null;
      return changed();
    }
    node = addMoveText(game, node, moves.shift().move);
    p.ply += 1;
    p.at = null;
    p.timer = setTimeout(step, REPLY_MS);
    goto(node);
  };
  p.timer = setTimeout(step, REPLY_MS / 2);
  changed();
}

// The preset or the filter changed: the next puzzle of the new choice.
export function choosePuzzles(preset, filter) {
  const p = P();
  if (preset) p.preset = preset;
  if (filter) p.filter = filter;
  return nextPuzzle();
}

// Entering the mode: the puzzle in hand, or the first one.
export async function enterPuzzles() {
  const p = P();
  if (!p.preset) p.preset = defaultPreset();
  if (p.current && state.game.tags.PuzzleId === p.current.id) return changed();
  return nextPuzzle();
}

// Leaving the mode stops the solution being played out; an opponent's
// reply on its way comes at once (the puzzle goes on when the player is
// back).
export function leavePuzzles() {
  const p = P();
  if (p.status === "shown") stopTimer();
  else if (p.reply) {
    clearTimeout(p.timer);
    p.reply();
  }
}

// The puzzle's game, as far as it went, in the Analysis mode.
function analyse() {
  stopTimer();
  const copy = gameFromJson(gameToJson(state.game));
  showGame("analysis", copy, nodeAt(copy, pathTo(state.node)));
}

// The card's controls.
export function bindPuzzles() {
  const run = (fn) => () => Promise.resolve(fn()).catch((e) => showError(e.message));
  $("#puzzle-preset").addEventListener("change", (e) => run(() => choosePuzzles(e.target.value, null))());
  $("#puzzle-filter").addEventListener("change", (e) => run(() => choosePuzzles(null, e.target.value))());
  $("#puzzle-hint").addEventListener("click", run(hint));
  $("#puzzle-retry").addEventListener("click", run(retry));
  $("#puzzle-solution").addEventListener("click", run(showSolution));
  $("#puzzle-next").addEventListener("click", run(nextPuzzle));
  $("#puzzle-analyse").addEventListener("click", analyse);
}
