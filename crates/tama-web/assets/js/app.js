// The page: one state object, rendered after every change. The board,
// the record, the engine panel and the dialogs read it; user actions and
// server answers change it and call render().

import { api, analyse } from "./api.js";
import { Board } from "./board.js";
import { START_FEN, parseFen, writeFen, sqIndex, sqName } from "./position.js";
import { SWITCHES, PRESETS, parseRules, writeRules } from "./rules.js";
import { newGame, addChild, lineTo, mainLine, isMainLine, gameFromJson, writePdn } from "./tree.js";
import { scoreText, scoreRaw, whiteScore, drawGraph, judgeGame } from "./review.js";

const $ = (sel) => document.querySelector(sel);
const $$ = (sel) => [...document.querySelectorAll(sel)];
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, "0")}.${String(d.getDate()).padStart(2, "0")}`;
};

const state = {
  game: newGame(START_FEN, "armenian", { Event: "Casual game", Date: today(), White: "You", Black: "tama" }),
  node: null,
  mode: "play", // play | two | analysis | edit
  flip: false,
  selected: null, // {from, clicks: [squares]}
  play: { human: "w", level: "d:4" },
  thinking: false,
  analysis: { on: false, multipv: 3, lines: [], depth: 0, nps: 0, forNode: null, stop: null },
  review: { running: false, done: 0, total: 0, evals: null },
  editor: null, // {pos, piece, error}
  error: null,
};
state.node = state.game.root;
window.tamaState = state; // for the browser tests and the curious

const board = new Board($("#board"), {
  onSquare: (i) => onSquare(i),
  draggable: (i) => {
    if (state.mode === "edit") return false;
    const legal = state.node.legal;
    return !!legal && humanToMove() && legal.moves.some((m) => sqIndex(m.from) === i);
  },
});

// ---------------------------------------------------------------- positions

function history(node) {
  return lineTo(node).map((n) => n.move.move);
}

function ensureLegal(node) {
  if (node.legal || node.loading) return node.loading;
  const game = state.game;
  node.loading = api
    .moves(game.fen, game.rules, history(node))
    .then((r) => {
      node.legal = { moves: r.moves, outcome: r.outcome };
      node.fen = r.fen;
      if (r.outcome && isMainLine(node) && !node.children.length) game.result = resultOf(r.outcome);
    })
    .catch((e) => showError(e.message))
    .finally(() => {
      node.loading = null;
      if (state.game === game) render();
    });
  return node.loading;
}

function resultOf(outcome) {
  return outcome.winner === "white" ? "1-0" : outcome.winner === "black" ? "0-1" : "1/2-1/2";
}

function humanToMove() {
  if (state.thinking || state.review.running) return false;
  if (state.mode === "play") return state.node.pos.turn === state.play.human;
  return state.mode !== "edit";
}

async function goto(node) {
  state.node = node;
  state.selected = null;
  state.error = null;
  render();
  await ensureLegal(node);
  if (state.node !== node) return;
  restartAnalysis();
  maybeEngineMove();
}

function playMove(mv) {
  const child = addChild(state.node, mv);
  return goto(child);
}

// Plays move texts (an engine line) from the current position.
async function playTexts(texts) {
  for (const t of texts) {
    const node = state.node;
    await ensureLegal(node);
    let mv = node.legal && node.legal.moves.find((m) => m.move === t);
    if (!mv) {
      const r = await api.play(state.game.fen, state.game.rules, history(node), t).catch((e) => showError(e.message));
      if (!r) return;
      mv = r.move;
    }
    state.node = addChild(node, mv);
  }
  await goto(state.node);
}

function limitOf(level) {
  const [kind, n] = level.split(":");
  return kind === "d" ? { depth: Number(n) } : { movetime: Number(n) };
}

async function maybeEngineMove() {
  const node = state.node;
  if (state.mode !== "play" || state.thinking || !node.legal || node.legal.outcome) return;
  // Only at the end of a line: stepping back through the game does not
  // make the engine play.
  if (node.pos.turn === state.play.human || node.children.length) return;
  state.thinking = true;
  render();
  try {
    const r = await api.engineMove(state.game.fen, state.game.rules, history(node), limitOf(state.play.level));
    state.thinking = false;
    if (state.node === node && r.move) await playMove(r.move);
  } catch (e) {
    showError(e.message);
  } finally {
    state.thinking = false;
    render();
  }
}

function showError(msg) {
  state.error = msg;
  render();
}

// ---------------------------------------------------------------- board input

// Whether the piece of move `m` passes over or lands on square `name`:
// it lies on one of the straight legs of the path, after its start. (A
// flying king may land anywhere behind a piece it takes; the path names
// one such square, the user may click another.)
function onPath(m, name) {
  const i = sqIndex(name);
  const [f, r] = [i % 8, Math.floor(i / 8)];
  for (let k = 0; k + 1 < m.path.length; k++) {
    const a = sqIndex(m.path[k]), b = sqIndex(m.path[k + 1]);
    const [fa, ra, fb, rb] = [a % 8, Math.floor(a / 8), b % 8, Math.floor(b / 8)];
    const n = Math.max(Math.abs(fb - fa), Math.abs(rb - ra));
    for (let t = 1; t <= n; t++) {
      if (fa + ((fb - fa) / n) * t === f && ra + ((rb - ra) / n) * t === r) return true;
    }
  }
  return false;
}

// The candidate moves of the selection: those from its square whose path
// names every square clicked so far; failing that, those that pass over
// them.
function candidates(sel) {
  const legal = state.node.legal ? state.node.legal.moves : [];
  const mine = legal.filter((m) => m.from === sqName(sel.from));
  const exact = mine.filter((m) => sel.clicks.every((c) => m.path.slice(1).includes(c)));
  return exact.length ? exact : mine.filter((m) => sel.clicks.every((c) => onPath(m, c)));
}

function onSquare(i) {
  state.error = null;
  if (state.mode === "edit") return editorPut(i);
  const legal = state.node.legal;
  if (!legal || !humanToMove()) return;
  const name = sqName(i);
  const fromHere = legal.moves.filter((m) => m.from === name);
  const sel = state.selected;
  if (!sel || (fromHere.length && sel.clicks.length === 0 && i !== sel.from)) {
    state.selected = fromHere.length ? { from: i, clicks: [] } : null;
    return render();
  }
  if (i === sel.from) return render();
  const next = { from: sel.from, clicks: [...sel.clicks, name] };
  const cands = candidates(next);
  if (cands.length === 0) {
    state.selected = fromHere.length ? { from: i, clicks: [] } : null;
    return render();
  }
  if (cands.length === 1) return playMove(cands[0]);
  // A move that ends here wins over longer ones passing through (the user
  // clicks on further to choose those).
  const ending = cands.filter((m) => m.to === name);
  if (ending.length === 1) return playMove(ending[0]);
  state.selected = next; // ambiguous: the user clicks a landing square to choose
  render();
}

// Destinations and, for an unfinished capture, the landing squares that
// tell the remaining candidates apart.
function selectionMarks() {
  const sel = state.selected;
  if (!sel) return { dests: [], hints: [] };
  const cands = candidates(sel);
  if (sel.clicks.length === 0) return { dests: [...new Set(cands.map((m) => sqIndex(m.to)))], hints: [] };
  const counts = new Map();
  for (const m of cands) for (const s of new Set(m.path.slice(1))) counts.set(s, (counts.get(s) || 0) + 1);
  const hints = [...counts].filter(([s, c]) => c < cands.length && !sel.clicks.includes(s)).map(([s]) => sqIndex(s));
  return { dests: [], hints };
}

// ---------------------------------------------------------------- analysis

function stopAnalysis() {
  if (state.analysis.stop) state.analysis.stop();
  state.analysis.stop = null;
}

function restartAnalysis(retry = false) {
  stopAnalysis();
  const a = state.analysis;
  if (!retry) a.retries = 0;
  a.lines = [];
  a.depth = 0;
  a.nps = 0;
  a.forNode = state.node;
  if (!a.on || state.mode === "edit" || !state.node.legal || state.node.legal.outcome) return render();
  const node = state.node;
  a.stop = analyse(
    { fen: state.game.fen, rules: state.game.rules, moves: history(node), multipv: a.multipv },
    (info) => {
      if (state.analysis.forNode !== node) return;
      if (info.bound) return;
      a.lines[info.multipv - 1] = info;
      if (info.multipv === 1) {
        a.depth = info.depth;
        a.nps = info.nps;
      }
      a.lines.length = Math.min(a.lines.length, a.multipv);
      renderEngine();
      renderBoard();
    },
    () => {
      // A refused (503: every search slot busy, e.g. the previous
      // position's search still stopping) or broken stream: try again a
      // few times, then say so.
      if (state.analysis.forNode !== node || !a.on) return;
      a.retries = (a.retries || 0) + 1;
      if (a.retries <= 5) setTimeout(() => state.analysis.forNode === node && a.on && restartAnalysis(true), 300 * a.retries);
      else showError("the analysis stopped: the server is busy or gone");
    }
  );
  render();
}

// ---------------------------------------------------------------- whole-game analysis

async function reviewGame() {
  const game = state.game;
  const nodes = [game.root, ...mainLine(game)];
  const r = state.review;
  stopAnalysis();
  r.running = true;
  r.done = 0;
  r.total = nodes.length;
  r.evals = null;
  render();
  const limit = limitOf($("#review-level").value);
  try {
    for (const n of nodes) {
      if (state.game !== game) return;
      n.review = await api.engineMove(game.fen, game.rules, history(n), limit);
      r.done++;
      renderReview();
    }
    r.evals = judgeGame(nodes);
  } catch (e) {
    showError(e.message);
  } finally {
    r.running = false;
    render();
    restartAnalysis();
  }
}

// ---------------------------------------------------------------- editor

function startEditor() {
  stopAnalysis();
  state.editor = { pos: { board: state.node.pos.board.slice(), turn: state.node.pos.turn }, piece: "wm", error: null };
  state.mode = "edit";
  state.selected = null;
  render();
}

function editorPut(i) {
  const ed = state.editor;
  const cur = ed.pos.board[i];
  if (ed.piece === "x") ed.pos.board[i] = null;
  else {
    const p = { color: ed.piece[0], king: ed.piece[1] === "k" };
    ed.pos.board[i] = cur && cur.color === p.color && cur.king === p.king ? null : p;
  }
  ed.error = null;
  render();
}

async function editorDone() {
  const ed = state.editor;
  const fen = writeFen(ed.pos);
  try {
    await api.moves(fen, state.game.rules, []);
  } catch (e) {
    ed.error = e.message;
    return render();
  }
  state.editor = null;
  state.mode = "analysis";
  state.analysis.on = true;
  loadGame(newGame(fen, state.game.rules, { Event: "Analysis", Date: today() }));
}

// ---------------------------------------------------------------- games

function loadGame(game) {
  stopAnalysis();
  state.game = game;
  state.review = { running: false, done: 0, total: 0, evals: null };
  state.selected = null;
  state.error = null;
  goto(game.root);
  // The record starts at the beginning; fetch the first position's moves.
}

function newPlayGame() {
  const human = state.play.human;
  const tags = { Event: "Casual game", Date: today(), White: human === "w" ? "You" : "tama", Black: human === "b" ? "You" : "tama" };
  state.flip = human === "b";
  loadGame(newGame(state.game.fen, state.game.rules, tags));
}

function takeBack() {
  let node = state.node;
  if (!node.parent || state.thinking) return;
  const drop = (n) => {
    const p = n.parent;
    p.children = p.children.filter((c) => c !== n);
    return p;
  };
  node = drop(node);
  if (state.mode === "play" && node.parent && node.pos.turn !== state.play.human) node = drop(node);
  if (isMainLine(node) && !node.children.length) state.game.result = "*";
  goto(node);
}

// ---------------------------------------------------------------- rendering

function outcomeText(o) {
  const who = o.winner ? `${o.winner[0].toUpperCase()}${o.winner.slice(1)} wins` : "Draw";
  return `${who}: ${o.termination}`;
}

function renderBoard() {
  const node = state.node;
  const { dests, hints } = selectionMarks();
  const a = state.analysis;
  const arrows = [];
  if (a.on && a.forNode === node && a.lines[0] && node.legal) {
    const mv = node.legal.moves.find((m) => m.move === a.lines[0].pv[0]);
    if (mv) arrows.push({ path: mv.path });
  }
  board.set({
    pos: state.mode === "edit" ? state.editor.pos : node.pos,
    flip: state.flip,
    selected: state.selected ? state.selected.from : null,
    dests,
    hints,
    clicked: state.selected ? state.selected.clicks.map(sqIndex) : [],
    last: state.mode === "edit" || !node.move ? null : node.move,
    arrows,
  });
  // Evaluation bar: the engine's line if analysing, else the review's.
  let white = null;
  if (a.on && a.forNode === node && a.lines[0]) white = whiteScore(a.lines[0].score, node.pos.turn);
  else if (node.white) white = node.white;
  const bar = $("#evalbar");
  if (state.mode === "edit") white = null;
  bar.hidden = white === null;
  if (white !== null) {
    const raw = scoreRaw(white);
    const frac = Math.abs(raw) > 20000 ? (raw > 0 ? 1 : 0) : 0.5 + 0.5 * Math.tanh(raw / 400);
    $("#evalbar .white").style.height = `${(frac * 100).toFixed(1)}%`;
    $("#evalbar .num").textContent = scoreText(white, true);
    bar.classList.toggle("flip", state.flip);
  }
}

function renderRecord() {
  const game = state.game;
  const offset = game.root.pos.turn === "b" ? 1 : 0;
  const num = (p) => game.firstMoveNumber + Math.floor((p + offset) / 2);
  const out = [];
  const moveHtml = (n, p, showNumber) => {
    const parts = [];
    let number = "";
    if ((p + offset) % 2 === 0) number = `<span class="num">${num(p)}.</span>`;
    else if (showNumber) number = `<span class="num">${num(p)}...</span>`;
    for (const c of n.commentsBefore) parts.push(`<span class="comment">${esc(c)}</span>`);
    const cls = ["mv"];
    if (n === state.node) cls.push("current");
    if (n.annotation === "??") cls.push("blunder");
    else if (n.annotation === "?") cls.push("mistake");
    const mark = n.annotation ? `<b>${esc(n.annotation)}</b>` : "";
    // The number and its move never part at a line break.
    parts.push(`<span class="nw">${number}<span class="${cls.join(" ")}" data-id="${n.id}" role="button" tabindex="-1">${esc(n.move.move)}${mark}</span></span>`);
    for (const c of n.commentsAfter) {
      if (c === n.engineComment) {
        // The whole-game analysis's comment: the evaluation, and the best
        // move where the move played was a mistake; all of it on hover.
        const words = c.split(" ");
        const short = n.annotation && words[1] === "best" ? words.slice(0, 4).join(" ") : words[0];
        parts.push(`<span class="comment engine" title="${esc(c)}">${esc(short)}</span>`);
      } else parts.push(`<span class="comment">${esc(c)}</span>`);
    }
    return parts.join(" ") + " ";
  };
  const line = (first, p0, depth) => {
    let s = "";
    let interrupted = true;
    let p = p0;
    for (let n = first; n; n = n.children[0], p++) {
      s += moveHtml(n, p, interrupted);
      interrupted = n.commentsAfter.length > 0;
      const vars = n.parent.children[0] === n ? n.parent.children.slice(1) : [];
      if (vars.length) {
        const inner = vars.map((v) => `<span class="var">(${line(v, p, depth + 1)})</span>`).join(" ");
        s += depth === 0 ? `<div class="vars">${inner}</div>` : ` ${inner} `;
        interrupted = true;
      }
    }
    return s;
  };
  if (game.root.children[0]) out.push(line(game.root.children[0], 0, 0));
  else out.push(`<span class="empty">No moves yet. ${state.mode === "play" ? "Click a piece, then a square." : ""}</span>`);
  if (game.result !== "*" && game.root.children.length) out.push(`<span class="result">${esc(game.result)}</span>`);
  const rec = $("#record");
  rec.innerHTML = out.join("");
  const cur = rec.querySelector(".current");
  if (cur) {
    const top = cur.offsetTop - rec.offsetTop;
    if (top < rec.scrollTop || top > rec.scrollTop + rec.clientHeight - 30) rec.scrollTop = top - rec.clientHeight / 2;
  }
}

function renderEngine() {
  const a = state.analysis;
  $("#engine-toggle").checked = a.on;
  $("#engine-body").hidden = !a.on;
  $("#engine-stats").hidden = !a.on;
  $("#engine-eval").hidden = !a.on;
  if (!a.on) return;
  $("#engine-depth").textContent = a.depth ? `depth ${a.depth}` : "…";
  const top = a.lines[0];
  $("#engine-eval").textContent = top ? scoreText(whiteScore(top.score, a.forNode.pos.turn), true) : "";
  $("#engine-nps").textContent = a.nps ? `${(a.nps / 1000).toFixed(0)} kN/s` : "";
  const node = a.forNode;
  const html = a.lines
    .filter((l) => l)
    .map((l, k) => {
      const w = whiteScore(l.score, node.pos.turn);
      const moves = l.pv
        .map((m, j) => `<span class="pv-move" data-line="${k}" data-ply="${j}">${esc(m)}</span>`)
        .join(" ");
      return `<div class="line"><span class="score ${scoreRaw(w) >= 0 ? "plus" : "minus"}">${esc(scoreText(w, true))}</span><span class="pv">${moves}</span></div>`;
    })
    .join("");
  const outcome = state.node.legal && state.node.legal.outcome;
  $("#engine-lines").innerHTML = html || `<div class="line muted">${outcome ? "Game over" : "Thinking…"}</div>`;
}

function renderReview() {
  const r = state.review;
  $("#review-progress").hidden = !r.running;
  $("#review-progress progress").max = Math.max(1, r.total);
  $("#review-progress progress").value = r.done;
  $("#review-progress span").textContent = `${r.done} / ${r.total}`;
  $("#review-btn").disabled = r.running || !state.game.root.children.length;
  const graph = $("#graph");
  graph.toggleAttribute("hidden", !r.evals); // an SVG element has no `hidden` property
  if (r.evals) drawGraph(graph, r.evals, state.node, (n) => goto(n));
  const summary = $("#review-summary");
  summary.hidden = !r.evals;
  if (r.evals) {
    const count = (turn, mark) => r.evals.filter((p) => p.mark === mark && p.node.parent.pos.turn === turn).length;
    const n = (k, word) => `${k} ${word}${k === 1 ? "" : "s"}`;
    const side = (turn, name) => `${name}: ${n(count(turn, "?"), "mistake")}, ${n(count(turn, "??"), "blunder")}`;
    summary.textContent = `${side("w", "White")} · ${side("b", "Black")}`;
  }
}

function renderEditor() {
  const ed = state.editor;
  $("#editor").hidden = !ed;
  if (!ed) return;
  for (const b of $$("#palette button")) b.classList.toggle("active", b.dataset.piece === ed.piece);
  $("#editor-turn").value = ed.pos.turn;
  $("#editor-error").textContent = ed.error || "";
  $("#editor-fen").textContent = writeFen(ed.pos);
}

function render() {
  const node = state.node;
  document.body.dataset.mode = state.mode;
  for (const t of $$(".tabs button")) t.classList.toggle("active", t.dataset.mode === state.mode);
  $("#play-opts").hidden = state.mode !== "play";
  $("#human-color").value = state.play.human;
  $("#level").value = state.play.level;
  renderBoard();
  renderRecord();
  renderEngine();
  renderReview();
  renderEditor();
  $("#engine-card").hidden = state.mode === "edit" || state.mode === "play";
  $("#record-card").hidden = state.mode === "edit";
  $("#thinking").hidden = !state.thinking;
  const outcome = node.legal && node.legal.outcome;
  const banner = $("#banner");
  banner.hidden = !outcome || state.mode === "edit";
  if (outcome) banner.innerHTML = `<strong>Game over.</strong> ${esc(outcomeText(outcome))}`;
  const turn = node.pos.turn === "w" ? "White" : "Black";
  const choosing = state.selected && state.selected.clicks.length > 0;
  $("#status").textContent =
    state.mode === "edit"
      ? "Position editor"
      : outcome
        ? "Game over"
        : state.thinking
          ? "tama is thinking…"
          : choosing
            ? "Several captures: click a landing square"
            : `${turn} to move`;
  const err = $("#error");
  err.hidden = !state.error;
  err.textContent = state.error || "";
  $("#fen").value = state.mode === "edit" ? writeFen(state.editor.pos) : writeFen(node.pos);
  $("#rules-label").textContent = state.game.rules;
  $("#takeback").disabled = !node.parent || state.thinking;
}

// ---------------------------------------------------------------- wiring

function nav(where) {
  const n = state.node;
  if (where === "first") goto(state.game.root);
  else if (where === "back" && n.parent) goto(n.parent);
  else if (where === "forward" && n.children[0]) goto(n.children[0]);
  else if (where === "last") {
    let m = n;
    while (m.children[0]) m = m.children[0];
    goto(m);
  }
}

function findNode(id, from = state.game.root) {
  if (from.id === id) return from;
  for (const c of from.children) {
    const f = findNode(id, c);
    if (f) return f;
  }
  return null;
}

function setMode(mode) {
  if (mode === state.mode) return;
  if (state.mode === "edit") state.editor = null;
  if (mode === "edit") return startEditor();
  state.mode = mode;
  state.analysis.on = mode === "analysis";
  if (mode === "play") state.flip = state.play.human === "b";
  restartAnalysis();
  maybeEngineMove();
}

$$(".tabs button").forEach((b) => b.addEventListener("click", () => setMode(b.dataset.mode)));
$$("[data-nav]").forEach((b) => b.addEventListener("click", () => nav(b.dataset.nav)));
$("#flip").addEventListener("click", () => {
  state.flip = !state.flip;
  render();
});
$("#takeback").addEventListener("click", takeBack);
$("#new-game").addEventListener("click", newPlayGame);
$("#human-color").addEventListener("change", (e) => {
  state.play.human = e.target.value;
  state.flip = state.play.human === "b";
  render();
  maybeEngineMove();
});
$("#level").addEventListener("change", (e) => (state.play.level = e.target.value));
$("#record").addEventListener("click", (e) => {
  const el = e.target.closest(".mv");
  if (el) goto(findNode(Number(el.dataset.id)));
});
$("#engine-toggle").addEventListener("change", (e) => {
  state.analysis.on = e.target.checked;
  restartAnalysis();
});
$("#multipv").addEventListener("change", (e) => {
  state.analysis.multipv = Number(e.target.value);
  restartAnalysis();
});
// On press, not click: the lines are redrawn many times a second, and a
// click needs the same element under the button's press and release.
$("#engine-lines").addEventListener("pointerdown", (e) => {
  if (e.button !== 0) return;
  const el = e.target.closest(".pv-move");
  if (!el || state.analysis.forNode !== state.node) return;
  const line = state.analysis.lines[Number(el.dataset.line)];
  playTexts(line.pv.slice(0, Number(el.dataset.ply) + 1));
});
$("#review-btn").addEventListener("click", reviewGame);

document.addEventListener("keydown", (e) => {
  if (e.target.closest("input, textarea, select, dialog")) return;
  const keys = { ArrowLeft: "back", ArrowRight: "forward", ArrowUp: "first", ArrowDown: "last", Home: "first", End: "last" };
  if (keys[e.key]) {
    e.preventDefault();
    nav(keys[e.key]);
  } else if (e.key === "Escape") {
    state.selected = null;
    render();
  } else if (e.key === "f" && !e.ctrlKey && !e.metaKey) {
    state.flip = !state.flip;
    render();
  }
});

// Editor.
$$("#palette button").forEach((b) =>
  b.addEventListener("click", () => {
    state.editor.piece = b.dataset.piece;
    render();
  })
);
$("#editor-turn").addEventListener("change", (e) => {
  state.editor.pos.turn = e.target.value;
  render();
});
$("#editor-clear").addEventListener("click", () => {
  state.editor.pos = { board: new Array(64).fill(null), turn: state.editor.pos.turn };
  render();
});
$("#editor-start").addEventListener("click", () => {
  state.editor.pos = parseFen(START_FEN);
  render();
});
$("#editor-done").addEventListener("click", editorDone);
$("#editor-cancel").addEventListener("click", () => {
  state.editor = null;
  state.mode = "analysis";
  state.analysis.on = true;
  render();
  restartAnalysis();
});

// FEN box.
$("#fen-copy").addEventListener("click", async () => {
  try {
    await navigator.clipboard.writeText($("#fen").value);
  } catch (_) {
    $("#fen").select();
    document.execCommand("copy");
  }
});
$("#fen-load").addEventListener("click", async () => {
  const fen = $("#fen").value.trim();
  try {
    const r = await api.moves(fen, state.game.rules, []);
    if (state.mode === "edit") state.editor = null;
    if (state.mode === "edit" || state.mode === "play") {
      state.mode = "analysis";
      state.analysis.on = true;
    }
    loadGame(newGame(r.fen, state.game.rules, { Event: "Analysis", Date: today() }));
  } catch (e) {
    showError(`FEN: ${e.message}`);
  }
});

// PDN import.
const importDialog = $("#import-dialog");
$("#import-btn").addEventListener("click", () => {
  $("#import-error").textContent = "";
  $("#import-games").innerHTML = "";
  importDialog.showModal();
});
$("#import-file").addEventListener("change", async (e) => {
  const f = e.target.files[0];
  if (f) $("#import-text").value = await f.text();
});
$("#import-cancel").addEventListener("click", () => importDialog.close());
$("#import-go").addEventListener("click", async () => {
  try {
    const r = await api.pdnJson($("#import-text").value);
    const games = r.games;
    const ok = games.filter((g) => !g.error);
    const errors = games.filter((g) => g.error).map((g) => `line ${g.line}, column ${g.column}: ${g.error}`);
    $("#import-error").textContent = errors.join("\n") || (games.length ? "" : "no game found");
    if (ok.length === 1 && !errors.length) return chooseGame(ok[0]);
    $("#import-games").innerHTML = ok
      .map((g, k) => {
        const t = g.tags;
        return `<button type="button" data-game="${k}">${k + 1}. ${esc(t.White || "?")} – ${esc(t.Black || "?")} <small>${esc(t.Event || "")} ${esc(g.result)}, ${g.moves.length} ${g.moves.length === 1 ? "ply" : "plies"}</small></button>`;
      })
      .join("");
    $$("#import-games button").forEach((b) => b.addEventListener("click", () => chooseGame(ok[Number(b.dataset.game)])));
  } catch (e) {
    $("#import-error").textContent = e.message;
  }
});

function chooseGame(g) {
  importDialog.close();
  if (state.mode === "play" || state.mode === "edit") {
    state.editor = null;
    state.mode = "two";
  }
  setRulesUi(g.rules);
  loadGame(gameFromJson(g));
}

// PDN export.
const exportDialog = $("#export-dialog");
$("#export-btn").addEventListener("click", async () => {
  // The page writes the PDN; the server's writer (`tama pdn fmt`) puts it
  // in canonical form. Without that endpoint the page's text stays.
  const box = $("#export-text");
  const text = writePdn(state.game);
  box.value = text;
  delete box.dataset.canonical;
  exportDialog.showModal();
  try {
    box.value = await api.pdnFmt(text);
    box.dataset.canonical = "yes";
  } catch (e) {
    box.dataset.canonical = "no";
    if (e.status !== 404) $("#export-note").textContent = `not checked by the server: ${e.message}`;
  }
});
$("#export-close").addEventListener("click", () => exportDialog.close());
$("#export-download").addEventListener("click", () => {
  const blob = new Blob([$("#export-text").value], { type: "application/x-pdn" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = "game.pdn";
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
});
$("#export-copy").addEventListener("click", () => navigator.clipboard.writeText($("#export-text").value).catch(() => {}));

// Rules.
const rulesDialog = $("#rules-dialog");
function setRulesUi(text) {
  const sw = parseRules(text);
  const preset = Object.keys(PRESETS).find((p) => text.split(",")[0] === p) || "armenian";
  $("#preset").value = preset;
  for (const [k] of SWITCHES) $(`#sw-${k}`).value = sw[k];
}
$("#switches").innerHTML = SWITCHES.map(
  ([k, vals, label]) =>
    `<label><span>${esc(label)} <code>${k}</code></span><select id="sw-${k}">${vals.map((v) => `<option value="${v}">${v}</option>`).join("")}</select></label>`
).join("");
$("#preset").addEventListener("change", (e) => {
  const p = PRESETS[e.target.value];
  for (const [k] of SWITCHES) $(`#sw-${k}`).value = p[k];
});
$("#rules-btn").addEventListener("click", () => {
  setRulesUi(state.game.rules);
  rulesDialog.showModal();
});
$("#rules-cancel").addEventListener("click", () => rulesDialog.close());
$("#rules-apply").addEventListener("click", () => {
  const sw = {};
  for (const [k] of SWITCHES) sw[k] = $(`#sw-${k}`).value;
  const rules = writeRules(sw);
  rulesDialog.close();
  loadGame(newGame(state.game.fen, rules, { ...state.game.tags, Date: today() }));
});

window.addEventListener("resize", () => renderReview());

goto(state.node);
