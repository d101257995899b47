//! Finished games and match results.
//!
//! A [`GameRecord`] holds its `Game`, with the ending and the clock, so a
//! front end writes its PDN without replaying it. A [`MatchResult`] counts
//! W/D/L, the pentanomial pairs ([`PairCounter`], which an SPRT resumed
//! from a state file starts from) and the losses on time.

use std::time::Duration;

use tama_core::{Color, Game, Outcome};

use crate::elo::{elo_from_pentanomial, elo_from_samples, Elo};
use crate::player::Player;

/// A finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The game's number in the match (0-based): games `2k` and `2k + 1`
    /// share opening `k`.
    pub index: usize,
    /// The opening's number.
    pub opening: usize,
    /// Whether the first player (A) had White.
    pub a_is_white: bool,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The game: its start position, every move (the opening's
    /// included) and its ending, an adjudication or a loss on time
    /// included, so that it converts to PDN as it is.
    pub game: Game,
    /// How many of the game's moves came from the opening.
    pub opening_plies: usize,
    /// The result and why the game ended (the game's ending).
    pub outcome: Outcome,
    /// Whether a player ran out of time (the outcome's termination is then
    /// [`Termination::TimeForfeit`](tama_core::Termination::TimeForfeit)).
    pub time_forfeit: bool,
    /// Wall time of the game.
    pub duration: Duration,
    /// How often each player (A, B) thought on its opponent's time and
    /// guessed the opponent's move or not (engine option `ponder`).
    pub ponder: [PonderCount; 2],
}

/// A player's pondering in a game or a match: the opponent played the
/// expected move (a hit: the ponder search gave the move) or another one
/// (a miss: the engine searched again).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PonderCount {
    /// Ponder searches whose expected move was played.
    pub hits: u32,
    /// Ponder searches stopped by another move.
    pub misses: u32,
}

impl PonderCount {
    /// Whether the player pondered at all.
    pub fn any(&self) -> bool {
        self.hits + self.misses > 0
    }

    /// The share of hits, from 0 to 1 (0 without pondering).
    pub fn hit_rate(&self) -> f64 {
        f64::from(self.hits) / f64::from((self.hits + self.misses).max(1))
    }
}

impl std::ops::AddAssign for PonderCount {
    fn add_assign(&mut self, other: PonderCount) {
        self.hits += other.hits;
        self.misses += other.misses;
    }
}

impl GameRecord {
    /// The first player's points: 1, ½ or 0.
    pub fn score_a(&self) -> f64 {
        match self.outcome.winner {
            None => 0.5,
            Some(Color::White) => f64::from(u8::from(self.a_is_white)),
            Some(Color::Black) => f64::from(u8::from(!self.a_is_white)),
        }
    }

    /// Whether the first player (A) ran out of time in this game (a loss
    /// on time, or a draw when the flag rule says so), and whether the
    /// second (B) did. The flag falls only for the side to move.
    pub fn flags(&self) -> [bool; 2] {
        if !self.time_forfeit {
            return [false, false];
        }
        let a_to_move = (self.game.position().turn() == Color::White) == self.a_is_white;
        [a_to_move, !a_to_move]
    }

    /// The PDN result tag: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_tag(&self) -> &'static str {
        match self.outcome.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// Games gathered into pairs as they finish, in any order: the
/// pentanomial counts of the completed pairs (by A's points in the pair:
/// 0, ½, 1, 1½, 2), for a running report or a sequential test.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PairCounter {
    /// A's points in the first finished game of each open pair, by opening.
    open: std::collections::BTreeMap<usize, f64>,
    counts: [u32; 5],
}

impl PairCounter {
    /// A counter that starts from the counts of pairs completed before
    /// (a test resumed: [`play_sprt_from`](crate::play_sprt_from)).
    pub fn starting_at(counts: [u32; 5]) -> PairCounter {
        PairCounter {
            open: std::collections::BTreeMap::new(),
            counts,
        }
    }

    /// Adds a finished game; returns whether it completed a pair.
    pub fn add(&mut self, game: &GameRecord) -> bool {
        match self.open.remove(&game.opening) {
            Some(first) => {
                self.counts[((first + game.score_a()) * 2.0).round() as usize] += 1;
                true
            }
            None => {
                self.open.insert(game.opening, game.score_a());
                false
            }
        }
    }

