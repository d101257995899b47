// The speed suite of the package, the same in Node and in a browser:
// perft leaves per second and engine nodes per second, for the numbers
// BENCHMARKS.md sets beside the native binary's (`cargo xtask wasm --bench`).

import { Board, Engine } from "../index.js";

/** The perft runs: the reference table's deepest rows `cargo xtask perft` checks. */
export const PERFT = [
  { rules: "armenian", depth: 6 },
  { rules: "turkish", depth: 8 },
];

/** The engine runs: fixed-depth searches from the start position, one thread. */
export const SEARCH = [
  { rules: "armenian", depth: 14 },
  { rules: "turkish", depth: 16 },
];

const now = () => performance.now();

/** Runs the suite `repeat` times; each figure is the best run's. */
export async function runSuite({ repeat = 3, hash = 16, log = () => {} } = {}) {
  const out = { perft: [], search: [] };
  for (const { rules, depth } of PERFT) {
    const board = new Board(undefined, { rules });
    let best = Infinity;
    let leaves = 0;
    for (let i = 0; i < repeat; i++) {
      const t = now();
      leaves = board.perft(depth);
      best = Math.min(best, now() - t);
    }
    const row = { rules, depth, leaves, ms: Math.round(best), perSecond: Math.round((leaves / best) * 1000) };
    log(`perft ${rules} ${depth}: ${leaves} leaves in ${row.ms} ms`);
    out.perft.push(row);
  }
  for (const { rules, depth } of SEARCH) {
    let best = null;
    for (let i = 0; i < repeat; i++) {
      // A new engine each run: an empty hash table, as the native run.
      const engine = new Engine({ hash });
      try {
        const { best: report } = await engine.search(new Board(undefined, { rules }), { depth });
        if (!best || report.time_ms < best.time_ms) best = report;
      } finally {
        engine.close();
      }
    }
    const row = {
      rules,
      depth,
      nodes: best.nodes,
      ms: best.time_ms,
      perSecond: Math.round((best.nodes / Math.max(best.time_ms, 1)) * 1000),
    };
    log(`search ${rules} depth ${depth}: ${row.nodes} nodes in ${row.ms} ms`);
    out.search.push(row);
  }
  return out;
}
