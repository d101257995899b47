//! Time controls as text (docs/NOTATION.md, "Time controls"): the form
//! people type (`45m`, `3m+2s`, `40/90m:30m`) and the PDN `TimeControl`
//! tag in the PGN standard's syntax (`2700`, `180+2`, `40/5400:1800`).
//!
//! ```
//! use std::time::Duration;
//! use tama_notation::time_control::{parse_time_control, parse_time_control_tag, write_time_control, write_time_control_tag, TagValue};
//!
//! let tc = parse_time_control("3m+2s").unwrap();
//! assert_eq!(tc.initial(), Duration::from_secs(180));
//! assert_eq!(write_time_control(&tc), "3m+2s");
//! assert_eq!(write_time_control_tag(&tc), "180+2");
//! assert_eq!(parse_time_control_tag("180+2").unwrap(), TagValue::Control(tc));
//!
//! let err = parse_time_control("3m+2").unwrap_err();
//! assert_eq!(err.to_string(), "column 4: `2` has no unit: expected h, m, s or ms after it");
//! ```

use core::fmt;
use std::time::Duration;

use tama_core::{Stage, TimeControl, TimeControlError};

/// What is wrong with a time-control text.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TimeControlTextErrorKind {
    /// Nothing (or only spaces) where a time control was expected.
    Empty,
    /// Something else where a number was expected.
    ExpectedNumber,
    /// A number without its unit (`3m+2`); the token is the number.
    MissingUnit,
    /// A unit that is none of `h`, `m`, `s`, `ms`.
    UnknownUnit,
    /// A duration too long to count, or with more decimals than
    /// nanoseconds.
    OutOfRange,
    /// A move count that is not a whole number of at least 1.
    BadMoves,
    /// Text after a complete stage that is neither `:` nor `+`.
    Unexpected,
    /// A sandclock field (`*180`) of the PGN standard, which tama does not
    /// play.
    Sandclock,
    /// The stages do not make a time control.
    Stages(TimeControlError),
}

/// A time-control text that could not be read: `column 4: …`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TimeControlTextError {
    /// What is wrong.
    pub kind: TimeControlTextErrorKind,
    /// The 1-based character column of the offending token.
    pub column: usize,
    /// The offending token (empty when the text ended).
    pub token: String,
}

impl fmt::Display for TimeControlTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: ", self.column)?;
        let token = &self.token;
        let found = |f: &mut fmt::Formatter<'_>| {
            if token.is_empty() {
                f.write_str("the end of the text")
            } else {
                write!(f, "`{token}`")
            }
        };
        match &self.kind {
            TimeControlTextErrorKind::Empty => {
                f.write_str("empty time control: expected a time such as 45m or 3m+2s")
            }
            TimeControlTextErrorKind::ExpectedNumber => {
                f.write_str("expected a number, found ")?;
                found(f)
            }
            TimeControlTextErrorKind::MissingUnit => {
                write!(f, "`{token}` has no unit: expected h, m, s or ms after it")
            }
            TimeControlTextErrorKind::UnknownUnit => {
                write!(f, "unknown unit `{token}`: expected h, m, s or ms")
            }
            TimeControlTextErrorKind::OutOfRange => write!(
                f,
                "`{token}` is out of range: expected at most a billion hours, to the nanosecond"
            ),
            TimeControlTextErrorKind::BadMoves => {
                write!(
                    f,
                    "bad move count `{token}`: expected a whole number from 1"
                )
            }
            TimeControlTextErrorKind::Unexpected => {
                f.write_str("unexpected ")?;
                found(f)?;
                f.write_str(": expected `+` and an increment, or `:` and the next stage")
            }
            TimeControlTextErrorKind::Sandclock => {
                write!(f, "sandclock `{token}` is not supported")
            }
            TimeControlTextErrorKind::Stages(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for TimeControlTextError {}

/// The value of a PDN `TimeControl` tag.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TagValue {
    /// `?`: the time control is not known.
    Unknown,
    /// `-`: the game was played without a clock.
    NoClock,
    /// A time control.
    Control(TimeControl),
}

/// Whether durations are written with units (`3m`) or in seconds (`180`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    Text,
    Tag,
}

