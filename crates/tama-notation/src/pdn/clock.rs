//! Clock times in PDN comments (docs/NOTATION.md, "Clock comments").
//!
//! tama writes lidraughts' form after each move of a game on a clock:
//! `[%clock w0:04:58 B0:05:00]`, both players' time left after the move,
//! the letter of the clock that runs next in capitals. It reads that form
//! and lichess's `[%clk 0:04:58]` (the time left of the move's player).

use std::time::Duration;

use tama_core::Color;

/// A time left as clock comments write it: `h:mm:ss`, with tenths when
/// the time is not a whole second (`0:00:09.5`; cut down, never up: a
/// clock does not show more than is left).
pub fn write_clock_time(d: Duration) -> String {
    let secs = d.as_secs();
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    let tenths = d.subsec_millis() / 100;
    if tenths == 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{h}:{m:02}:{s:02}.{tenths}")
    }
}

/// A time as clock comments write it: hours, then minutes and seconds of
/// two digits, with optional decimals (to the millisecond; more are cut).
fn read_clock_time(text: &str) -> Option<Duration> {
    let mut parts = text.split(':');
    let (h, m, s) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let (s, frac) = match s.split_once('.') {
        Some((_, "")) => return None,
        Some(split) => split,
        None => (s, ""),
    };
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if !digits(h) || h.len() > 6 || m.len() != 2 || s.len() != 2 || !digits(m) || !digits(s) {
        return None;
    }
    if !frac.is_empty() && !digits(frac) {
        return None;
    }
    let (h, m, s): (u64, u64, u64) = (h.parse().ok()?, m.parse().ok()?, s.parse().ok()?);
    if m >= 60 || s >= 60 {
        return None;
    }
    let millis = format!("{frac:0<3}")[..3].parse::<u64>().ok()?;
    Some(Duration::from_secs(h * 3600 + m * 60 + s) + Duration::from_millis(millis))
}

/// The comment tama writes after a move: `[%clock w0:04:58 B0:05:00]`,
/// White's and Black's time left, `running`'s letter in capitals.
pub fn write_clock_comment(white: Duration, black: Duration, running: Option<Color>) -> String {
    let letter = |c: Color| match (c, running == Some(c)) {
        (Color::White, false) => 'w',
        (Color::White, true) => 'W',
        (Color::Black, false) => 'b',
        (Color::Black, true) => 'B',
    };
    format!(
        "[%clock {}{} {}{}]",
        letter(Color::White),
        write_clock_time(white),
        letter(Color::Black),
        write_clock_time(black)
    )
}

/// The time left of `mover`, the player of the move a comment follows,
/// if the comment holds a clock command: `[%clock w0:04:58 B0:05:00]`
/// (the entry of `mover`'s colour) or `[%clk 0:04:58]`. Anything else
/// in the comment is ignored; an unreadable command gives `None`.
pub fn read_clock_comment(comment: &str, mover: Color) -> Option<Duration> {
    if let Some(body) = command(comment, "[%clock") {
        return body.split_whitespace().find_map(|entry| {
            let mut chars = entry.chars();
            let color = match chars.next()? {
                'w' | 'W' => Color::White,
                'b' | 'B' => Color::Black,
                _ => return None,
            };
            (color == mover).then(|| read_clock_time(chars.as_str()))?
        });
    }
    command(comment, "[%clk").and_then(|body| read_clock_time(body.trim()))
}

/// What follows `name` up to the closing `]`, when `name` is followed by
/// a space.
fn command<'a>(comment: &'a str, name: &str) -> Option<&'a str> {
    let start = comment.find(name)? + name.len();
    let rest = &comment[start..];
    if !rest.starts_with(char::is_whitespace) {
        return None;
    }
    Some(&rest[..rest.find(']')?])
}

/// Whether a comment is only a clock command tama writes (so a record
/// written again does not keep the old one beside the new).
pub fn is_clock_comment(comment: &str) -> bool {
    let c = comment.trim();
    (c.starts_with("[%clock ") || c.starts_with("[%clk "))
        && c.ends_with(']')
        && c.matches(']').count() == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_back_to_the_tenth() {
        let ms = Duration::from_millis;
        for (d, text) in [
            (ms(0), "0:00:00"),
            (ms(298_000), "0:04:58"),
            (ms(9_500), "0:00:09.5"),
            (ms(9_590), "0:00:09.5"),
            (ms(5_400_000), "1:30:00"),
            (ms(3_600_000 * 123), "123:00:00"),
        ] {
            assert_eq!(write_clock_time(d), text);
            let back = read_clock_time(text).unwrap();
            assert_eq!(write_clock_time(back), text);
            assert!(back <= d && d - back < ms(100));
        }
        for bad in [
            "",
            "4:58",
            "0:4:58",
            "0:04:60",
            "0:60:00",
            "a:00:00",
            "0:00:00.",
            "0:00:00.x",
            "0:00:00:00",
        ] {
            assert_eq!(read_clock_time(bad), None, "{bad}");
        }
        assert_eq!(read_clock_time("0:00:01.2345"), Some(ms(1_234)));
    }

    #[test]
    fn both_forms_are_read_for_the_mover() {
        let ms = Duration::from_millis;
        let c = write_clock_comment(ms(298_000), ms(300_000), Some(Color::Black));
        assert_eq!(c, "[%clock w0:04:58 B0:05:00]");
        assert!(is_clock_comment(&c));
        assert_eq!(read_clock_comment(&c, Color::White), Some(ms(298_000)));
        assert_eq!(read_clock_comment(&c, Color::Black), Some(ms(300_000)));
        // lichess's form, and a clock in a longer comment.
        let clk = "a fine move [%clk 0:01:02.5] indeed";
        assert_eq!(read_clock_comment(clk, Color::Black), Some(ms(62_500)));
        assert!(!is_clock_comment(clk));
        assert_eq!(read_clock_comment("[%clock W0:00:10]", Color::Black), None);
        assert_eq!(
            read_clock_comment("[%clockwork 0:00:10]", Color::White),
            None
        );
        assert_eq!(read_clock_comment("[%clk 0:0:10]", Color::White), None);
        assert_eq!(read_clock_comment("[%clk 0:00:10", Color::White), None);
        assert_eq!(read_clock_comment("no clock here", Color::White), None);
    }
}
