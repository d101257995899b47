//! The search signature: a fixed list of positions searched to a fixed
//! depth with one thread. The total node count changes whenever the
//! search's behaviour changes, and only then.
//!
//! The positions are the start position and middlegame and endgame
//! positions reached by fixed move sequences (written `from`+`to`, each
//! naming exactly one legal move) from engine games between random
//! openings; they are checked by the tests.
//!
//! ```
//! use tama_arena::bench;
//!
//! let a = bench::run(3);
//! let b = bench::run(3);
//! assert_eq!(a.nodes, b.nodes);
//! assert_eq!(a.positions.len(), bench::positions().len());
//! ```

use std::time::{Duration, Instant};

use tama_core::{Move, Position, Rules, Square};

use tama_search::{Engine, EngineConfig, Limits, SearchResult};

/// The depth `tama bench` searches to by default.
pub const DEFAULT_DEPTH: u32 = 10;

/// Hash size of the bench engine, in MiB.
const HASH_MIB: usize = 16;

/// Move sequences from the start position (armenian rules).
const SEQUENCES: [&str; 10] = [
    "",
    "d3d4 f6f5 g3h4 e7f6 c2d3 e6d5 c3c4 h6g5 h2g3 b6c5 b3c3 a6b5 h3g4 a7b6 e3f4 f7e6",
    "a3b4 a6a5 f3e4 d6e5 e4d4 h6h5 h3g4 a5b5 d3c4 g6f5 e2f3 d7d6 e3d3 h7g6 g3f4 d6c5 h2g3 a7a6 \
     f4g5 f5e4 d4f4 h5f5 d3d4 g7h6",
    "d3e4 e6f5 a3b4 d7e6 b3c4 a6b5 a2b3 d6c5 g3f4 h6g5 h2g3 c7d6 h3g4 b7c7 d2d3 a7b7 e3d4 h7h6 \
     e2e3 d6e5 e4d5 e7d6 d5d7 c7e7 d3e4 b7c7 b4a5 e7d7 e4d5 f7e7",
    "c3d4 h6h5 e3e4 h5g5 b3b4 f6e5 f2e3 c6d5 f3f4 g7f6 a2b3 a6b5 g3f3 a7a6 h2g3 b5c5 h3g4 a6b5 \
     b2c3 d7c6 b4c4 h7h6 e2f2 g5f5 a3b4 h6g5 b4a5 b7a7 g4h5 c7d7 g3h4 g5g4 f4g5",
    "f3f4 b6c5 b3b4 a7b6 a2b3 g6f5 f4g4 a6b5 c3d4 d6e5 a3a4 h7g6 f2f3 h6g5 f3e4 e7d6 b2c3 b5c4 \
     b4a5 c5b4 b3b5 b6b4 c3c5 c6c4 c2c3 c4c2 d2b2 b4a3 b2b3 a3c3 d3b3 e5d5 d4c5 d5b5 a5c5 b7c6 \
     a4a5 c6c4 e4d4 c4e4 e3e7 g7h7 e7g7 h7f7",
    "f3g4 c6b5 g3h4 d6d5 e3f3 d5c5 g4g5 g6g4 h4f4 h6g5 h2g3 h7g6 b3c4 b7c6 h3g4 e6f5 a2b3 b5a4 \
     a3a5 a6a4 b2a2 a7a6 d3d4 a6b5 d2d3 f7e6 e2d2 e7d6 g4h5 e6d5 f4e5 f6e6 e5e7 d7f7 a2b2 a4a3 \
     h5h6 f7e6 h6f6 e6g6 d2e3 c5b4 c4a4 b5c4 c3e5 a3c1 e5e6 d6f6 d4c5 c6c4",
    "e3f4 e6e5 d2e3 e7e6 c3d4 c6d5 h3g4 g6f5 b3c4 a6b5 a2b3 h7g6 a3b4 h6g5 c2d2 b7c6 b2c3 b5c5 \
     g4h5 g7h7 f4e4 a7a6 g3f4 a6a5 d2c2 a5a4 e2d2 f7g7 h2g3 g7f7 f2e2 f7e7 b4a5 a4a3 c4b5 b6b2 \
     c2a4 c5b5 a5c5 c6c2 d2b2 g5h4 g2f2 g6h6 f4g5 h6g6 g5g7 h7f7 h5h6 h4h3 e4f4 f7g7 a4b5 d5c4 \
     d4b4 f6g5 f4f6 e6g6 h6f6 g5f4 f3d5 d6d2 e2c2 h3f1",
    "b3c4 a6a5 f3e4 f6e5 c3d4 a5b5 a2b3 d6c5 d2c3 g6f5 a3b4 h7g6 g2f3 e7f6 g3f4 d7e7 h2g3 h6g5 \
     h3g4 a7a6 g4h5 g7h7 b4a4 g5h4 g3h3 h4h2 f4g5 g6g4 h5g6 f6h6 e4f4 g4e4 d4d6 c6e6 c4c8 h2g1 \
     a4b4 e5f5 c8c6 b6d6 b4b8 a6b6 b8g5 g1g7 c3d4 h7g6 b3c4 h6g5 c4d5 g6f5 d5d7 e7c7 d3e4 f7f6 \
     b2a3 g5h4 c2d3 g7g4 d4e5 g4d1 e5e7 f6e5 f3g3 h4h3 g3g4 d1g1 g4h5 c7d7 e7c7",
    "d3e4 e6d5 e3f4 b6a5 b3c4 h6g5 a3b4 a7b6 a2b3 f7e6 h3g4 a6b5 d2e3 b5c5 g4h5 f6e5 h5f5 e5g5 \
     h2h3 a5b5 h3g4 g7f6 b4a5 b7a7 b2a3 d5d4 b3a4 d4b4 a4c4 h7g7 a3a4 e6f5 c2d3 c5b4 a5c5 b4d2 \
     e2c2 c6c4 c3c5 e7f7 c2b3 b6c6 b3c4 a7b6 a4b4 d6d5 c5e5 f5d5 g4h5 d5c5 h5f5 c5c3 e3d3 c3e3 \
     f3d3 b6c5 f2e3 c6d5 e4d4 d7e6 d4d6 e6c6 g2f3 c7d7 f3e4 c6d5 g3f3 d7e7 b4a5 e7e6 a5b6 g6h5 \
     f5e5 d5f5 b6b7 h5h4 b7c8 h4h3 c8c1 h3h2 c1h1 h2g2 e3d4 g2f2 e4d5 f5g5 d5c6 f7e7 c6c7",
];

