//! An external engine: a `tama` binary (of this or another revision)
//! asked for each move with `tama analyse --fen … --json`.

use std::path::PathBuf;
use std::process::{Command, Stdio};

use tama_core::{Game, Move};
use tama_notation::fen::write_fen;
use tama_notation::movetext::parse_move;
use tama_notation::rules_text::write_rules;
use tama_search::params::SearchParams;
use tama_search::{Limits, Score};

/// A `tama` program that plays by answering `tama analyse --fen FEN
/// --rules RULES --hash MIB --json` with one limit (`--movetime`,
/// `--depth` or `--nodes`), one process per move. Any revision with that
/// command can play, which is how a change is compared with an older
/// build. The program sees only the position, not the game's history, so
/// it does not know which moves would repeat a position; the game record
/// does, and ends the game by the rules as usual.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternalEngine {
    /// The `tama` executable.
    pub program: PathBuf,
    /// The hash table size of each search (`--hash`), in MiB.
    pub hash_mib: u32,
}

impl ExternalEngine {
    /// The program with a 16 MiB hash table per search.
    pub fn new(program: impl Into<PathBuf>) -> ExternalEngine {
        ExternalEngine {
            program: program.into(),
            hash_mib: 16,
        }
    }

    /// The program's move in `game` and its score (raw [`Score`] units,
    /// for the side to move); `None` when it says the game is over.
    ///
    /// # Errors
    ///
    /// A message when the limits are not one of movetime, depth, nodes or
    /// a clock (given as the movetime the engine's time plan targets),
    /// the program cannot be started or fails, or its answer has no
    /// legal best move.
    pub(crate) fn choose(
        &self,
        game: &Game,
        limits: &Limits,
    ) -> Result<Option<(Move, i32)>, String> {
        // Under a clock the program gets the time the engine's own plan
        // would give the move: `tama analyse` takes no clock.
        let turn = game.position().turn();
        let planned = limits
            .clock
            .and_then(|_| limits.time_for_move(turn, &SearchParams::DEFAULT));
        let limit = match (limits.movetime, limits.depth, limits.nodes, planned) {
            (Some(t), None, None, None) | (None, None, None, Some(t)) => {
                ["--movetime".to_string(), t.as_millis().max(1).to_string()]
            }
            (None, Some(d), None, None) => ["--depth".to_string(), d.to_string()],
            (None, None, Some(n), None) => ["--nodes".to_string(), n.to_string()],
            _ => {
                return Err(
                    "an external engine takes exactly one limit: movetime, depth or nodes"
                        .to_string(),
                )
            }
        };
        let pos = game.position();
        let fen = write_fen(pos);
        let program = self.program.display();
        let output = Command::new(&self.program)
            .args([
                "analyse",
                "--fen",
                &fen,
                "--rules",
                &write_rules(game.rules()),
            ])
            .args(["--hash", &self.hash_mib.to_string(), "--json"])
            .args(limit)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("cannot start {program}: {e}"))?;
        if !output.status.success() {
            return Err(format!(
                "{program} failed ({}) on {fen}: {}",
                output.status,
                String::from_utf8_lossy(&output.stderr).trim()
            ));
        }
        let stdout = String::from_utf8_lossy(&output.stdout);
        for line in stdout.lines().rev() {
            let Ok(value) = serde_json::from_str::<serde_json::Value>(line) else {
                continue;
            };
            match value["type"].as_str() {
                Some("gameover") => return Ok(None),
                Some("bestmove") => {
                    let text = value["move"]
                        .as_str()
                        .ok_or_else(|| format!("{program}: a best move without a move on {fen}"))?;
                    let mv = parse_move(text, pos, game.rules())
                        .map_err(|e| format!("{program}: best move `{text}` on {fen}: {e}"))?;
                    return Ok(Some((mv, score_of(&value["score"]).raw())));
                }
                _ => {}
            }
        }
        Err(format!("{program} gave no best move on {fen}"))
    }
}

/// A score object of `tama analyse --json` (`{"cm": N}`, `{"win": N}`,
/// `{"loss": N}`); an unknown one counts as 0.
fn score_of(value: &serde_json::Value) -> Score {
    let plies = |key: &str| value[key].as_u64().map(|n| n.min(4095) as u32);
    if let Some(cm) = value["cm"].as_i64() {
        Score::centi_men(cm.clamp(-20_000, 20_000) as i32)
    } else if let Some(n) = plies("win") {
        Score::win_in(n)
    } else if let Some(n) = plies("loss") {
        Score::loss_in(n)
    } else {
        Score::centi_men(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tama_core::Rules;

    #[test]
    fn scores_are_read() {
        let v = |s: &str| serde_json::from_str::<serde_json::Value>(s).unwrap();
        assert_eq!(score_of(&v(r#"{"cm": -35}"#)), Score::centi_men(-35));
        assert_eq!(score_of(&v(r#"{"win": 7}"#)), Score::win_in(7));
        assert_eq!(score_of(&v(r#"{"loss": 4}"#)), Score::loss_in(4));
        assert_eq!(score_of(&v("null")), Score::centi_men(0));
    }

    #[test]
    fn failures_are_errors() {
        let game = Game::new(Rules::ARMENIAN);
        let missing = ExternalEngine::new("/nonexistent/tama");
        let err = missing.choose(&game, &Limits::depth(1)).unwrap_err();
        assert!(err.starts_with("cannot start /nonexistent/tama"), "{err}");
        let two = Limits {
            depth: Some(1),
            ..Limits::nodes(10)
        };
        let err = missing.choose(&game, &two).unwrap_err();
        assert!(err.contains("exactly one limit"), "{err}");
        // A program that runs but fails (`false` ignores its arguments).
        let err = ExternalEngine::new("false")
            .choose(&game, &Limits::depth(1))
            .unwrap_err();
        assert!(err.starts_with("false failed"), "{err}");
        // A program that succeeds without an answer.
        let err = ExternalEngine::new("true")
            .choose(&game, &Limits::depth(1))
            .unwrap_err();
        assert!(err.contains("gave no best move"), "{err}");
    }
}
