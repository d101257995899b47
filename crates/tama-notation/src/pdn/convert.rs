//! [`PdnGame`] ↔ [`Game`]: a record of a played game, and the game of a
//! record's main line.

use core::fmt;

use tama_core::{FlagRule, Game, GameClock, Outcome, PlayError, Termination};

use super::clock::{is_clock_comment, read_clock_comment, write_clock_comment};
use super::game::PdnGame;
use super::tags::TagError;
use super::GameResult;
use crate::time_control::{parse_time_control_tag, write_time_control_tag, TagValue};

/// The tag that says how a game ended off the board: `resignation`,
/// `agreement`, `adjudication` or `time forfeit` (the descriptions of
/// [`Termination`]). The board's own endings need no tag.
pub const TERMINATION_TAG: &str = "Termination";

/// The tag of a game's time control, in the PGN standard's syntax
/// (`180+2`; [`crate::time_control`]).
pub const TIME_CONTROL_TAG: &str = "TimeControl";

/// The termination a `Termination` tag value names (any letter case,
/// surrounding spaces ignored), if it is an off-board one.
pub fn termination_from_tag(value: &str) -> Option<Termination> {
    let value = value.trim();
    Termination::ALL
        .into_iter()
        .filter(|t| !t.is_on_board())
        .find(|t| t.description().eq_ignore_ascii_case(value))
}

/// Why [`PdnGame::to_game`] cannot give a game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ToGameError {
    /// Move `ply` (0-based) of the main line follows the end of the game
    /// on the board (a record edited through [`Line::push_move`](super::Line::push_move)).
    MoveAfterEnd {
        /// The index of the move in the main line.
        ply: usize,
        /// How the game had ended.
        outcome: Outcome,
    },
    /// Move `ply` (0-based) of the main line is not legal where it stands.
    IllegalMove {
        /// The index of the move in the main line.
        ply: usize,
    },
    /// The result disagrees with how the game ended on the board.
    ResultMismatch {
        /// The record's result.
        result: GameResult,
        /// The board's outcome.
        outcome: Outcome,
    },
    /// The `Termination` tag names no off-board ending, or one that does
    /// not fit the result (a resignation that is a draw, say).
    BadTermination {
        /// The tag's value.
        value: String,
        /// The record's result.
        result: GameResult,
    },
}

impl fmt::Display for ToGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToGameError::MoveAfterEnd { ply, outcome } => write!(
                f,
                "move {} of the main line follows the end of the game ({})",
                ply + 1,
                outcome.termination
            ),
            ToGameError::IllegalMove { ply } => {
                write!(f, "move {} of the main line is illegal", ply + 1)
            }
            ToGameError::ResultMismatch { result, outcome } => write!(
                f,
                "the result {result} disagrees with the end of the game on the board ({}, {})",
                outcome.termination,
                GameResult::from_outcome(*outcome)
            ),
            ToGameError::BadTermination { value, result } => write!(
                f,
                "the Termination tag `{value}` does not fit the result {result}: expected \
                 resignation or time forfeit for a win, agreement for a draw, or adjudication"
            ),
        }
    }
}

impl std::error::Error for ToGameError {}

impl PdnGame {
    /// The record of `game`: its rules, start position, moves (the main
    /// line) and result, with the free-form `tags` given (`Event`,
    /// `White`, …). A game ended off the board also gets a
    /// [`TERMINATION_TAG`] naming how (it replaces one given in `tags`);
    /// a game on a clock gets its [`TIME_CONTROL_TAG`] and, after each
    /// move, both clocks in a comment (`[%clock w0:04:58 B0:05:00]`,
    /// [`clock`](super::clock)). [`PdnGame::to_game`] reads them back.
    ///
    /// ```
    /// use tama_core::{Color, Game, Rules};
    /// use tama_notation::pdn::{GameResult, PdnGame};
    ///
    /// let mut game = Game::new(Rules::ARMENIAN);
    /// let first = game.legal_moves()[0];
    /// game.play(&first).unwrap();
    /// game.resign(Color::Black).unwrap();
    ///
    /// let pdn = PdnGame::from_game(&game, [("White", "Ani"), ("Black", "Aram")]).unwrap();
    /// assert_eq!(pdn.result(), GameResult::WhiteWins);
    /// assert_eq!(pdn.tag("Termination").as_deref(), Some("resignation"));
    /// assert_eq!(pdn.to_game().unwrap().outcome(), game.outcome());
    /// ```
    ///
    /// # Errors
    ///
    /// [`TagError`] for a tag [`PdnGame::set_tag`] refuses (a structural
    /// tag such as `Result`, a bad name or a value with a line break).
    pub fn from_game<'a>(
        game: &Game,
        tags: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<PdnGame, TagError> {
        let mut pdn = PdnGame::new(*game.rules(), *game.start());
        for (name, value) in tags {
            pdn.set_tag(name, value)?;
        }
        pdn.main.nodes.reserve_exact(game.moves().len());
        for mv in game.moves() {
            pdn.main.nodes.push(super::game::Node::new(*mv));
        }
        if let Some(clock) = game.clock() {
            pdn.tags
                .insert(TIME_CONTROL_TAG, &write_time_control_tag(clock.control()));
            // The clock times the last moves (all of them when it was set
            // at the start); each gets both clocks after it.
            let times = clock.times();
            let first = game.moves().len().saturating_sub(times.len());
            let mut shown = [clock.control().initial(); 2];
            for (i, left) in times.iter().enumerate().take(game.moves().len()) {
                let mover = game.positions()[first + i].turn();
                shown[mover.index()] = *left;
                let comment = write_clock_comment(shown[0], shown[1], Some(mover.opponent()));
                pdn.main.nodes[first + i]
                    .push_comment_after(&comment)
                    .expect("a clock comment has no brace");
            }
        }
        if let Some(o) = game.outcome() {
            pdn.result = GameResult::from_outcome(o);
            if !o.termination.is_on_board() {
                pdn.tags
                    .insert(TERMINATION_TAG, o.termination.description());
            }
        }
        Ok(pdn)
    }

