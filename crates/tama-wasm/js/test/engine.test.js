// The engine in its worker: the tactics suite, reports, stopping, and the
// game's history.

import { test } from "node:test";
import assert from "node:assert/strict";
import { Board, Engine } from "../index.js";
import { tacticsSuite } from "./data.js";

test("the engine finds the winning move of every tactics position", async () => {
  const suite = tacticsSuite();
  assert.ok(suite.length >= 60, `read ${suite.length} positions`);
  const engine = new Engine({ hash: 16 });
  try {
    const missed = [];
    for (const { line, fen, rules, move, plies } of suite) {
      const board = new Board(fen, { rules });
      // As tests/suite.rs: three plies beyond the win.
      const played = await engine.bestMove(board, { depth: plies + 3 });
      if (played !== move) missed.push(`tactics.txt:${line}: ${fen} ${rules}: played ${played}, wins only ${move}`);
    }
    assert.deepEqual(missed, []);
  } finally {
    engine.close();
  }
});

test("each iteration is reported, and the lines are the last iteration's", async () => {
  const engine = new Engine({ hash: 4 });
  try {
    const seen = [];
    const lines = await engine.analyse(new Board(), {
      depth: 5,
      multipv: 3,
      onInfo: (l) => seen.push([l.depth, l.multipv]),
    });
    assert.equal(seen.length, 15);
    assert.deepEqual(seen.slice(-3), [
      [5, 1],
      [5, 2],
      [5, 3],
    ]);
    assert.deepEqual(lines.map((l) => l.multipv), [1, 2, 3]);
    assert.equal(new Set(lines.map((l) => l.move)).size, 3, "three different moves");
    for (const l of lines) {
      assert.equal(l.depth, 5);
      assert.equal(l.pv[0], l.move);
      assert.match(String(l.score), /^[+-]\d+\.\d\d$/);
      assert.equal(l.report.type, "info");
    }
    assert.ok(lines[0].score.cm >= lines[2].score.cm);
  } finally {
    engine.close();
  }
});

test("a search without limits runs until stopped, then answers at once", async () => {
  const engine = new Engine({ hash: 8 });
  try {
    assert.ok(engine.stopsInPlace, "Node has shared memory");
    let depth = 0;
    const running = engine.search(new Board(), { onInfo: (l) => (depth = l.depth) });
    await new Promise((r) => setTimeout(r, 400));
    const asked = performance.now();
    engine.stop();
    const { best, lines } = await running;
    const latency = performance.now() - asked;
    // Measured in the closing note; a bound this loose only catches a
    // search that did not stop.
    assert.ok(latency < 2000, `stopped after ${latency} ms`);
    assert.equal(best.type, "bestmove");
    assert.ok(depth >= 3 && lines[0].depth === depth);
    // The worker is kept: the next search runs on it.
    const [next] = await engine.analyse(new Board(), { depth: 3 });
    assert.equal(next.depth, 3);
  } finally {
    engine.close();
  }
});

test("a callback that throws ends its search with its error", async () => {
  const engine = new Engine({ hash: 1 });
  try {
    await assert.rejects(
      () =>
        engine.analyse(new Board(), {
          onInfo: () => {
            throw new Error("enough");
          },
        }),
      /enough/,
    );
    const [line] = await engine.analyse(new Board(), { depth: 2 });
    assert.equal(line.depth, 2);
  } finally {
    engine.close();
  }
});

test("a finished game has no line; a won ending is scored as a win", async () => {
  const engine = new Engine({ hash: 1 });
  try {
    const over = new Board("W:Wc3:Bc4");
    over.push("c3xc5");
    assert.deepEqual(await engine.analyse(over, { depth: 3 }), []);
    assert.equal(await engine.bestMove(over, { depth: 3 }), null);
    const { best } = await engine.search(over, { depth: 3 });
    assert.deepEqual(best, { type: "gameover", winner: "white", termination: "no legal move" });
    const [line] = await engine.analyse(new Board("W:WKa1,Kb1,Kc1:BKh8", { rules: "turkish" }), { depth: 12 });
    assert.notEqual(line.score.win, null, `score ${line.score}`);
  } finally {
    engine.close();
  }
});

