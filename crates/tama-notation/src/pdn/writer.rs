//! The canonical writer (docs/NOTATION.md, "Game records (PDN)", write rules).

use core::fmt;

use tama_core::Color;

use super::game::{Line, PdnGame};
use super::tags::{escape_value, game_type, SEVEN_TAG_ROSTER};
use crate::fen::write_fen;
use crate::movetext::write_move;
use crate::rules_text::write_rules;

/// The width movetext lines are wrapped to.
pub const LINE_WIDTH: usize = 80;

impl PdnGame {
    /// The canonical PDN text of the game (docs/NOTATION.md "write" rules),
    /// ending with a blank line. Same as `to_string()`.
    pub fn to_pdn(&self) -> String {
        let mut s = String::with_capacity(256 + 12 * self.main.len());
        write_game(self, &mut s);
        s
    }
}

impl fmt::Display for PdnGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_pdn())
    }
}

fn tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    escape_value(value, out);
    out.push_str("\"]\n");
}

/// The tags in written order: the seven-tag roster, `GameType`, `Rules`,
/// `SetUp` and `FEN` for a set-up position, then the other tags in order.
pub(crate) fn tag_list(game: &PdnGame) -> Vec<(&str, String)> {
    let roster = |n: &str| SEVEN_TAG_ROSTER.contains(&n);
    let mut v = Vec::with_capacity(game.tags.len() + 5);
    for (n, val) in game.tags.iter().filter(|(n, _)| roster(n)) {
        v.push((n, val.to_string()));
    }
    v.push(("Result", game.result.as_str().to_string()));
    v.push(("GameType", game_type(&game.rules).to_string()));
    v.push(("Rules", write_rules(&game.rules)));
    if game.is_setup() {
        v.push(("SetUp", "1".to_string()));
        v.push(("FEN", write_fen(game.start())));
    }
    for (n, val) in game.tags.iter().filter(|(n, _)| !roster(n)) {
        v.push((n, val.to_string()));
    }
    v
}

/// Writes `game` in canonical form, ending with a blank line.
pub(crate) fn write_game(game: &PdnGame, out: &mut String) {
    for (n, v) in tag_list(game) {
        tag(out, n, &v);
    }
    out.push('\n');
    let mut w = Wrap {
        out,
        col: 0,
        game,
        offset: u64::from(game.start().turn() == Color::Black),
    };
    w.line(&game.main, 0);
    for c in &game.comments {
        w.comment(c);
    }
    w.word(game.result.as_str(), true);
    w.out.push_str("\n\n");
}

struct Wrap<'a> {
    out: &'a mut String,
    col: usize,
    game: &'a PdnGame,
    /// 1 when the game starts with Black to move.
    offset: u64,
}

impl Wrap<'_> {
    /// Appends a word, breaking the line before it when it would pass
    /// the width and `breakable` allows.
    fn word(&mut self, w: &str, breakable: bool) {
        let len = if w.is_ascii() {
            w.len()
        } else {
            w.chars().count()
        };
        if self.col == 0 {
            self.col = len;
        } else if breakable && self.col + 1 + len > LINE_WIDTH {
            self.out.push('\n');
            self.col = len;
        } else {
            self.out.push(' ');
            self.col += 1 + len;
        }
        self.out.push_str(w);
    }

    /// Writes a comment, breakable at its spaces except before a word that
    /// would read as an escape line (`%`) or a tag (`[`) at a line start.
    fn comment(&mut self, text: &str) {
        if text.is_empty() {
            self.word("{}", true);
            return;
        }
        let mut words = text.split(' ').peekable();
        let mut first = true;
        let mut buf = String::new();
        while let Some(w) = words.next() {
            buf.clear();
            if first {
                buf.push('{');
            }
            buf.push_str(w);
            if words.peek().is_none() {
                buf.push('}');
            }
            let breakable = first || !(w.starts_with('%') || w.starts_with('['));
            self.word(&buf, breakable);
            first = false;
        }
    }

    fn number(&self, ply: u64) -> u64 {
        u64::from(self.game.first_move_number) + (ply + self.offset) / 2
    }

    /// `N.` before White's move; `N...` before Black's when `black` asks.
    fn move_number(&mut self, ply: u64, turn: Color, black: bool) {
        if turn == Color::White {
            let t = format!("{}.", self.number(ply));
            self.word(&t, true);
        } else if black {
            let t = format!("{}...", self.number(ply));
            self.word(&t, true);
        }
    }

    fn line(&mut self, line: &Line, ply0: u64) {
        let rules = self.game.rules;
        let mut pos = line.start;
        let mut interrupted = true;
        let mut after_variation = false;
        for (i, n) in line.nodes.iter().enumerate() {
            let ply = ply0 + i as u64;
            // A comment right after a move belongs to that move: a comment
            // before this one follows its number unless the line starts
            // here or a variation came before it.
            let number_first = !n.comments_before.is_empty() && i > 0 && !after_variation;
            if number_first {
                self.move_number(ply, pos.turn(), true);
            }
            for c in &n.comments_before {
                self.comment(c);
            }
            if !number_first {
                self.move_number(ply, pos.turn(), interrupted);
            }
            let mut text = write_move(&pos, &rules, &n.mv);
            if let Some(a) = n.annotation {
                text.push_str(a.as_str());
            }
            self.word(&text, true);
            for nag in &n.nags {
                let t = format!("${nag}");
                self.word(&t, true);
            }
            for c in &n.comments_after {
                self.comment(c);
            }
            interrupted = !n.comments_after.is_empty();
            after_variation = false;
            for v in n.variations.iter().filter(|v| !v.is_empty()) {
                self.word("(", true);
                self.line(v, ply);
                self.word(")", true);
                interrupted = true;
                after_variation = true;
            }
            pos = pos.play_unchecked(&n.mv);
        }
    }
}
