//! Players: the engine with a configuration, or the baseline.
//!
//! [`PlayerKind::parse`] reads `full,-lmr,king=400`: every setting goes
//! through the engine's option registry, so a player takes exactly the
//! options `tama_search::options` lists (`book=FILE` too: the registry
//! reads the file). [`PlayerSpec::parse`] is the one grammar of a player
//! setting as the front ends take it: it also takes out the player's own
//! limits (`depth=`, `movetime=`, `nodes=`, checked by
//! [`Limits::checked`]), its tables (`egtb=DIR`, `-egtb`: the directory is
//! left for the caller to open) and its weights file (`eval_file=FILE`).
//! [`read_weights`] is the one reader of a learned-evaluation weights file
//! for every front end (`--eval-file`, `eval_file=`, `tama sprt`).

use std::path::{Path, PathBuf};
use std::time::Duration;

use tama_core::Rules;
use tama_search::learned::Weights;
use tama_search::options::{self, OptionKind, OptionValue};
use tama_search::{EngineConfig, EvalOptions, LimitBounds, Limits};

use crate::external::ExternalEngine;

/// What plays the moves.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerKind {
    /// The engine with this configuration (one thread recommended).
    Engine(Box<EngineConfig>),
    /// The plain alpha-beta reference player ([`Baseline`](crate::baseline::Baseline)).
    Baseline,
    /// Another `tama` program, one process per move (comparing builds).
    External(ExternalEngine),
}

impl PlayerKind {
    /// Parses a player description: `baseline`, or `full` (the engine as
    /// shipped) followed by comma-separated changes, each either
    /// `name=value` for any engine option of the registry
    /// ([`tama_search::options`]: `hash=64`, `lmr=false`, `king=400`,
    /// `man_rank5=40`, `lmr_min_depth=4`), or `-name` / `+name` to turn a
    /// switch off or on: a search feature (`-lmr`, `-tt`, `-nmp`, `-ext`,
    /// `+qthreats`, …) or an evaluation term, with or without its `eval_`
    /// prefix (`-mobility`, `-eval_tempo`). `-eval` keeps material only,
    /// `+eval` restores the default terms. `tama match --list-options`
    /// lists every option.
    ///
    /// ```
    /// use tama_arena::PlayerKind;
    ///
    /// let PlayerKind::Engine(c) = PlayerKind::parse("full,-lmr,-tempo,king=400").unwrap() else {
    ///     unreachable!()
    /// };
    /// assert!(!c.search.lmr && !c.eval.tempo && c.eval_params.king == 400);
    /// let err = PlayerKind::parse("full,hash=99999999").unwrap_err();
    /// assert_eq!(err, "hash=99999999: out of range 1..=65536");
    /// ```
    ///
    /// # Errors
    ///
    /// A message naming the part that is not understood: an unknown
    /// player, option or switch, or a value of the wrong type or out of
    /// range (with the range).
    pub fn parse(spec: &str) -> Result<PlayerKind, String> {
        PlayerKind::parse_from(spec, &EngineConfig::default())
    }

    /// Like [`parse`](PlayerKind::parse), with `full` meaning the
    /// configuration `full` rather than the default configuration (a front end's `--hash` and
    /// `--threads`, which the description may still change).
    ///
    /// # Errors
    ///
    /// As [`parse`](PlayerKind::parse).
    pub fn parse_from(spec: &str, full: &EngineConfig) -> Result<PlayerKind, String> {
        let mut parts = spec.split(',').map(str::trim);
        let base = parts.next().unwrap_or("");
        if base == "baseline" {
            if let Some(extra) = parts.next() {
                return Err(format!("baseline takes no options (found `{extra}`)"));
            }
            return Ok(PlayerKind::Baseline);
        }
        if base != "full" {
            return Err(format!(
                "unknown player `{base}` (expected `full` or `baseline`)"
            ));
        }
        let mut c = full.clone();
        for part in parts {
            if part.contains('=') {
                c.apply_setting(part).map_err(|e| e.to_string())?;
                continue;
            }
            let (on, name) = match part.split_at(part.len().min(1)) {
                ("-", name) => (false, name),
                ("+", name) => (true, name),
                _ => {
                    return Err(format!(
                        "`{part}`: expected `-switch`, `+switch` or `name=value`"
                    ))
                }
            };
            if name == "eval" {
                c.eval = if on {
                    EvalOptions::DEFAULT
                } else {
                    EvalOptions::MATERIAL
                };
                continue;
            }
            let switch = [name.to_string(), format!("eval_{name}")]
                .into_iter()
                .filter_map(|n| options::find(&n))
                .find(|o| o.kind == OptionKind::Bool)
                .ok_or_else(|| format!("unknown switch `{name}`"))?;
            switch
                .set(&mut c, OptionValue::Bool(on))
                .map_err(|e| e.to_string())?;
        }
        Ok(PlayerKind::Engine(Box::new(c)))
    }
}

