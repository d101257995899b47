// The engine in the browser: the package's Engine (tama-search compiled
// to WebAssembly) in Web Workers, one for each of the page's jobs so that
// stopping the analysis never stops the engine's move or a review.

import { Board, Book, Engine, rulesTable } from "../tama.js";

const HASH_MIB = 32;

// The engine's move and line from a search's answer, or null; `book`
// when it came from the opening book.
function answer({ best, lines }) {
  if (best) return best.type === "bestmove" ? { move: best.move, pv: best.pv, book: best.book === true } : null;
  return lines.length ? { move: lines[0].move, pv: lines[0].pv, book: false } : null;
}

// The opening books this page carries (`books/<preset>.tbk`, as
// config.json lists them), each fetched and read once: preset →
// Promise<{book, bytes} | null>.
function bookFiles(presets) {
  const loaded = new Map();
  return (preset) => {
    if (!presets.includes(preset)) return Promise.resolve(null);
    if (!loaded.has(preset)) {
      const file = (async () => {
        const res = await fetch(`books/${preset}.tbk`);
        if (!res.ok) throw new Error(`books/${preset}.tbk: HTTP ${res.status}`);
        const bytes = new Uint8Array(await res.arrayBuffer());
        return { book: new Book(bytes, { rules: preset }), bytes };
      })();
      // A failed fetch (offline, not cached) is tried again next time.
      file.catch(() => loaded.delete(preset));
      loaded.set(preset, file);
    }
    return loaded.get(preset);
  };
}

export function browserEngine(config = {}) {
  const workers = {};
  const engine = (job) => (workers[job] ||= new Engine({ hash: HASH_MIB }));
  const boardOf = (game) => Board.fromMoves(game.fen, game.moves, { rules: game.rules });
  // The preset the rules are (the package's rules table: the canonical
  // text is the preset's name alone), or null: no book covers rules
  // that are not a preset itself, as `GET /api/book` says.
  const presetOf = (rules) => {
    const r = rulesTable(rules).rules;
    return r.text === r.preset ? r.preset : null;
  };
  const presets = config.books || [];
  const bookOf = bookFiles(presets);
  // The play worker's book: given once per preset.
  let playBook = null;
  async function giveBook(rules) {
    const preset = presetOf(rules);
    if (playBook === preset) return;
    const file = preset ? await bookOf(preset).catch(() => null) : null;
    await engine("play").setBook(file ? file.bytes : null);
    // A book that could not be fetched (offline) is tried again next move.
    playBook = file || !presets.includes(preset) ? preset : undefined;
  }
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

    // The engine's move: from the opening book where it has one (unless
    // `limit.book` is false), else a search.
    async move(game, limit) {
      if (limit.book !== false) await giveBook(game.rules);
      return answer(await engine("play").search(boardOf(game), limit));
    },

    // The opening book's moves of the game's position, as the server's
    // `GET /api/book` gives them.
    async bookMoves(game) {
      const preset = presetOf(game.rules);
      const file = preset ? await bookOf(preset) : null;
      const moves = file ? file.book.moves(boardOf(game)).map((m) => m.toJSON()) : [];
      return { preset, moves };
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