/// A cursor over the text, which knows each byte's column.
struct Scanner<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Scanner<'a> {
    fn column(&self, at: usize) -> usize {
        self.text[..at].chars().count() + 1
    }

    fn error(&self, kind: TimeControlTextErrorKind, at: usize, end: usize) -> TimeControlTextError {
        TimeControlTextError {
            kind,
            column: self.column(at),
            token: self.text[at..end].to_string(),
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    /// The end of the token that starts at `pos` (up to a separator).
    fn token_end(&self) -> usize {
        self.text[self.pos..]
            .find([':', '+', '/'])
            .map_or(self.text.len(), |i| self.pos + i)
    }

    /// A run of ASCII digits, `.` and more digits; returns (start, end).
    fn number(&mut self) -> Result<(usize, usize), TimeControlTextError> {
        let start = self.pos;
        let bytes = self.text.as_bytes();
        let digits = |mut i: usize| {
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            i
        };
        let mut end = digits(start);
        if end == start {
            let e = self.token_end().max(start);
            return Err(self.error(TimeControlTextErrorKind::ExpectedNumber, start, e));
        }
        if end < bytes.len() && bytes[end] == b'.' {
            let frac = digits(end + 1);
            if frac == end + 1 {
                return Err(self.error(
                    TimeControlTextErrorKind::ExpectedNumber,
                    end + 1,
                    self.token_end_from(end + 1),
                ));
            }
            end = frac;
        }
        self.pos = end;
        Ok((start, end))
    }

    fn token_end_from(&self, at: usize) -> usize {
        self.text[at..]
            .find([':', '+', '/'])
            .map_or(self.text.len(), |i| at + i)
    }

    /// The number `text[start..end]` times `unit` nanoseconds.
    fn scaled(&self, start: usize, end: usize, unit: u128) -> Result<u128, TimeControlTextError> {
        let text = &self.text[start..end];
        let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
        let out_of_range = || self.error(TimeControlTextErrorKind::OutOfRange, start, end);
        let mut value: u128 = 0;
        for b in whole.bytes() {
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(u128::from(b - b'0')))
                .ok_or_else(out_of_range)?;
            if value > u128::from(u64::MAX) {
                return Err(out_of_range());
            }
        }
        let mut nanos = value.checked_mul(unit).ok_or_else(out_of_range)?;
        let mut place = unit;
        for b in frac.bytes() {
            if !place.is_multiple_of(10) {
                if b != b'0' {
                    return Err(out_of_range());
                }
                continue;
            }
            place /= 10;
            nanos += u128::from(b - b'0') * place;
        }
        Ok(nanos)
    }

    /// A duration: `1h30m`, `2.5s`, `100ms` in text form, seconds
    /// (`180`, `0.1`) in tag form.
    fn duration(&mut self, form: Form) -> Result<(Duration, usize), TimeControlTextError> {
        let begin = self.pos;
        let mut total: u128 = 0;
        loop {
            let (start, end) = self.number()?;
            let unit = match form {
                Form::Tag => NANOS_PER_SECOND,
                Form::Text => {
                    let rest = &self.text[self.pos..];
                    let len = rest
                        .find(|c: char| !c.is_alphabetic())
                        .unwrap_or(rest.len());
                    let unit = &rest[..len];
                    let nanos = match unit {
                        "h" => 3600 * NANOS_PER_SECOND,
                        "m" => 60 * NANOS_PER_SECOND,
                        "s" => NANOS_PER_SECOND,
                        "ms" => 1_000_000,
                        "" => {
                            return Err(self.error(
                                TimeControlTextErrorKind::MissingUnit,
                                start,
                                end,
                            ))
                        }
                        _ => {
                            return Err(self.error(
                                TimeControlTextErrorKind::UnknownUnit,
                                self.pos,
                                self.pos + len,
                            ))
                        }
                    };
                    self.pos += len;
                    nanos
                }
            };
            total = total
                .checked_add(self.scaled(start, end, unit)?)
                .filter(|t| *t <= MAX_NANOS)
                .ok_or_else(|| self.error(TimeControlTextErrorKind::OutOfRange, begin, self.pos))?;
            let more = form == Form::Text && self.peek().is_some_and(|c| c.is_ascii_digit());
            if !more {
                break;
            }
        }
        let secs = (total / NANOS_PER_SECOND) as u64;
        let nanos = (total % NANOS_PER_SECOND) as u32;
        Ok((Duration::new(secs, nanos), begin))
    }

    /// One stage: `[moves/]time[+increment]`.
    fn stage(&mut self, form: Form) -> Result<Stage, TimeControlTextError> {
        if form == Form::Tag && self.peek() == Some('*') {
            let end = self.token_end_from(self.pos + 1);
            return Err(self.error(TimeControlTextErrorKind::Sandclock, self.pos, end));
        }
        let start = self.pos;
        let slash = self.text[start..]
            .find([':', '/'])
            .filter(|i| self.text[start + i..].starts_with('/'));
        let moves = match slash {
            Some(i) => {
                let token = &self.text[start..start + i];
                let moves = token
                    .parse::<u32>()
                    .ok()
                    .filter(|m| *m >= 1 && token.bytes().all(|b| b.is_ascii_digit()))
                    .ok_or_else(|| {
                        self.error(TimeControlTextErrorKind::BadMoves, start, start + i)
                    })?;
                self.pos = start + i + 1;
                Some(moves)
            }
            None => None,
        };
        let (time, _) = self.duration(form)?;
        let increment = if self.peek() == Some('+') {
            self.pos += 1;
            self.duration(form)?.0
        } else {
            Duration::ZERO
        };
        Ok(Stage {
            moves,
            time,
            increment,
        })
    }

    /// Stages separated by `:` to the end of the text.
    fn control(&mut self, form: Form) -> Result<TimeControl, TimeControlTextError> {
        let mut stages = Vec::new();
        let mut starts = Vec::new();
        loop {
            starts.push(self.pos);
            stages.push(self.stage(form)?);
            match self.peek() {
                None => break,
                Some(':') => self.pos += 1,
                Some(c) => {
                    let end = self.token_end_from(self.pos + c.len_utf8());
                    return Err(self.error(TimeControlTextErrorKind::Unexpected, self.pos, end));
                }
            }
        }
        TimeControl::new(stages).map_err(|e| {
            let at = e.stage().map_or(0, |i| starts[i]);
            let end = self.token_end_from(at).max(at);
            self.error(TimeControlTextErrorKind::Stages(e), at, end)
        })
    }
}

