//! The commands a Hub client sends, typed.
//!
//! `Command::parse` turns one line into a typed command or an error
//! message; the session answers the message with `error message="…"` and
//! goes on, so bad input never ends the engine.

use std::time::Duration;

use crate::syntax::{parse_line, Message};

/// How a search is to end (`level …`). Each `level` line replaces the
/// previous one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Level {
    /// `level depth=N`: this many plies.
    Depth(u32),
    /// `level nodes=N`: this many nodes (an extension pydraughts sends).
    Nodes(u64),
    /// `level move-time=S`: this many seconds for the move.
    MoveTime(Duration),
    /// `level [moves=N] time=S [inc=S]`: the engine's remaining time, the
    /// moves to the next control and the increment (added before every
    /// move).
    Clock {
        /// Remaining time.
        time: Duration,
        /// Increment per move.
        inc: Duration,
        /// Moves to the next time control.
        moves: Option<u32>,
    },
    /// `level infinite`: until `stop`.
    Infinite,
}

/// The three ways `go` searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoMode {
    /// `go think`: find a move to play under the level.
    Think,
    /// `go ponder`: search the position after the expected opponent move
    /// with no time limit until `ponder-hit` (then the same search goes on
    /// under the level's time, counted from the hit) or `stop`.
    Ponder,
    /// `go analyze`: search until `stop`.
    Analyze,
}

/// A line from the client.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `hub`: declare the engine and its parameters.
    Hub,
    /// `set-param name=… value=…`.
    SetParam {
        /// The parameter.
        name: String,
        /// Its new value.
        value: String,
    },
    /// `init`: get ready (answer `ready`).
    Init,
    /// `pos pos=… [moves="…"]`: the position, then the moves played from it.
    Pos {
        /// The position in Hub form.
        position: String,
        /// The moves in Hub form.
        moves: Vec<String>,
    },
    /// `level …`.
    Level(Level),
    /// `go think|ponder|analyze`.
    Go(GoMode),
    /// `ponder-hit`: the expected move was played; the ponder search goes
    /// on under the level's time.
    PonderHit,
    /// `stop`: answer `done` now.
    Stop,
    /// `new-game`: forget earlier searches.
    NewGame,
    /// `ping`: answer `pong`.
    Ping,
    /// `quit`.
    Quit,
    /// A command this engine does not know (ignored, as the protocol asks).
    Unknown(String),
}

fn seconds(line: &Message, name: &str) -> Result<Option<Duration>, String> {
    line.value(name)
        .map(|v| {
            v.parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e9)
                .map(Duration::from_secs_f64)
                .ok_or_else(|| format!("level: {name}={v} is not a number of seconds"))
        })
        .transpose()
}

fn number<T: std::str::FromStr>(line: &Message, name: &str) -> Result<Option<T>, String> {
    line.value(name)
        .map(|v| {
            v.parse::<T>()
                .map_err(|_| format!("{}: {name}={v} is not a whole number", line.command))
        })
        .transpose()
}

fn level(line: &Message) -> Result<Level, String> {
    if line.has("infinite") {
        return Ok(Level::Infinite);
    }
    if let Some(d) = number::<u32>(line, "depth")? {
        if d == 0 {
            return Err("level: depth=0 (expected at least 1)".to_string());
        }
        return Ok(Level::Depth(d));
    }
    if let Some(n) = number::<u64>(line, "nodes")? {
        return Ok(Level::Nodes(n.max(1)));
    }
    if let Some(t) = seconds(line, "move-time")? {
        return Ok(Level::MoveTime(t));
    }
    if let Some(time) = seconds(line, "time")? {
        return Ok(Level::Clock {
            time,
            inc: seconds(line, "inc")?.unwrap_or_default(),
            moves: number::<u32>(line, "moves")?,
        });
    }
    Err("level: expected depth=, nodes=, move-time=, time= or infinite".to_string())
}

