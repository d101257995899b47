//! An opening book's moves for a position: what `tama book probe --json`
//! and `tama analyse --json` print, `GET /api/book` answers and the
//! JavaScript package's `Book.moves` gives.

use serde::Serialize;
use tama_core::{Position, Preset, Rules};
use tama_notation::{move_json, MoveJson};
use tama_search::book::Book;
use tama_search::Score;

/// One move of the book: `{"move": {move object}, "value": {"cm": 12},
/// "weight": 5, "leaf": false}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BookMoveReport {
    /// The move object of `tama moves --json`.
    #[serde(rename = "move")]
    pub mv: MoveJson,
    /// Its value for the side to move (`{"cm": 12}`, `{"win": 7}`).
    pub value: Score,
    /// How much it is played (at least 1).
    pub weight: u16,
    /// Whether the book ends after it (its value is then a search's).
    pub leaf: bool,
}

impl BookMoveReport {
    /// The book's moves of `pos` under `rules`, best first (none when
    /// `rules` are not the book's preset or `pos` is not in the book).
    pub fn list(book: &Book, pos: &Position, rules: &Rules) -> Vec<BookMoveReport> {
        book.moves(pos, rules)
            .iter()
            .map(|m| BookMoveReport {
                mv: move_json(pos, rules, &m.mv),
                value: m.value,
                weight: m.weight,
                leaf: m.leaf,
            })
            .collect()
    }
}

/// The book's answer for a position, one envelope wherever it is
/// printed or answered (`tama book probe --json`, `tama analyse --json`,
/// `GET /api/book`, the package's `Book.moves`): `{"type": "book", "fen":
/// …, "preset": "armenian", "moves": [...]}`, the position, the preset of
/// the rules asked about (`null` for rules that are no preset, which no
/// book covers) and its book moves, best first (empty when there is no
/// book for it or the position is not in it).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BookMoves {
    /// Always `book`: the line's type among `tama analyse --json`'s.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The position's text.
    pub fen: String,
    /// The preset's name, if the rules are a preset.
    pub preset: Option<&'static str>,
    /// The book's moves, best first.
    pub moves: Vec<BookMoveReport>,
}

impl BookMoves {
    /// The moves of `book` (if any) for `pos` under `rules`.
    pub fn new(book: Option<&Book>, pos: &Position, rules: &Rules) -> BookMoves {
        BookMoves {
            kind: "book",
            fen: tama_notation::write_fen(pos),
            preset: rules.preset().map(Preset::name),
            moves: book.map_or_else(Vec::new, |b| BookMoveReport::list(b, pos, rules)),
        }
    }
}

/// A book's statistics, as `tama book stats --json` prints them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BookStats {
    /// The preset's name.
    pub rules: &'static str,
    /// Entries in the file.
    pub entries: usize,
    /// Positions (distinct keys) in the file.
    pub positions: usize,
    /// Positions reached from the start by book moves (with the start).
    pub reachable: usize,
    /// Book moves from the start position.
    pub root_moves: usize,
    /// The longest line of book moves from the start, in plies.
    pub max_depth: usize,
    /// Reachable positions at each ply.
    pub by_ply: Vec<usize>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use tama_search::book::Entry;

    fn book() -> Book {
        let (pos, rules) = (Position::start(), Rules::ARMENIAN);
        let moves = pos.legal_moves(&rules);
        let entries = vec![
            Entry::new(&pos, &rules, &moves[0], Score::centi_men(5), 3).unwrap(),
            Entry::new(&pos, &rules, &moves[1], Score::centi_men(20), 1)
                .unwrap()
                .leaf(),
        ];
        Book::from_entries(Preset::Armenian, entries)
    }

    #[test]
    fn the_moves_of_a_position_best_first() {
        let (pos, rules) = (Position::start(), Rules::ARMENIAN);
        let b = book();
        let v = serde_json::to_value(BookMoves::new(Some(&b), &pos, &rules)).unwrap();
        assert_eq!(v["preset"], "armenian");
        assert_eq!(v["type"], "book");
        assert_eq!(v["fen"], tama_notation::write_fen(&pos));
        let moves = v["moves"].as_array().unwrap();
        assert_eq!(moves.len(), 2);
        let keys: Vec<&str> = moves[0]
            .as_object()
            .unwrap()
            .keys()
            .map(|k| k.as_str())
            .collect();
        assert_eq!(keys, ["move", "value", "weight", "leaf"]);
        let legal = pos.legal_moves(&rules);
        assert_eq!(
            moves[0]["move"],
            serde_json::to_value(move_json(&pos, &rules, &legal[1])).unwrap()
        );
        assert_eq!(moves[0]["value"], serde_json::json!({"cm": 20}));
        assert_eq!(
            (moves[0]["weight"].as_u64(), moves[0]["leaf"].as_bool()),
            (Some(1), Some(true))
        );
        assert_eq!(moves[1]["value"], serde_json::json!({"cm": 5}));
        assert_eq!(moves[1]["weight"], 3);
    }

    #[test]
    fn no_book_other_rules_or_a_position_out_of_the_book_give_no_moves() {
        let (pos, rules) = (Position::start(), Rules::ARMENIAN);
        let b = book();
        assert!(BookMoves::new(None, &pos, &rules).moves.is_empty());
        let t = BookMoves::new(Some(&b), &pos, &Rules::TURKISH);
        assert_eq!((t.preset, t.moves.len()), (Some("turkish"), 0));
        let custom = tama_notation::parse_rules("armenian,removal=end-of-move").unwrap();
        let c = serde_json::to_value(BookMoves::new(Some(&b), &pos, &custom)).unwrap();
        let fen = tama_notation::write_fen(&pos);
        let expected = serde_json::json!({"type": "book", "fen": fen, "preset": null, "moves": []});
        assert_eq!(c, expected);
        let after = pos.play_unchecked(&pos.legal_moves(&rules)[0]);
        assert!(BookMoves::new(Some(&b), &after, &rules).moves.is_empty());
    }
}
