// Moving pieces: clicks and drags on the board choose a legal move
// (several clicks tell captures with the same ends apart), and in play
// mode the engine answers.

import { state, changed, gameTo, humanToMove, known, limitOf, showError } from "./state.js";
import { sqIndex, sqName } from "./squares.js";
import { newGame, addMoveText } from "./game.js";
import { goto, loadGame, playMove } from "./record.js";
import { engineClock, flagOutcome, startClock } from "./clock.js";
import { ponderFor, startPonder } from "./ponder.js";
import { markBookMove } from "./book.js";
import { tagsFor } from "./modes.js";

// Whether the piece of move `m` passes over or lands on square `name`:
// it lies on one of the straight legs of the path, after its start. (A
// flying king may land anywhere behind a piece it takes; the path names
// one such square, the user may click another.)
function onPath(m, name) {
  const i = sqIndex(name);
  const [f, r] = [i % 8, Math.floor(i / 8)];
  for (let k = 0; k + 1 < m.path.length; k++) {
    const a = sqIndex(m.path[k]), b = sqIndex(m.path[k + 1]);
    const [fa, ra, fb, rb] = [a % 8, Math.floor(a / 8), b % 8, Math.floor(b / 8)];
    const n = Math.max(Math.abs(fb - fa), Math.abs(rb - ra));
    for (let t = 1; t <= n; t++) {
      if (fa + ((fb - fa) / n) * t === f && ra + ((rb - ra) / n) * t === r) return true;
    }
  }
  return false;
}

// The candidate moves of the selection: those from its square whose path
// names every square clicked so far; failing that, those that pass over
// them.
function candidates(sel) {
  const legal = known().legal.moves;
  const mine = legal.filter((m) => m.from === sqName(sel.from));
  const exact = mine.filter((m) => sel.clicks.every((c) => m.path.slice(1).includes(c)));
  return exact.length ? exact : mine.filter((m) => sel.clicks.every((c) => onPath(m, c)));
}

// Whether the piece on square `i` may be dragged.
export function draggable(i) {
  if (state.mode === "edit") return false;
  return humanToMove() && known().legal.moves.some((m) => sqIndex(m.from) === i);
}

export function onSquare(i) {
  state.error = null;
  const legal = known().legal;
  if (!humanToMove()) return;
  const name = sqName(i);
  const fromHere = legal.moves.filter((m) => m.from === name);
  const sel = state.selected;
  if (!sel || (fromHere.length && sel.clicks.length === 0 && i !== sel.from)) {
    state.selected = fromHere.length ? { from: i, clicks: [] } : null;
    return changed();
  }
  if (i === sel.from) return changed();
  const next = { from: sel.from, clicks: [...sel.clicks, name] };
  const cands = candidates(next);
  if (cands.length === 0) {
    state.selected = fromHere.length ? { from: i, clicks: [] } : null;
    return changed();
  }
  if (cands.length === 1) return playMove(cands[0]);
  // A move that ends here wins over longer ones passing through (the user
  // clicks on further to choose those).
  const ending = cands.filter((m) => m.to === name);
  if (ending.length === 1) return playMove(ending[0]);
  state.selected = next; // ambiguous: the user clicks a landing square to choose
  changed();
}

// Destinations and, for an unfinished capture, the landing squares that
// tell the remaining candidates apart.
export function selectionMarks() {
  const sel = state.selected;
  if (!sel) return { dests: [], hints: [] };
  const cands = candidates(sel);
  if (sel.clicks.length === 0) return { dests: [...new Set(cands.map((m) => sqIndex(m.to)))], hints: [] };
  const counts = new Map();
  for (const m of cands) for (const s of new Set(m.path.slice(1))) counts.set(s, (counts.get(s) || 0) + 1);
  const hints = [...counts].filter(([s, c]) => c < cands.length && !sel.clicks.includes(s)).map(([s]) => sqIndex(s));
  return { dests: [], hints };
}

// In play mode, at the end of a line with the engine to move: its move.
// When the engine thought on the player's time and the player made the
// move it expected (a hit), that search gives the move.
export async function maybeEngineMove() {
  const node = state.node;
  const k = known(node);
  const pondered = state.ponder && state.ponder.node !== node ? ponderFor(node) : null;
  const idle = state.mode !== "play" || state.thinking || k.legal.outcome || flagOutcome(node);
  // Only at the end of a line: stepping back through the game does not
  // make the engine play.
  if (idle || k.pos.turn === state.play.human || node.children.length) {
    if (pondered) pondered.miss();
    return;
  }
  state.thinking = true;
  changed();
  const game = state.game;
  try {
    // A ponder search the server or the worker refused: a search of its own.
    let reply = pondered ? await pondered.hit().catch(() => null) : null;
    if (!reply) reply = await state.engine.move(gameTo(node), engineLimit());
    state.thinking = false;
    if (state.game === game && state.node === node && reply && !flagOutcome(node)) {
      const child = addMoveText(game, node, reply.move);
      markBookMove(child, reply);
      goto(child);
      if (state.node === child && !known(child).legal.outcome) startPonder(child, reply.pv[1], engineLimit());
    }
  } catch (e) {
    showError(e.message);
  } finally {
    state.thinking = false;
    changed();
  }
}

// The engine's limits: on a clock, the clock (the engine budgets its own
// time) and the level's depth; else the level's depth and time. With the
// option "Opening book" off, no book moves.
function engineLimit() {
  const limit = limitOf(state.play.level);
  const clock = engineClock();
  return { ...(clock ? { depth: limit.depth, clock } : limit), book: state.book.on };
}

// A new game from the current start position, under the rules last
// chosen: against the engine in play mode, between two players otherwise;
// on the chosen clock.
export function newPlayGame() {
  state.flip = state.mode === "play" && state.play.human === "b";
  let game;
  try {
    game = newGame(state.game.fen, state.rules, tagsFor(state.mode));
  } catch (_) {
    game = newGame(state.game.fen, state.game.rules, tagsFor(state.mode)); // the position is none under them
  }
  startClock(game);
  loadGame(game);
}
