// The page's one state object, what can be read off it, and the events
// through which the controllers tell the rest of the page what changed:
// "change" (redraw; a part name for a partial redraw), "arrive" (a node
// became current), "load" (a new game).

import { START_FEN, newGame, know, history as movesTo } from "./game.js";

export const today = () => {
  const d = new Date();
  return `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, "0")}.${String(d.getDate()).padStart(2, "0")}`;
};

export const emptyReview = () => ({ running: false, done: 0, total: 0, points: null, summary: null, stop: null });

// The Puzzles mode's state (puzzles.js).
export const emptyPuzzle = () => ({
  preset: null,
  filter: "any",
  loading: false,
  current: null, // the package's puzzle: {id, fen, rules, label, rating, themes, source, tags, solution}
  attempt: null, // the package's PuzzleAttempt: the trainer's rules
  solution: [], // the solution's moves, JSON form
  ply: 0, // the solution's moves on the board
  at: null, // the node where the player is to move, or null
  // idle | solving | wrong (a wrong move played) | retrying (after one)
  // | solved | solved-after (solved after a wrong move) | shown
  status: "idle",
  hint: 0, // for the move to find: 0 none, 1 the piece, 2 the move
  hintMove: null, // the move the second hint shows
  hinted: false, // a hint was asked for in this puzzle
  rated: false,
  change: null, // the rating's last change
  timer: null,
  reply: null, // the opponent's reply on its way (the timer's)
  resume: null, // the id of the puzzle to show again after a reload
});

// The mode on screen keeps its game in `game`, `node`, `flip`, `clock`
// and `review`; the other modes' games wait in `sessions` (modes.js).
export const state = {
  game: newGame(START_FEN, "armenian", { Event: "Casual game", Date: today(), White: "You", Black: "tama" }),
  node: null,
  mode: "play", // play | two | analysis | edit | puzzles
  sessionMode: "play", // whose game is on screen: the mode, or in the editor the mode it was opened from
  sessions: {}, // mode → {game, node, flip, clock, review}: the games of the modes not on screen
  rules: "armenian", // the rules last chosen: a mode's new game takes them
  flip: false,
  selected: null, // {from, clicks: [squares]}
  play: { human: "w", level: null, clock: { control: null, flagRule: "lose" }, ponder: false },
  clock: null, // the game clock (clock.js)
  ponder: null, // the engine thinking on the player's time (ponder.js)
  levels: [], // the engine's levels of play (the package's levels())
  engines: [], // the engines that can answer (engines/index.js), the one in use first
  engine: null,
  thinking: false,
  analysis: { on: false, multipv: 3, lines: [], depth: 0, nps: 0, forNode: null, stop: null },
  book: { on: true, forNode: null, engine: null, preset: null, moves: [] }, // the opening book (book.js)
  review: emptyReview(),
  editor: null, // {rows, turn, piece, error}
  puzzle: emptyPuzzle(),
  error: null,
  fenDraft: null, // the position text being typed into the FEN box, kept until it loads
  fenError: null, // why the text in the FEN box did not load
};
state.node = state.game.root;
window.tamaState = state; // for the browser tests and the curious

const listeners = { change: [], arrive: [], load: [] };

export function on(event, fn) {
  listeners[event].push(fn);
}

export function emit(event, arg) {
  for (const fn of listeners[event]) fn(arg);
}

// Redraws the page, or one part of it ("engine", "review").
export const changed = (part) => emit("change", part);

export function showError(msg) {
  state.error = msg;
  changed();
}

// What the package says of a node's position: {fen, rows, pos, legal}.
export const known = (node = state.node) => know(state.game, node);

// The game up to `node` as the engines take it: {fen, rules, moves}.
export function gameTo(node) {
  return { fen: state.game.fen, rules: state.game.rules, moves: movesTo(node) };
}

// Whether a click on the board may move a piece now.
export function humanToMove() {
  if (state.thinking || state.review.running) return false;
  const c = state.clock;
  if (c && c.ended && c.game === state.game) return false; // a flag fell
  if (state.mode === "play") return known().pos.turn === state.play.human;
  if (state.mode === "puzzles") {
    const p = state.puzzle;
    return (p.status === "solving" || p.status === "retrying") && state.node === p.at && !p.timer;
  }
  return state.mode !== "edit";
}

// A level of the page's selects as an engine limit: `l:5` a level of
// play (its depth and time from the package's levels()), `d:6` a depth,
// `t:500` a time in milliseconds.
export function limitOf(level) {
  if (!level) return { depth: 4 };
  const [, kind, n] = /^(\w):(\d+)$/.exec(level) || [null, "d", "4"];
  if (kind === "l") {
    const found = state.levels.find((l) => l.level === Number(n));
    if (!found) return { depth: 1 };
    return found.depth === null
      ? { movetime: found.movetime_ms }
      : { depth: found.depth, movetime: found.movetime_ms };
  }
  return kind === "d" ? { depth: Number(n) } : { movetime: Number(n) };
}

export function findNode(id, from = state.game.root) {
  if (from.id === id) return from;
  for (const c of from.children) {
    const f = findNode(id, c);
    if (f) return f;
  }
  return null;
}
