// Square names and indices of the page's drawing (a1 = 0, h8 = 63): the
// board's coordinates, not rules.

export const FILES = "abcdefgh";

export function sqIndex(name) {
  return FILES.indexOf(name[0]) + 8 * (Number(name.slice(1)) - 1);
}

export function sqName(i) {
  return FILES[i % 8] + String(Math.floor(i / 8) + 1);
}
