// The rules in WebAssembly give the numbers of the native library.

import { test } from "node:test";
import assert from "node:assert/strict";
import { Board, PRESETS, START_FEN } from "../index.js";
import { perftSuite, referencePerft } from "./data.js";

// `cargo xtask perft` checks the table to armenian 6 and turkish 8; the
// deeper rows take minutes and are left to it.
const DEEPEST = { armenian: 6, turkish: 8 };

test("the reference perft table of RULES.md", () => {
  const cells = referencePerft().filter((c) => c.depth <= DEEPEST[c.rules]);
  assert.ok(cells.length >= 14, `read ${cells.length} cells`);
  for (const { rules, depth, leaves } of cells) {
    assert.equal(new Board(undefined, { rules }).perft(depth), leaves, `${rules} depth ${depth}`);
  }
});

test("the perft suite of tests/data/perft.txt", () => {
  const suite = perftSuite();
  assert.ok(suite.length > 20, `read ${suite.length} lines`);
  for (const { line, fen, rules, counts } of suite) {
    const board = new Board(fen, { rules });
    for (const [depth, leaves] of counts) {
      assert.equal(board.perft(depth), leaves, `perft.txt:${line} depth ${depth}`);
    }
  }
});

test("every preset starts from the start position with its own moves", () => {
  const first = { armenian: 22, turkish: 8, "armenian-orthogonal": 8 };
  for (const rules of PRESETS) {
    const board = new Board(undefined, { rules });
    assert.equal(board.fen(), START_FEN);
    assert.equal(board.rules, rules);
    assert.equal(board.legalMoves().length, first[rules], rules);
  }
});

test("moves are played, listed and taken back", () => {
  const board = new Board();
  const moves = board.legalMoves();
  assert.deepEqual(
    moves.map(String),
    moves.map((m) => m.text).sort(),
    "sorted by move text",
  );
  const first = board.push(moves[0]);
  assert.equal(first.text, moves[0].text);
  assert.equal(board.turn, "black");
  board.push("f6-f5");
  assert.deepEqual(board.moves().map(String), [moves[0].text, "f6-f5"]);
  assert.equal(board.ply, 2);
  assert.equal(board.pop().text, "f6-f5");
  assert.equal(board.pop().text, moves[0].text);
  assert.equal(board.pop(), null);
  assert.equal(board.fen(), START_FEN);
});

test("a capture's object names its path and captured pieces", () => {
  const board = new Board("W:Wc3:Bc4,d5");
  const [capture] = board.legalMoves();
  assert.deepEqual(capture.toJSON(), {
    move: "c3xe5",
    from: "c3",
    to: "e5",
    path: ["c3", "c5", "e5"],
    captures: ["c4", "d5"],
    promotes: false,
  });
  assert.ok(capture.isCapture);
});

test("the game ends on the board and off it", () => {
  const board = new Board("W:Wc3:Bc4");
  board.push("c3xc5");
  assert.deepEqual(board.outcome().toJSON(), { winner: "white", termination: "no legal move" });
  assert.equal(board.outcome().result, "1-0");
  assert.equal(board.legalMoves().length, 0);
  assert.ok(board.isGameOver());
  board.pop();
  assert.equal(board.outcome(), null);
  assert.equal(board.resign("white").result, "0-1");
  board.pop(); // nothing was played: the ending stays
  const other = new Board();
  assert.equal(other.agreeDraw().result, "1/2-1/2");
  const timed = new Board();
  assert.equal(timed.loseOnTime("black").winner, "white");
  assert.equal(timed.outcome().termination, "time forfeit");
});

test("one piece each is a draw in turkish, not in armenian", () => {
  const turkish = new Board("W:WKd4:BKh8", { rules: "turkish" });
  assert.equal(turkish.outcome().termination, "one piece each");
  assert.equal(new Board("W:WKd4:BKh8").outcome(), null);
});

test("threefold repetition ends the game", () => {
  const board = new Board("W:WKa1:BKh8,Kg8");
  for (let i = 0; i < 2; i++) {
    for (const m of ["a1-a2", "h8-h7", "a2-a1", "h7-h8"]) board.push(m);
  }
  assert.equal(board.repetitions(), 3);
  assert.equal(board.outcome().termination, "threefold repetition");
});

test("a copy is a board of its own", () => {
  const board = new Board();
  const copy = board.copy();
  copy.push("c3-c4");
  assert.equal(board.ply, 0);
  assert.equal(copy.ply, 1);
  const replayed = Board.fromMoves(undefined, copy.moves());
  assert.equal(replayed.fen(), copy.fen());
});

test("the board as text and as a diagram", () => {
  const text = new Board().toString();
  assert.equal(text.split("\n")[3], "7 | b b b b b b b b | 7");
  assert.ok(text.endsWith("White to move"));
  assert.match(new Board().svg(), /^<svg/);
});

test("a position is read back from its report's rows", () => {
  const board = new Board("B:WKd1,c3:Bd3,Kh8", { rules: "turkish" });
  const report = board.report();
  assert.equal(report.fen, board.fen());
  assert.equal(report.turn, "black");
  assert.equal(report.board.length, 8);
  assert.equal(report.board[0], ".......B");
  assert.equal(report.board[7], "...W....");
  const again = Board.fromRows(report.board, report.turn, { rules: "turkish" });
  assert.equal(again.fen(), board.fen());
  assert.equal(again.rules, "turkish");
});

test("the rules table and the levels come from the libraries", async () => {
  const { rulesTable, levels } = await import("../index.js");
  const t = rulesTable("armenian,removal=end-of-move");
  assert.deepEqual(
    t.presets.map((p) => p.name),
    PRESETS,
  );
  assert.equal(t.rules.preset, "armenian");
  assert.equal(t.rules.switches.removal, "end-of-move");
  for (const s of t.switches) {
    assert.equal(s.values.length, 2);
    assert.ok(s.values.includes(t.rules.switches[s.name]), s.name);
    assert.ok(s.description.length > 0);
  }
  assert.equal(rulesTable().rules.text, "armenian");
  const l = levels();
  assert.equal(l.levels.length, 10);
  assert.ok(l.levels.some((x) => x.level === l.default));
});
