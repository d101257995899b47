//! Drawing the game of `tama play`: the board with the last move marked
//! and the end of the move list beside it.

use tama_core::{Color, Game};
use tama_notation::movetext::write_move;

use super::text::{move_number, move_rows};
use crate::board::{BoardView, Marks};
use crate::terminal::Style;

/// How many rows of the move list are shown beside the board.
pub const MOVE_ROWS: usize = 6;

/// What the board shows besides the game.
pub struct Look<'a> {
    /// Characters and colours.
    pub style: Style,
    /// From Black's side.
    pub flip: bool,
    /// The number of the game's first move.
    pub first_number: usize,
    /// The players' names, White's first.
    pub players: [&'a str; 2],
}

/// The board of `game` with its last move marked, the players and the last
/// rows of the move list beside it, then `Last move: …` when there is one.
pub fn render(game: &Game, look: &Look<'_>) -> String {
    let rules = *game.rules();
    let moves = game.moves();
    let positions = game.positions();
    let marks = moves.last().map(|mv| {
        let before = &positions[moves.len() - 1];
        Marks::of_move(before, &rules, mv)
    });
    // The clocks are not drawn here: the prompt shows them, ticking on a
    // terminal (a time here would stand still beside it).
    let mut panel = vec![
        format!("White: {}", look.players[0]),
        format!("Black: {}", look.players[1]),
    ];
    // Only the rows shown are written: writing every move at every
    // board made a long game cost quadratic time.
    let first = game.start().turn();
    let from = first_shown_move(first, look.first_number, moves.len(), MOVE_ROWS);
    let (from_number, _) = move_number(first, look.first_number, from);
    let rows = move_rows(&positions[from], from_number, &rules, &moves[from..]);
    if !rows.is_empty() {
        panel.push(String::new());
        panel.extend(rows);
    }
    let view = BoardView {
        style: look.style,
        flip: look.flip,
        marks: marks.as_ref(),
        panel: &panel,
    };
    let mut text = view.render(game.position());
    if let Some(mv) = moves.last() {
        let i = moves.len() - 1;
        let (n, black) = move_number(first, look.first_number, i);
        let dots = if black { "..." } else { "." };
        let written = write_move(&positions[i], &rules, mv);
        text.push_str(&format!("Last move: {n}{dots} {written}\n"));
    }
    text
}

/// The index of the first move of the last `rows` rows of the move list
/// (a row starts with White's move, or with the game's first move), for a
/// game of `len` moves whose first move has number `first_number` and is
/// played by `first`.
fn first_shown_move(first: Color, first_number: usize, len: usize, rows: usize) -> usize {
    let mut from = len;
    let mut found = 0;
    while from > 0 && found < rows {
        from -= 1;
        let (_, black) = move_number(first, first_number, from);
        if from == 0 || !black {
            found += 1;
        }
    }
    from
}

#[cfg(test)]
mod tests {
    use super::*;
    use tama_core::Rules;
    use tama_notation::fen::parse_fen;

    #[test]
    fn the_move_list_shows_its_last_rows() {
        // Kings shuffle: without the repetition rule the game goes on.
        let rules = Rules {
            draw_repetition: false,
            ..Rules::ARMENIAN
        };
        for first in [Color::White, Color::Black] {
            // A game of kings, long enough for many rows.
            let fen = match first {
                Color::White => "W:WKa1,Kc1:BKh8,Kf8",
                Color::Black => "B:WKa1,Kc1:BKh8,Kf8",
            };
            let mut game = Game::from_position(rules, parse_fen(fen).unwrap().position);
            for len in 0..40 {
                let moves = game.moves();
                let all = move_rows(game.start(), 7, &rules, moves);
                let from = first_shown_move(first, 7, moves.len(), MOVE_ROWS);
                let (n, _) = move_number(first, 7, from);
                let shown = move_rows(&game.positions()[from], n, &rules, &moves[from..]);
                assert_eq!(
                    shown,
                    all[all.len().saturating_sub(MOVE_ROWS)..],
                    "{first:?} to move first, {len} moves"
                );
                if game.outcome().is_some() {
                    break;
                }
                // A move after which the other side has no capture, so
                // the game goes on for many rows.
                let legal = game.legal_moves();
                let pos = *game.position();
                let safe: Vec<_> = legal
                    .iter()
                    .filter(|m| !pos.play_unchecked(m).has_capture())
                    .collect();
                game.play(safe[len % safe.len()]).unwrap();
            }
            assert_eq!(game.moves().len(), 40, "{first:?}: {:?}", game.outcome());
        }
    }
}
