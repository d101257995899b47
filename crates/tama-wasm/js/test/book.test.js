// Opening books: a book file read (and a damaged one refused), its moves
// of a position, and the engine given a book: it plays a book move, and
// its analysis searches all the same.

import { test } from "node:test";
import assert from "node:assert/strict";
import { Board, Book, BookError, BookMove, Engine, Score } from "../index.js";
import { embeddedBook } from "./data.js";

test("the armenian book reads and gives the start position's moves, best first", () => {
  const book = new Book(embeddedBook("armenian"));
  assert.equal(book.preset, "armenian");
  assert.ok(book.size > 1000, `${book.size} entries`);
  const board = new Board();
  const moves = book.moves(board);
  assert.ok(moves.length >= 2, `${moves.length} moves`);
  const legal = board.legalMoves().map(String);
  let last = Infinity;
  for (const m of moves) {
    assert.ok(m instanceof BookMove);
    assert.ok(legal.includes(String(m.move)), `${m.move} is legal`);
    assert.ok(m.value instanceof Score);
    assert.ok(m.value.cm <= last, "best first");
    last = m.value.cm;
    assert.ok(m.weight >= 1);
    assert.equal(typeof m.leaf, "boolean");
    // The server's shape (GET /api/book, tama book probe --json).
    const json = JSON.parse(JSON.stringify(m));
    assert.deepEqual(Object.keys(json), ["move", "value", "weight", "leaf"]);
    assert.deepEqual(json.move, board.legalMoves().find((l) => String(l) === json.move.move).toJSON());
    assert.deepEqual(json.value, m.value.toJSON());
  }
  // The same from position text, and none out of the book or for other rules.
  const texts = (list) => list.map((m) => String(m.move));
  assert.deepEqual(texts(book.moves(board.fen())), texts(moves));
  assert.deepEqual(book.moves(undefined, { rules: "turkish" }), []);
  assert.deepEqual(book.moves("W:Wc3:Bf6"), []);
  const after = new Board();
  after.push(moves[0].move);
  assert.ok(book.moves(after).length >= 1, "the book goes on after its best move");
});

test("a damaged book, or one of other rules, is refused with BookError", () => {
  const bytes = embeddedBook("armenian");
  const damaged = bytes.slice();
  damaged[100] ^= 0x40;
  assert.throws(() => new Book(damaged), (e) => e instanceof BookError && /^book file: .*at byte \d+/.test(e.message));
  assert.throws(() => new Book(bytes.slice(0, 50)), BookError);
  assert.throws(() => new Book(new Uint8Array(0)), BookError);
  assert.throws(() => new Book(bytes, { rules: "turkish" }), (e) => e instanceof BookError && /not turkish/.test(e.message));
  // An ArrayBuffer reads as well.
  assert.equal(new Book(bytes.slice().buffer, { rules: "armenian" }).preset, "armenian");
});

test("an engine given the book plays a book move; its analysis does not stop there", async () => {
  const book = new Book(embeddedBook("armenian"));
  const inBook = book.moves(new Board()).map((m) => String(m.move));
  const engine = new Engine({ hash: 4 });
  try {
    // Without a book (the module has none of its own): a search.
    let { best } = await engine.search(new Board(), { depth: 3 });
    assert.equal(best.book, undefined);
    assert.equal(best.depth, 3);
    assert.equal(await engine.setBook(embeddedBook("armenian")), "armenian");
    ({ best } = await engine.search(new Board(), { depth: 6 }));
    assert.equal(best.type, "bestmove");
    assert.equal(best.book, true);
    assert.equal(best.depth, 0);
    assert.equal(best.nodes, 0);
    assert.ok(inBook.includes(best.move), `${best.move} is a book move`);
    assert.ok(inBook.includes(await engine.bestMove(new Board(), { depth: 6 })));
    // Told not to, it searches.
    ({ best } = await engine.search(new Board(), { depth: 3, book: false }));
    assert.equal(best.book, undefined);
    assert.equal(best.depth, 3);
    assert.ok(best.nodes > 0);
    // An analysis, with limits or without, searches.
    const seen = [];
    const lines = await engine.analyse(new Board(), { depth: 4, onInfo: (l) => seen.push(l.depth) });
    assert.deepEqual(seen, [1, 2, 3, 4]);
    assert.equal(lines[0].depth, 4);
    let depth = 0;
    const running = engine.analyse(new Board(), { onInfo: (l) => (depth = l.depth) });
    while (depth < 3) await new Promise((r) => setTimeout(r, 10));
    engine.stop();
    assert.ok((await running)[0].depth >= 3);
    // A damaged book is refused and the engine keeps its own.
    const damaged = embeddedBook("armenian");
    damaged[100] ^= 0x40;
    await assert.rejects(engine.setBook(damaged), BookError);
    ({ best } = await engine.search(new Board(), { depth: 6 }));
    assert.equal(best.book, true);
    // Taken away: a search again.
    assert.equal(await engine.setBook(null), null);
    ({ best } = await engine.search(new Board(), { depth: 2 }));
    assert.equal(best.book, undefined);
    assert.equal(best.depth, 2);
  } finally {
    engine.close();
  }
});
