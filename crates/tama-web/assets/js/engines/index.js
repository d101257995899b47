// Which engine answers the page: the native engine of `tama serve`, or
// the package's engine in this browser. The page reads `config.json`
// beside it: `tama serve` answers `{"engine": "server", …}`, the static
// bundle holds `{"engine": "browser"}`. Both engines take the same calls:
//
//   analyse(game, multipv, onInfo, onError) -> stop()
//   move(game, limit) -> Promise<{move, pv, book} | null>
//   ponder(game, predicted, limit) -> {hit() -> Promise<{move, pv, book} | null>, miss()}
//   review(game, limit, onEvent) -> {done, stop}
//   bookMoves(game) -> Promise<{preset, moves: [{move, value, weight, leaf}]}>
//
// where `game` is {fen, rules, moves} (the start position, the rules and
// the moves in move text) and the reports are the same JSON shapes.

import { serverEngine } from "./server.js";
import { browserEngine } from "./browser.js";

export async function readConfig() {
  try {
    const res = await fetch("config.json", { cache: "no-store" });
    if (res.ok) return await res.json();
  } catch (_) {
    /* offline and not cached: the browser's engine */
  }
  return { engine: "browser" };
}

// The engines this page can use, the configured one first.
export function enginesFor(config) {
  const browser = browserEngine(config);
  return config.engine === "server" ? [serverEngine(config), browser] : [browser];
}
