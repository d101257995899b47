//! Openings: start positions with moves, and random balanced ones.
//!
//! [`random_openings`] gives reproducible balanced openings from a seed
//! (the match's, the SPRT's, the self-play data's and the puzzles');
//! [`endgame_openings`] gives starts of at most N pieces, for matches of
//! the tablebases against none.

use tama_core::{Game, Move, Position, Rules};
use tama_search::{Engine, EngineConfig, Limits, SearchResult};

/// A start for a pair of games: a position and moves played from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The position the game record starts from.
    pub start: Position,
    /// Moves played from `start` before the players take over (part of
    /// the game record).
    pub moves: Vec<Move>,
}

impl Opening {
    /// The position after the opening moves.
    pub fn position(&self) -> Position {
        self.moves
            .iter()
            .fold(self.start, |p, m| p.play_unchecked(m))
    }
}

/// The openings' seeded generator (splitmix64): the same seed gives the
/// same openings (and the same ballots' sample). Product code, so not the
/// test-support crate's.
#[derive(Clone, Debug)]
pub(crate) struct SplitMix64(pub(crate) u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub(crate) fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

/// `count` distinct openings of `plies` random moves from the start
/// position, each kept only if a short search finds it roughly balanced
/// (within 0.6 men) and the game is not over. The same seed gives the same
/// openings.
pub fn random_openings(rules: &Rules, count: usize, plies: usize, seed: u64) -> Vec<Opening> {
    collect(rules, count, count * 100 + 100, seed, 60, |rng, _, game| {
        play_random(rng, game, plies)
    })
}

/// Up to `count` distinct openings from at most `attempts` games: `make`
/// plays each from the start position (false: discard it), and it is kept
/// when [`if_within`] `margin`.
fn collect(
    rules: &Rules,
    count: usize,
    attempts: usize,
    seed: u64,
    margin: i32,
    mut make: impl FnMut(&mut SplitMix64, &mut Engine, &mut Game) -> bool,
) -> Vec<Opening> {
    let mut rng = SplitMix64(seed);
    let mut engine = Engine::new(EngineConfig {
        hash_mib: 1,
        ..EngineConfig::default()
    });
    // Openings are judged by searches, not by the book.
    engine.set_book(false);
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::with_capacity(count);
    for _ in 0..attempts {
        if out.len() >= count {
            break;
        }
        let mut game = Game::new(*rules);
        if !make(&mut rng, &mut engine, &mut game) || !seen.insert(game.position().hash()) {
            continue;
        }
        out.extend(if_within(&mut engine, &game, margin));
    }
    out
}

/// Plays `plies` random moves; whether they were all played and the game
/// goes on.
fn play_random(rng: &mut SplitMix64, game: &mut Game, plies: usize) -> bool {
    for _ in 0..plies {
        if game.outcome().is_some() {
            return false;
        }
        let moves = game.legal_moves();
        let mv = moves[rng.below(moves.len())];
        game.play(&mv).expect("generated moves are legal");
    }
    game.outcome().is_none()
}

/// The game as an opening when a depth-5 search finds neither side ahead
/// by more than `margin` centi-men.
fn if_within(engine: &mut Engine, game: &Game, margin: i32) -> Option<Opening> {
    engine.clear();
    match engine.search_game(game, &Limits::depth(5), |_| {}) {
        SearchResult::Move(best) if best.score.raw().abs() <= margin => Some(Opening {
            start: *game.start(),
            moves: game.moves().to_vec(),
        }),
        _ => None,
    }
}

/// `count` distinct endgame starts of at most `max_pieces` pieces: from
/// random openings of 6 moves, a shallow self-play (depth 3) goes on
/// until the board holds `max_pieces` pieces or fewer, no capture is
/// pending and the game is not over; the position is kept when a short
/// search (depth 5) finds neither side more than 2.5 men ahead, so the
/// games are not decided before they start. The moves that led there are
/// the opening's (games keep their history). The same seed gives the same
/// positions.
pub fn endgame_openings(rules: &Rules, count: usize, max_pieces: u32, seed: u64) -> Vec<Opening> {
    collect(
        rules,
        count,
        count * 20 + 20,
        seed,
        250,
        |rng, engine, game| {
            play_random(rng, game, 6) && play_down_to(rng, engine, game, max_pieces)
        },
    )
}

/// Shallow self-play (depth 3, one move in eight at random) until at most
/// `max_pieces` stand, no capture is pending and the game goes on; whether
/// that was reached within 400 plies.
fn play_down_to(
    rng: &mut SplitMix64,
    engine: &mut Engine,
    game: &mut Game,
    max_pieces: u32,
) -> bool {
    for _ in 0..400 {
        if game.outcome().is_some() {
            return false;
        }
        let pos = *game.position();
        if pos.occupied().count() <= max_pieces && !pos.has_capture() {
            return true;
        }
        engine.clear();
        // One move in eight at random keeps the games apart.
        let mv = if rng.below(8) == 0 {
            let moves = game.legal_moves();
            moves[rng.below(moves.len())]
        } else {
            match engine.search_game(game, &Limits::depth(3), |_| {}) {
                SearchResult::Move(best) => best.mv,
                SearchResult::GameOver(_) => return false,
            }
        };
        game.play(&mv).expect("searched moves are legal");
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_are_distinct_and_reproducible() {
        let a = random_openings(&Rules::ARMENIAN, 4, 6, 1);
        let b = random_openings(&Rules::ARMENIAN, 4, 6, 1);
        assert_eq!(a, b);
        assert_eq!(a.len(), 4);
        let mut keys: Vec<u64> = a.iter().map(|o| o.position().hash()).collect();
        keys.dedup();
        assert_eq!(keys.len(), 4);
    }

    #[test]
    fn endgame_openings_have_few_pieces_and_no_capture() {
        for rules in [Rules::ARMENIAN, Rules::TURKISH] {
            let list = endgame_openings(&rules, 3, 8, 5);
            assert_eq!(list.len(), 3);
            assert_eq!(list, endgame_openings(&rules, 3, 8, 5));
            let mut keys = std::collections::HashSet::new();
            for o in &list {
                let pos = o.position();
                assert!(pos.occupied().count() <= 8, "{pos:?}");
                assert!(!pos.has_capture());
                assert!(!pos.legal_moves(&rules).is_empty());
                assert!(keys.insert(pos.hash()));
            }
        }
    }
}
