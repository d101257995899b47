// The engine in the browser: the package's Engine (tama-search compiled
// to WebAssembly) in Web Workers, one for each of the page's jobs so that
// stopping the analysis never stops the engine's move or a review.

import { Board, Engine } from "../tama.js";

const HASH_MIB = 32;

// The engine's move and line from a search's answer, or null.
function answer({ best, lines }) {
  if (best) return best.type === "bestmove" ? { move: best.move, pv: best.pv } : null;
  return lines.length ? { move: lines[0].move, pv: lines[0].pv } : null;
}

export function browserEngine() {
  const workers = {};
  const engine = (job) => (workers[job] ||= new Engine({ hash: HASH_MIB }));
  const boardOf = (game) => Board.fromMoves(game.fen, game.moves, { rules: game.rules });
  return {
    kind: "browser",
    label: "engine.browser",
    labelParams: {},

    analyse(game, multipv, onInfo, onError) {
      const e = engine("analysis");
      let live = true;
      e.search(boardOf(game), { multipv, onInfo: (line) => live && onInfo(line.report) }).catch((err) => {
        // A restarted worker (the module trapped) is said once; the next
        // position starts a new one.
        if (live && onError) onError(err);
      });
      return () => {
        live = false;
        e.stop();
      };
    },

    async move(game, limit) {
      return answer(await engine("play").search(boardOf(game), limit));
    },

    // Thinks on the player's time about the position after `predicted`
    // (the package's Engine.ponder, in the play worker, whose hash table
    // the next move's search then finds filled).
    ponder(game, predicted, limit) {
      const board = boardOf(game);
      board.push(predicted);
      const p = engine("play").ponder(board, limit);
      return {
        hit: async () => answer(await p.hit()),
        miss: () => p.miss(),
      };
    },

    review(game, limit, onEvent) {
      const e = engine("review");
      let stopped = false;
      const done = e.review(boardOf(game), { ...limit, onEvent }).then(({ summary }) => {
        if (stopped) throw new DOMException("the review was stopped", "AbortError");
        if (summary) onEvent("summary", summary);
      });
      return {
        done,
        stop: () => {
          stopped = true;
          e.stop();
        },
      };
    },
  };
}
