// Rules text (NOTATION.md): a preset plus the switches that differ from it.

export const SWITCHES = [
  ["man-diagonal", ["yes", "no"], "Men step diagonally forward"],
  ["king-diagonal", ["yes", "no"], "Kings move diagonally"],
  ["removal", ["immediate", "end-of-move"], "Captured pieces removed"],
  ["king-reversal", ["forbidden", "allowed"], "King turns 180° between jumps"],
  ["promotion", ["end-of-move", "midway"], "A man crowned mid-capture"],
  ["draw-one-each", ["yes", "no"], "One piece each is a draw"],
  ["draw-repetition", ["yes", "no"], "Threefold repetition is a draw"],
];

export const PRESETS = {
  armenian: { "man-diagonal": "yes", "king-diagonal": "yes", removal: "immediate", "king-reversal": "forbidden", promotion: "end-of-move", "draw-one-each": "no", "draw-repetition": "yes" },
  turkish: { "man-diagonal": "no", "king-diagonal": "no", removal: "immediate", "king-reversal": "forbidden", promotion: "end-of-move", "draw-one-each": "yes", "draw-repetition": "yes" },
  "armenian-orthogonal": { "man-diagonal": "no", "king-diagonal": "no", removal: "end-of-move", "king-reversal": "forbidden", promotion: "midway", "draw-one-each": "no", "draw-repetition": "yes" },
};

// Reads rules text written by the server (preset, then KEY=VALUE).
export function parseRules(text) {
  const parts = text.split(",").map((s) => s.trim().toLowerCase());
  const switches = { ...(PRESETS[parts[0]] || PRESETS.armenian) };
  for (const p of parts.slice(1)) {
    const [k, v] = p.split("=").map((s) => s.trim());
    if (k in switches) switches[k] = v;
  }
  return switches;
}

// The canonical text: the preset with the fewest differing switches (the
// first of them on a tie), then those switches in table order.
export function writeRules(switches) {
  let best = null;
  for (const [name, base] of Object.entries(PRESETS)) {
    const diff = SWITCHES.filter(([k]) => base[k] !== switches[k]).map(([k]) => `${k}=${switches[k]}`);
    if (!best || diff.length < best.length - 1) best = [name, ...diff];
  }
  return best.join(",");
}
