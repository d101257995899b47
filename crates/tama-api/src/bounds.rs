//! The bounds every front end puts on a request, named once: how many
//! moves a game may carry, how many lines an analysis may ask for, how
//! long a clock may run and how long an engine move may take, and the
//! engine settings' ranges, which come from tama-search's option
//! registry.

use core::ops::RangeInclusive;
use core::time::Duration;

use tama_search::options::{self, OptionKind};
use tama_search::LimitBounds;

/// The most moves a request's game may carry.
pub const MAX_HISTORY: usize = 10_000;

/// The most lines an analysis may ask for (`multipv`).
pub const MAX_MULTIPV: u32 = 64;

/// The longest time a clock field may give (each side, time left or
/// increment), in milliseconds: a day.
pub const MAX_CLOCK_MS: u64 = 24 * 3600 * 1000;

/// The deepest analysis a request may ask for (`depth`).
pub const MAX_ANALYSIS_DEPTH: u32 = 120;

/// The bounds of an analysis: at most [`MAX_ANALYSIS_DEPTH`], any time
/// (an analysis without a limit runs until it is stopped).
pub const ANALYSIS_BOUNDS: LimitBounds = LimitBounds {
    depth: MAX_ANALYSIS_DEPTH,
    movetime: None,
};

/// The longest engine move a server accepts (`movetime`), in milliseconds.
pub const MAX_ENGINE_MOVETIME_MS: u64 = 30_000;

/// The deepest engine move a server accepts (`depth`).
pub const MAX_ENGINE_DEPTH: u32 = 60;

/// The engine's time for a move when the request gives no limit, in
/// milliseconds.
pub const DEFAULT_ENGINE_MOVETIME_MS: u64 = 1000;

/// The bounds of a server's searches for a game (engine move, ponder,
/// review): at most [`MAX_ENGINE_DEPTH`] and [`MAX_ENGINE_MOVETIME_MS`].
pub const ENGINE_MOVE_BOUNDS: LimitBounds = LimitBounds {
    depth: MAX_ENGINE_DEPTH,
    movetime: Some(Duration::from_millis(MAX_ENGINE_MOVETIME_MS)),
};

/// The transposition table's size when none is given, in MiB: the
/// registry's default (`EngineConfig::default`).
pub const DEFAULT_HASH_MIB: u32 = 16;

/// The transposition table's size for an analysis when none is given, in
/// MiB: larger than [`DEFAULT_HASH_MIB`], as an analysis runs for as long
/// as its reader looks at it.
pub const ANALYSIS_HASH_MIB: u32 = 64;

/// The range of a whole-number engine option of the registry (`hash`,
/// `threads`, …), both ends included.
///
/// # Panics
///
/// When `name` is not a whole-number option of the registry: a
/// programming error, caught by this module's tests for the names used.
pub fn option_range(name: &str) -> RangeInclusive<i64> {
    match options::find(name).map(|o| o.kind) {
        Some(OptionKind::Int { min, max } | OptionKind::PowerOfTwo { min, max }) => min..=max,
        other => panic!("`{name}` is not a whole-number engine option: {other:?}"),
    }
}

/// The transposition table's size in MiB: the registry's `hash` range.
pub fn hash_mib() -> RangeInclusive<i64> {
    option_range("hash")
}

/// The search threads: the registry's `threads` range.
pub fn threads() -> RangeInclusive<i64> {
    option_range("threads")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_ranges_are_the_registrys() {
        assert_eq!(hash_mib(), 1..=65_536);
        assert_eq!(threads(), 1..=256);
        let default = tama_search::EngineConfig::default();
        assert_eq!(default.hash_mib, DEFAULT_HASH_MIB as usize);
        assert!(hash_mib().contains(&i64::from(ANALYSIS_HASH_MIB)));
        assert!(hash_mib().contains(&(default.hash_mib as i64)));
        assert!(threads().contains(&(default.threads as i64)));
    }

    #[test]
    #[should_panic(expected = "not a whole-number engine option")]
    fn an_unknown_option_has_no_range() {
        let _ = option_range("no-such-option");
    }
}