/// The deepest per-player `depth=D` (a greater one is taken as this),
/// as `tama match --depth`.
pub const MAX_PLAYER_DEPTH: u32 = 60;

/// Where a player's endgame tables come from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum TablesChoice {
    /// The match's tables, if it has any.
    #[default]
    Match,
    /// None (`-egtb`).
    Off,
    /// The tables in this directory (`egtb=DIR`), for the caller to open.
    Dir(PathBuf),
}

/// A player setting as front ends take it (`tama match --a`, `cargo xtask
/// sprt`): a [`PlayerKind`] description with this player's own search
/// limits (`depth=D`, `movetime=MS`, `nodes=N`) and endgame tables
/// (`egtb=DIR`, `-egtb`) among its parts, in any order:
/// `full,-lmr,depth=8,egtb=tables`.
///
/// ```
/// use tama_arena::{PlayerSpec, TablesChoice};
/// use tama_search::Limits;
///
/// let spec = PlayerSpec::parse("full,-lmr,depth=8,egtb=tables").unwrap();
/// assert_eq!(spec.limits, Limits::depth(8));
/// assert_eq!(spec.tables, TablesChoice::Dir("tables".into()));
/// assert_eq!(spec.label, "full,-lmr,egtb=tables");
/// let plain = PlayerSpec::parse("baseline").unwrap();
/// assert!(plain.limits.is_unlimited());
/// assert!(PlayerSpec::parse("full,depth=x").unwrap_err().contains("not a positive number"));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerSpec {
    /// What plays.
    pub kind: PlayerKind,
    /// This player's own limits; none given is
    /// [unlimited](Limits::is_unlimited) (the caller's default applies).
    pub limits: Limits,
    /// This player's tables.
    pub tables: TablesChoice,
    /// A weights file of the learned evaluation (`eval_file=FILE`), for
    /// the caller to read.
    pub eval_file: Option<PathBuf>,
    /// The setting without its limits, for the player's name.
    pub label: String,
}

impl PlayerSpec {
    /// Parses a setting; `full` is the default engine configuration.
    ///
    /// # Errors
    ///
    /// As [`PlayerKind::parse`], and a limit that is not a number or out of
    /// its range ([`Limits::checked`]: `invalid depth 0: expected 1 to 60`).
    pub fn parse(spec: &str) -> Result<PlayerSpec, String> {
        PlayerSpec::parse_from(spec, &EngineConfig::default())
    }

    /// Parses a setting in which `full` is the configuration `full` (see
    /// [`PlayerKind::parse_from`]).
    ///
    /// # Errors
    ///
    /// As [`PlayerSpec::parse`].
    pub fn parse_from(spec: &str, full: &EngineConfig) -> Result<PlayerSpec, String> {
        let mut parts = spec.split(',').map(str::trim);
        let first = parts.next().unwrap_or("");
        let mut kind_parts = vec![first];
        let mut label_parts = vec![first];
        let (mut depth, mut nodes, mut movetime) = (None, None, None);
        let mut tables = TablesChoice::Match;
        let mut eval_file = None;
        for part in parts {
            let number = |v: &str| {
                v.parse::<u64>()
                    .map_err(|_| format!("`{part}`: `{v}` is not a positive number"))
            };
            match part.split_once('=') {
                Some(("depth", v)) => {
                    let d = number(v)?.min(u64::from(MAX_PLAYER_DEPTH));
                    depth = Some(u32::try_from(d).unwrap_or(MAX_PLAYER_DEPTH));
                }
                Some(("movetime", v)) => movetime = Some(Duration::from_millis(number(v)?)),
                Some(("nodes", v)) => nodes = Some(number(v)?),
                Some(("egtb", dir)) => {
                    tables = TablesChoice::Dir(PathBuf::from(dir));
                    label_parts.push(part);
                }
                Some(("eval_file", file)) => {
                    eval_file = Some(PathBuf::from(file));
                    label_parts.push(part);
                }
                None if part == "-egtb" => {
                    tables = TablesChoice::Off;
                    label_parts.push(part);
                }
                _ => {
                    kind_parts.push(part);
                    label_parts.push(part);
                }
            }
        }
        let bounds = LimitBounds {
            depth: MAX_PLAYER_DEPTH,
            movetime: None,
        };
        let limits = Limits::checked(depth, nodes, movetime, bounds).map_err(|e| e.to_string())?;
        let kind = PlayerKind::parse_from(&kind_parts.join(","), full)?;
        Ok(PlayerSpec {
            kind,
            limits,
            tables,
            eval_file,
            label: label_parts.join(","),
        })
    }
}

/// A participant of a match.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    /// The name used in results and game records.
    pub name: String,
    /// What plays.
    pub kind: PlayerKind,
    /// Limits of each move (depth, nodes, movetime); the clock, if any,
    /// comes from the match's [`MatchConfig::clock`](crate::MatchConfig::clock).
    pub limits: Limits,
}

impl Player {
    /// A player with per-move limits and no clock.
    pub fn new(name: impl Into<String>, kind: PlayerKind, limits: Limits) -> Player {
        Player {
            name: name.into(),
            kind,
            limits,
        }
    }
}

