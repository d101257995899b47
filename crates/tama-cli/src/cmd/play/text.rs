//! Text for people: scores from White's side, lines of moves, the numbered
//! move list, game endings.

use std::time::Duration;

use tama_core::{Color, Move, Outcome, Position, Rules, Termination};
use tama_notation::movetext::{write_line, write_move};
use tama_search::{Score, ScoreKind};

use crate::board::color_name as side_name;

/// A score of the side to move `turn`, written from White's side: `+0.35`
/// (White better), `-1.20`, `White wins in 7`, `Black wins in 4`.
pub fn white_score(score: Score, turn: Color) -> String {
    let score = if turn == Color::White { score } else { -score };
    match score.kind() {
        ScoreKind::CentiMen(_) => score.to_string(),
        ScoreKind::Win(n) => format!("White wins in {n}"),
        ScoreKind::Loss(n) => format!("Black wins in {n}"),
    }
}

/// The canonical texts of `moves` played one after another from `pos`,
/// at most `max` of them (then `…`).
pub fn line(pos: &Position, rules: &Rules, moves: &[Move], max: usize) -> String {
    let mut words = write_line(pos, rules, &moves[..moves.len().min(max)]);
    if moves.len() > max && words.len() == max {
        words.push("…".to_string());
    }
    words.join(" ")
}

/// The number of the move at ply `i` of a game whose first move has
/// number `first_number` and is played by `first`: (move number, whether
/// it is Black's move).
pub fn move_number(first: Color, first_number: usize, i: usize) -> (usize, bool) {
    let offset = usize::from(first == Color::Black);
    ((i + offset) / 2 + first_number, (i + offset) % 2 == 1)
}

/// The moves of a game as rows `12. c3-c4  b6-b5` (a game starting with
/// Black to move begins `1. ...`); the first move has number
/// `first_number`.
pub fn move_rows(
    start: &Position,
    first_number: usize,
    rules: &Rules,
    moves: &[Move],
) -> Vec<String> {
    let mut rows: Vec<String> = Vec::new();
    let mut pos = *start;
    for (i, mv) in moves.iter().enumerate() {
        let text = write_move(&pos, rules, mv);
        pos = pos.play_unchecked(mv);
        let (n, black) = move_number(start.turn(), first_number, i);
        if black {
            match rows.last_mut() {
                Some(row) if i > 0 => {
                    // Black's move in a column, or after one space when
                    // White's is too long for it (a large move number, a
                    // long capture).
                    let width = 14usize.saturating_sub(row.len()).max(1);
                    row.push_str(&format!("{:width$}{text}", ""));
                }
                _ => rows.push(format!("{:>3}. {:<8} {text}", n, "...")),
            }
        } else {
            rows.push(format!("{n:>3}. {text}"));
        }
    }
    rows
}

/// The moves of a game on one line: `1. c3-c4 b6-b5 2. d3-d4`.
pub fn move_list(start: &Position, first_number: usize, rules: &Rules, moves: &[Move]) -> String {
    let mut words = Vec::new();
    let mut pos = *start;
    for (i, mv) in moves.iter().enumerate() {
        let (n, black) = move_number(start.turn(), first_number, i);
        if !black {
            words.push(format!("{n}."));
        } else if i == 0 {
            words.push(format!("{n}..."));
        }
        words.push(write_move(&pos, rules, mv));
        pos = pos.play_unchecked(mv);
    }
    words.join(" ")
}

