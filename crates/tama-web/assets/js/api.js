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
  rules: (text) => request("GET", `/api/rules?${new URLSearchParams({ rules: text })}`),
  levels: () => request("GET", "/api/levels"),
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

// Starts a whole-game review (`GET /api/review`); `onEvent` gets its
// events. Returns `done` (rejects with an ApiError when the server
// refuses, an AbortError once stopped) and `stop`, which ends the review
// on the server too.
export function review({ fen, rules, moves, depth, movetime }, onEvent) {
  const q = new URLSearchParams({ fen, rules });
  if (moves.length) q.set("moves", moves.join(","));
  if (depth) q.set("depth", String(depth));
  if (movetime) q.set("movetime", String(movetime));
  const ctl = new AbortController();
  const done = (async () => {
    const res = await fetch(`/api/review?${q}`, { signal: ctl.signal });
    if (!res.ok) throw new ApiError(res.status, await res.json().catch(() => null));
    await readEvents(res, onEvent);
  })();
  return { done, stop: () => ctl.abort() };
}
