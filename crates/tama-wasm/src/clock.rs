//! Game clocks: time controls read and written as tama-notation does
//! (`3m+2s`, the PDN tag `180+2`), a board's game on a
//! `tama_core::GameClock` (its flag ending the game as the clock's
//! `FlagRule` says), and the clock comments of a record's moves.
//!
//! The page measures wall time and tells the board how much passed
//! ([`Board::tick_ms`]); everything the clock means (the increment, the
//! controls, what a flag does) is decided here.

use std::time::Duration;

use serde::Serialize;
use tama_core::{Color, FlagRule, GameClock, Stage, TimeControl};
use tama_notation::pdn::clock::is_clock_comment;
use tama_notation::pdn::{GameResult, PdnGame, TERMINATION_TAG, TIME_CONTROL_TAG};
use tama_notation::time_control::{parse_time_control, write_time_control, write_time_control_tag};
use wasm_bindgen::prelude::*;

use crate::board::Board;
use crate::error::Error;

/// The longest time a clock may give (each side, any stage): a day.
pub const MAX_CLOCK_TIME: Duration = Duration::from_secs(24 * 3600);

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

fn json<T: Serialize>(value: &T) -> String {
    // Plain data: serialising cannot fail.
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_owned())
}

/// One stage of a time control in JSON.
#[derive(Debug, Serialize)]
struct StageJson {
    /// Moves of the stage, `null` for the rest of the game.
    moves: Option<u32>,
    time_ms: u64,
    increment_ms: u64,
}

/// A time control in JSON: `{"text": "3m+2s", "tag": "180+2",
/// "initial_ms": 180000, "stages": [{"moves", "time_ms",
/// "increment_ms"}]}`.
#[derive(Debug, Serialize)]
struct ControlJson {
    text: String,
    tag: String,
    initial_ms: u64,
    stages: Vec<StageJson>,
}

impl ControlJson {
    fn of(tc: &TimeControl) -> ControlJson {
        ControlJson {
            text: write_time_control(tc),
            tag: write_time_control_tag(tc),
            initial_ms: ms(tc.initial()),
            stages: tc
                .stages()
                .iter()
                .map(|s: &Stage| StageJson {
                    moves: s.moves,
                    time_ms: ms(s.time),
                    increment_ms: ms(s.increment),
                })
                .collect(),
        }
    }
}

/// Reads a time-control text (`3m+2s`, `45m`, `40/90m:30m+30s`).
///
/// # Errors
///
/// `TimeControlError` with the column; `RangeError` for a stage over a
/// day ([`MAX_CLOCK_TIME`]).
pub fn time_control_of(text: &str) -> Result<TimeControl, Error> {
    let tc = parse_time_control(text).map_err(|e| {
        Error::new("TimeControlError", format!("invalid time control: {e}")).at(None, e.column)
    })?;
    if tc
        .stages()
        .iter()
        .any(|s| s.time > MAX_CLOCK_TIME || s.increment > MAX_CLOCK_TIME)
    {
        return Err(Error::range(format!(
            "invalid time control {}: at most 24h a stage",
            write_time_control(&tc)
        )));
    }
    Ok(tc)
}

