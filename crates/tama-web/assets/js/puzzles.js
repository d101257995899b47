// The Puzzles mode: the built-in puzzles (`puzzles/<preset>.pdn`, served
// beside the page by tama serve and the static bundle alike, docs/PUZZLES.md)
// read by the package's PDN reader. The solution is the puzzle's movetext:
// the player's move is compared with the solution's move (both the
// package's move text), the opponent's replies are played from it, and a
// rating is kept in the browser. No engine and no server answer here.

import { state, changed, humanToMove, known, showError } from "./state.js";
import { $ } from "./dom.js";
import { PRESETS, readPdn, rulesTable } from "./tama.js";
import { newGame, addMoveText, gameFromJson, gameToJson, nodeAt, pathTo } from "./game.js";
import { goto, loadGame } from "./record.js";
import { showGame } from "./modes.js";
import { sqIndex } from "./squares.js";

export const DIFFICULTIES = ["easy", "medium", "hard", "expert"];
const RATING_STORE = "tama.puzzles.rating";
const SEEN_STORE = "tama.puzzles.seen";
// The pause before the opponent's reply, and between the solution's moves.
const REPLY_MS = 500;

// The puzzles of each preset read so far: preset → [puzzle].
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

// The player's rating: Elo from 1500 (tama-puzzle's rating.rs).
export function readRating() {
  const r = stored(RATING_STORE, null);
  if (r && Number.isFinite(r.rating) && r.rating >= 0 && r.rating <= 4000) {
    return { rating: r.rating, played: r.played | 0, solved: r.solved | 0 };
  }
  return { rating: 1500, played: 0, solved: 0 };
}

// A puzzle's rating from its Difficulty tag, as tama-puzzle's
// difficulty.rs: 800 + 25 × depth + 150 × failed levels (the depth 16
// when the search did not find the move).
export function puzzleRating(difficulty) {
  const depth = /\bdepth=(\d+)/.exec(difficulty);
  const failed = /\bfailed=(\d+)\//.exec(difficulty);
  return 800 + 25 * (depth ? Number(depth[1]) : 16) + 150 * (failed ? Number(failed[1]) : 0);
}

// Records a result (1 solved, ½ solved after a hint, 0 failed) against a
// puzzle's rating; K is 40 for the first 30 rated puzzles, 20 after.
export function recordResult(puzzleElo, score) {
  const r = readRating();
  const expected = 1 / (1 + 10 ** ((puzzleElo - r.rating) / 400));
  const k = r.played < 30 ? 40 : 20;
  const change = k * (score - expected);
  const next = { rating: r.rating + change, played: r.played + 1, solved: r.solved + (score > 0 ? 1 : 0) };
  store(RATING_STORE, next);
  return change;
}

export const seenIds = () => new Set(stored(SEEN_STORE, []));

function markSeen(id) {
  const seen = seenIds();
  if (seen.has(id)) return;
  seen.add(id);
  store(SEEN_STORE, [...seen]);
}

