//! Thinking on the opponent's time, for hosts with threads (the command
//! line's `play`, matches): the engine searches, in a thread of its own,
//! the position after the move it expects from its opponent; when the
//! opponent plays that move (a *hit*) the same search goes on under the
//! engine's time limits and gives the move, keeping what it searched;
//! otherwise (a *miss*) it is stopped and the engine searches the real
//! position as usual. See [`Limits::ponder`] for the time rules.

use std::thread::JoinHandle;

use tama_core::{Game, Move, Position};

use crate::engine::{Engine, StopHandle};
use crate::limits::Limits;
use crate::progress::SearchResult;

/// An engine thinking on its opponent's time ([`Engine::ponder`]).
///
/// ```
/// use tama_core::{Game, Rules};
/// use tama_search::{Engine, Limits, Pondered, SearchResult};
///
/// let mut game = Game::new(Rules::TURKISH);
/// let mut engine = Box::new(Engine::default());
/// engine.set_book(false); // a search, not the opening book's move
/// let expected = game.position().legal_moves(game.rules())[0];
/// let pondering = engine.ponder(&game, expected, &Limits::depth(6)).ok().unwrap();
/// game.play(&expected).unwrap();
/// // The opponent played the expected move: the search goes on.
/// match pondering.finish(&game) {
///     Pondered::Hit(_engine, SearchResult::Move(best)) => assert_eq!(best.depth, 6),
///     _ => unreachable!(),
/// }
/// ```
#[derive(Debug)]
pub struct Pondering {
    thread: Option<JoinHandle<(Box<Engine>, SearchResult)>>,
    signals: StopHandle,
    expected: Move,
    /// The position after the expected move: what the search searches.
    root: Position,
}

/// How a ponder search ended ([`Pondering::finish`]).
#[derive(Debug)]
pub enum Pondered {
    /// The opponent played the expected move: the engine and its search's
    /// result, the move to play.
    Hit(Box<Engine>, SearchResult),
    /// The opponent played another move (or none): the engine, to search
    /// the real position.
    Miss(Box<Engine>),
}

impl Engine {
    /// Starts thinking on the opponent's time: searches, in a thread of
    /// its own, the position after `expected` (the opponent's move the
    /// engine expects, usually the second move of its last line) in
    /// `game`, under `limits` with [`Limits::ponder`] set: the engine's
    /// time limits (its own clock, which does not run while it ponders)
    /// start at the hit. The engine belongs to the [`Pondering`] until
    /// [`finish`](Pondering::finish) gives it back.
    ///
    /// # Errors
    ///
    /// The engine back when there is nothing to ponder: the game is over,
    /// or `expected` is not a legal move of its position.
    pub fn ponder(
        mut self: Box<Engine>,
        game: &Game,
        expected: Move,
        limits: &Limits,
    ) -> Result<Pondering, Box<Engine>> {
        let rules = *game.rules();
        if game.outcome().is_some() || !game.position().legal_moves(&rules).contains(&expected) {
            return Err(self);
        }
        let history = game.positions().to_vec();
        let root = game.position().play_unchecked(&expected);
        let limits = Limits {
            ponder: true,
            ..*limits
        };
        let signals = self.stop_handle();
        // Cleared here, before the thread starts: a hit or a miss told
        // before the search begins is not lost.
        signals.reset();
        let thread = std::thread::spawn(move || {
            let result = self.search_signalled(&root, &history, &rules, &limits, |_| {});
            (self, result)
        });
        Ok(Pondering {
            thread: Some(thread),
            signals,
            expected,
            root,
        })
    }
}

impl Pondering {
    /// The opponent's move the engine expects.
    pub fn expected(&self) -> Move {
        self.expected
    }

    /// Ends the pondering once the opponent has moved: when `game` went on
    /// by the expected move (its last move, to the position searched) the
    /// search goes on under its time limits, counted from now, and this
    /// waits for its move (a hit); otherwise (another move, an undo, a new
    /// game) the search is stopped and the engine given back (a miss).
    pub fn finish(mut self, game: &Game) -> Pondered {
        if game.moves().last() == Some(&self.expected) && *game.position() == self.root {
            self.signals.ponder_hit();
            let (engine, result) = self.join();
            Pondered::Hit(engine, result)
        } else {
            self.signals.stop();
            let (engine, _) = self.join();
            Pondered::Miss(engine)
        }
    }

    /// Stops the search and gives the engine back.
    pub fn stop(mut self) -> Box<Engine> {
        self.signals.stop();
        self.join().0
    }