/// Plays a sequence of `from`+`to` moves (e.g. `c3d4`) from the start
/// position. Each must name exactly one legal move.
///
/// # Errors
///
/// A message naming the first move that is malformed, illegal or
/// ambiguous.
pub fn play_sequence(rules: &Rules, sequence: &str) -> Result<Vec<Position>, String> {
    let mut positions = vec![Position::start()];
    for (i, text) in sequence.split_whitespace().enumerate() {
        let pos = *positions.last().expect("never empty");
        let (from, to) = text.split_at(text.len().min(2));
        let sq = |s: &str| {
            s.parse::<Square>()
                .map_err(|_| format!("move {}: bad square in `{text}`", i + 1))
        };
        let (from, to) = (sq(from)?, sq(to)?);
        let moves = pos.legal_moves(rules);
        let mut matching = moves.iter().filter(|m| m.from() == from && m.to() == to);
        let mv: Move = *matching
            .next()
            .ok_or_else(|| format!("move {} `{text}` is not legal", i + 1))?;
        if matching.next().is_some() {
            return Err(format!("move {} `{text}` is ambiguous", i + 1));
        }
        positions.push(pos.play_unchecked(&mv));
    }
    Ok(positions)
}

/// The bench positions, each with the game history that leads to it
/// (positions before it, oldest first).
pub fn positions_with_history() -> Vec<(Position, Vec<Position>)> {
    SEQUENCES
        .iter()
        .map(|s| {
            let mut line = play_sequence(&Rules::ARMENIAN, s).expect("bench sequences are legal");
            let pos = line.pop().expect("never empty");
            (pos, line)
        })
        .collect()
}

/// The bench positions.
pub fn positions() -> Vec<Position> {
    positions_with_history()
        .into_iter()
        .map(|(p, _)| p)
        .collect()
}

/// The result of a bench run.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchResult {
    /// Total nodes over all positions: the signature.
    pub nodes: u64,
    /// Total search time.
    pub time: Duration,
    /// Per position: nodes and best move.
    pub positions: Vec<(u64, Move)>,
}

impl BenchResult {
    /// Nodes per second.
    pub fn nps(&self) -> f64 {
        let s = self.time.as_secs_f64();
        if s > 0.0 {
            self.nodes as f64 / s
        } else {
            0.0
        }
    }
}

/// Searches every bench position to `depth` with one thread and a fresh
/// table, under the armenian rules.
pub fn run(depth: u32) -> BenchResult {
    run_with(
        EngineConfig {
            hash_mib: HASH_MIB,
            ..EngineConfig::default()
        },
        depth,
    )
}

/// Like [`run`], with another engine configuration (its thread count is
/// ignored: one thread, so that the node count is reproducible; its book
/// too: the bench searches every position). Used to
/// compare the tree sizes of configurations.
pub fn run_with(config: EngineConfig, depth: u32) -> BenchResult {
    let mut config = EngineConfig {
        threads: 1,
        ..config
    };
    // The signature measures the search: never a book move.
    config.search.book = false;
    let mut engine = Engine::new(config);
    let mut result = BenchResult {
        nodes: 0,
        time: Duration::ZERO,
        positions: Vec::new(),
    };
    for (pos, history) in positions_with_history() {
        engine.clear();
        let t0 = Instant::now();
        let r = engine.search(
            &pos,
            &history,
            &Rules::ARMENIAN,
            &Limits::depth(depth),
            |_| {},
        );
        result.time += t0.elapsed();
        if let SearchResult::Move(best) = r {
            result.nodes += best.nodes;
            result.positions.push((best.nodes, best.mv));
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sequences_are_legal_and_unambiguous() {
        let all = positions_with_history();
        assert_eq!(all.len(), SEQUENCES.len());
        for (pos, history) in &all {
            assert_eq!(pos.compute_hash(), pos.hash());
            assert!(pos.legal_moves(&Rules::ARMENIAN).len() > 1, "{pos:?}");
            assert!(history.len() < 120);
        }
        assert!(play_sequence(&Rules::ARMENIAN, "c3d5").is_err());
        assert!(play_sequence(&Rules::ARMENIAN, "c3").is_err());
    }
}
