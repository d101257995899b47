// The server's JSON API (docs/API.md).

export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.error ? body.error : `HTTP ${status}`);
    this.status = status;
    this.column = body ? body.column : undefined;
  }
}

async function request(method, path, body, text = false) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    if (typeof body === "string") {
      init.body = body;
      init.headers["Content-Type"] = "text/plain";
    } else {
      init.body = JSON.stringify(body);
      init.headers["Content-Type"] = "application/json";
    }
  }
  const res = await fetch(path, init);
  if (!res.ok) {
    let err = null;
    try {
      err = await res.json();
    } catch (_) {
      /* not JSON */
    }
    throw new ApiError(res.status, err);
  }
  return text ? res.text() : res.json();
}

export const api = {
  moves: (fen, rules, moves) => request("POST", "/api/moves", { fen, rules, moves }),
  play: (fen, rules, moves, move) => request("POST", "/api/play", { fen, rules, moves, move }),
  engineMove: (fen, rules, moves, limit) =>
    request("POST", "/api/engine-move", { fen, rules, moves, ...limit }),
  pdnJson: (text) => request("POST", "/api/pdn/json", text),
  pdnFmt: (text) => request("POST", "/api/pdn/fmt", text, true),
};

// Starts a continuous analysis; `onInfo` gets every `info` object. Returns
// a function that stops it.
export function analyse({ fen, rules, moves, multipv }, onInfo, onError) {
  const q = new URLSearchParams({ fen, rules, multipv: String(multipv) });
  if (moves.length) q.set("moves", moves.join(","));
  const es = new EventSource(`/api/analyse?${q}`);
  es.addEventListener("info", (e) => onInfo(JSON.parse(e.data)));
  es.addEventListener("bestmove", () => es.close());
  es.addEventListener("gameover", () => es.close());
  // An error before `bestmove` (the stream refused with 503, or cut): no
  // automatic reconnection, the caller decides.
  es.onerror = () => {
    es.close();
    if (onError) onError();
  };
  return () => es.close();
}
