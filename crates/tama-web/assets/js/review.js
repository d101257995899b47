// Scores and the whole-game analysis: the same verdicts as
// `tama analyse --pdn` (a move losing 50 centi-men against the engine's
// best is a mistake `?`, 150 a blunder `??`) and the evaluation graph.

export const MISTAKE_LOSS = 50;
export const BLUNDER_LOSS = 150;
const MATE = 30000;

// Scores are the API's objects: {cm}, {win: plies} or {loss: plies}, from
// the side to move.
export function scoreRaw(s) {
  if ("win" in s) return MATE - s.win;
  if ("loss" in s) return -MATE + s.loss;
  return s.cm;
}

export function negate(s) {
  if ("win" in s) return { loss: s.win };
  if ("loss" in s) return { win: s.loss };
  return { cm: -s.cm };
}

// The score from White's side, for a position with `turn` to move.
export function whiteScore(s, turn) {
  return turn === "w" ? s : negate(s);
}

// `+0.35`, `win in 7` (the CLI's form), or `#7` / `-#7` when short.
export function scoreText(s, short = false) {
  if ("win" in s) return short ? `#${s.win}` : `win in ${s.win}`;
  if ("loss" in s) return short ? `-#${s.loss}` : `loss in ${s.loss}`;
  const a = Math.abs(s.cm);
  return `${s.cm < 0 ? "-" : "+"}${Math.floor(a / 100)}.${String(a % 100).padStart(2, "0")}`;
}

// The score of a finished position for the side to move.
function outcomeScore(outcome, turn) {
  if (!outcome.winner) return { cm: 0 };
  return outcome.winner[0] === turn ? { win: 0 } : { loss: 0 };
}

// `nodes` are the start and every main-line position, each with `review`
// (the answer of /api/engine-move). Adds the marks and comments to the
// moves and returns the points of the graph.
export function judgeGame(nodes) {
  const points = nodes.map((n) => {
    const r = n.review;
    const own = r.move ? r.score : outcomeScore(r.outcome, n.pos.turn);
    n.white = whiteScore(own, n.pos.turn);
    return { node: n, white: n.white, mark: null };
  });
  for (let k = 0; k + 1 < nodes.length; k++) {
    const before = nodes[k].review;
    const child = nodes[k + 1];
    if (!before.move) continue;
    const turn = nodes[k].pos.turn;
    const best = before.move.move;
    const played = child.move.move;
    const after = child.review;
    // As `tama analyse --pdn`: the move played is scored by a search after
    // it; when it ends the game, a win or loss in 1 (or a draw).
    const ended = (o) => (!o.winner ? { cm: 0 } : o.winner[0] === turn ? { win: 1 } : { loss: 1 });
    const playedScore = best === played ? before.score : after.move ? negate(after.score) : ended(after.outcome);
    const loss = scoreRaw(before.score) - scoreRaw(playedScore);
    const mark = best === played ? null : loss >= BLUNDER_LOSS ? "??" : loss >= MISTAKE_LOSS ? "?" : null;
    if (mark) child.annotation = mark;
    let text = scoreText(whiteScore(playedScore, turn));
    if (best !== played) text += ` best ${best} ${scoreText(whiteScore(before.score, turn))}`;
    const pv = (before.pv || []).slice(0, 8);
    if (pv.length) text += ` line ${pv.join(" ")}`;
    if (child.engineComment) child.commentsAfter = child.commentsAfter.filter((c) => c !== child.engineComment);
    child.commentsAfter.push(text);
    child.engineComment = text;
    points[k + 1].mark = mark;
  }
  return points;
}

const W = 600;
const H = 130;

function y(white) {
  const raw = white ? Math.max(-MATE, Math.min(MATE, white.cm !== undefined ? white.cm : (white.win !== undefined ? 100000 : -100000))) : 0;
  return H / 2 - (H / 2 - 8) * Math.tanh(raw / 400);
}

// Draws the evaluation per position; a click moves the board there.
export function drawGraph(svg, points, current, onPick) {
  const n = points.length;
  const x = (k) => (n < 2 ? W / 2 : 8 + (k * (W - 16)) / (n - 1));
  const pts = points.map((p, k) => `${x(k).toFixed(1)},${y(p.white).toFixed(1)}`);
  let s = `<rect x="0" y="0" width="${W}" height="${H}" class="g-bg"/>`;
  s += `<polygon points="${x(0).toFixed(1)},${H} ${pts.join(" ")} ${x(n - 1).toFixed(1)},${H}" class="g-white"/>`;
  s += `<line x1="0" x2="${W}" y1="${H / 2}" y2="${H / 2}" class="g-zero"/>`;
  s += `<polyline points="${pts.join(" ")}" class="g-line"/>`;
  points.forEach((p, k) => {
    if (p.node === current) s += `<line x1="${x(k)}" x2="${x(k)}" y1="0" y2="${H}" class="g-cur"/>`;
  });
  points.forEach((p, k) => {
    if (p.mark) {
      s += `<circle cx="${x(k).toFixed(1)}" cy="${y(p.white).toFixed(1)}" r="5" class="g-${p.mark === "??" ? "blunder" : "mistake"}" data-k="${k}"><title>${p.node.move.move}${p.mark}</title></circle>`;
    }
  });
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.innerHTML = s;
  svg.onpointerdown = (e) => {
    const b = svg.getBoundingClientRect();
    const fx = ((e.clientX - b.left) / b.width) * W;
    const k = n < 2 ? 0 : Math.max(0, Math.min(n - 1, Math.round(((fx - 8) * (n - 1)) / (W - 16))));
    onPick(points[k].node);
  };
}
