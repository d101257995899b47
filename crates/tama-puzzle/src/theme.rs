//! The themes of a solution, detected by code (docs/PUZZLES.md,
//! "Themes"):
//!
//! - **sacrifice**: a solver move of the solution lets the opponent
//!   capture (after it, the opponent has a capture to make);
//! - **promotion**: a solver move of the solution crowns a man;
//! - **king hunt**: the opponent has a king at the start and a solver
//!   move of the solution captures one.
//!
//! None of them is a puzzle without a theme (an empty list, written
//! `none`).

use std::fmt;
use std::str::FromStr;

use tama_core::{Move, Position};

/// A theme of a puzzle's solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Theme {
    /// A solver move lets the opponent capture.
    Sacrifice,
    /// A solver move crowns a man.
    Promotion,
    /// A solver move captures the opponent's king.
    KingHunt,
}

impl Theme {
    /// Every theme, in the order they are written.
    pub const ALL: [Theme; 3] = [Theme::Sacrifice, Theme::Promotion, Theme::KingHunt];

    /// Its word: `sacrifice`, `promotion`, `king-hunt`.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Sacrifice => "sacrifice",
            Theme::Promotion => "promotion",
            Theme::KingHunt => "king-hunt",
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Theme {
    type Err = String;

    fn from_str(s: &str) -> Result<Theme, String> {
        Theme::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| format!("unknown theme `{s}` (sacrifice, promotion or king-hunt)"))
    }
}

/// The themes of `solution` played from `start` (module documentation),
/// in [`Theme::ALL`] order. The moves must be legal in turn.
pub fn detect(start: &Position, solution: &[Move]) -> Vec<Theme> {
    let solver = start.turn();
    let their_kings = start.pieces(solver.opponent()) & start.kings();
    let (mut sacrifice, mut promotion, mut king_hunt) = (false, false, false);
    let mut pos = *start;
    for (i, mv) in solution.iter().enumerate() {
        let after = pos.play_unchecked(mv);
        if i % 2 == 0 {
            sacrifice |= after.has_capture();
            promotion |= mv.promotes();
            king_hunt |= !their_kings.is_empty()
                && !(mv.captures() & pos.kings() & pos.pieces(solver.opponent())).is_empty();
        }
        pos = after;
    }
    Theme::ALL
        .into_iter()
        .zip([sacrifice, promotion, king_hunt])
        .filter_map(|(t, on)| on.then_some(t))
        .collect()
}

/// The `Themes` tag's value: the words separated by spaces, or `none`.
pub fn write(themes: &[Theme]) -> String {
    if themes.is_empty() {
        return "none".to_string();
    }
    themes
        .iter()
        .map(|t| t.name())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads the `Themes` tag's value (as [`write()`] gives it: known words,
/// each once, in order, or `none`).
pub fn read(text: &str) -> Result<Vec<Theme>, String> {
    if text.trim() == "none" {
        return Ok(Vec::new());
    }
    let themes = text
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<Vec<Theme>, String>>()?;
    if themes.is_empty() {
        return Err("no theme (write `none`)".to_string());
    }
    if themes.windows(2).any(|w| w[0] >= w[1]) {
        return Err(format!(
            "themes out of order or repeated (write `{}`)",
            write(&themes)
        ));
    }
    Ok(themes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tama_core::Rules;
    use tama_notation::{parse_fen, parse_move};

    /// The themes of a line given as move text from a position text.
    fn themes(fen: &str, rules: Rules, line: &[&str]) -> Vec<Theme> {
        let start = parse_fen(fen).unwrap().position;
        let mut pos = start;
        let mut moves = Vec::new();
        for text in line {
            let mv = parse_move(text, &pos, &rules).unwrap();
            pos = pos.play_unchecked(&mv);
            moves.push(mv);
        }
        detect(&start, &moves)
    }

    #[test]
    fn themes_are_found_on_hand_made_positions() {
        let rules = Rules::ARMENIAN;
        // A man crowns on h8: promotion.
        assert_eq!(themes("W:Wg7:Ba2", rules, &["g7-g8"]), [Theme::Promotion]);
        // White's man steps next to Black's man, which must take it:
        // sacrifice (and nothing else).
        assert_eq!(
            themes("W:Wc3,h2:Bc5", rules, &["c3-c4"]),
            [Theme::Sacrifice]
        );
        // White's king takes Black's king: king hunt.
        assert_eq!(
            themes("W:WKa1,h2:Bh7,Ka4", rules, &["a1xa5"]),
            [Theme::KingHunt]
        );
        // A quiet move: none.
        assert_eq!(themes("W:Wc3:Bf6", rules, &["c3-c4"]), []);
        // The opponent's replies do not count: Black's capture is no
        // sacrifice of White's, Black's king hunts nothing.
        assert_eq!(themes("W:Wc3,h2:Bc5", rules, &["h2-h3"]), []);
    }

    #[test]
    fn themes_read_back_what_they_write() {
        for t in [
            vec![],
            vec![Theme::Sacrifice],
            vec![Theme::Sacrifice, Theme::Promotion, Theme::KingHunt],
        ] {
            assert_eq!(read(&write(&t)), Ok(t));
        }
        assert!(read("").is_err());
        assert!(read("promotion sacrifice").is_err());
        assert!(read("sacrifice sacrifice").is_err());
        assert!(read("fork").is_err());
    }
}
