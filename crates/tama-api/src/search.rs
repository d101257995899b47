//! A search request's fields, read and checked once: the limits (`depth`,
//! `movetime` in milliseconds, `nodes`), the lines (`multipv`) and the
//! game clock (`clock`, in milliseconds), as the web API's bodies and
//! queries and the JavaScript package's search requests give them.

use core::time::Duration;

use serde::{Deserialize, Serialize};
use tama_search::{Clock, LimitBounds, Limits};

use crate::bounds::{DEFAULT_ENGINE_MOVETIME_MS, ENGINE_MOVE_BOUNDS, MAX_CLOCK_MS, MAX_MULTIPV};
use crate::request::RequestError;

/// A game clock as a request gives it, in milliseconds: each side's time
/// left and increment, and the moves to the next control.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ClockRequest {
    /// White's time left.
    pub white: u64,
    /// Black's time left.
    pub black: u64,
    /// White's increment per move.
    #[serde(default)]
    pub white_increment: u64,
    /// Black's increment per move.
    #[serde(default)]
    pub black_increment: u64,
    /// Moves to the next control, if the clock has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves_to_go: Option<u32>,
}

impl ClockRequest {
    /// The engine's clock, each value checked: at most a day
    /// ([`MAX_CLOCK_MS`]), `moves_to_go` at least 1.
    ///
    /// # Errors
    ///
    /// A range error naming the field (`clock.white`) and its range.
    pub fn checked(&self) -> Result<Clock, RequestError> {
        for (name, v) in [
            ("white", self.white),
            ("black", self.black),
            ("white_increment", self.white_increment),
            ("black_increment", self.black_increment),
        ] {
            if v > MAX_CLOCK_MS {
                return Err(RequestError::range(
                    format!("clock.{name}"),
                    format!("invalid clock.{name} {v}: expected 0 to {MAX_CLOCK_MS} milliseconds"),
                ));
            }
        }
        if self.moves_to_go == Some(0) {
            return Err(RequestError::range(
                "clock.moves_to_go",
                "invalid clock.moves_to_go 0: expected at least 1",
            ));
        }
        Ok(Clock {
            white: Duration::from_millis(self.white),
            black: Duration::from_millis(self.black),
            white_increment: Duration::from_millis(self.white_increment),
            black_increment: Duration::from_millis(self.black_increment),
            moves_to_go: self.moves_to_go,
        })
    }
}

/// The limits of `depth`, `nodes` and `movetime` (milliseconds), checked
/// against `bounds`, with the `clock` if one is given; none given is
/// unlimited, so the caller adds its default with [`Limits::or`].
///
/// # Errors
///
/// A range error naming the field and its range (`invalid movetime 30001:
/// expected 1 to 30000 milliseconds`).
pub fn limits(
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime: Option<u64>,
    clock: Option<&ClockRequest>,
    bounds: LimitBounds,
) -> Result<Limits, RequestError> {
    let mut limits = Limits::checked(depth, nodes, movetime.map(Duration::from_millis), bounds)
        .map_err(|e| {
            let field = match e {
                tama_search::LimitError::Depth { .. } => "depth",
                tama_search::LimitError::Nodes => "nodes",
                _ => "movetime",
            };
            RequestError::range(field, e.to_string())
        })?;
    limits.clock = clock.map(ClockRequest::checked).transpose()?;
    Ok(limits)
}

/// The limits of an engine move for a game (`movetime`, `depth`, and the
/// `clock` the engine budgets its own time from) within
/// [`ENGINE_MOVE_BOUNDS`]; none given is
/// [`DEFAULT_ENGINE_MOVETIME_MS`].
///
/// # Errors
///
/// As [`limits`].
pub fn engine_move_limits(
    movetime: Option<u64>,
    depth: Option<u32>,
    clock: Option<&ClockRequest>,
) -> Result<Limits, RequestError> {
    let default = Limits::movetime(Duration::from_millis(DEFAULT_ENGINE_MOVETIME_MS));
    Ok(limits(depth, None, movetime, clock, ENGINE_MOVE_BOUNDS)?.or(default))
}

/// The number of lines asked for: 1 when absent, else 1 to
/// [`MAX_MULTIPV`].
///
/// # Errors
///
/// A range error naming `multipv`.
pub fn multipv(lines: Option<u32>) -> Result<u32, RequestError> {
    let m = lines.unwrap_or(1);
    if (1..=MAX_MULTIPV).contains(&m) {
        Ok(m)
    } else {
        Err(RequestError::range(
            "multipv",
            format!("invalid multipv {m}: expected 1 to {MAX_MULTIPV}"),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::ErrorKind;

    #[test]
    fn limits_out_of_range_name_the_field() {
        let ok = limits(Some(5), Some(100), Some(250), None, ENGINE_MOVE_BOUNDS).unwrap();
        assert_eq!(ok.movetime, Some(Duration::from_millis(250)));
        let e = limits(None, None, Some(30_001), None, ENGINE_MOVE_BOUNDS).unwrap_err();
        assert_eq!((e.kind, e.field.as_str()), (ErrorKind::Range, "movetime"));
        assert_eq!(
            e.message,
            "invalid movetime 30001: expected 1 to 30000 milliseconds"
        );
        assert_eq!(
            limits(Some(0), None, None, None, ENGINE_MOVE_BOUNDS)
                .unwrap_err()
                .field,
            "depth"
        );
        assert_eq!(
            limits(None, Some(0), None, None, ENGINE_MOVE_BOUNDS)
                .unwrap_err()
                .field,
            "nodes"
        );
        assert!(limits(None, None, Some(30_001), None, LimitBounds::ENGINE).is_ok());
    }

    #[test]
    fn a_clock_is_checked_field_by_field() {
        let c = ClockRequest {
            white: 1000,
            black: 2000,
            ..ClockRequest::default()
        };
        let l = limits(None, None, None, Some(&c), LimitBounds::ENGINE).unwrap();
        assert_eq!(l.clock.unwrap().black, Duration::from_secs(2));
        let e = ClockRequest {
            black_increment: MAX_CLOCK_MS + 1,
            ..c
        }
        .checked()
        .unwrap_err();
        assert_eq!(e.field, "clock.black_increment");
        let e = ClockRequest {
            moves_to_go: Some(0),
            ..c
        }
        .checked()
        .unwrap_err();
        assert_eq!(
            e.message,
            "invalid clock.moves_to_go 0: expected at least 1"
        );
        let e = serde_json::from_str::<ClockRequest>(r#"{"white":1,"black":1,"byoyomi":5}"#);
        assert!(e.is_err());
    }

    #[test]
    fn an_engine_move_without_limits_takes_the_default_time() {
        let l = engine_move_limits(None, None, None).unwrap();
        assert_eq!(
            l.movetime,
            Some(Duration::from_millis(DEFAULT_ENGINE_MOVETIME_MS))
        );
        let l = engine_move_limits(None, Some(4), None).unwrap();
        assert_eq!((l.depth, l.movetime), (Some(4), None));
        assert!(engine_move_limits(Some(30_001), None, None).is_err());
    }

    #[test]
    fn multipv_is_one_to_the_bound() {
        assert_eq!(multipv(None).unwrap(), 1);
        assert_eq!(multipv(Some(MAX_MULTIPV)).unwrap(), MAX_MULTIPV);
        assert_eq!(
            multipv(Some(0)).unwrap_err().message,
            "invalid multipv 0: expected 1 to 64"
        );
        assert!(multipv(Some(MAX_MULTIPV + 1)).is_err());
    }
}
