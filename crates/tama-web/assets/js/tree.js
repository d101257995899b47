// The game record: a tree of nodes. A node is a position reached by a
// move; its first child continues its line, the others are variations.
// Also the PDN writer (the same layout as `tama pdn fmt`).

import { parseFen, applyMove, START_FEN } from "./position.js";

let nextId = 1;

export function makeNode(parent, move, extra = {}) {
  const pos = parent ? applyMove(parent.pos, move) : null;
  return {
    id: nextId++,
    parent,
    move,
    pos,
    children: [],
    annotation: null,
    nags: [],
    commentsBefore: [],
    commentsAfter: [],
    legal: null, // {moves, outcome} from the server
    ...extra,
  };
}

export function newGame(fen = START_FEN, rules = "armenian", tags = {}) {
  const root = makeNode(null, null, { pos: parseFen(fen) });
  return { root, fen, rules, tags, result: "*", comments: [], firstMoveNumber: 1 };
}

// The nodes from the first move to `node`.
export function lineTo(node) {
  const out = [];
  for (let n = node; n && n.parent; n = n.parent) out.push(n);
  return out.reverse();
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

// The child of `node` made by the move with text `text`, or a new one
// (a new variation if `node` already has children).
export function addChild(node, move) {
  const found = node.children.find((c) => c.move.move === move.move);
  if (found) return found;
  const child = makeNode(node, move);
  node.children.push(child);
  return child;
}

// Builds the tree of a game in the server's PDN JSON form.
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

const ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
const OWN = ["Result", "GameType", "Rules", "SetUp", "FEN"];

function escapeValue(v) {
  return String(v).replace(/\\/g, "\\\\").replace(/"/g, '\\"');
}

export function gameType(rules) {
  return rules.startsWith("turkish") ? "30,W,8,8,A0,0" : "44,W,8,8,A0,0";
}

// The game as PDN text, in the canonical layout.
export function writePdn(game) {
  const tags = [];
  for (const [k, v] of Object.entries(game.tags)) if (ROSTER.includes(k) && k !== "Result") tags.push([k, v]);
  tags.push(["Result", game.result]);
  tags.push(["GameType", gameType(game.rules)]);
  tags.push(["Rules", game.rules]);
  if (game.fen !== START_FEN) {
    tags.push(["SetUp", "1"]);
    tags.push(["FEN", game.fen]);
  }
  for (const [k, v] of Object.entries(game.tags)) if (!ROSTER.includes(k) && !OWN.includes(k)) tags.push([k, v]);
  let out = tags.map(([k, v]) => `[${k} "${escapeValue(v)}"]\n`).join("") + "\n";
  let col = 0;
  const word = (w, breakable = true) => {
    const len = [...w].length;
    if (col === 0) col = len;
    else if (breakable && col + 1 + len > 80) {
      out += "\n";
      col = len;
    } else {
      out += " ";
      col += 1 + len;
    }
    out += w;
  };
  const comment = (text) => {
    if (text === "") return word("{}");
    const words = text.split(" ");
    words.forEach((w, i) => {
      const s = (i === 0 ? "{" : "") + w + (i === words.length - 1 ? "}" : "");
      word(s, i === 0 || !(w.startsWith("%") || w.startsWith("[")));
    });
  };
  const offset = game.root.pos.turn === "b" ? 1 : 0;
  const number = (p) => game.firstMoveNumber + Math.floor((p + offset) / 2);
  const moveNumber = (p, black) => {
    if ((p + offset) % 2 === 0) word(`${number(p)}.`);
    else if (black) word(`${number(p)}...`);
  };
  const line = (first, ply0) => {
    let interrupted = true;
    let afterVariation = false;
    let i = 0;
    for (let n = first; n; n = n.children[0], i++) {
      const p = ply0 + i;
      const numberFirst = n.commentsBefore.length > 0 && i > 0 && !afterVariation;
      if (numberFirst) moveNumber(p, true);
      n.commentsBefore.forEach(comment);
      if (!numberFirst) moveNumber(p, interrupted);
      word(n.move.move + (n.annotation || ""));
      for (const nag of n.nags) word(`$${nag}`);
      n.commentsAfter.forEach(comment);
      interrupted = n.commentsAfter.length > 0;
      afterVariation = false;
      const vars = n.parent.children[0] === n ? n.parent.children.slice(1) : [];
      for (const v of vars) {
        word("(");
        line(v, p);
        word(")");
        interrupted = true;
        afterVariation = true;
      }
    }
  };
  if (game.root.children[0]) line(game.root.children[0], 0);
  game.comments.forEach(comment);
  word(game.result);
  return out + "\n\n";
}