    /// The game of the main line: its rules, start position and moves, and
    /// how it ended. A result the board explains is the board's ending; any
    /// other result (`1-0`, `0-1`, `1/2-1/2`) ended off the board, as the
    /// [`TERMINATION_TAG`] says, or by adjudication when there is none (the
    /// record gives a result without a reason). A readable
    /// [`TIME_CONTROL_TAG`] puts the game on a clock (whose flag loses:
    /// the record does not say the flag rule) from its first move with a
    /// clock comment (from the start when none has one), with each move's
    /// time left from its clock comment where it has one (lidraughts' `[%clock …]`
    /// or lichess's `[%clk …]`); an unreadable one is ignored, as other
    /// free-form tags are. Variations, other comments and free-form tags
    /// are not part of a [`Game`].
    ///
    /// # Errors
    ///
    /// [`ToGameError`] when a main-line move follows the end of the game,
    /// when the result disagrees with the board's ending, or when the
    /// `Termination` tag does not fit the result. Records from the reader
    /// or built with [`PdnGame::push_move`] have none of these but the
    /// last.
    pub fn to_game(&self) -> Result<Game, ToGameError> {
        let mut game = Game::from_position(self.rules, *self.start());
        let control = self.time_control();
        // The clock starts at the first move with a clock comment (a
        // match's opening is played before it), or at the start.
        let clocked =
            |n: &super::game::Node| n.comments_after().iter().any(|c| is_clock_comment(c));
        let clock_from = self.main.nodes.iter().position(clocked).unwrap_or(0);
        for (ply, node) in self.main.nodes.iter().enumerate() {
            if ply == clock_from {
                if let Some(control) = &control {
                    game.set_clock(Some(GameClock::new(control.clone(), FlagRule::default())));
                }
            }
            let mv = node.mv();
            let mover = game.position().turn();
            let left = game.clock().and_then(|_| {
                node.comments_after()
                    .iter()
                    .find_map(|c| read_clock_comment(c, mover))
            });
            let played = match left {
                Some(left) => game.play_with_time_left(&mv, left),
                None => game.play(&mv),
            };
            played.map_err(|e| match e {
                PlayError::GameOver(outcome) => ToGameError::MoveAfterEnd { ply, outcome },
                // Every move of a line is legal where it stands; only
                // the end of the game can stop one.
                PlayError::Illegal(_) => ToGameError::MoveAfterEnd {
                    ply,
                    outcome: game
                        .outcome()
                        .unwrap_or(Outcome::draw(Termination::Adjudication)),
                },
            })?;
        }
        if self.main.nodes.is_empty() {
            if let Some(control) = control {
                game.set_clock(Some(GameClock::new(control, FlagRule::default())));
            }
        }
        let result = self.result;
        if let Some(outcome) = game.board_outcome() {
            if result != GameResult::from_outcome(outcome) {
                return Err(ToGameError::ResultMismatch { result, outcome });
            }
            return Ok(game);
        }
        let winner = match result {
            GameResult::Unknown => return Ok(game),
            GameResult::WhiteWins => Some(tama_core::Color::White),
            GameResult::BlackWins => Some(tama_core::Color::Black),
            GameResult::Draw => None,
        };
        let termination = match self.tags.get(TERMINATION_TAG) {
            None => Termination::Adjudication,
            Some(value) => termination_from_tag(value)
                .filter(|t| fits(*t, winner.is_some()))
                .ok_or_else(|| ToGameError::BadTermination {
                    value: value.to_string(),
                    result,
                })?,
        };
        game.end(Outcome {
            winner,
            termination,
        })
        .expect("the game is not over on the board");
        Ok(game)
    }
}

