// The engine of `tama serve`: the native engine (its threads and
// tablebases) over the server's JSON API (docs/API.md). Each request
// carries the game once (start position, rules, moves).

class ApiError extends Error {
  constructor(status, body) {
    super(body && body.error ? body.error : `HTTP ${status}`);
    this.status = status;
  }
}

async function post(path, body) {
  const res = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new ApiError(res.status, await res.json().catch(() => null));
  return res.json();
}

// Calls `onEvent(name, data)` for each event of a Server-Sent-Events
// response (the data parsed as JSON); resolves at its end.
async function readEvents(res, onEvent) {
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buf += value; // the server ends lines with \n
    for (let k = buf.indexOf("\n\n"); k >= 0; k = buf.indexOf("\n\n")) {
      const block = buf.slice(0, k);
      buf = buf.slice(k + 2);
      let name = "message";
      const data = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) name = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      if (data.length) onEvent(name, JSON.parse(data.join("\n")));
    }
  }
}

const query = ({ fen, rules, moves }, extra = {}) => {
  const q = new URLSearchParams({ fen, rules });
  if (moves.length) q.set("moves", moves.join(","));
  for (const [k, v] of Object.entries(extra)) if (v !== undefined && v !== null) q.set(k, String(v));
  return q;
};

// The engine's move and line, and whether it came from the opening book.
const answer = (r) => (r.move ? { move: r.move.move, pv: r.pv || [], book: r.book === true } : null);

export function serverEngine(config) {
  // A ponder search being stopped: the next move waits for its slot.
  let stopping = Promise.resolve();
  return {
    kind: "server",
    // The page's words for it (i18n.js): a catalogue key and its values.
    label: config.tablebases ? "engine.server.tablebases" : "engine.server",
    labelParams: { threads: config.threads || 1 },

    // A continuous analysis (`GET /api/analyse`): `onInfo` gets each
    // iteration's report; `onError` a refused or broken stream. Returns
    // a function that stops it.
    analyse(game, multipv, onInfo, onError) {
      const es = new EventSource(`api/analyse?${query(game, { multipv })}`);
      es.addEventListener("info", (e) => onInfo(JSON.parse(e.data)));
      es.addEventListener("bestmove", () => es.close());
      es.addEventListener("gameover", () => es.close());
      es.onerror = () => {
        es.close();
        if (onError) onError();
      };
      return () => es.close();
    },

    // The engine's move under `limit` ({depth, movetime, clock, book}):
    // {move, pv, book} (move text; `book` a move of the opening book,
    // which `book: false` turns off), or null when the game is over.
    async move(game, limit) {
      await stopping;
      return answer(await post("api/engine-move", { ...game, ...limit }));
    },

    // Thinks on the player's time (`POST /api/ponder`) about the position
    // after `predicted`; `hit()` resolves as `move` does, `miss()` stops
    // the search on the server.
    ponder(game, predicted, limit) {
      const started = post("api/ponder", { ...game, ponder: predicted, ...limit });
      return {
        hit: async () => answer(await post(`api/ponder/${(await started).id}/hit`, {})),
        miss: () => {
          stopping = started.then(({ id }) => post(`api/ponder/${id}/stop`, {})).catch(() => {});
        },
      };
    },

    // The opening book's moves of the game's position (`GET /api/book`):
    // {preset, moves: [{move, value, weight, leaf}]}, best first.
    async bookMoves(game) {
      const res = await fetch(`api/book?${query(game)}`);
      if (!res.ok) throw new ApiError(res.status, await res.json().catch(() => null));
      return res.json();
    },

    // A whole-game review (`GET /api/review`): `onEvent(name, data)` gets
    // `progress`, `move` and `summary` events. Returns `done` (rejects
    // with the server's error, or an AbortError once stopped) and `stop`.
    review(game, limit, onEvent) {
      const ctl = new AbortController();
      const done = (async () => {
        const res = await fetch(`api/review?${query(game, limit)}`, { signal: ctl.signal });
        if (!res.ok) throw new ApiError(res.status, await res.json().catch(() => null));
        await readEvents(res, onEvent);
      })();
      return { done, stop: () => ctl.abort() };
    },
  };
}