/// Ablation helpers: the engine as shipped with one feature turned off.
pub fn without(feature: &str) -> Result<PlayerKind, String> {
    PlayerKind::parse(&format!("full,-{feature}"))
}

/// Reads a weights file of the learned evaluation (`eval_file=FILE`,
/// `--eval-file FILE`). With `rules`, the file must be for them; without,
/// its own preset says where it applies.
///
/// # Errors
///
/// The file's name and why: it cannot be read, is not a weights file, is
/// of another version or shape, is damaged (checksum) or is for other rules.
pub fn read_weights(path: &Path, rules: Option<&Rules>) -> Result<std::sync::Arc<Weights>, String> {
    Weights::open(path, rules).map(std::sync::Arc::new)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn book_on_is_the_option_and_book_file_a_book() {
        let PlayerKind::Engine(c) = PlayerSpec::parse("full,book=on").unwrap().kind else {
            panic!("an engine");
        };
        assert!(c.search.book && c.book.is_none());
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("book.tbk");
        let book = tama_search::book::Book::from_entries(tama_core::Preset::Turkish, Vec::new());
        std::fs::write(&path, book.to_bytes()).unwrap();
        let spec = PlayerSpec::parse(&format!("full,book={}", path.display())).unwrap();
        let PlayerKind::Engine(c) = spec.kind else {
            panic!("an engine");
        };
        assert!(c.search.book);
        assert_eq!(c.book.as_deref(), Some(&book));
        std::fs::write(&path, b"TAMABOOK").unwrap();
        let e = PlayerSpec::parse(&format!("full,book={}", path.display())).unwrap_err();
        assert!(e.contains("book file: truncated"), "{e}");
        assert!(PlayerSpec::parse("baseline,book=x.tbk").is_err());
    }

    #[test]
    fn parses_player_specs() {
        assert_eq!(PlayerKind::parse("baseline"), Ok(PlayerKind::Baseline));
        let PlayerKind::Engine(c) = PlayerKind::parse("full,-lmr,-mobility,hash=4").unwrap() else {
            panic!("expected an engine");
        };
        assert!(!c.search.lmr && !c.eval.mobility && c.search.tt);
        assert_eq!(c.hash_mib, 4);
        assert!(PlayerKind::parse("full,-nonsense").is_err());
        assert!(PlayerKind::parse("strong").is_err());
        assert!(without("tt").is_ok());
    }

    #[test]
    fn every_documented_switch_changes_the_engine() {
        let default = EngineConfig::default();
        for name in [
            "tt",
            "aspiration",
            "lmr",
            "killers",
            "history",
            "ext",
            "qthreats",
            "qpromo",
            "rfp",
            "nmp",
            "lmp",
            "futility",
            "advancement",
            "centre",
            "formation",
            "mobility",
            "promotion",
            "threats",
            "endgame",
            "tempo",
            "eval",
        ] {
            // Each switch flipped away from its default gives another engine.
            let flipped = ["-", "+"]
                .iter()
                .filter_map(|sign| PlayerKind::parse(&format!("full,{sign}{name}")).ok())
                .filter(|k| *k != PlayerKind::Engine(Box::new(default.clone())))
                .count();
            assert_eq!(flipped, 1, "{name}");
        }
        let PlayerKind::Engine(c) = PlayerKind::parse("full,-eval,+tempo").unwrap() else {
            panic!("an engine");
        };
        assert!(c.eval.tempo && !c.eval.advancement);
    }

    #[test]
    fn limits_out_of_range_are_refused_with_the_range() {
        let err = |spec: &str| PlayerSpec::parse(spec).unwrap_err();
        assert_eq!(err("full,depth=0"), "invalid depth 0: expected 1 to 60");
        assert_eq!(err("full,nodes=0"), "invalid nodes 0: expected at least 1");
        assert_eq!(
            err("full,movetime=0"),
            "invalid movetime 0: expected at least 1 millisecond"
        );
        assert_eq!(
            err("full,nodes=-1"),
            "`nodes=-1`: `-1` is not a positive number"
        );
        // A greater depth is taken as the greatest.
        let deep = PlayerSpec::parse("full,depth=1000").unwrap();
        assert_eq!(deep.limits, Limits::depth(MAX_PLAYER_DEPTH));
    }

    #[test]
    fn settings_errors_name_the_option_and_range() {
        assert_eq!(
            PlayerKind::parse("full,threads=0"),
            Err("threads=0: out of range 1..=256".to_string())
        );
        assert_eq!(
            PlayerKind::parse("full,queen=9"),
            Err("queen=9: unknown option `queen`".to_string())
        );
        assert_eq!(
            PlayerKind::parse("full,+king"),
            Err("unknown switch `king`".to_string())
        );
        assert!(PlayerKind::parse("full,lmr").is_err());
        assert!(PlayerKind::parse("baseline,-lmr").is_err());
    }
}