const NANOS_PER_SECOND: u128 = 1_000_000_000;
/// A billion hours: far beyond any game, and safely inside a `Duration`.
const MAX_NANOS: u128 = 3600 * NANOS_PER_SECOND * 1_000_000_000;

fn parse(text: &str, form: Form) -> Result<TimeControl, TimeControlTextError> {
    let trimmed = text.trim();
    let offset = text.len() - text.trim_start().len();
    let mut scanner = Scanner {
        text: trimmed,
        pos: 0,
    };
    if trimmed.is_empty() {
        return Err(TimeControlTextError {
            kind: TimeControlTextErrorKind::Empty,
            column: 1,
            token: String::new(),
        });
    }
    scanner.control(form).map_err(|mut e| {
        e.column += text[..offset].chars().count();
        e
    })
}

/// Reads a time control as people type it: stages separated by `:`, each
/// `[MOVES/]TIME[+INCREMENT]`, a time being numbers with units `h`, `m`,
/// `s` or `ms` (`45m`, `1h30m`, `3m+2s`, `10s+0.1s`, `40/90m:30m+30s`).
/// Spaces around the text are ignored.
///
/// # Errors
///
/// [`TimeControlTextError`] naming the token and its column: an empty
/// text, a missing number or unit, an unknown unit, a bad move count, a
/// duration out of range, or stages that make no time control.
pub fn parse_time_control(text: &str) -> Result<TimeControl, TimeControlTextError> {
    parse(text, Form::Text)
}