impl Command {
    /// Reads one line: `Ok(None)` for a blank line, an error message for
    /// a line that breaks the syntax or lacks what its command needs.
    pub fn parse(text: &str) -> Result<Option<Command>, String> {
        let Some(line) = parse_line(text).map_err(|e| e.to_string())? else {
            return Ok(None);
        };
        let cmd = match line.command.as_str() {
            "hub" => Command::Hub,
            "init" => Command::Init,
            "set-param" => {
                let name = line.value("name").ok_or("set-param: no name=")?.to_string();
                let value = line
                    .value("value")
                    .ok_or_else(|| format!("set-param {name}: no value="))?
                    .to_string();
                Command::SetParam { name, value }
            }
            "pos" => Command::Pos {
                position: line.value("pos").ok_or("pos: no pos=")?.to_string(),
                moves: line
                    .value("moves")
                    .map(|m| m.split_whitespace().map(str::to_string).collect())
                    .unwrap_or_default(),
            },
            "level" => Command::Level(level(&line)?),
            "go" => Command::Go(match line.first_word() {
                Some("think") => GoMode::Think,
                Some("ponder") => GoMode::Ponder,
                Some("analyze") | Some("analyse") => GoMode::Analyze,
                Some(other) => {
                    return Err(format!(
                        "go {other}: expected go think, go ponder or go analyze"
                    ))
                }
                None => return Err("go: expected go think, go ponder or go analyze".to_string()),
            }),
            "ponder-hit" => Command::PonderHit,
            "stop" => Command::Stop,
            "new-game" => Command::NewGame,
            "ping" => Command::Ping,
            "quit" => Command::Quit,
            other => Command::Unknown(other.to_string()),
        };
        Ok(Some(cmd))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Command {
        Command::parse(text).unwrap().unwrap()
    }

    #[test]
    fn every_command() {
        assert_eq!(parse("hub"), Command::Hub);
        assert_eq!(
            parse("set-param name=variant value=turkish"),
            Command::SetParam {
                name: "variant".into(),
                value: "turkish".into()
            }
        );
        assert_eq!(
            parse("pos pos=Wee moves=\"17-25 41-33\""),
            Command::Pos {
                position: "Wee".into(),
                moves: vec!["17-25".into(), "41-33".into()]
            }
        );
        assert_eq!(parse("level depth=6"), Command::Level(Level::Depth(6)));
        assert_eq!(
            parse("level nodes=1000"),
            Command::Level(Level::Nodes(1000))
        );
        assert_eq!(
            parse("level move-time=0.5"),
            Command::Level(Level::MoveTime(Duration::from_millis(500)))
        );
        assert_eq!(
            parse("level moves=9 time=291.5 inc=2"),
            Command::Level(Level::Clock {
                time: Duration::from_secs_f64(291.5),
                inc: Duration::from_secs(2),
                moves: Some(9)
            })
        );
        assert_eq!(parse("level infinite"), Command::Level(Level::Infinite));
        assert_eq!(parse("go think"), Command::Go(GoMode::Think));
        assert_eq!(parse("go ponder"), Command::Go(GoMode::Ponder));
        assert_eq!(parse("go analyze"), Command::Go(GoMode::Analyze));
        assert_eq!(parse("ponder-hit"), Command::PonderHit);
        assert_eq!(parse("stop"), Command::Stop);
        assert_eq!(parse("new-game"), Command::NewGame);
        assert_eq!(parse("ping"), Command::Ping);
        assert_eq!(parse("quit"), Command::Quit);
        assert_eq!(parse("xyzzy a=1"), Command::Unknown("xyzzy".into()));
        assert_eq!(Command::parse("").unwrap(), None);
    }

    #[test]
    fn malformed_lines_say_what_is_wrong() {
        for (text, part) in [
            ("go", "expected go think"),
            ("go fast", "go fast"),
            ("pos moves=\"1-2\"", "no pos="),
            ("set-param value=3", "no name="),
            ("set-param name=hash", "no value="),
            ("level depth=x", "depth=x"),
            ("level depth=0", "depth=0"),
            ("level move-time=-1", "move-time=-1"),
            ("level time=1 inc=z", "inc=z"),
            ("level", "expected depth="),
            ("pos pos=\"W", "not closed"),
        ] {
            let e = Command::parse(text).unwrap_err();
            assert!(e.contains(part), "{text}: {e}");
        }
    }
}