    /// The counts of completed pairs.
    pub fn counts(&self) -> [u32; 5] {
        self.counts
    }
}

/// The result of a match, from the first player's (A's) side.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchResult {
    /// A's name.
    pub a: String,
    /// B's name.
    pub b: String,
    /// Every game, in game order.
    pub games: Vec<GameRecord>,
    /// A's wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// A's losses.
    pub losses: u32,
}

impl MatchResult {
    pub(crate) fn from_games(a: &Player, b: &Player, mut games: Vec<GameRecord>) -> MatchResult {
        games.sort_by_key(|g| g.index);
        let mut r = MatchResult {
            a: a.name.clone(),
            b: b.name.clone(),
            games: Vec::new(),
            wins: 0,
            draws: 0,
            losses: 0,
        };
        for g in &games {
            match g.score_a() {
                s if s > 0.75 => r.wins += 1,
                s if s < 0.25 => r.losses += 1,
                _ => r.draws += 1,
            }
        }
        r.games = games;
        r
    }

    /// The pondering of A and of B over the match's games.
    pub fn ponder(&self) -> [PonderCount; 2] {
        let mut n = [PonderCount::default(); 2];
        for g in &self.games {
            n[0] += g.ponder[0];
            n[1] += g.ponder[1];
        }
        n
    }

    /// The games each player lost on time (or drew by a flag): A's, then
    /// B's.
    pub fn time_losses(&self) -> [u32; 2] {
        let mut n = [0, 0];
        for g in &self.games {
            let [a, b] = g.flags();
            n[0] += u32::from(a);
            n[1] += u32::from(b);
        }
        n
    }

    /// A's points divided by the number of games.
    pub fn score(&self) -> f64 {
        let n = self.games.len().max(1) as f64;
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / n
    }

    /// Elo of A relative to B, with the error from the per-game variance
    /// (trinomial model).
    pub fn elo(&self) -> Elo {
        let samples: Vec<f64> = self.games.iter().map(GameRecord::score_a).collect();
        elo_from_samples(&samples)
    }

    /// Counts of opening pairs by A's points in the pair: 0, ½, 1, 1½, 2.
    pub fn pentanomial(&self) -> [u32; 5] {
        let mut pairs = PairCounter::default();
        for g in &self.games {
            pairs.add(g);
        }
        pairs.counts()
    }

    /// Elo of A relative to B, with the error from the variance of the
    /// pairs of games (pentanomial model; narrower when paired openings
    /// cancel their bias).
    pub fn elo_pentanomial(&self) -> Elo {
        elo_from_pentanomial(&self.pentanomial())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tama_core::Termination;
    use tama_search::Limits;

    use crate::player::PlayerKind;

    #[test]
    fn pentanomial_counts_pairs() {
        let g = |index: usize, winner: Option<Color>| GameRecord {
            index,
            opening: index / 2,
            a_is_white: index.is_multiple_of(2),
            white: String::new(),
            black: String::new(),
            game: Game::new(tama_core::Rules::ARMENIAN),
            opening_plies: 0,
            outcome: Outcome {
                winner,
                termination: Termination::Adjudication,
            },
            time_forfeit: false,
            duration: Duration::ZERO,
            ponder: Default::default(),
        };
        let a = Player::new("a", PlayerKind::Baseline, Limits::depth(1));
        let r = MatchResult::from_games(
            &a,
            &a,
            vec![
                g(0, Some(Color::White)), // A wins
                g(1, Some(Color::Black)), // A (Black) wins
                g(2, None),
                g(3, Some(Color::White)), // B (White) wins
            ],
        );
        assert_eq!((r.wins, r.draws, r.losses), (2, 1, 1));
        assert_eq!(r.pentanomial(), [0, 1, 0, 0, 1]);
        assert!((r.score() - 0.625).abs() < 1e-9);
        assert!(r.elo_pentanomial().elo > 0.0);
        // The same pairs counted as the games come, in another order.
        let mut pairs = PairCounter::default();
        assert!(!pairs.add(&r.games[3]));
        assert!(!pairs.add(&r.games[0]));
        assert!(pairs.add(&r.games[1]));
        assert_eq!(pairs.counts(), [0, 0, 0, 0, 1]);
        assert!(pairs.add(&r.games[2]));
        assert_eq!(pairs.counts(), r.pentanomial());
    }
}
