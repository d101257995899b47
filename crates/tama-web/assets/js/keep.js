// The games kept in this browser, as lichess's analysis board keeps its
// position: a reload or a tab closed and opened again finds each mode's
// game (its moves and variations as the package's PDN JSON, the current
// move, the board's side, the clock's times), the mode on screen, the
// rules last chosen, the play settings and the puzzle in hand. The time
// the page was away is not charged to a clock. Storage refused or a
// damaged record: the page starts afresh.

import { state, emptyReview, on } from "./state.js";
import { gameFromJson, gameToJson, nodeAt, pathTo } from "./game.js";
import { restoreClock, snapshotClock } from "./clock.js";
import { GAME_MODES, sessionOf } from "./modes.js";

const STORE = "tama.games";
const VERSION = 1;

let keeping = false;
let pending = null;

function save() {
  pending = null;
  const sessions = {};
  for (const mode of GAME_MODES) {
    // The puzzle in hand is kept by its id; its game comes from the file.
    const s = mode === "puzzles" ? null : sessionOf(mode);
    if (!s) continue;
    sessions[mode] = {
      game: gameToJson(s.game),
      path: pathTo(s.node),
      flip: s.flip,
      clock: s.clock && s.clock.game === s.game ? snapshotClock(s.clock) : null,
    };
  }
  const p = state.puzzle;
  const record = {
    version: VERSION,
    mode: state.mode === "edit" ? state.sessionMode : state.mode,
    rules: state.rules,
    play: state.play,
    sessions,
    puzzle: { preset: p.preset, filter: p.filter, id: p.current ? p.current.id : null },
  };
  try {
    localStorage.setItem(STORE, JSON.stringify(record));
  } catch (_) {
    /* storage refused or full: not kept */
  }
}

// Keeps the games from now on: shortly after each change, and at once
// when the page is hidden or left.
export function keepGames() {
  keeping = true;
  on("change", (part) => {
    if (part || pending) return;
    pending = setTimeout(save, 300);
  });
  const now = () => {
    clearTimeout(pending);
    save();
  };
  window.addEventListener("pagehide", now);
  document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && now());
  save();
}

// A kept session of a mode, or null when it cannot be read back.
function readSession(kept) {
  try {
    const game = gameFromJson(kept.game);
    const node = nodeAt(game, kept.path);
    let clock = null;
    try {
      clock = kept.clock ? restoreClock(game, kept.clock) : null;
    } catch (_) {
      clock = null; // a clock that does not fit its game: the game without it
    }
    return { game, node, flip: Boolean(kept.flip), clock, review: emptyReview() };
  } catch (_) {
    return null;
  }
}

// Puts back what the last visit kept (before the page is first drawn).
export function restoreGames() {
  if (keeping) return;
  let kept = null;
  try {
    kept = JSON.parse(localStorage.getItem(STORE));
  } catch (_) {
    return;
  }
  if (!kept || kept.version !== VERSION) return;
  if (typeof kept.rules === "string") state.rules = kept.rules;
  if (kept.play && typeof kept.play === "object") {
    const p = kept.play;
    if (p.human === "w" || p.human === "b") state.play.human = p.human;
    if (typeof p.level === "string") state.play.level = p.level;
    if (p.clock && typeof p.clock === "object") {
      state.play.clock.control = typeof p.clock.control === "string" ? p.clock.control : null;
      if (typeof p.clock.flagRule === "string") state.play.clock.flagRule = p.clock.flagRule;
    }
    state.play.ponder = Boolean(p.ponder);
  }
  if (kept.puzzle) {
    const p = state.puzzle;
    p.preset = kept.puzzle.preset || null;
    p.filter = kept.puzzle.filter || "any";
    p.resume = kept.puzzle.id || null;
  }
  for (const mode of GAME_MODES) {
    const s = kept.sessions && kept.sessions[mode] && readSession(kept.sessions[mode]);
    if (s) state.sessions[mode] = s;
  }
  const mode = GAME_MODES.includes(kept.mode) ? kept.mode : "play";
  const live = state.sessions[mode];
  delete state.sessions[mode];
  if (live) {
    state.game = live.game;
    state.node = live.node;
    state.flip = live.flip;
    state.clock = live.clock;
    state.review = live.review;
  }
  state.mode = mode;
  state.sessionMode = mode;
  state.analysis.on = mode === "analysis";
}
