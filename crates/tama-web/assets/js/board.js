// The board: an SVG drawing of a position with the marks the page asks
// for, reporting the squares the user presses. It knows nothing of the
// rules: the page gives it the legal destinations.

import { sqName, sqIndex } from "./squares.js";

const NS = "http://www.w3.org/2000/svg";

// Whether the last input was the keyboard (the board shows its cursor and
// takes the arrow keys only when it was reached with Tab).
let keyboardInput = false;
window.addEventListener("keydown", (e) => {
  if (e.key === "Tab") keyboardInput = true;
}, true);
window.addEventListener("pointerdown", () => (keyboardInput = false), true);
const S = 100; // side of a square in SVG units

function crown(cx, cy) {
  const k = S * 0.18;
  const pts = [[-1, 0.6], [-1.15, -0.55], [-0.5, -0.05], [0, -0.85], [0.5, -0.05], [1.15, -0.55], [1, 0.6]];
  return "M" + pts.map(([x, y]) => `${(cx + x * k).toFixed(1)},${(cy + y * k).toFixed(1)}`).join(" L") + " z";
}

function pieceSvg(p, cx, cy, extra = "") {
  const white = p.color === "w";
  let s = `<g class="piece ${white ? "white" : "black"}${p.king ? " king" : ""}"${extra}>`;
  s += `<circle cx="${cx}" cy="${cy}" r="${S * 0.4}" class="disc"/>`;
  s += `<circle cx="${cx}" cy="${cy}" r="${S * 0.29}" class="ring"/>`;
  if (p.king) s += `<path d="${crown(cx, cy)}" class="crown"/>`;
  return s + "</g>";
}

export class Board {
  constructor(el, { onSquare, draggable }) {
    this.el = el;
    this.onSquare = onSquare;
    this.draggable = draggable;
    this.view = { pos: null, flip: false };
    this.cursor = null;
    this.drag = null;
    el.classList.add("board");
    el.tabIndex = 0;
    el.setAttribute("role", "grid");
    el.setAttribute("aria-label", "Board: arrow keys move, Enter or Space selects");
    this.svg = document.createElementNS(NS, "svg");
    this.svg.setAttribute("viewBox", `0 0 ${8 * S} ${8 * S}`);
    el.appendChild(this.svg);
    this.svg.addEventListener("pointerdown", (e) => this.down(e));
    el.addEventListener("focus", () => el.classList.toggle("kbd", keyboardInput));
    el.addEventListener("blur", () => {
      el.classList.remove("kbd");
      this.cursor = null;
      this.render();
    });
    window.addEventListener("pointermove", (e) => this.move(e));
    window.addEventListener("pointerup", (e) => this.up(e));
    el.addEventListener("keydown", (e) => this.key(e));
  }

  // Centre of square i in SVG units.
  centre(i) {
    const f = i % 8, r = Math.floor(i / 8);
    const col = this.view.flip ? 7 - f : f;
    const row = this.view.flip ? r : 7 - r;
    return [col * S + S / 2, row * S + S / 2];
  }

  squareAt(e) {
    const b = this.svg.getBoundingClientRect();
    const col = Math.floor(((e.clientX - b.left) / b.width) * 8);
    const row = Math.floor(((e.clientY - b.top) / b.height) * 8);
    if (col < 0 || col > 7 || row < 0 || row > 7) return null;
    const f = this.view.flip ? 7 - col : col;
    const r = this.view.flip ? row : 7 - row;
    return f + 8 * r;
  }

  down(e) {
    if (e.button !== 0) return;
    const i = this.squareAt(e);
    if (i === null) return;
    e.preventDefault();
    this.el.focus({ preventScroll: true });
    if (this.draggable(i)) {
      this.drag = { from: i, x: e.clientX, y: e.clientY, moved: false, ghost: null };
    }
    this.onSquare(i);
  }

  move(e) {
    const d = this.drag;
    if (!d) return;
    if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
    const p = this.view.pos && this.view.pos.board[d.from];
    if (!p) return;
    d.moved = true;
    const b = this.svg.getBoundingClientRect();
    const x = ((e.clientX - b.left) / b.width) * 8 * S;
    const y = ((e.clientY - b.top) / b.height) * 8 * S;
    if (!d.ghost) {
      const src = this.svg.querySelector(`.piece[data-sq="${sqName(d.from)}"]`);
      if (src) src.classList.add("lifted");
      const g = document.createElementNS(NS, "g");
      g.setAttribute("class", "ghost");
      g.innerHTML = pieceSvg(p, 0, 0);
      this.svg.appendChild(g);
      d.ghost = g;
    }
    d.ghost.setAttribute("transform", `translate(${x.toFixed(1)},${y.toFixed(1)})`);
  }

  up(e) {
    const d = this.drag;
    if (!d) return;
    this.drag = null;
    if (d.ghost) d.ghost.remove();
    const i = this.squareAt(e);
    if (d.moved && i !== null && i !== d.from) this.onSquare(i);
    else this.render();
  }