test("the game's history counts for repetition", async () => {
  // Three kings win against one (the tables: in 5 plies), but here the
  // start position has stood twice, so Black's h7-h8 repeats it a third
  // time: a draw, which the engine sees only through the history.
  const board = new Board("W:WKa1,Kb1,Kc1:BKh8", { rules: "turkish" });
  for (const m of ["c1-c2", "h8-h7", "c2-c1", "h7-h8", "c1-c2", "h8-h7", "c2-c1"]) board.push(m);
  const engine = new Engine({ hash: 1 });
  try {
    const [line] = await engine.analyse(board, { depth: 6 });
    assert.equal(line.move, "h7-h8");
    assert.equal(line.score.cm, 0);
    const [fresh] = await engine.analyse(new Board(board.fen(), { rules: "turkish" }), { depth: 6 });
    assert.ok(fresh.score.loss !== null || fresh.score.cm < -200, `without the history: ${fresh.score}`);
  } finally {
    engine.close();
  }
});

test("searches of one engine run one after another", async () => {
  const engine = new Engine({ hash: 1 });
  try {
    const results = await Promise.all([1, 2, 3].map((depth) => engine.analyse(new Board(), { depth })));
    assert.deepEqual(results.map((lines) => lines[0].depth), [1, 2, 3]);
  } finally {
    engine.close();
  }
});

test("a game is reviewed move by move, with progress and a summary", async () => {
  const engine = new Engine({ hash: 4 });
  try {
    // The web board's review test game: h5-g5 gives away three men.
    const game = "a3-b4 e6-e5 f3-g4 g6-h5 b4-c5 c6xc4 c3xc5 e5-f5 d3-c3 h5-g5 g4xc8 d7-e6".split(" ");
    const board = Board.fromMoves(null, game, { rules: "armenian" });
    const events = [];
    const { moves, summary } = await engine.review(board, {
      depth: 2,
      onEvent: (name, data) => events.push([name, data]),
    });
    assert.deepEqual(
      moves.map((m) => m.move),
      board.moves().map(String),
    );
    assert.deepEqual(
      moves.map((m) => m.side),
      game.map((_, i) => (i % 2 ? "black" : "white")),
    );
    assert.equal(moves[9].mark, "??", JSON.stringify(moves[9]));
    for (const m of moves) {
      assert.equal(m.pv[0], m.best);
      assert.ok(m.loss >= 0);
      assert.ok(m.comment.length > 0);
    }
    const progress = events.filter(([n]) => n === "progress").map(([, d]) => d.done);
    assert.deepEqual(progress, [...Array(game.length + 1).keys()]);
    const marked = (side) => moves.filter((m) => m.side === side && m.mark).length;
    assert.equal(summary.white.mistakes + summary.white.blunders, marked("white"));
    assert.equal(summary.black.mistakes + summary.black.blunders, marked("black"));
  } finally {
    engine.close();
  }
});

test("a review can be stopped and the engine searches again after", async () => {
  const engine = new Engine({ hash: 4 });
  try {
    const board = new Board(null, { rules: "armenian" });
    for (let i = 0; i < 6; i++) board.push(board.legalMoves()[0]);
    let seen = 0;
    const running = engine.review(board, {
      movetime: 2000,
      onEvent: (name) => {
        if (name === "move") seen++;
      },
    });
    setTimeout(() => engine.stop(), 300);
    const started = Date.now();
    const { summary } = await running;
    assert.equal(summary, null);
    assert.ok(Date.now() - started < 1500, `stopped after ${Date.now() - started} ms`);
    assert.ok(seen < 6);
    const move = await engine.bestMove(board, { depth: 2 });
    assert.ok(board.legalMoves().some((m) => m.text === move));
  } finally {
    engine.close();
  }
});

test("a stop before the worker is ready stops the search asked for, and the next one runs", async () => {
  // The page restarts its analysis and a click stops it at once, while the
  // worker still starts: the stopped search must not run on unlimited,
  // holding up every search after it.
  const engine = new Engine({ hash: 4 });
  try {
    const stopped = engine.search(new Board());
    engine.stop();
    const { best, lines } = await stopped;
    assert.equal(best, null);
    assert.deepEqual(lines, []);
    const next = await engine.search(new Board(null, { rules: "turkish" }), { depth: 3 });
    assert.equal(next.best.depth, 3);
    // A review waiting behind a running search, stopped with it.
    const running = engine.search(new Board());
    const review = engine.review(new Board(null, { rules: "turkish" }), { depth: 1 });
    await new Promise((r) => setTimeout(r, 50));
    engine.stop();
    assert.ok((await running).best);
    assert.deepEqual(await review, { moves: [], summary: null });
    assert.equal((await engine.search(new Board(), { depth: 2, book: false })).best.depth, 2);
  } finally {
    engine.close();
  }
});
