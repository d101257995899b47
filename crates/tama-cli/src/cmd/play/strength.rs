//! How strongly the engine plays in `tama play`: levels, depth or time.

use std::time::Duration;

use tama_search::Limits;

/// How strongly the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// A level from 1 to 10 (see [`Strength::limits`]).
    Level(u8),
    /// A fixed depth.
    Depth(u32),
    /// A fixed time per move.
    Movetime(Duration),
}

/// The default level: depth 8 or 0.4 s per move, quick enough to feel
/// responsive and still a fair opponent.
pub const DEFAULT_LEVEL: u8 = 5;

/// Depth and time per move of each level (index 0 is level 1).
const LEVELS: [(Option<u32>, u64); 10] = [
    (Some(1), 100),
    (Some(2), 100),
    (Some(3), 150),
    (Some(5), 250),
    (Some(8), 400),
    (Some(11), 700),
    (Some(14), 1000),
    (None, 2000),
    (None, 4000),
    (None, 8000),
];

impl Strength {
    /// The search limits of a move.
    pub fn limits(self) -> Limits {
        match self {
            Strength::Level(n) => {
                let (depth, ms) = LEVELS[usize::from(n.clamp(1, 10)) - 1];
                Limits::given(depth, None, Some(Duration::from_millis(ms)))
            }
            Strength::Depth(d) => Limits::depth(d),
            Strength::Movetime(t) => Limits::movetime(t),
        }
    }

    /// A short description: `level 5`, `depth 6`, `500 ms`.
    pub fn describe(self) -> String {
        match self {
            Strength::Level(n) => format!("level {n}"),
            Strength::Depth(d) => format!("depth {d}"),
            Strength::Movetime(t) => format!("{} ms", t.as_millis()),
        }
    }

    /// What a level means: `depth 8, 400 ms per move`.
    pub fn explain(self) -> String {
        let limits = self.limits();
        match (limits.depth, limits.movetime) {
            (Some(d), Some(t)) => format!("depth {d}, at most {} ms per move", t.as_millis()),
            (Some(d), None) => format!("depth {d} per move"),
            (None, Some(t)) => format!("{} ms per move", t.as_millis()),
            (None, None) => "no limit".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_stronger() {
        let mut last = (0, 0);
        for n in 1..=10u8 {
            let l = Strength::Level(n).limits();
            let ms = l.movetime.unwrap().as_millis();
            let depth = l.depth.unwrap_or(u32::MAX);
            assert!(depth >= last.0 && ms >= last.1, "level {n}");
            last = (depth, ms);
        }
        assert_eq!(
            Strength::Level(5).explain(),
            "depth 8, at most 400 ms per move"
        );
        assert!(Strength::Depth(3).limits().is_deterministic());
    }
}