  key(e) {
    const dirs = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    // Arrow keys move the board's cursor only when the board was reached
    // with the keyboard (Tab); after a click they step through the record.
    if (dirs[e.key] && this.el.classList.contains("kbd")) {
      e.preventDefault();
      e.stopPropagation();
      let [df, dr] = dirs[e.key];
      if (this.view.flip) [df, dr] = [-df, -dr];
      const c = this.cursor ?? sqIndex(this.view.flip ? "e5" : "d4");
      const f = Math.min(7, Math.max(0, (c % 8) + df));
      const r = Math.min(7, Math.max(0, Math.floor(c / 8) + dr));
      this.cursor = f + 8 * r;
      this.render();
    } else if ((e.key === "Enter" || e.key === " ") && this.cursor !== null) {
      e.preventDefault();
      e.stopPropagation();
      this.onSquare(this.cursor);
    }
  }

  // view: {pos, flip, selected, dests, hints, last: {path, captures}, arrows, marks}
  set(view) {
    this.view = view;
    if (!this.drag) this.render();
  }

  render() {
    const v = this.view;
    const out = [];
    const rect = (i, cls) => {
      const [cx, cy] = this.centre(i);
      return `<rect x="${cx - S / 2}" y="${cy - S / 2}" width="${S}" height="${S}" class="${cls}"/>`;
    };
    for (let i = 0; i < 64; i++) {
      const light = ((i % 8) + Math.floor(i / 8)) % 2 === 1;
      const [cx, cy] = this.centre(i);
      out.push(
        `<rect x="${cx - S / 2}" y="${cy - S / 2}" width="${S}" height="${S}" class="sq ${light ? "light" : "dark"}" data-sq="${sqName(i)}"/>`
      );
    }
    // Coordinates inside the edge squares, in the other square colour.
    const tone = (i) => (((i % 8) + Math.floor(i / 8)) % 2 === 1 ? "on-light" : "on-dark");
    for (let k = 0; k < 8; k++) {
      const fileSq = v.flip ? 63 - k : k; // the bottom row, left to right
      const [fx] = this.centre(fileSq);
      out.push(`<text x="${fx + S / 2 - 6}" y="${8 * S - 8}" class="coord ${tone(fileSq)}" text-anchor="end">${"abcdefgh"[fileSq % 8]}</text>`);
      const rankSq = v.flip ? 63 - 8 * k : 56 - 8 * k; // the left column, top to bottom
      const [, ry] = this.centre(rankSq);
      out.push(`<text x="6" y="${ry - S / 2 + 22}" class="coord ${tone(rankSq)}">${Math.floor(rankSq / 8) + 1}</text>`);
    }
    if (v.last) {
      for (const s of v.last.path.slice(0, 1).concat(v.last.path.slice(-1))) out.push(rect(sqIndex(s), "last"));
    }
    if (v.selected != null) out.push(rect(v.selected, "selected"));
    for (const i of v.clicked || []) out.push(rect(i, "clicked"));
    if (this.cursor !== null && this.el.classList.contains("kbd")) out.push(rect(this.cursor, "cursor"));
    if (v.last && v.last.path.length > 2) {
      const pts = v.last.path.map((s) => this.centre(sqIndex(s)).join(",")).join(" ");
      out.push(`<polyline points="${pts}" class="last-path"/>`);
    }
    const pos = v.pos;
    if (pos) {
      for (let i = 0; i < 64; i++) {
        const p = pos.board[i];
        if (!p) continue;
        const [cx, cy] = this.centre(i);
        out.push(pieceSvg(p, cx, cy, ` data-sq="${sqName(i)}"`));
      }
    }
    if (v.last) {
      for (const s of v.last.captures) {
        const [cx, cy] = this.centre(sqIndex(s));
        const d = S * 0.16;
        out.push(`<path d="M${cx - d},${cy - d} L${cx + d},${cy + d} M${cx - d},${cy + d} L${cx + d},${cy - d}" class="captured" data-captured="${s}"/>`);
      }
    }
    for (const i of v.dests || []) {
      const [cx, cy] = this.centre(i);
      const occupied = pos && pos.board[i];
      out.push(
        occupied
          ? `<circle cx="${cx}" cy="${cy}" r="${S * 0.46}" class="dest ring" data-dest="${sqName(i)}"/>`
          : `<circle cx="${cx}" cy="${cy}" r="${S * 0.14}" class="dest" data-dest="${sqName(i)}"/>`
      );
    }
    for (const i of v.hints || []) {
      const [cx, cy] = this.centre(i);
      out.push(`<circle cx="${cx}" cy="${cy}" r="${S * 0.3}" class="hint" data-hint="${sqName(i)}"/>`);
    }
    for (const a of v.arrows || []) {
      const pts = a.path.map((s) => this.centre(sqIndex(s)));
      if (pts.length < 2) continue;
      const [x1, y1] = pts[pts.length - 1];
      const [x0, y0] = pts[pts.length - 2];
      const len = Math.hypot(x1 - x0, y1 - y0);
      const back = Math.min(len / 2, S * 0.3);
      pts[pts.length - 1] = [x1 - ((x1 - x0) / len) * back, y1 - ((y1 - y0) / len) * back];
      out.push(`<polyline points="${pts.map((p) => p.map((n) => n.toFixed(1)).join(",")).join(" ")}" class="arrow" marker-end="url(#ah)"/>`);
    }
    this.svg.innerHTML =
      `<defs><marker id="ah" viewBox="0 0 10 10" refX="3" refY="5" markerWidth="3" markerHeight="3" orient="auto"><path d="M0,0 L10,5 L0,10 z" class="arrowhead"/></marker></defs>` +
      out.join("");
  }
}