impl PdnGame {
    /// The time control of the [`TIME_CONTROL_TAG`], if the record has
    /// one that reads as a time control.
    pub fn time_control(&self) -> Option<tama_core::TimeControl> {
        match parse_time_control_tag(self.tags.get(TIME_CONTROL_TAG)?) {
            Ok(TagValue::Control(tc)) => Some(tc),
            _ => None,
        }
    }

    /// Removes the clock comments tama writes (`[%clock …]`, `[%clk …]`
    /// alone in a comment) from the main line, so that a record of a game
    /// that goes on can be given the clocks again.
    pub fn remove_clock_comments(&mut self) {
        for node in &mut self.main.nodes {
            node.comments_after.retain(|c| !is_clock_comment(c));
        }
    }
}

/// Whether an off-board termination can end a game with a winner
/// (`decisive`) or in a draw.
fn fits(t: Termination, decisive: bool) -> bool {
    match t {
        Termination::Resignation | Termination::TimeForfeit => decisive,
        Termination::Agreement => !decisive,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tama_core::{Color, Rules};

    fn played(n: usize) -> Game {
        let mut game = Game::new(Rules::TURKISH);
        for i in 0..n {
            let legal = game.legal_moves();
            game.play(&legal[i % legal.len()]).unwrap();
        }
        game
    }

    fn same(a: &Game, b: &Game) {
        assert_eq!(a.rules(), b.rules());
        assert_eq!(a.start(), b.start());
        assert_eq!(a.moves(), b.moves());
        assert_eq!(a.outcome(), b.outcome());
    }

    #[test]
    fn off_board_endings_round_trip_through_the_termination_tag() {
        type End = fn(&mut Game) -> Result<Outcome, tama_core::GameOverError>;
        let ends: [(End, GameResult, &str); 5] = [
            (
                |g| g.resign(Color::White),
                GameResult::BlackWins,
                "resignation",
            ),
            (|g| g.agree_draw(), GameResult::Draw, "agreement"),
            (|g| g.adjudicate(None), GameResult::Draw, "adjudication"),
            (
                |g| g.adjudicate(Some(Color::White)),
                GameResult::WhiteWins,
                "adjudication",
            ),
            (
                |g| g.lose_on_time(Color::Black),
                GameResult::WhiteWins,
                "time forfeit",
            ),
        ];
        for (end, result, tag) in ends {
            let mut game = played(5);
            end(&mut game).unwrap();
            let pdn = PdnGame::from_game(&game, [("Event", "test")]).unwrap();
            assert_eq!(pdn.result(), result);
            assert_eq!(pdn.tag(TERMINATION_TAG).as_deref(), Some(tag));
            assert_eq!(pdn.tag("Event").as_deref(), Some("test"));
            same(&pdn.to_game().unwrap(), &game);
            // Through the text too.
            let back: PdnGame = pdn.to_pdn().parse().unwrap();
            assert_eq!(back, pdn);
            same(&back.to_game().unwrap(), &game);
        }
    }

    #[test]
    fn clocks_round_trip_through_the_tag_and_the_comments() {
        use std::time::Duration;
        use tama_core::{GameClock, TimeControl};
        let ms = Duration::from_millis;
        let control = TimeControl::fischer(Duration::from_secs(300), Duration::from_secs(3));
        for ending in 0..3 {
            let mut game = Game::new(Rules::TURKISH)
                .with_clock(GameClock::new(control.clone(), FlagRule::Lose));
            for i in 0..7u64 {
                // Whole tenths, as the comments write them.
                assert_eq!(game.tick(ms(1_300 * i + 100)), None);
                let legal = game.legal_moves();
                game.play(&legal[i as usize % legal.len()]).unwrap();
            }
            match ending {
                0 => {}
                1 => assert!(game.tick(Duration::from_secs(400)).is_some()),
                _ => {
                    game.resign(Color::White).unwrap();
                }
            }
            let pdn = PdnGame::from_game(&game, []).unwrap();
            assert_eq!(pdn.tag(TIME_CONTROL_TAG).as_deref(), Some("300+3"));
            let first = &pdn.main_line().nodes()[0];
            assert_eq!(first.comments_after(), ["[%clock w0:05:02.9 B0:05:00]"]);
            let second = &pdn.main_line().nodes()[1];
            assert_eq!(second.comments_after(), ["[%clock W0:05:02.9 b0:05:01.6]"]);
            let text = pdn.to_pdn();
            let back: PdnGame = text.parse().unwrap();
            assert_eq!(back, pdn);
            assert_eq!(back.to_game().unwrap(), game, "{text}");
            assert_eq!(back.to_pdn(), text);
        }
        // A clock set after an opening starts at the first timed move.
        let mut game = played(3);
        game.set_clock(Some(GameClock::new(control.clone(), FlagRule::Lose)));
        for _ in 0..4 {
            assert_eq!(game.tick(ms(500)), None);
            let mv = game.legal_moves()[0];
            game.play(&mv).unwrap();
        }
        let pdn = PdnGame::from_game(&game, []).unwrap();
        assert!(pdn.main_line().nodes()[2].comments_after().is_empty());
        assert_eq!(pdn.to_game().unwrap(), game);
        // A record without the tag: no clock, comments stay comments.
        let mut pdn = PdnGame::from_game(&played(2), []).unwrap();
        pdn.main_line_mut()
            .node_mut(0)
            .unwrap()
            .push_comment_after("[%clk 0:01:00]")
            .unwrap();
        assert_eq!(pdn.to_game().unwrap().clock(), None);
        // lichess's comments with the tag; a move without one gets its
        // increment; an unreadable tag is no clock.
        pdn.set_tag(TIME_CONTROL_TAG, "60+1").unwrap();
        let game = pdn.to_game().unwrap();
        let clock = game.clock().unwrap();
        assert_eq!(clock.times(), [ms(60_000), ms(61_000)]);
        pdn.remove_clock_comments();
        assert!(pdn.main_line().nodes()[0].comments_after().is_empty());
        pdn.set_tag(TIME_CONTROL_TAG, "one hour").unwrap();
        assert_eq!(pdn.to_game().unwrap().clock(), None);
        assert_eq!(pdn.time_control(), None);
    }

    #[test]
    fn a_game_going_on_has_no_result_and_no_termination() {
        let game = played(7);
        let pdn = PdnGame::from_game(&game, []).unwrap();
        assert_eq!(pdn.result(), GameResult::Unknown);
        assert_eq!(pdn.tag(TERMINATION_TAG), None);
        same(&pdn.to_game().unwrap(), &game);
    }

    #[test]
    fn results_without_a_reason_are_adjudicated_and_bad_tags_refused() {
        let mut pdn = PdnGame::from_game(&played(4), []).unwrap();
        pdn.set_result(GameResult::BlackWins);
        assert_eq!(
            pdn.to_game().unwrap().outcome(),
            Some(Outcome::win(Color::Black, Termination::Adjudication))
        );
        for bad in ["agreement", "no legal move", "lunch"] {
            pdn.set_tag(TERMINATION_TAG, bad).unwrap();
            let e = pdn.to_game().unwrap_err();
            assert!(matches!(e, ToGameError::BadTermination { .. }), "{bad}");
            assert!(e.to_string().contains(bad), "{e}");
        }
        pdn.set_tag(TERMINATION_TAG, " Time Forfeit ").unwrap();
        assert_eq!(
            pdn.to_game().unwrap().outcome(),
            Some(Outcome::win(Color::Black, Termination::TimeForfeit))
        );
        assert!(PdnGame::from_game(&played(1), [("Result", "1-0")]).is_err());
    }

    #[test]
    fn board_endings_need_the_matching_result() {
        // White's king takes Black's last piece: Black has no move.
        let pos = crate::parse_fen("W:WKa1:Ba5").unwrap().position;
        let mut game = Game::from_position(Rules::ARMENIAN, pos);
        let capture = game.legal_moves()[0];
        game.play(&capture).unwrap();
        let won = Outcome::win(Color::White, Termination::NoLegalMoves);
        assert_eq!(game.outcome(), Some(won));
        let mut pdn = PdnGame::from_game(&game, []).unwrap();
        assert_eq!(pdn.result(), GameResult::WhiteWins);
        assert_eq!(pdn.tag(TERMINATION_TAG), None);
        same(&pdn.to_game().unwrap(), &game);
        pdn.set_result(GameResult::Draw);
        assert_eq!(
            pdn.to_game().unwrap_err(),
            ToGameError::ResultMismatch {
                result: GameResult::Draw,
                outcome: won
            }
        );
        // A move pushed on the line after the end (one piece each).
        let pos = crate::parse_fen("W:WKa1:BKh8").unwrap().position;
        let mut pdn = PdnGame::new(Rules::TURKISH, pos);
        let mv = pos.legal_moves(&Rules::TURKISH)[0];
        pdn.main_line_mut().push_move(&Rules::TURKISH, mv).unwrap();
        assert_eq!(
            pdn.to_game().unwrap_err(),
            ToGameError::MoveAfterEnd {
                ply: 0,
                outcome: Outcome::draw(Termination::OnePieceEach)
            }
        );
    }
}
