// Bad input of every kind throws the package's error classes with the
// library's messages, and leaves the board as it was.

import { test } from "node:test";
import assert from "node:assert/strict";
import {
  Board,
  Engine,
  FenError,
  IllegalMoveError,
  MoveTextError,
  PdnError,
  RulesError,
  TamaError,
  formatPdn,
  readPdn,
} from "../index.js";

function throwsClass(f, Class, pattern) {
  let error = null;
  try {
    f();
  } catch (e) {
    error = e;
  }
  assert.ok(error instanceof Class, `expected ${Class.name}, got ${error && error.name}: ${error && error.message}`);
  assert.equal(error.name, Class.name);
  if (pattern) assert.match(error.message, pattern);
  return error;
}

test("position text", () => {
  for (const [fen, pattern] of [
    ["W:Wz9", /z9/],
    ["", null],
    ["X:Wa1", /X/],
    ["W:Wa1,a1", /a1/],
    ["W:Wa1:Ba1", /a1/],
  ]) {
    if (fen === "") {
      // The empty text is the start position, as in the other front ends.
      assert.equal(new Board(fen).ply, 0);
      continue;
    }
    const e = throwsClass(() => new Board(fen), FenError, pattern);
    assert.ok(e instanceof TamaError);
    assert.equal(typeof e.column, "number", fen);
    assert.match(e.message, /^position text: /);
  }
});

test("a board of rows", () => {
  const empty = Array(8).fill("........");
  throwsClass(() => Board.fromRows(empty.slice(1), "white"), FenError, /expected 8 rows, got 7/);
  throwsClass(() => Board.fromRows(["...x....", ...empty.slice(1)], "white"), FenError, /row 1, column 4/);
  // A white man on rank 8 would be a king: the square is named.
  throwsClass(() => Board.fromRows(["w.......", ...empty.slice(1)], "white"), FenError, /a8/);
  throwsClass(() => Board.fromRows(empty, "green"), TypeError, /green/);
  throwsClass(() => Board.fromRows(empty, "white", { rules: "chess" }), RulesError);
});

test("rules text", () => {
  for (const rules of ["chess", "armenian,removal=sometimes", "armenian,nonsense=yes", "turkish,,"]) {
    const e = throwsClass(() => new Board(undefined, { rules }), RulesError, /^rules text: /);
    assert.equal(typeof e.column, "number", rules);
  }
});

test("move text and illegal moves", () => {
  const board = new Board();
  const fen = board.fen();
  throwsClass(() => board.push("c3-"), MoveTextError, /^move text: /);
  throwsClass(() => board.push("hello"), MoveTextError);
  throwsClass(() => board.push("c3-c6"), IllegalMoveError, /c3-c6/);
  throwsClass(() => board.push("f6-f5"), IllegalMoveError, /white is to move|black/);
  assert.throws(() => board.push(42), TypeError);
  assert.equal(board.fen(), fen, "a refused move changes nothing");
  // A compulsory capture is named with the captures.
  const capture = new Board("W:Wc3,d4:Bd5,e4,b4,a5");
  throwsClass(() => capture.push("c3-c4"), IllegalMoveError, /a capture is compulsory \(d4xd6, d4xf4\)/);
  // After the end of the game.
  const ended = new Board("W:Wc3:Bc4");
  ended.push("c3xc5");
  throwsClass(() => ended.push("c5-c6"), IllegalMoveError, /game is over/);
  throwsClass(() => Board.fromMoves(undefined, ["c3-c4", "c3-c4"]), IllegalMoveError, /^moves\[1\]: /);
});

test("numbers out of range and bad arguments", () => {
  const board = new Board();
  assert.throws(() => board.perft(13), RangeError);
  assert.throws(() => board.perft(-1), RangeError);
  assert.throws(() => board.perft(1.5), RangeError);
  assert.throws(() => board.resign("red"), TypeError);
  assert.throws(() => readPdn("", { errors: "ignore" }), TypeError);
});

test("PDN", () => {
  const bad = "[Event \"x\"]\n\n1. c3-c6 *\n";
  const e = throwsClass(() => readPdn(bad), PdnError, /c3-c6/);
  assert.equal(e.line, 3);
  assert.equal(typeof e.column, "number");
  throwsClass(() => formatPdn(bad), PdnError);
  throwsClass(() => Board.fromPdn(""), PdnError, /no game/);
  const mixed = `${bad}\n1. c3-c4 *\n`;
  const items = readPdn(mixed, { errors: "include" });
  assert.equal(items.length, 2);
  assert.ok(items[0] instanceof PdnError);
  assert.deepEqual(readPdn(mixed, { errors: "skip" }).map((g) => g.mainLine()), [["c3-c4"]]);
  throwsClass(() => new Board().pdn({ Result: "1-0" }), PdnError);
});

test("engine options and limits", async () => {
  await assert.rejects(() => new Engine({ hash: "lots" }).analyse(new Board(), { depth: 1 }), TypeError);
  await assert.rejects(() => new Engine({ threads: 2 }).analyse(new Board(), { depth: 1 }), RangeError);
  await assert.rejects(() => new Engine({ nonsense: 1 }).analyse(new Board(), { depth: 1 }), /nonsense/);
  const engine = new Engine({ hash: 1 });
  try {
    await assert.rejects(() => engine.analyse(new Board(), { depth: 0 }), RangeError);
    await assert.rejects(() => engine.analyse(new Board(), { depth: 2, multipv: 100 }), RangeError);
    await assert.rejects(() => engine.analyse(new Board(), { movetime: 0 }), RangeError);
    // The engine still answers after refusing.
    const [line] = await engine.analyse(new Board(), { depth: 2 });
    assert.equal(line.depth, 2);
  } finally {
    engine.close();
  }
});
