// The game record: a tree of nodes. A node is a position reached by a
// move; its first child continues its line, the others are variations.
// What a node's position is (its pieces, legal moves and outcome) comes
// from the package, which replays the moves from the game's start; the
// tree only keeps the moves, marks and comments.

import { Board, PdnGame, START_FEN } from "./tama.js";

let nextId = 1;

export { START_FEN };

export function makeNode(parent, move, extra = {}) {
  return {
    id: nextId++,
    parent,
    move, // the move's JSON form ({move, from, to, path, captures, promotes}), null at the root
    children: [],
    annotation: null,
    nags: [],
    commentsBefore: [],
    commentsAfter: [],
    known: null, // what the package says of the position, see `know`
    ...extra,
  };
}

// A new game from `fen` under `rules` (rules text); throws the package's
// FenError or RulesError for bad ones. The start position text and rules
// are kept in the package's canonical form.
export function newGame(fen = START_FEN, rules = "armenian", tags = {}) {
  const board = new Board(fen, { rules });
  const root = makeNode(null, null);
  const game = { root, fen: board.fen(), rules: board.rules, tags, result: "*", comments: [], firstMoveNumber: 1 };
  know(game, root, board);
  return game;
}

// The nodes from the first move to `node`.
export function lineTo(node) {
  const out = [];
  for (let n = node; n && n.parent; n = n.parent) out.push(n);
  return out.reverse();
}

// Where `node` is in its tree: the index of each child taken from the root.
export function pathTo(node) {
  return lineTo(node).map((n) => n.parent.children.indexOf(n));
}

// The node of `game` at `path` (see pathTo); throws when there is none.
export function nodeAt(game, path) {
  let node = game.root;
  for (const k of path) {
    node = node.children[k];
    if (!node) throw new Error("no such move in the game");
  }
  return node;
}

// The moves from the game's start to `node`, in move text.
export function history(node) {
  return lineTo(node).map((n) => n.move.move);
}

// The pieces of a report's rows as the board draws them: 64 entries (a1
// = 0, h8 = 63), each null or {color: "w" | "b", king}.
function squaresOf(rows) {
  const squares = new Array(64).fill(null);
  rows.forEach((row, r) => {
    [...row].forEach((c, f) => {
      if (c !== ".") squares[f + 8 * (7 - r)] = { color: c.toLowerCase(), king: c === "W" || c === "B" };
    });
  });
  return squares;
}

// What the package says of the position at `node` (computed once): its
// text, pieces, side to move, legal moves and outcome. `board`, when
// given, is a package Board already at that position.
export function know(game, node, board = null) {
  if (node.known) return node.known;
  const b = board || Board.fromMoves(game.fen, history(node), { rules: game.rules });
  const report = b.report();
  const outcome = b.outcome();
  node.known = {
    fen: report.fen,
    rows: report.board,
    pos: { board: squaresOf(report.board), turn: report.turn === "white" ? "w" : "b" },
    legal: { moves: b.legalMoves().map((m) => m.toJSON()), outcome: outcome ? outcome.toJSON() : null },
    result: outcome ? outcome.result : null,
  };
  return node.known;
}

export function mainLine(game) {
  const out = [];
  for (let n = game.root.children[0]; n; n = n.children[0]) out.push(n);
  return out;
}

export function isMainLine(node) {
  for (let n = node; n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
  return true;
}

// The child of `node` made by the move (its JSON form), or a new one (a
// new variation if `node` already has children).
export function addChild(node, move) {
  const found = node.children.find((c) => c.move.move === move.move);
  if (found) return found;
  const child = makeNode(node, move);
  node.children.push(child);
  return child;
}

// The child of `node` made by move text `text` (the package resolves it
// among the legal moves); throws MoveTextError or IllegalMoveError.
export function addMoveText(game, node, text) {
  const board = Board.fromMoves(game.fen, history(node), { rules: game.rules });
  const played = board.push(text);
  const child = addChild(node, played.toJSON());
  know(game, child, board);
  return child;
}

// A game of the package's PDN JSON form (docs/NOTATION.md) as a tree.
export function gameFromJson(g) {
  const game = newGame(g.fen, g.rules, { ...g.tags });
  game.result = g.result || "*";
  game.comments = g.comments || [];
  game.firstMoveNumber = g.first_move_number || 1;
  const addLine = (parent, nodes) => {
    let cur = parent;
    for (const j of nodes) {
      const mv = { move: j.move, from: j.from, to: j.to, path: j.path, captures: j.captures, promotes: j.promotes };
      const child = makeNode(cur, mv, {
        annotation: j.annotation || null,
        nags: j.nags || [],
        commentsBefore: j.comments_before || [],
        commentsAfter: j.comments_after || [],
      });
      cur.children.push(child);
      for (const v of j.variations || []) addLine(cur, v);
      cur = child;
    }
  };
  addLine(game.root, g.moves || []);
  return game;
}

// The tree in the package's PDN JSON form.
export function gameToJson(game) {
  const line = (first) => {
    const out = [];
    for (let n = first; n; n = n.children[0]) {
      const j = { ...n.move };
      if (n.annotation) j.annotation = n.annotation;
      if (n.nags.length) j.nags = n.nags;
      if (n.commentsBefore.length) j.comments_before = n.commentsBefore;
      if (n.commentsAfter.length) j.comments_after = n.commentsAfter;
      const vars = n.parent.children[0] === n ? n.parent.children.slice(1) : [];
      if (vars.length) j.variations = vars.map(line);
      out.push(j);
    }
    return out;
  };
  return {
    tags: { ...game.tags, Result: game.result },
    rules: game.rules,
    fen: game.fen,
    first_move_number: game.firstMoveNumber,
    moves: game.root.children[0] ? line(game.root.children[0]) : [],
    comments: game.comments,
    result: game.result,
  };
}

// The game as canonical PDN (the package's writer, `tama pdn fmt`'s layout).
// With `clock`, the package Board of the game's clock: its TimeControl
// tag and clock comments are written in.
export function gamePdn(game, clock = null) {
  return PdnGame.fromJSON(gameToJson(game), { clock: clock || undefined }).toPdn();
}