    fn join(&mut self) -> (Box<Engine>, SearchResult) {
        let thread = self.thread.take().expect("a pondering is joined once");
        match thread.join() {
            Ok(done) => done,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }
}

impl Drop for Pondering {
    /// A pondering dropped unfinished stops its search (and waits for its
    /// thread).
    fn drop(&mut self) {
        if let Some(thread) = self.thread.take() {
            self.signals.stop();
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use tama_core::{Color, Game, Role, Rules};

    use super::*;
    use crate::test_support::position;

    fn played(game: &Game, mv: Move) -> Game {
        let mut game = game.clone();
        game.play(&mv).unwrap();
        game
    }

    /// An engine that searches: the opening positions below are in the
    /// turkish book, whose moves would answer at once.
    fn searcher() -> Box<Engine> {
        let mut engine = Box::new(Engine::default());
        engine.set_book(false);
        engine
    }

    fn opening() -> (Game, Move, Move) {
        let game = Game::new(Rules::TURKISH);
        let moves = game.position().legal_moves(game.rules());
        (game, moves[0], moves[1])
    }

    #[test]
    fn a_hit_searches_the_expected_position() {
        let (game, expected, _) = opening();
        let pondering = searcher()
            .ponder(&game, expected, &Limits::depth(7))
            .unwrap();
        let mut after = game.clone();
        after.play(&expected).unwrap();
        let Pondered::Hit(_, SearchResult::Move(pondered)) = pondering.finish(&after) else {
            panic!("a hit gives the search's move")
        };
        let SearchResult::Move(direct) = searcher().search_game(&after, &Limits::depth(7), |_| {})
        else {
            panic!("the position has moves")
        };
        assert_eq!((pondered.mv, pondered.score), (direct.mv, direct.score));
        assert_eq!(pondered.nodes, direct.nodes);
    }

    #[test]
    fn the_time_limit_starts_at_the_hit() {
        let (game, expected, _) = opening();
        let limits = Limits::movetime(Duration::from_millis(30));
        let pondering = searcher().ponder(&game, expected, &limits).unwrap();
        std::thread::sleep(Duration::from_millis(300));
        let hit = Instant::now();
        let Pondered::Hit(_, SearchResult::Move(best)) = pondering.finish(&played(&game, expected))
        else {
            panic!("a hit gives the search's move")
        };
        // One search ran through the pondering (not stopped by its 30 ms
        // before the hit), and ended by its limit after the hit.
        assert!(best.time >= Duration::from_millis(300), "{:?}", best.time);
        assert!(
            hit.elapsed() < Duration::from_secs(5),
            "{:?}",
            hit.elapsed()
        );
        assert!(best.depth > 1);
    }

    #[test]
    fn a_single_reply_is_searched_through_until_the_hit() {
        // After Black's d6-d5, White's only move is the capture d4xd6.
        let start = position(
            Color::Black,
            &[
                ("d4", Color::White, Role::Man),
                ("d6", Color::Black, Role::Man),
                ("h8", Color::Black, Role::Man),
            ],
        );
        let game = Game::from_position(Rules::ARMENIAN, start);
        let expected = game
            .position()
            .legal_moves(game.rules())
            .into_iter()
            .find(|m| m.to() == tama_core::Square::D5)
            .copied()
            .unwrap();
        let after = played(&game, expected);
        assert_eq!(after.position().legal_moves(after.rules()).len(), 1);
        // A move time far longer than the test: an answer at the hit is
        // not the limit's.
        let limits = Limits::movetime(Duration::from_secs(120));
        let pondering = searcher().ponder(&game, expected, &limits).unwrap();
        std::thread::sleep(Duration::from_millis(200));
        let hit = Instant::now();
        let Pondered::Hit(_, SearchResult::Move(best)) = pondering.finish(&after) else {
            panic!("a hit gives the move")
        };
        // It searched on past the single move (a search of a single reply
        // answers at depth 0 at once), and answered at the hit, not after
        // its move time (the search thread starts a little after
        // `ponder` returns: its time is a little under the sleep).
        assert!(best.depth > 1, "{best:?}");
        assert!(best.time >= Duration::from_millis(100), "{:?}", best.time);
        assert!(
            hit.elapsed() < Duration::from_secs(60),
            "{:?}",
            hit.elapsed()
        );
        assert_eq!(best.mv, after.position().legal_moves(after.rules())[0]);
    }

    #[test]
    fn a_miss_stops_the_search_and_gives_the_engine_back() {
        let (game, expected, other) = opening();
        let pondering = searcher()
            .ponder(&game, expected, &Limits::default())
            .unwrap();
        assert_eq!(pondering.expected(), expected);
        std::thread::sleep(Duration::from_millis(50));
        let t = Instant::now();
        let Pondered::Miss(mut engine) = pondering.finish(&played(&game, other)) else {
            panic!("another move is a miss")
        };
        assert!(t.elapsed() < Duration::from_secs(5));
        // The engine searches again as usual (its signals cleared).
        let r = engine.search_game(&game, &Limits::depth(3), |_| {});
        assert!(matches!(r, SearchResult::Move(b) if b.depth == 3));
    }

    #[test]
    fn a_hit_before_the_search_starts_is_not_lost() {
        let (game, expected, _) = opening();
        for _ in 0..20 {
            let limits = Limits::movetime(Duration::from_millis(5));
            let pondering = searcher().ponder(&game, expected, &limits).unwrap();
            assert!(matches!(
                pondering.finish(&played(&game, expected)),
                Pondered::Hit(_, SearchResult::Move(_))
            ));
        }
    }

    #[test]
    fn nothing_to_ponder_gives_the_engine_back() {
        let (mut game, expected, _) = opening();
        // Not a legal move of the position: the opponent's own move.
        let engine = searcher();
        game.play(&expected).unwrap();
        assert!(engine.ponder(&game, expected, &Limits::default()).is_err());
        // Dropped unfinished: the search stops and its thread ends.
        let reply = game.position().legal_moves(game.rules())[0];
        let pondering = searcher().ponder(&game, reply, &Limits::default()).unwrap();
        drop(pondering);
    }
}
