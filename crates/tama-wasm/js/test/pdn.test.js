// PDN through the module: reading, writing, and the JSON form a page keeps.

import { test } from "node:test";
import assert from "node:assert/strict";
import { Board, PdnGame, formatPdn, readPdn } from "../index.js";

const GAME = `[Event "Club game"]
[White "Ani"]
[Black "Aram"]
[Result "*"]

1. c3-c4 {a plan} f6-f5 (1... a6-a5 2. b3-b4) 2. c4-c5 *
`;

test("a game is read with its variations and comments", () => {
  const [game] = readPdn(GAME);
  assert.equal(game.tags.White, "Ani");
  assert.equal(game.rules, "armenian");
  assert.deepEqual(game.mainLine(), ["c3-c4", "f6-f5", "c4-c5"]);
  assert.deepEqual(game.moves[0].comments_after, ["a plan"]);
  assert.deepEqual(game.moves[1].variations[0].map((n) => n.move), ["a6-a5", "b3-b4"]);
  assert.equal(game.board().ply, 3);
});

test("the JSON form round-trips to the same canonical PDN", () => {
  const [game] = readPdn(GAME);
  const canonical = formatPdn(GAME);
  assert.equal(game.toPdn(), canonical);
  const json = JSON.parse(JSON.stringify(game));
  assert.equal(PdnGame.fromJSON(json).toPdn(), canonical);
  // Read back, the canonical text is the same game.
  assert.deepEqual(readPdn(canonical)[0].toJSON(), game.toJSON());
});

test("a board's game is written and read back", () => {
  const board = new Board(undefined, { rules: "turkish" });
  for (const m of ["c3-c4", "f6-f5", "c4-c5"]) board.push(m);
  board.resign("black");
  const pdn = board.pdn({ White: "Ani", Black: "tama" });
  assert.match(pdn, /\[Result "1-0"\]/);
  assert.match(pdn, /\[Termination "resignation"\]/);
  const back = Board.fromPdn(pdn);
  assert.equal(back.fen(), board.fen());
  assert.equal(back.rules, "turkish");
  assert.deepEqual(back.outcome().toJSON(), board.outcome().toJSON());
  assert.equal(PdnGame.fromBoard(board, { White: "Ani" }).tags.White, "Ani");
});

test("a game from a set-up position keeps it", () => {
  const board = new Board("B:Wd2,c4,b3,c2:BKd1");
  board.push(board.legalMoves()[0]);
  const [game] = readPdn(board.pdn());
  assert.equal(game.fen, "B:Wc2,d2,b3,c4:BKd1");
  assert.equal(game.board().fen(), board.fen());
});
