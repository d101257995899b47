// The repository's data suites, read as the Rust tests read them: the
// reference perft table of docs/RULES.md, tests/data/perft.txt and
// tests/data/tactics.txt.

import { readFileSync } from "node:fs";

const ROOT = new URL("../../../../", import.meta.url);
const read = (path) => readFileSync(new URL(path, ROOT), "utf8");

/** Data lines of a suite: `[lineNumber, fields]`, comments and blank lines left out. */
function dataLines(text) {
  return text
    .split("\n")
    .map((line, i) => [i + 1, line.trim()])
    .filter(([, line]) => line && !line.startsWith("#"))
    .map(([n, line]) => [n, line.split("|").map((f) => f.trim())]);
}

/** The reference table of docs/RULES.md: `{ rules, depth, leaves }` for every filled cell. */
export function referencePerft() {
  const text = read("docs/RULES.md");
  const start = text.indexOf("## Reference numbers (perft)");
  const rows = text.slice(start).split("\n");
  const header = rows.findIndex((r) => r.startsWith("| depth |"));
  const presets = rows[header]
    .split("|")
    .slice(2, -1)
    .map((c) => c.trim().replaceAll("`", ""));
  const cells = [];
  for (const row of rows.slice(header + 2)) {
    if (!row.startsWith("|")) break;
    const [depth, ...counts] = row.split("|").slice(1, -1).map((c) => c.trim());
    counts.forEach((count, i) => {
      if (count) cells.push({ rules: presets[i], depth: Number(depth), leaves: Number(count.replaceAll(",", "")) });
    });
  }
  return cells;
}

/** tests/data/perft.txt: `{ line, fen, rules, counts: [[depth, leaves]] }`. */
export function perftSuite() {
  return dataLines(read("tests/data/perft.txt")).map(([line, [fen, rules, counts]]) => ({
    line,
    fen: fen === "start" ? undefined : fen,
    rules,
    counts: counts.split(/\s+/).map((c) => c.split(":").map(Number)),
  }));
}

/** tests/data/tactics.txt: `{ line, fen, rules, move, plies }`. */
export function tacticsSuite() {
  return dataLines(read("tests/data/tactics.txt")).map(([line, [fen, rules, move, about]]) => ({
    line,
    fen,
    rules,
    move,
    plies: Number(/win in (\d+) plies/.exec(about)[1]),
  }));
}

/** The bytes of a book built into the program (`crates/tama-search/src/book/books/<preset>.tbk`). */
export function embeddedBook(preset) {
  return new Uint8Array(readFileSync(new URL(`crates/tama-search/src/book/books/${preset}.tbk`, ROOT)));
}
