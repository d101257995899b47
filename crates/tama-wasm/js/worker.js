// The engine's worker: loads the module (compiled by the page or the Node
// process that started it), then runs one search at a time for the
// `Engine` of engine.js. Messages in: `init` (with the opening book's
// bytes, if any), `analyse`, `review`, `book` (an opening book's bytes, or
// null), `clear`. Messages out: `ready` or `init-error`; per search `info`
// reports (a review's: `event`s), then `done` or
// `error` (bad input: the library's error); `crash` when the module
// trapped (a defect), after which the engine ends this worker and starts
// another.

import { Board, WasmEngine } from "./wasm/tama_wasm.js";
import { IS_NODE, load } from "./load.js";
import { toMessage } from "./errors.js";

const port = IS_NODE ? (await import("node:worker_threads")).parentPort : self;
const post = (m) => port.postMessage(m);

let engine = null;

// Errors the library throws for bad input are named by their class; any
// other exception (a trap: `RuntimeError: unreachable`) is a crash.
const LIBRARY_ERRORS = new Set([
  "FenError",
  "MoveTextError",
  "RulesError",
  "IllegalMoveError",
  "PdnError",
  "TimeControlError",
  "BookError",
  "RangeError",
  "TypeError",
]);

function handle(m) {
  if (m.type === "init") {
    load(m.module)
      .then(() => {
        WasmEngine.setStopFlag(m.flag ?? undefined);
        engine = new WasmEngine(m.settings);
        if (m.book) engine.setBook(m.book);
        post({ type: "ready" });
      })
      .catch((e) => post({ type: "init-error", error: toMessage(e) }));
    return;
  }
  if (m.type === "clear") {
    engine?.clear();
    return;
  }
  if (m.type === "book") {
    try {
      post({ type: "done", id: m.id, report: engine.setBook(m.bytes ?? undefined) ?? null });
    } catch (e) {
      post({ type: "error", id: m.id, error: toMessage(e) });
    }
    return;
  }
  if (m.type === "analyse" || m.type === "review") {
    let board = null;
    try {
      board = Board.fromMoves(m.fen, m.rules, m.moves);
      let report;
      if (m.type === "analyse") {
        report = engine.analyse(board, m.request, (text) =>
          post({ type: "info", id: m.id, report: JSON.parse(text) }),
        );
      } else {
        report = engine.review(board, m.request, (name, text) =>
          post({ type: "event", id: m.id, name, data: JSON.parse(text) }),
        );
      }
      post({ type: "done", id: m.id, report: report === undefined ? null : JSON.parse(report) });
    } catch (e) {
      const kind = e && LIBRARY_ERRORS.has(e.name) && !(e instanceof WebAssembly.RuntimeError);
      post({ type: kind ? "error" : "crash", id: m.id, error: toMessage(e) });
    } finally {
      board?.free();
    }
  }
}

if (IS_NODE) port.on("message", handle);
else port.onmessage = (e) => handle(e.data);
