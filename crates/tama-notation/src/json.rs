//! JSON forms (docs/NOTATION.md, "JSON"): the text forms plus structured fields.
//!
//! ```
//! use tama_core::Rules;
//! use tama_notation::{move_json, parse_fen, parse_move};
//!
//! let pos = parse_fen("W:Wc3:Bc4,d5").unwrap().position;
//! let mv = parse_move("c3xe5", &pos, &Rules::ARMENIAN).unwrap();
//! let json = serde_json::to_string(&move_json(&pos, &Rules::ARMENIAN, &mv)).unwrap();
//! assert_eq!(
//!     json,
//!     r#"{"move":"c3xe5","from":"c3","to":"e5","path":["c3","c5","e5"],"captures":["c4","d5"],"promotes":false}"#
//! );
//! ```

use serde::{Deserialize, Serialize};
use tama_core::{Bitboard, Move, MoveList, Position, Rules, Square};

use crate::movetext::canonical;

/// A move as JSON: `{"move": "c3xc5xe5", "from": "c3", "to": "e5",
/// "path": ["c3","c5","e5"], "captures": ["c4","d5"], "promotes": false}`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct MoveJson {
    /// The canonical move text ([`write_move`](crate::write_move)).
    #[serde(rename = "move")]
    pub text: String,
    /// The start square.
    pub from: String,
    /// The end square.
    pub to: String,
    /// The start square, then every landing square of one capture path
    /// (for a quiet move, start and end square). Every square of `move`
    /// lies on it, in order.
    pub path: Vec<String>,
    /// The captured squares, in the order the path jumps them (empty for a
    /// quiet move).
    pub captures: Vec<String>,
    /// Whether the moving man becomes a king.
    pub promotes: bool,
}

/// The JSON form of a legal move of `pos`.
///
/// The path is the one the canonical text is taken from: where two
/// captures follow in one direction, it lands right behind the first
/// captured piece. For a move that is not legal in `pos` the path is the
/// start and end square and the captures are in board order.
pub fn move_json(pos: &Position, rules: &Rules, mv: &Move) -> MoveJson {
    let legal = if mv.is_capture() {
        pos.legal_moves(rules)
    } else {
        MoveList::new()
    };
    let (text, path) = canonical(pos, rules, &legal, mv, true);
    MoveJson {
        text: text.to_string(),
        from: mv.from().to_string(),
        to: mv.to().to_string(),
        path: path.iter().map(Square::to_string).collect(),
        captures: jump_order(&path, mv.captures())
            .iter()
            .map(Square::to_string)
            .collect(),
        promotes: mv.promotes(),
    }
}

/// The move objects of every legal move of `pos`, sorted by move text (as
/// `tama moves --json` prints them and `POST /api/moves` answers).
pub fn legal_moves_json(pos: &Position, rules: &Rules) -> Vec<MoveJson> {
    let mut objs: Vec<MoveJson> = pos
        .legal_moves(rules)
        .iter()
        .map(|m| move_json(pos, rules, m))
        .collect();
    objs.sort_by(|a, b| a.text.cmp(&b.text));
    objs
}

/// The captured squares in the order a path jumps them; any not found on
/// the path follow in board order.
fn jump_order(path: &[Square], captures: Bitboard) -> Vec<Square> {
    let mut left = captures;
    let mut out = Vec::with_capacity(captures.count() as usize);
    for pair in path.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let df = (b.file() as i8 - a.file() as i8).signum();
        let dr = (b.rank() as i8 - a.rank() as i8).signum();
        let mut sq = a.offset(df, dr);
        while let Some(s) = sq {
            if s == b {
                break;
            }
            if left.contains(s) {
                left.remove(s);
                out.push(s);
                break;
            }
            sq = s.offset(df, dr);
        }
    }
    out.extend(left);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_fen, parse_move};

    #[test]
    fn quiet_and_capture_moves() {
        let pos = Position::start();
        let mv = pos.legal_moves(&Rules::ARMENIAN)[0];
        let j = move_json(&pos, &Rules::ARMENIAN, &mv);
        assert_eq!(j.text, "a3-a4");
        assert_eq!(j.path, ["a3", "a4"]);
        assert!(j.captures.is_empty());
        assert!(!j.promotes);

        let pos = parse_fen("W:Wd6:Bd7,f8,Ka1").unwrap().position;
        let rules = crate::parse_rules("promotion=midway").unwrap();
        let mv = parse_move("d6xh8", &pos, &rules).unwrap();
        let j = move_json(&pos, &rules, &mv);
        assert_eq!(j.text, "d6xh8");
        assert_eq!(j.path, ["d6", "d8", "h8"]);
        assert_eq!(j.captures, ["d7", "f8"]);
        assert!(j.promotes);
    }

    #[test]
    fn legal_moves_are_sorted_by_text() {
        let all = legal_moves_json(&Position::start(), &Rules::ARMENIAN);
        assert_eq!(all.len(), 22);
        assert!(all.windows(2).all(|w| w[0].text < w[1].text));
        let pos = parse_fen("W:Wd6:Bd7,f8,Ka1").unwrap().position;
        let all = legal_moves_json(&pos, &Rules::ARMENIAN);
        assert_eq!(all.len(), pos.legal_moves(&Rules::ARMENIAN).len());
        assert!(all.iter().all(|m| !m.captures.is_empty()));
    }

    #[test]
    fn serde_round_trip() {
        let pos = parse_fen("B:Wd2,c4,b3,c2:BKd1").unwrap().position;
        let rules = Rules::ARMENIAN;
        let mv = parse_move("d1xh2", &pos, &rules).unwrap();
        let j = move_json(&pos, &rules, &mv);
        assert_eq!(j.path, ["d1", "d4", "b4", "b2", "h2"]);
        // d2 is taken first; the king crosses its square at the end.
        assert_eq!(j.captures, ["d2", "c4", "b3", "c2"]);
        let text = serde_json::to_string(&j).unwrap();
        assert!(text.starts_with(r#"{"move":"d1xh2","from":"d1","to":"h2","#));
        let back: MoveJson = serde_json::from_str(&text).unwrap();
        assert_eq!(back, j);
    }
}
