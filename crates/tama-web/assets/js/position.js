// Positions on the page: a board is an array of 64 entries (index = file +
// 8 * rank, a1 = 0, h8 = 63), each null or {color: "w"|"b", king: bool}.
// The server is the authority on the rules; the page only applies move
// objects (path, captures, promotes) and reads and writes position text.

export const FILES = "abcdefgh";
export const START_FEN =
  "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7";

export function sqIndex(name) {
  return FILES.indexOf(name[0]) + 8 * (Number(name.slice(1)) - 1);
}

export function sqName(i) {
  return FILES[i % 8] + String(Math.floor(i / 8) + 1);
}

// Reads the canonical position text the server writes (and the editor's).
export function parseFen(fen) {
  const board = new Array(64).fill(null);
  const parts = fen.trim().replace(/\.$/, "").split(":");
  const turn = parts[0].toUpperCase() === "B" ? "b" : "w";
  for (const part of parts.slice(1)) {
    const color = part[0].toUpperCase() === "B" ? "b" : part[0].toUpperCase() === "W" ? "w" : null;
    if (!color) continue;
    for (let tok of part.slice(1).split(",")) {
      tok = tok.trim();
      if (!tok) continue;
      const king = tok[0].toUpperCase() === "K";
      const name = (king ? tok.slice(1) : tok).toLowerCase();
      const i = sqIndex(name);
      if (i >= 0 && i < 64) board[i] = { color, king };
    }
  }
  return { board, turn };
}

// Writes position text in the canonical form: side, then White's and
// Black's pieces in a1, b1, …, h8 order, kings prefixed by K.
export function writeFen(pos) {
  const side = (c) =>
    pos.board
      .map((p, i) => (p && p.color === c ? (p.king ? "K" : "") + sqName(i) : null))
      .filter((s) => s)
      .join(",");
  return `${pos.turn === "w" ? "W" : "B"}:W${side("w")}:B${side("b")}`;
}

// The position after a move object of the server's JSON form.
export function applyMove(pos, mv) {
  const board = pos.board.slice();
  const from = sqIndex(mv.from);
  const piece = board[from];
  for (const c of mv.captures) board[sqIndex(c)] = null;
  board[from] = null;
  board[sqIndex(mv.to)] = piece ? { color: piece.color, king: piece.king || mv.promotes } : null;
  return { board, turn: pos.turn === "w" ? "b" : "w" };
}
