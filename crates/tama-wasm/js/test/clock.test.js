// Game clocks through the module: time controls, a board's clock, its
// flag, the clock in a PDN record and the engine on a clock.

import { test } from "node:test";
import assert from "node:assert/strict";
import { Board, Engine, PdnGame, TimeControlError, flagRules, readPdn, timeControl } from "../index.js";

test("time controls are read as tama-notation reads them", () => {
  const tc = timeControl("3m+2s");
  assert.equal(tc.text, "3m+2s");
  assert.equal(tc.tag, "180+2");
  assert.equal(tc.initial_ms, 180000);
  assert.deepEqual(tc.stages, [{ moves: null, time_ms: 180000, increment_ms: 2000 }]);
  assert.equal(timeControl("45m").tag, "2700");
  assert.throws(
    () => timeControl("3m+"),
    (e) => e instanceof TimeControlError && typeof e.column === "number",
  );
  assert.throws(() => timeControl("30h"), RangeError);
  assert.deepEqual(flagRules(), ["lose", "draw-if-no-win"]);
});

test("a clock runs for the side to move and its flag ends the game", () => {
  const board = new Board(undefined, { rules: "turkish" });
  assert.equal(board.clock(), null);
  assert.equal(board.tick(1000), null);
  board.setClock("5s+1s");
  assert.equal(board.clock().running, "white");
  assert.equal(board.tick(1500), null);
  board.push("c3-c4");
  const c = board.clock();
  assert.equal(c.white, 4500);
  assert.equal(c.black, 5000);
  assert.equal(c.running, "black");
  assert.deepEqual(c.times, [4500]);
  assert.deepEqual(c.limits, { white: 4500, black: 5000, white_increment: 1000, black_increment: 1000, moves_to_go: undefined });
  const outcome = board.tick(6000);
  assert.equal(outcome.winner, "white");
  assert.equal(outcome.termination, "time forfeit");
  assert.equal(board.clock().flagged, "black");
  assert.equal(board.legalMoves().length, 0);
  assert.throws(() => board.setClock("5x"), TimeControlError);
  assert.throws(() => board.setClock("5s", { flagRule: "maybe" }), TypeError);
  // Taken back, the flag is raised again.
  board.pop();
  assert.equal(board.outcome(), null);
  assert.equal(board.clock().white, 5000);
});

test("a flag against a side that cannot win is a draw under draw-if-no-win", () => {
  const board = new Board("W:Wc3:Bf6", { rules: "armenian" });
  board.setClock("1s", { flagRule: "draw-if-no-win" });
  assert.equal(board.tick(1001).winner, "black");
});

test("a record gets the clock's tag and comments", () => {
  const board = new Board();
  board.setClock("1m+1s");
  board.tick(2000);
  board.push("c3-c4");
  board.tick(3000);
  board.push("f6-f5");
  board.tick(61000);
  const record = readPdn("[Event \"t\"]\n\n1. c3-c4 {a plan} f6-f5 *\n")[0];
  const pdn = PdnGame.fromJSON(record.toJSON(), { clock: board }).toPdn();
  assert.match(pdn, /\[TimeControl "60\+1"\]/);
  assert.match(pdn, /\[Termination "time forfeit"\]/);
  assert.match(pdn, /\[Result "0-1"\]/);
  assert.match(pdn, /\{a plan\} \{\[%clock w0:00:59 B0:01:00\]\}/);
  // Read back, the game is on the clock.
  const back = Board.fromPdn(pdn);
  assert.equal(back.clock().control.text, "1m+1s");
  assert.deepEqual(back.clock().times, [59000, 58000]);
});

test("the engine plays on a clock", async () => {
  const engine = new Engine({ hash: 1 });
  try {
    const board = new Board(undefined, { rules: "turkish" });
    board.setClock("2s");
    const started = Date.now();
    const { best } = await engine.search(board, { clock: board.clock().limits });
    assert.equal(best.type, "bestmove");
    assert.ok(Date.now() - started < 2000, "the engine keeps within its clock");
    await assert.rejects(engine.search(board, { clock: { white: 1, black: -5 } }), TypeError);
    await assert.rejects(engine.search(board, { clock: { white: 1, black: 1, moves_to_go: 0 } }), RangeError);
  } finally {
    engine.close();
  }
});

test("a ponder search goes on at the hit and stops at a miss", async () => {
  const engine = new Engine({ hash: 1 });
  try {
    assert.equal(engine.stopsInPlace, true, "Node has shared memory");
    const board = new Board(undefined, { rules: "turkish" });
    board.push("c3-c4");
    board.push("f6-f5"); // the predicted move, played in the board searched
    let iterations = 0;
    const p = engine.ponder(board, { movetime: 100, onInfo: () => iterations++ });
    // Longer than the movetime: without the hit the search goes on.
    await new Promise((r) => setTimeout(r, 400));
    let settled = false;
    p.result.then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 0));
    assert.equal(settled, false, "the ponder search waits for the hit");
    assert.ok(iterations > 0);
    const hitAt = Date.now();
    const { best } = await p.hit();
    assert.ok(Date.now() - hitAt < 1500, "the movetime counts from the hit");
    assert.equal(best.type, "bestmove");
    assert.ok(board.legalMoves().some((m) => m.text === best.move), best.move);
    // A miss: the search stops at once and the engine is free.
    const q = engine.ponder(board, { clock: { white: 60000, black: 60000 } });
    await new Promise((r) => setTimeout(r, 100));
    q.miss();
    await q.result;
    const { best: next } = await engine.search(board, { depth: 2 });
    assert.equal(next.depth, 2);
    // Missed before it began: it never runs.
    const busy = engine.search(board, { depth: 3 });
    const r = engine.ponder(board, { depth: 4 });
    r.miss();
    await busy;
    assert.deepEqual(await r.result, { best: null, lines: [] });
  } finally {
    engine.close();
  }
});