// The preset's puzzles, read once by the package's PDN reader.
async function puzzlesOf(preset) {
  if (files.has(preset)) return files.get(preset);
  const res = await fetch(`puzzles/${preset}.pdn`);
  if (!res.ok) throw new Error(`puzzles/${preset}.pdn: HTTP ${res.status}`);
  const games = readPdn(await res.text()).map((g) => g.toJSON());
  const list = games.map((g) => ({
    id: g.tags.PuzzleId,
    difficulty: g.tags.Difficulty || "",
    label: (g.tags.Difficulty || "").split(" ")[0],
    themes: (g.tags.Themes || "none").split(" "),
    source: (g.tags.Source || "").split(" ")[0],
    game: g,
  }));
  list.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  files.set(preset, list);
  return list;
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

function rate(score) {
  const p = P();
  if (p.rated || !p.current) return;
  p.rated = true;
  p.change = recordResult(p.current.rating, score);
}

// Leaving a puzzle after a move or a hint without solving it counts as
// failed; before any, it is not rated.
function leave() {
  const p = P();
  stopTimer();
  if (p.status === "solving" && (p.moved || p.hinted)) rate(0);
}

// Shows the next unseen puzzle of the preset and filter (in order of id;
// when all are seen, from the start again).
export async function nextPuzzle() {
  const p = P();
  leave();
  p.preset = p.preset || defaultPreset();
  p.loading = true;
  changed();
  let list;
  try {
    list = await puzzlesOf(p.preset);
  } finally {
    p.loading = false;
  }
  const fits = list.filter((x) => p.filter === "any" || x.label === p.filter);
  const seen = seenIds();
  // After a reload: the puzzle that was in hand.
  const kept = p.resume && fits.find((x) => x.id === p.resume);
  p.resume = null;
  const next = kept || fits.find((x) => !seen.has(x.id)) || fits[0];
  if (!next) {
    p.current = null;
    p.status = "idle";
    return changed();
  }
  showPuzzle(next);
}

function showPuzzle(x) {
  const p = P();
  const g = x.game;
  const tags = { Event: g.tags.Event, PuzzleId: x.id, Difficulty: x.difficulty, Themes: g.tags.Themes, Source: g.tags.Source };
  const game = newGame(g.fen, g.rules, tags);
  p.current = { ...x, rating: puzzleRating(x.difficulty) };
  p.solution = g.moves;
  p.ply = 0;
  p.at = game.root;
  p.status = "solving";
  p.hint = 0;
  p.hinted = false;
  p.rated = false;
  p.moved = false;
  p.change = null;
  markSeen(x.id);
  loadGame(game);
  state.flip = known(game.root).pos.turn === "b";
  changed();
}

// A node became current: the player's move is judged against the
// solution's.
export function puzzleArrive(node) {
  const p = P();
  if (state.mode !== "puzzles" || !p.at || node.parent !== p.at || p.timer) return;
  if (p.status !== "solving" && p.status !== "retrying") return;
  const want = p.solution[p.ply];
  p.moved = true;
  state.selected = null;
  if (!want || node.move.move !== want.move) {
    p.status = "wrong";
    rate(0);
    return changed();
  }
  p.ply += 1;
  p.at = null;
  replyOrEnd(node);
}

// After a right move: the opponent's reply after a pause, or the end.
function replyOrEnd(node) {
  const p = P();
  if (p.ply >= p.solution.length) {
    if (p.status === "solving") {
      p.status = "solved";
      rate(p.hinted ? 0.5 : 1);
    } else {
      p.status = "solved-after";
    }
    return changed();
  }
  p.hint = 0;
  const game = state.game;
  p.reply = () => {
    p.timer = null;
    p.reply = null;
    if (state.game !== game) return;
    const reply = addMoveText(game, node, p.solution[p.ply].move);
    p.ply += 1;
    p.at = reply;
    goto(reply);
  };
  p.timer = setTimeout(p.reply, REPLY_MS);
  changed();
}

// After a wrong move: back to the position, to try again (the puzzle
// stays failed).
export function retry() {
  const p = P();
  if (p.status !== "wrong") return;
  const wrong = state.node;
  if (wrong.parent === p.at) p.at.children = p.at.children.filter((c) => c !== wrong);
  p.status = "retrying";
  goto(p.at);
}

// The hint: first the piece to move (selected on the board), then the
// move (an arrow).
export function hint() {
  const p = P();
  if (!humanToMove() && p.status !== "wrong") return;
  if (p.status === "wrong") retry();
  p.hint = Math.min(2, p.hint + 1);
  p.hinted = true;
  const want = p.solution[p.ply];
  state.selected = { from: sqIndex(want.from), clicks: [] };
  changed();
}

// The arrow of the hint's move, when the hint shows it.
export function hintArrows() {
  const p = P();
  if (state.mode !== "puzzles" || p.hint < 2 || !p.at || state.node !== p.at) return [];
  const want = p.solution[p.ply];
  return want ? [{ path: want.path }] : [];
}

// Plays the rest of the solution out, a move at a time.
export function showSolution() {
  const p = P();
  if (!p.current || p.status === "shown" || p.status === "solved" || p.status === "solved-after") return;
  stopTimer();
  if (p.status === "wrong") {
    const wrong = state.node;
    if (wrong.parent === p.at) p.at.children = p.at.children.filter((c) => c !== wrong);
  }
  rate(0);
  p.status = "shown";
  p.hint = 0;
  let node = p.at || state.node;
  const game = state.game;
  goto(node);
  const step = () => {
    if (state.game !== game || p.ply >= p.solution.length) {
      p.timer = null;
      return changed();
    }
    node = addMoveText(game, node, p.solution[p.ply].move);
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
