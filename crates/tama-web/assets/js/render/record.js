// Draws the game record: the main line with its numbers, marks and
// comments, the variations in brackets, and the result.

import { $, esc } from "../dom.js";
import { state, known } from "../state.js";
import { t } from "../i18n.js";

// One move with its number (where one is due), mark and comments.
function moveHtml(game, n, p, showNumber) {
  const offset = known(game.root).pos.turn === "b" ? 1 : 0;
  const num = game.firstMoveNumber + Math.floor((p + offset) / 2);
  const parts = [];
  let number = "";
  if ((p + offset) % 2 === 0) number = `<span class="num">${num}.</span>`;
  else if (showNumber) number = `<span class="num">${num}...</span>`;
  for (const c of n.commentsBefore) parts.push(`<span class="comment">${esc(c)}</span>`);
  const cls = ["mv"];
  if (n === state.node) cls.push("current");
  if (n.annotation === "??") cls.push("blunder");
  else if (n.annotation === "?") cls.push("mistake");
  const mark = n.annotation ? `<b>${esc(n.annotation)}</b>` : "";
  // An engine's move from its opening book.
  const book = n.book ? ` <span class="book-tag" title="${esc(t("book.move.title"))}">${esc(t("book.tag"))}</span>` : "";
  // The number and its move never part at a line break.
  parts.push(`<span class="nw">${number}<span class="${cls.join(" ")}" data-id="${n.id}" role="button" tabindex="-1">${esc(n.move.move)}${mark}</span>${book}</span>`);
  for (const c of n.commentsAfter) {
    if (c === n.engineComment) {
      // The review's comment: the evaluation, and the best move where the
      // move played was a mistake; all of it on hover.
      const words = c.split(" ");
      const short = n.annotation && words[1] === "best" ? words.slice(0, 4).join(" ") : words[0];
      parts.push(`<span class="comment engine" title="${esc(c)}">${esc(short)}</span>`);
    } else parts.push(`<span class="comment">${esc(c)}</span>`);
  }
  return parts.join(" ") + " ";
}

// A line from `first` (at ply `p0`) with its variations.
function lineHtml(game, first, p0, depth) {
  let s = "";
  let interrupted = true;
  let p = p0;
  for (let n = first; n; n = n.children[0], p++) {
    s += moveHtml(game, n, p, interrupted);
    interrupted = n.commentsAfter.length > 0;
    const vars = n.parent.children[0] === n ? n.parent.children.slice(1) : [];
    if (vars.length) {
      const inner = vars.map((v) => `<span class="var">(${lineHtml(game, v, p, depth + 1)})</span>`).join(" ");
      s += depth === 0 ? `<div class="vars">${inner}</div>` : ` ${inner} `;
      interrupted = true;
    }
  }
  return s;
}

export function renderRecord() {
  const game = state.game;
  const out = [];
  if (game.root.children[0]) out.push(lineHtml(game, game.root.children[0], 0, 0));
  else out.push(`<span class="empty">${esc(t("record.empty"))} ${state.mode === "play" ? esc(t("record.empty.play")) : ""}</span>`);
  if (game.result !== "*" && game.root.children.length) out.push(`<span class="result">${esc(game.result)}</span>`);
  const rec = $("#record");
  rec.innerHTML = out.join("");
  const cur = rec.querySelector(".current");
  if (cur) {
    const top = cur.offsetTop - rec.offsetTop;
    if (top < rec.scrollTop || top > rec.scrollTop + rec.clientHeight - 30) rec.scrollTop = top - rec.clientHeight / 2;
  }
}
