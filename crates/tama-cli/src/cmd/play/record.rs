//! The game of `tama play` as a PDN record (`save`), and what `load`
//! reads.

use std::time::{SystemTime, UNIX_EPOCH};

use tama_core::{Game, Rules};
use tama_notation::fen::{parse_fen, Fen};
use tama_notation::pdn::{GameResult, PdnGame, PdnReader};

use super::text::ending;

/// The record of `game`, whose first move has number `first_number`,
/// between the players `names` (White's first), dated today. A game ended
/// off the board (resignation, agreement) says how in a comment too.
pub fn record(game: &Game, first_number: usize, names: [&str; 2]) -> PdnGame {
    let date = today();
    let tags = [
        ("Event", "tama play"),
        ("Date", date.as_str()),
        ("White", names[0]),
        ("Black", names[1]),
    ];
    let mut pdn = PdnGame::from_game(game, tags).expect("valid tags");
    pdn.set_first_move_number(u32::try_from(first_number).unwrap_or(1));
    if let Some(o) = game.outcome().filter(|o| !o.termination.is_on_board()) {
        let comment = ending(o, game.position().turn());
        let _ = pdn.push_comment(comment.trim_end_matches('.'));
    }
    pdn
}

/// Whether `text` was probably meant as position text rather than a file
/// name.
pub fn looks_like_fen(text: &str) -> bool {
    text.contains(':') && !text.contains(['/', '\\', '.'])
}

/// A game read by `load`.
pub struct Loaded {
    /// The game.
    pub game: Game,
    /// The number of its first move.
    pub first_number: usize,
    /// What was loaded, for people: `the position`, `a game of 12 moves`.
    pub what: String,
}

impl Loaded {
    /// A position text's position, from its move number.
    pub fn position(rules: Rules, fen: &Fen) -> Loaded {
        Loaded {
            game: Game::from_position(rules, fen.position),
            first_number: fen.fullmove_number.map_or(1, |n| n.max(1) as usize),
            what: "the position".to_string(),
        }
    }

    /// A file's text: a position text, or its first PDN game.
    pub fn from_text(text: &str, rules: &Rules) -> Result<Loaded, String> {
        let first_line = text.lines().map(str::trim).find(|l| !l.is_empty());
        if let Some(fen) = first_line.and_then(|l| parse_fen(l).ok()) {
            return Ok(Loaded::position(*rules, &fen));
        }
        let pdn = match PdnReader::new(text.as_bytes()).next() {
            Some(Ok(pdn)) => pdn,
            Some(Err(e)) => return Err(format!("line {}: {}", e.line, e.message())),
            None => return Err("no game in the file".to_string()),
        };
        let mut game = pdn.to_game().map_err(|e| e.to_string())?;
        // A result the board does not explain (a resignation, say) is
        // reported, and play may go on from the last position.
        game.reopen();
        let n = game.moves().len();
        let result = match pdn.result() {
            GameResult::Unknown => String::new(),
            r => format!(", result {r}"),
        };
        Ok(Loaded {
            game,
            first_number: pdn.first_move_number() as usize,
            what: format!(
                "a game of {n} move{}{result}",
                if n == 1 { "" } else { "s" }
            ),
        })
    }
}

/// Today's date (UTC) as PDN writes it: `2024.05.17`.
fn today() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard
/// Hinnant's `civil_from_days`).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tama_core::Color;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(19_783), (2024, 3, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }

    #[test]
    fn fen_or_file() {
        assert!(looks_like_fen("W:Wc3:Bc6"));
        assert!(!looks_like_fen("games/one.pdn"));
    }

    #[test]
    fn a_resigned_game_is_saved_with_its_ending_and_loads_to_play_on() {
        let mut game = Game::new(Rules::ARMENIAN);
        let first = game.legal_moves()[0];
        game.play(&first).unwrap();
        game.resign(Color::Black).unwrap();
        let pdn = record(&game, 1, ["Human", "tama level 5"]);
        assert_eq!(pdn.result(), GameResult::WhiteWins);
        assert_eq!(pdn.tag("Termination").as_deref(), Some("resignation"));
        assert_eq!(pdn.comments(), ["Black resigns; White wins"]);
        let loaded = Loaded::from_text(&pdn.to_pdn(), &Rules::TURKISH).unwrap();
        assert_eq!(loaded.game.moves(), game.moves());
        assert_eq!(loaded.game.outcome(), None);
        assert_eq!(loaded.what, "a game of 1 move, result 1-0");
    }
}