/// Reads the value of a PDN `TimeControl` tag, in the PGN standard's
/// syntax: `?` (unknown), `-` (no clock), or fields separated by `:`,
/// each `[MOVES/]SECONDS[+INCREMENT]` in seconds (`2700`, `180+2`,
/// `40/5400`, `40/5400:1800`); seconds may have decimals (`10+0.1`).
///
/// # Errors
///
/// As [`parse_time_control`]; a sandclock field (`*180`) is refused.
pub fn parse_time_control_tag(text: &str) -> Result<TagValue, TimeControlTextError> {
    match text.trim() {
        "?" => Ok(TagValue::Unknown),
        "-" => Ok(TagValue::NoClock),
        _ => parse(text, Form::Tag).map(TagValue::Control),
    }
}

/// `d` with units, the largest first: `1h30m`, `3m`, `2s`, `0.1s`,
/// `1m0.5s`; zero is `0s`.
pub fn write_duration(d: Duration) -> String {
    let mut out = String::new();
    let secs = d.as_secs();
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        out.push_str(&format!("{h}h"));
    }
    if m > 0 {
        out.push_str(&format!("{m}m"));
    }
    if s > 0 || d.subsec_nanos() > 0 || out.is_empty() {
        out.push_str(&seconds(s, d.subsec_nanos()));
        out.push('s');
    }
    out
}

/// Seconds with the decimals they need: `2`, `0.1`, `0.000000001`.
fn seconds(secs: u64, nanos: u32) -> String {
    if nanos == 0 {
        return secs.to_string();
    }
    let frac = format!("{nanos:09}");
    format!("{secs}.{}", frac.trim_end_matches('0'))
}

fn write(tc: &TimeControl, duration: impl Fn(Duration) -> String) -> String {
    let mut out = String::new();
    for (i, s) in tc.stages().iter().enumerate() {
        if i > 0 {
            out.push(':');
        }
        if let Some(m) = s.moves {
            out.push_str(&format!("{m}/"));
        }
        out.push_str(&duration(s.time));
        if !s.increment.is_zero() {
            out.push('+');
            out.push_str(&duration(s.increment));
        }
    }
    out
}

/// The text form of a time control: `45m`, `3m+2s`, `40/1h30m:30m`
/// (what [`parse_time_control`] reads back to the same value).
pub fn write_time_control(tc: &TimeControl) -> String {
    write(tc, write_duration)
}