/// How a finished game ended, for people: `Black has no legal move; White
/// wins.`
pub fn ending(outcome: Outcome, turn: Color) -> String {
    let winner = outcome.winner.map(side_name);
    match (outcome.termination, outcome.winner) {
        (Termination::NoLegalMoves, Some(w)) => format!(
            "{} has no legal move; {} wins.",
            side_name(w.opponent()),
            side_name(w)
        ),
        (Termination::Resignation, Some(w)) => {
            format!(
                "{} resigns; {} wins.",
                side_name(w.opponent()),
                side_name(w)
            )
        }
        (Termination::TimeForfeit, Some(w)) => format!(
            "{} ran out of time; {} wins.",
            side_name(w.opponent()),
            side_name(w)
        ),
        (Termination::TimeForfeit, None) => format!(
            "{} ran out of time, but {} has no way to win: draw.",
            side_name(turn),
            side_name(turn.opponent())
        ),
        (Termination::Repetition, _) => "Draw by threefold repetition.".to_string(),
        (Termination::OnePieceEach, _) => "Draw: one piece each.".to_string(),
        (Termination::Agreement, _) => "Draw by agreement.".to_string(),
        (t, Some(_)) => format!("{} wins ({t}).", winner.unwrap_or("")),
        (t, None) => format!("Draw ({t}, {} to move).", side_name(turn)),
    }
}

/// A clock's time for people, always nine characters wide so that a
/// ticking clock can be redrawn in place: ` 0:04:58`, `1:30:00`, and
/// tenths in the last ten seconds: `0:00:09.5`.
pub fn clock_text(d: Duration) -> String {
    let secs = d.as_secs();
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    let text = if secs < 10 {
        format!("{h}:{m:02}:{s:02}.{}", d.subsec_millis() / 100)
    } else {
        format!("{h}:{m:02}:{s:02}")
    };
    format!("{text:>9}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use tama_core::Game;

    #[test]
    fn clocks_are_nine_wide() {
        let ms = Duration::from_millis;
        assert_eq!(clock_text(ms(298_000)), "  0:04:58");
        assert_eq!(clock_text(ms(9_570)), "0:00:09.5");
        assert_eq!(clock_text(ms(5_400_000)), "  1:30:00");
        assert_eq!(
            ending(
                Outcome::win(Color::Black, Termination::TimeForfeit),
                Color::White
            ),
            "White ran out of time; Black wins."
        );
        assert_eq!(
            ending(Outcome::draw(Termination::TimeForfeit), Color::White),
            "White ran out of time, but Black has no way to win: draw."
        );
    }

    #[test]
    fn scores_are_from_whites_side() {
        assert_eq!(white_score(Score::centi_men(35), Color::White), "+0.35");
        assert_eq!(white_score(Score::centi_men(35), Color::Black), "-0.35");
        assert_eq!(
            white_score(Score::win_in(3), Color::Black),
            "Black wins in 3"
        );
        assert_eq!(
            white_score(Score::loss_in(2), Color::Black),
            "White wins in 2"
        );
    }

    #[test]
    fn move_rows_pair_the_moves() {
        let rules = Rules::ARMENIAN;
        let mut game = Game::new(rules);
        for _ in 0..3 {
            let mv = game.legal_moves()[0];
            game.play(&mv).unwrap();
        }
        let rows = move_rows(game.start(), 1, &rules, game.moves());
        assert_eq!(rows, ["  1. a3-a4    a6-a5", "  2. a4xa8"]);
        assert_eq!(
            move_list(game.start(), 1, &rules, game.moves()),
            "1. a3-a4 a6-a5 2. a4xa8"
        );
        // From Black to move.
        let black_start = game.positions()[1];
        let rows = move_rows(&black_start, 1, &rules, &game.moves()[1..]);
        assert_eq!(rows, ["  1. ...      a6-a5", "  2. a4xa8"]);
        assert_eq!(
            move_list(&black_start, 7, &rules, &game.moves()[1..]),
            "7... a6-a5 8. a4xa8"
        );
    }

    #[test]
    fn move_rows_take_long_numbers_and_moves() {
        // White's move fills the column (`2000000000. a3-a4` is longer than
        // 14 characters): Black's follows after one space. This used to
        // subtract past zero.
        let rules = Rules::ARMENIAN;
        let mut game = Game::new(rules);
        for _ in 0..2 {
            let mv = game.legal_moves()[0];
            game.play(&mv).unwrap();
        }
        let rows = move_rows(game.start(), 2_000_000_000, &rules, game.moves());
        assert_eq!(rows, ["2000000000. a3-a4 a6-a5"]);
        let rows = move_rows(game.start(), 10_000, &rules, game.moves());
        assert_eq!(rows, ["10000. a3-a4  a6-a5"]);
    }
}
