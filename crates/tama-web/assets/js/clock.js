// The game clock of a game in play (against the engine or between two
// players). The package's Board keeps the clock (tama_core's GameClock:
// the time control, the increments, the flag and what it does); the page
// only measures the wall time that passes and tells the board, on each
// move and when the running side's time is up.
//
// state.clock = null, or {game, board, node, since, ended, spent,
// pending, paused, stopped}: `board` the package Board of the clocked
// game (its moves are the main line up to `node`), `since` the wall time
// (performance.now()) at which the running side's time was last charged,
// `ended` the outcome of a flag, `spent` the whole milliseconds charged
// for each move of the line and `pending` those charged since its last
// move (with them a reload puts the same clock back, `snapshotClock`),
// `paused` while its game's mode is not on screen.

import { Board, timeControl } from "./tama.js";
import { state, changed } from "./state.js";
import { history, lineTo, nodeAt, pathTo } from "./game.js";
import { stopPonder } from "./ponder.js";

// The time controls offered before a game: time-control text as the
// package reads it ("45m" is TÜDAF's championships').
export const PRESETS = ["1m", "3m+2s", "5m", "10m+5s", "45m"];

// The last seconds, in which a clock is drawn as a warning.
export const WARNING_MS = 10000;

let timer = null;
const now = () => performance.now();

// Reads a time-control text with the package: its canonical form, or
// throws TimeControlError.
export function readControl(text) {
  return timeControl(text).text;
}

// Each tenth of a second, while a clock is on screen: see `tick`.
function watch() {
  if (!timer) timer = setInterval(tick, 100);
}

// Puts `game` (just loaded, at its root) on the chosen clock, or on none.
export function startClock(game) {
  stopClock();
  const { control, flagRule } = state.play.clock;
  if (!control) return;
  const board = new Board(game.fen, { rules: game.rules });
  board.setClock(control, { flagRule });
  state.clock = { game, board, node: game.root, since: now(), ended: null, spent: [], pending: 0, paused: false };
  watch();
}

// Stops the clock where it stands (its board stays, for the export).
export function stopClock() {
  if (state.clock) state.clock.stopped = true;
}

// The running clock of the game on screen, if it is on one.
export function activeClock() {
  const c = state.clock;
  return c && !c.stopped && c.game === state.game ? c : null;
}

// Charges the running side the whole milliseconds since the last charge;
// returns the outcome when its flag fell (or the game was over before).
function charge(c) {
  const ms = Math.max(0, Math.floor(now() - c.since));
  c.since += ms;
  c.pending += ms;
  return c.board.tick(ms);
}

// Its mode left: the clock waits, its running side charged until now.
export function pauseClock() {
  const c = activeClock();
  if (!c || c.paused) return;
  if (!c.ended) charge(c);
  c.paused = true;
}

// Its mode back on screen (or the page loaded): the clock runs on.
export function resumeClock() {
  const c = activeClock();
  if (!c || !c.paused) return;
  c.paused = false;
  c.since = now();
  watch();
}

// What a reload needs to put the clock back: the control, the flag rule,
// the time charged for each move and since, where it stands in the game.
export function snapshotClock(c) {
  const clock = c.board.clock();
  const running = !c.paused && !c.stopped && !c.ended && clock.running;
  const pending = c.pending + (running ? Math.max(0, Math.floor(now() - c.since)) : 0);
  return { control: clock.control.text, flagRule: clock.flagRule, spent: c.spent, pending, path: pathTo(c.node), stopped: Boolean(c.stopped) };
}

// The clock of `game` from its snapshot, waiting (`resumeClock` runs
// it): the package's board charged and moved as before. Throws when the
// snapshot does not fit the game.
export function restoreClock(game, snap) {
  const board = new Board(game.fen, { rules: game.rules });
  board.setClock(snap.control, { flagRule: snap.flagRule });
  const node = nodeAt(game, snap.path);
  const line = lineTo(node);
  if (snap.spent.length !== line.length) throw new Error("clock: the moves differ");
  line.forEach((n, k) => {
    board.tick(snap.spent[k]);
    board.push(n.move.move);
  });
  const outcome = board.tick(snap.pending);
  const ended = outcome && outcome.termination === "time forfeit" ? outcome.toJSON() : null;
  watch();
  return { game, board, node, since: now(), ended, spent: snap.spent.slice(), pending: snap.pending, paused: true, stopped: snap.stopped };
}

// Each tenth of a second: a flag falls when the running side's time is up.
function tick() {
  const c = activeClock();
  if (!c || c.ended || c.paused) return;
  const clock = c.board.clock();
  if (!clock.running) return;
  if (clock[clock.running] - (now() - c.since) <= 0) {
    const outcome = charge(c);
    if (outcome && outcome.termination === "time forfeit") {
      c.ended = outcome.toJSON();
      state.game.result = outcome.result;
      state.thinking = false;
      state.selected = null;
      stopPonder();
      changed();
      return;
    }
  }
  changed("clock");
}

// Whether `node` is still in the game tree (a take-back drops nodes).
function attached(node) {
  for (let n = node; n.parent; n = n.parent) if (!n.parent.children.includes(n)) return false;
  return true;
}

// A node became current: a move played at the end of the clocked line
// goes on the clock (its player's time charged, then the move); after a
// take-back, the moves taken back come off it (and a fallen flag with
// them). Moving through the game changes nothing: the clock runs on.
export function clockArrive(node) {
  const c = activeClock();
  if (!c) return;
  if (node.parent === c.node && c.node.children[0] === node && !c.ended) {
    charge(c);
    c.board.push(node.move.move);
    c.spent.push(c.pending);
    c.pending = 0;
    c.node = node;
  } else if (!attached(c.node) && attached(node)) {
    const keep = lineTo(node).length;
    while (c.board.ply > keep) c.board.pop();
    c.spent.length = keep;
    c.pending = 0;
    c.node = node;
    c.ended = null;
    c.since = now();
  }
}

// The outcome of a flag at `node`, if one fell there.
export function flagOutcome(node = state.node) {
  const c = state.clock;
  return c && c.game === state.game && c.ended && c.node === node ? c.ended : null;
}

// Each side's time left now (ms), the running side's, and the control;
// null without a clock.
export function clockView() {
  const c = state.clock;
  if (!c || c.game !== state.game) return null;
  const clock = c.board.clock();
  const running = c.ended || c.stopped || c.paused ? null : clock.running;
  const left = { white: clock.white, black: clock.black };
  if (running) left[running] = Math.max(0, left[running] - (now() - c.since));
  return { left, running, flagged: clock.flagged, control: clock.control.text };
}

// The clock as the engine takes it, its running side's time as of now.
export function engineClock() {
  const c = activeClock();
  if (!c || c.ended || c.paused) return null;
  const clock = c.board.clock();
  const limits = { ...clock.limits };
  if (clock.running) limits[clock.running] = Math.max(0, Math.floor(limits[clock.running] - (now() - c.since)));
  return limits;
}

// The board of the clock of `game`, for the PDN writer (its clock
// comments and TimeControl tag); null when the game had no clock.
export function clockBoardFor(game) {
  const c = state.clock;
  return c && c.game === game && history(c.node).length === c.board.ply ? c.board : null;
}
