// Scores as the API writes them: {cm}, {win: plies} or {loss: plies},
// from the side to move.

const MATE = 30000;

// A number to order and plot scores by (wins above every value).
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
