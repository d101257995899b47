// The puzzle trainer of `tama puzzle` through the module: the built-in
// puzzle file read, the nearest puzzle chosen, an attempt with a wrong
// move and its retry, the rating kept as the rating file's text; and a
// position text's problem carried with its kind, for a page's own words.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Board, FenError, PdnError, PuzzleRating, PuzzleSet } from "../index.js";

const FILE = readFileSync(new URL("../../../../data/puzzles/turkish.pdn", import.meta.url), "utf8");

test("the nearest unseen puzzle is chosen, of the label asked", () => {
  const set = new PuzzleSet(FILE);
  assert.ok(set.length >= 1000, `${set.length} puzzles`);
  const low = set.choose(800);
  const high = set.choose(2300);
  assert.ok(set.puzzle(low).rating < set.puzzle(high).rating);
  const id = set.puzzle(low).id;
  assert.equal(set.indexOf(id), low);
  assert.notEqual(set.choose(800, { seen: [id] }), low);
  assert.equal(set.puzzle(set.choose(800, { label: "hard" })).label, "hard");
  assert.throws(() => set.choose(800, { label: "tricky" }), TypeError);
  assert.throws(() => new PuzzleSet("1. c3-c4 *\n"), PdnError);
});

test("an attempt: a wrong move, a retry with hints, the solution played", () => {
  const set = new PuzzleSet(FILE);
  const i = set.choose(1000, { label: "easy" });
  const p = set.puzzle(i);
  const a = set.attempt(i);
  const board = new Board(p.fen, { rules: p.rules });
  const wrong = board.legalMoves().map(String).find((m) => m !== p.solution[0].move);
  assert.equal(a.scoreOnLeaving, null);
  assert.deepEqual(a.play(wrong), { step: "wrong", reply: null });
  assert.equal(a.status, "wrong");
  assert.equal(a.score, 0);
  assert.deepEqual(a.hint(), { piece: p.solution[0].from });
  assert.equal(a.status, "retrying");
  assert.equal(a.hint().move.move, p.solution[0].move);
  for (let k = 0; k < p.solution.length; k += 2) {
    const step = a.play(p.solution[k].move);
    assert.equal(step.step, "correct");
    assert.equal(step.reply ? step.reply.move : null, p.solution[k + 1] ? p.solution[k + 1].move : null);
  }
  assert.equal(a.status, "solved-after");
  assert.equal(a.score, 0);
  assert.equal(a.ply, p.solution.length);
});

test("the rating starts at 1000 and reads back from its text", () => {
  const r = new PuzzleRating();
  assert.equal(r.rating, 1000);
  assert.equal(r.record(1000, 1), 20);
  const back = PuzzleRating.fromText(r.toText());
  assert.deepEqual([back.rating, back.played, back.solved], [1020, 1, 1]);
  assert.equal(PuzzleRating.fromCounts(1516.3, 3, 2).played, 3);
  assert.throws(() => PuzzleRating.fromCounts(1500, 1, 2), TypeError);
  assert.throws(() => PuzzleRating.fromText("rating 5"), TypeError);
  assert.throws(() => r.record(1000, 2), RangeError);
});

test("a position text's problem names its kind, its token and its side", () => {
  const e = (() => {
    try {
      new Board("W:Wc3,z9:Bb6");
    } catch (err) {
      return err;
    }
  })();
  assert.ok(e instanceof FenError);
  assert.deepEqual([e.kind, e.token, e.column, e.color], ["unknown-square", "z9", 7, undefined]);
  try {
    new Board("W:Wc3,b8:Bb6");
    assert.fail("a man on its promotion rank");
  } catch (err) {
    assert.deepEqual([err.kind, err.token, err.color], ["man-on-promotion-rank", "b8", "white"]);
  }
});