/// The PDN `TimeControl` tag of a time control, in seconds: `2700`,
/// `180+2`, `40/5400:1800`, `10+0.1` (what [`parse_time_control_tag`]
/// reads back to the same value).
pub fn write_time_control_tag(tc: &TimeControl) -> String {
    write(tc, |d| seconds(d.as_secs(), d.subsec_nanos()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn secs(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    #[test]
    fn the_forms_of_the_federations() {
        let cases: [(&str, &str, &str); 7] = [
            ("45m", "45m", "2700"),
            ("3m+2s", "3m+2s", "180+2"),
            ("10s+0.1s", "10s+0.1s", "10+0.1"),
            ("90m", "1h30m", "5400"),
            ("40/90m", "40/1h30m", "40/5400"),
            ("40/90m:30m", "40/1h30m:30m", "40/5400:1800"),
            (
                " 40/2h:20/1h:30m+30s ",
                "40/2h:20/1h:30m+30s",
                "40/7200:20/3600:1800+30",
            ),
        ];
        for (text, canonical, tag) in cases {
            let tc = parse_time_control(text).unwrap();
            assert_eq!(write_time_control(&tc), canonical, "{text}");
            assert_eq!(write_time_control_tag(&tc), tag, "{text}");
            assert_eq!(
                parse_time_control_tag(tag).unwrap(),
                TagValue::Control(tc),
                "{tag}"
            );
        }
        let tc = parse_time_control("1h1m1.5s+250ms").unwrap();
        assert_eq!(tc.initial(), Duration::from_millis(3_661_500));
        assert_eq!(tc.stages()[0].increment, Duration::from_millis(250));
        assert_eq!(parse_time_control_tag(" ? ").unwrap(), TagValue::Unknown);
        assert_eq!(parse_time_control_tag("-").unwrap(), TagValue::NoClock);
        // lidraughts writes a zero increment.
        assert_eq!(
            parse_time_control_tag("600+0").unwrap(),
            TagValue::Control(TimeControl::sudden_death(secs(600)))
        );
    }

    #[test]
    fn errors_name_the_problem_and_the_column() {
        let err = |t: &str| parse_time_control(t).unwrap_err().to_string();
        let tag = |t: &str| parse_time_control_tag(t).unwrap_err().to_string();
        assert_eq!(
            err(""),
            "column 1: empty time control: expected a time such as 45m or 3m+2s"
        );
        assert_eq!(
            err("100"),
            "column 1: `100` has no unit: expected h, m, s or ms after it"
        );
        assert_eq!(
            err("5x+3s"),
            "column 2: unknown unit `x`: expected h, m, s or ms"
        );
        assert_eq!(
            err("5m+"),
            "column 4: expected a number, found the end of the text"
        );
        assert_eq!(err("5m+s"), "column 4: expected a number, found `s`");
        assert_eq!(
            err("  5m+1."),
            "column 8: expected a number, found the end of the text"
        );
        assert_eq!(
            err("0/5m"),
            "column 1: bad move count `0`: expected a whole number from 1"
        );
        assert_eq!(
            err("x/5m"),
            "column 1: bad move count `x`: expected a whole number from 1"
        );
        assert_eq!(
            err("5m 3s"),
            "column 3: unexpected ` 3s`: expected `+` and an increment, or `:` and the next stage"
        );
        assert_eq!(
            err("0s+2s"),
            "column 1: the first stage needs a time above zero"
        );
        assert_eq!(
            err("5m:40/5m"),
            "column 4: a stage for the rest of the game must be the last"
        );
        assert_eq!(
            err("99999999999999999999h"),
            "column 1: `99999999999999999999` is out of range: expected at most a billion hours, \
             to the nanosecond"
        );
        assert!(err("1.0000000001s").starts_with("column 1: `1.0000000001` is out of range"));
        assert_eq!(err("2000000000h").split(':').next(), Some("column 1"));
        assert_eq!(tag("*180"), "column 1: sandclock `*180` is not supported");
        assert_eq!(
            tag("40/5400:3m"),
            "column 10: unexpected `m`: expected `+` and an increment, or `:` and the next stage"
        );
        assert_eq!(tag("é"), "column 1: expected a number, found `é`");
        assert_eq!(err("5m+ä"), "column 4: expected a number, found `ä`");
        // Trailing zeros past the nanosecond are fine.
        assert!(parse_time_control("1.0000000000s").is_ok());
    }

    fn durations() -> impl Strategy<Value = Duration> {
        prop_oneof![
            (0u64..100_000).prop_map(Duration::from_secs),
            (0u64..10_000_000).prop_map(Duration::from_millis),
            (0u64..u64::MAX / 2, 0u32..1_000_000_000)
                .prop_map(|(s, n)| Duration::new(s % 3_600_000_000_000, n)),
        ]
    }

    fn stages() -> impl Strategy<Value = Vec<Stage>> {
        prop::collection::vec(
            (prop::option::of(1u32..200), durations(), durations()),
            1..4,
        )
        .prop_map(|raw| {
            let n = raw.len();
            raw.into_iter()
                .enumerate()
                .map(|(i, (moves, time, increment))| Stage {
                    moves: if i + 1 < n {
                        Some(moves.unwrap_or(40))
                    } else {
                        moves
                    },
                    time: if time.is_zero() { secs(1) } else { time },
                    increment,
                })
                .collect()
        })
    }

    proptest! {
        #[test]
        fn both_forms_read_back_what_they_write(stages in stages()) {
            let tc = TimeControl::new(stages).unwrap();
            let text = write_time_control(&tc);
            prop_assert_eq!(parse_time_control(&text).unwrap(), tc.clone(), "{}", text);
            let tag = write_time_control_tag(&tc);
            prop_assert_eq!(parse_time_control_tag(&tag).unwrap(), TagValue::Control(tc), "{}", tag);
        }

        #[test]
        fn any_text_gives_a_value_or_an_error_with_a_column(text in "\\PC{0,16}") {
            for result in [parse_time_control(&text).map(TagValue::Control), parse_time_control_tag(&text)] {
                if let Err(e) = result {
                    prop_assert!(e.column >= 1 && e.column <= text.chars().count() + 1, "{}", e);
                }
            }
        }
    }
}
