//! How strongly the engine plays in `tama play`: levels, depth or time.

use std::time::Duration;

use tama_search::{Level, Limits};

/// How strongly the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// A level from 1 to 10 (see [`Level`]).
    Level(u8),
    /// A fixed depth.
    Depth(u32),
    /// A fixed time per move.
    Movetime(Duration),
}

/// The default level (see [`Level::DEFAULT`]).
pub const DEFAULT_LEVEL: u8 = Level::DEFAULT.level;

impl Strength {
    /// The search limits of a move.
    pub fn limits(self) -> Limits {
        match self {
            Strength::Level(n) => Level::of(n).limits(),
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

    /// What a level means: `depth 8, at most 400 ms per move`; on a
    /// clock, where the engine takes its time from its clock rather than
    /// the level's time: `depth 8 at most, its time from its clock`.
    pub fn explain(self, on_clock: bool) -> String {
        let limits = self.limits();
        if on_clock {
            return match limits.depth {
                Some(d) => format!("depth {d} at most, its time from its clock"),
                None => "its time from its clock".to_string(),
            };
        }
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
    fn levels_are_the_library_levels() {
        for level in Level::ALL {
            assert_eq!(Strength::Level(level.level).limits(), level.limits());
        }
        assert_eq!(Strength::Level(0).limits(), Level::ALL[0].limits());
        assert_eq!(
            Strength::Level(5).explain(false),
            "depth 8, at most 400 ms per move"
        );
        assert_eq!(
            Strength::Level(5).explain(true),
            "depth 8 at most, its time from its clock"
        );
        assert!(Strength::Depth(3).limits().is_deterministic());
    }
}