/// A flag rule by name (`lose`, `draw-if-no-win`).
///
/// # Errors
///
/// `TypeError` naming the rules there are.
pub fn flag_rule_of(name: &str) -> Result<FlagRule, Error> {
    FlagRule::ALL
        .into_iter()
        .find(|r| r.name() == name)
        .ok_or_else(|| {
            let names: Vec<&str> = FlagRule::ALL.iter().map(|r| r.name()).collect();
            Error::new(
                "TypeError",
                format!(
                    "invalid flag rule {name:?}: expected one of {}",
                    names.join(", ")
                ),
            )
        })
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A board's clock in JSON (see [`Board::clock_json`]).
#[derive(Debug, Serialize)]
struct ClockJson {
    control: ControlJson,
    flag_rule: &'static str,
    white: u64,
    black: u64,
    white_increment: u64,
    black_increment: u64,
    moves_to_go: Option<u32>,
    running: Option<&'static str>,
    flagged: Option<&'static str>,
    times: Vec<u64>,
}

impl Board {
    /// Puts the board's game on a clock of `control` (time-control text)
    /// with `flag_rule`, from now on; `None` takes it off any clock.
    ///
    /// # Errors
    ///
    /// As [`time_control_of`] and [`flag_rule_of`].
    pub fn set_clock(&mut self, control: Option<&str>, flag_rule: &str) -> Result<(), Error> {
        let clock = match control {
            None => None,
            Some(text) => Some(GameClock::new(
                time_control_of(text)?,
                flag_rule_of(flag_rule)?,
            )),
        };
        self.game_mut().set_clock(clock);
        Ok(())
    }

    /// The side to move thought `elapsed_ms` more; its flag falls when its
    /// time runs out. The outcome when the game is over (now or before).
    pub fn tick_ms(&mut self, elapsed_ms: f64) -> Option<tama_core::Outcome> {
        let elapsed = if elapsed_ms.is_finite() && elapsed_ms > 0.0 {
            Duration::from_secs_f64((elapsed_ms / 1000.0).min(1e9))
        } else {
            Duration::ZERO
        };
        self.game_mut().tick(elapsed)
    }

    /// The clock as JSON, `None` without one.
    pub fn clock_json_text(&self) -> Option<String> {
        let game = self.game();
        let clock = game.clock()?;
        Some(json(&ClockJson {
            control: ControlJson::of(clock.control()),
            flag_rule: clock.flag_rule().name(),
            white: ms(clock.left(Color::White)),
            black: ms(clock.left(Color::Black)),
            white_increment: ms(clock.increment(Color::White)),
            black_increment: ms(clock.increment(Color::Black)),
            moves_to_go: clock.moves_to_go(game.position().turn()),
            running: game.running_clock().map(color_name),
            flagged: clock.flagged().map(color_name),
            times: clock.times().iter().map(|d| ms(*d)).collect(),
        }))
    }
}

/// A game record (its PDN JSON form) with the clock of `board`'s game
/// written in: the `TimeControl` tag, both clocks in a comment after each
/// main-line move the board's clock timed, and, when the board's game
/// ended off the board (a flag), its result and `Termination` tag. The
/// record's main line must begin with the board's moves; comments and
/// variations of the record are kept. Canonical PDN.
///
/// # Errors
///
/// `PdnError` for a record of another shape or whose main line does not
/// begin with the board's moves.
pub fn timed_record(record_json: &str, board: &Board) -> Result<String, Error> {
    let mut record: PdnGame = serde_json::from_str(record_json)
        .map_err(|e| Error::new("PdnError", format!("invalid game record JSON: {e}")))?;
    let game = board.game();
    let timed = PdnGame::from_game(game, std::iter::empty::<(&str, &str)>())
        .map_err(|e| Error::new("PdnError", e.to_string()))?;
    let played: Vec<_> = game.moves().to_vec();
    let recorded: Vec<_> = record.moves().take(played.len()).collect();
    if recorded != played || record.start() != game.start() {
        return Err(Error::new(
            "PdnError",
            "the record's main line does not begin with the clocked game's moves",
        ));
    }
    if let Some(tag) = timed.tag(TIME_CONTROL_TAG) {
        record
            .set_tag(TIME_CONTROL_TAG, &tag)
            .map_err(|e| Error::new("PdnError", e.to_string()))?;
    }
    for (i, node) in timed.main_line().nodes().iter().enumerate() {
        let Some(target) = record.main_line_mut().node_mut(i) else {
            break;
        };
        if target.comments_after().iter().any(|c| is_clock_comment(c)) {
            continue;
        }
        for c in node.comments_after().iter().filter(|c| is_clock_comment(c)) {
            target
                .push_comment_after(c)
                .map_err(|e| Error::new("PdnError", e.to_string()))?;
        }
    }
    if let Some(o) = game.outcome() {
        if !o.termination.is_on_board() && record.moves().len() == played.len() {
            record.set_result(GameResult::from_outcome(o));
            record
                .set_tag(TERMINATION_TAG, o.termination.description())
                .map_err(|e| Error::new("PdnError", e.to_string()))?;
        }
    }
    Ok(record.to_pdn())
}

/// Reads a time-control text; its JSON: `{"text", "tag", "initial_ms",
/// "stages": [{"moves", "time_ms", "increment_ms"}]}` (`text` canonical,
/// `tag` the PDN `TimeControl` value). Throws `TimeControlError` (with
/// the column) or `RangeError`.
#[wasm_bindgen(js_name = timeControl)]
pub fn time_control_js(text: &str) -> Result<String, JsValue> {
    Ok(json(&ControlJson::of(&time_control_of(text)?)))
}

/// The flag rules' names, the default first (`["lose", "draw-if-no-win"]`).
#[wasm_bindgen(js_name = flagRules)]
pub fn flag_rules_js() -> Vec<String> {
    FlagRule::ALL.iter().map(|r| r.name().to_owned()).collect()
}

#[wasm_bindgen]
impl Board {
    /// Puts the game on a clock of `control` (time-control text) with the
    /// flag rule `flag_rule` (`lose` when absent), from now on; `undefined`
    /// takes it off. Throws `TimeControlError`, `RangeError` or
    /// `TypeError`.
    #[wasm_bindgen(js_name = setClock)]
    pub fn set_clock_js(
        &mut self,
        control: Option<String>,
        flag_rule: Option<String>,
    ) -> Result<(), JsValue> {
        Ok(self.set_clock(control.as_deref(), flag_rule.as_deref().unwrap_or("lose"))?)
    }

    /// The side to move thought `elapsed_ms` more milliseconds: its clock
    /// goes down, and when it runs out the flag falls. The outcome as JSON
    /// when the game is over (by the flag or before), else `undefined`.
    pub fn tick(&mut self, elapsed_ms: f64) -> Option<String> {
        self.tick_ms(elapsed_ms).map(|o| json(&o))
    }

    /// The clock as JSON, or `undefined` without one: `{"control": {time
    /// control}, "flag_rule", "white", "black", "white_increment",
    /// "black_increment", "moves_to_go", "running", "flagged", "times"}`
    /// (times in ms; `running`/`flagged` a colour or `null`; `times` each
    /// timed move's player's time left after it).
    #[wasm_bindgen(js_name = clockJson)]
    pub fn clock_json(&self) -> Option<String> {
        self.clock_json_text()
    }

    /// The game `record` (PDN JSON form) with this board's clock written
    /// in (see the crate's `timed_record`), as canonical PDN; throws
    /// `PdnError`.
    #[wasm_bindgen(js_name = timedRecord)]
    pub fn timed_record_js(&self, record: &str) -> Result<String, JsValue> {
        Ok(timed_record(record, self)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_are_read_and_written() {
        let j: serde_json::Value =
            serde_json::from_str(&time_control_js_text("3m+2s").unwrap()).unwrap();
        assert_eq!(j["text"], "3m+2s");
        assert_eq!(j["tag"], "180+2");
        assert_eq!(j["initial_ms"], 180_000);
        assert_eq!(j["stages"][0]["increment_ms"], 2000);
        let e = time_control_of("3x").unwrap_err();
        assert_eq!(e.name(), "TimeControlError");
        assert!(e.column().is_some());
        assert_eq!(time_control_of("25h").unwrap_err().name(), "RangeError");
        assert_eq!(
            flag_rule_of("draw-if-no-win").unwrap(),
            FlagRule::DrawIfNoWin
        );
        assert_eq!(flag_rule_of("win").unwrap_err().name(), "TypeError");
    }

    fn time_control_js_text(text: &str) -> Result<String, Error> {
        Ok(json(&ControlJson::of(&time_control_of(text)?)))
    }

    #[test]
    fn a_flag_ends_the_game_as_the_rule_says() {
        let mut board = Board::create(None, "turkish").unwrap();
        board.set_clock(Some("5s"), "lose").unwrap();
        assert_eq!(board.tick_ms(1200.0), None);
        board.play("c3-c4").unwrap();
        let clock: serde_json::Value =
            serde_json::from_str(&board.clock_json_text().unwrap()).unwrap();
        assert_eq!(clock["white"], 3800);
        assert_eq!(clock["running"], "black");
        assert_eq!(clock["times"], serde_json::json!([3800]));
        let outcome = board.tick_ms(5000.0).unwrap();
        assert_eq!(outcome.winner, Some(Color::White));
        assert_eq!(outcome.termination, tama_core::Termination::TimeForfeit);
        assert!(board.play("f6-f5").is_err());
        // A side that cannot win draws on the other's flag.
        let mut lone = Board::create(Some("W:Wc3:Bf6"), "armenian").unwrap();
        lone.set_clock(Some("1s"), "draw-if-no-win").unwrap();
        assert_eq!(lone.tick_ms(f64::NAN), None);
        assert_eq!(lone.tick_ms(2000.0).unwrap().winner, Some(Color::Black));
    }

    #[test]
    fn a_record_gets_its_clock_comments() {
        let mut board = Board::create(None, "armenian").unwrap();
        board.set_clock(Some("1m+1s"), "lose").unwrap();
        board.tick_ms(2000.0);
        board.play("c3-c4").unwrap();
        board.tick_ms(3000.0);
        board.play("f6-f5").unwrap();
        board.tick_ms(61_000.0).unwrap();
        let record = PdnGame::from_game(
            &crate::board::game_of(None, "armenian", &["c3-c4".into(), "f6-f5".into()]).unwrap(),
            [("Event", "t")],
        )
        .unwrap();
        let pdn = timed_record(&serde_json::to_string(&record).unwrap(), &board).unwrap();
        assert!(pdn.contains("[TimeControl \"60+1\"]"), "{pdn}");
        assert!(pdn.contains("[Termination \"time forfeit\"]"), "{pdn}");
        assert!(pdn.contains("[%clock w0:00:59 B0:01:00]"), "{pdn}");
        assert!(pdn.contains("[%clock W0:00:59 b0:00:58]"), "{pdn}");
        assert!(pdn.contains("0-1"), "{pdn}");
        let other = PdnGame::from_game(
            &crate::board::game_of(None, "armenian", &["a3-a4".into()]).unwrap(),
            [],
        )
        .unwrap();
        let e = timed_record(&serde_json::to_string(&other).unwrap(), &board).unwrap_err();
        assert_eq!(e.name(), "PdnError");
    }
}
