//! The engine's options by name: one table giving every setting of an
//! [`EngineConfig`] (table size, threads, lines, each search feature, each
//! search parameter, each evaluation term and weight) a name, a type, a
//! range and a default, so that any front end (the `tama` program, a
//! server, a Python module) can list them and set them from text.
//!
//! Names are the fields' names: `hash`, `threads`, `multipv`; the search
//! features `tt`, `lmr`, `null_move`, …; the search parameters
//! `lmr_min_depth`, `futility_margin`, …; the evaluation terms
//! `eval_mobility`, `eval_tempo`, …; the evaluation weights of
//! [`EvalParams::WEIGHTS`](crate::params::EvalParams::WEIGHTS) (`man`,
//! `king`, `man_rank0` … `man_rank7`, …), whose rows, ranges and defaults
//! come from that table. A few options also answer to a shorter
//! older name ([`EngineOption::aliases`]: `ext`, `nmp`, `qthreats`, …).
//!
//! ```
//! use tama_search::options::{self, OptionValue};
//! use tama_search::EngineConfig;
//!
//! let config = EngineConfig::from_settings(["hash=64", "lmr=false", "king=400"]).unwrap();
//! assert_eq!(config.hash_mib, 64);
//! assert!(!config.search.lmr);
//! assert_eq!(config.eval_params.king, 400);
//!
//! let err = EngineConfig::from_settings(["hash=99999999"]).unwrap_err();
//! assert_eq!(err.to_string(), "hash=99999999: out of range 1..=65536");
//!
//! let hash = options::find("hash").unwrap();
//! assert_eq!(hash.default_value(), OptionValue::Int(16));
//! assert!(options::all().iter().any(|o| o.name == "man_rank5"));
//! ```
//!
//! The transposition table's check interval (`SearchParams::check_interval`)
//! and the endgame oracle ([`EngineConfig::oracle`]) are not options: the
//! first is internal (it must be a power of two), the second is an object.

use core::fmt;

use crate::engine::{Engine, EngineConfig};
use crate::learned::EvalKind;
use crate::params::{EvalParams, WEIGHT_RANGE};

/// The type of an option's values, with their range.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum OptionKind {
    /// `true` or `false` (also `1`/`0`, `on`/`off`, `yes`/`no`).
    Bool,
    /// A whole number from `min` to `max`, both included.
    Int {
        /// The least value.
        min: i64,
        /// The greatest value.
        max: i64,
    },
    /// A real number from `min` to `max`, both included.
    Real {
        /// The least value.
        min: f64,
        /// The greatest value.
        max: f64,
    },
    /// One of these words.
    Choice(&'static [&'static str]),
}

/// `bool`, `int 1..=65536`, `real 0..=4`.
impl fmt::Display for OptionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionKind::Bool => f.write_str("bool"),
            OptionKind::Int { min, max } => write!(f, "int {min}..={max}"),
            OptionKind::Real { min, max } => write!(f, "real {min}..={max}"),
            OptionKind::Choice(values) => write!(f, "one of {}", values.join("|")),
        }
    }
}

/// A value of an option.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum OptionValue {
    /// A switch.
    Bool(bool),
    /// A whole number.
    Int(i64),
    /// A real number.
    Real(f64),
    /// A word of a [`OptionKind::Choice`].
    Choice(&'static str),
}

/// `true`, `42`, `0.5`: the text [`EngineOption::parse`] reads back.
impl fmt::Display for OptionValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Bool(b) => write!(f, "{b}"),
            OptionValue::Int(n) => write!(f, "{n}"),
            OptionValue::Real(x) => write!(f, "{x}"),
            OptionValue::Choice(w) => f.write_str(w),
        }
    }
}

/// Which part of the engine an option sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OptionGroup {
    /// Table size, threads, lines.
    Engine,
    /// A search feature switch ([`SearchOptions`](crate::SearchOptions)).
    SearchFeature,
    /// A search parameter ([`SearchParams`](crate::params::SearchParams)).
    SearchParam,
    /// An evaluation term switch ([`EvalOptions`](crate::EvalOptions)).
    EvalTerm,
    /// An evaluation weight ([`EvalParams`]), in
    /// centi-men.
    EvalWeight,
}

impl OptionGroup {
    /// `engine`, `search`, `search-param`, `eval`, `eval-weight`.
    pub fn name(self) -> &'static str {
        match self {
            OptionGroup::Engine => "engine",
            OptionGroup::SearchFeature => "search",
            OptionGroup::SearchParam => "search-param",
            OptionGroup::EvalTerm => "eval",
            OptionGroup::EvalWeight => "eval-weight",
        }
    }
}

/// One engine option: its name, type and range, and how it reads and
/// writes an [`EngineConfig`].
#[derive(Clone, Copy)]
pub struct EngineOption {
    /// The name.
    pub name: &'static str,
    /// Other names it answers to (shorter, older spellings).
    pub aliases: &'static [&'static str],
    /// What it belongs to.
    pub group: OptionGroup,
    /// The type and range of its values.
    pub kind: OptionKind,
    /// One line saying what it does.
    pub description: &'static str,
    access: Access,
}

/// How an option reads and writes an [`EngineConfig`].
#[derive(Clone, Copy)]
enum Access {
    /// Through a field.
    Field {
        get: fn(&EngineConfig) -> OptionValue,
        set: fn(&mut EngineConfig, OptionValue),
    },
    /// The evaluation weight with this index in [`EvalParams::WEIGHTS`].
    Weight(usize),
}

impl fmt::Debug for EngineOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EngineOption")
            .field("name", &self.name)
            .field("group", &self.group)
            .field("kind", &self.kind)
            .finish_non_exhaustive()
    }
}

impl EngineOption {
    /// The value in `config`.
    pub fn get(&self, config: &EngineConfig) -> OptionValue {
        match self.access {
            Access::Field { get, .. } => get(config),
            Access::Weight(i) => OptionValue::Int(i64::from(config.eval_params.values()[i])),
        }
    }

    /// The value in [`EngineConfig::default`].
    pub fn default_value(&self) -> OptionValue {
        self.get(&EngineConfig::default())
    }

    /// Reads a value of this option from text, checking type and range.
    ///
    /// # Errors
    ///
    /// [`OptionError`] naming the option, the text and what was expected.
    pub fn parse(&self, text: &str) -> Result<OptionValue, OptionError> {
        let t = text.trim();
        let err = |problem| OptionError {
            name: self.name.to_string(),
            value: Some(text.to_string()),
            problem,
        };
        match self.kind {
            OptionKind::Bool => match t.to_ascii_lowercase().as_str() {
                "true" | "1" | "on" | "yes" => Ok(OptionValue::Bool(true)),
                "false" | "0" | "off" | "no" => Ok(OptionValue::Bool(false)),
                _ => Err(err(OptionProblem::Type(self.kind))),
            },
            OptionKind::Int { min, max } => {
                let n: i64 = match t.parse() {
                    Ok(n) => n,
                    // A number too large for i64 is out of range, not
                    // malformed.
                    Err(_)
                        if !t.is_empty()
                            && t.trim_start_matches(['-', '+'])
                                .bytes()
                                .all(|b| b.is_ascii_digit()) =>
                    {
                        return Err(err(OptionProblem::Range(self.kind)))
                    }
                    Err(_) => return Err(err(OptionProblem::Type(self.kind))),
                };
                if (min..=max).contains(&n) {
                    Ok(OptionValue::Int(n))
                } else {
                    Err(err(OptionProblem::Range(self.kind)))
                }
            }
            OptionKind::Choice(values) => values
                .iter()
                .find(|v| **v == t)
                .map(|v| OptionValue::Choice(v))
                .ok_or_else(|| err(OptionProblem::Type(self.kind))),
            OptionKind::Real { min, max } => {
                let x: f64 = t.parse().map_err(|_| err(OptionProblem::Type(self.kind)))?;
                if x >= min && x <= max {
                    Ok(OptionValue::Real(x))
                } else {
                    Err(err(OptionProblem::Range(self.kind)))
                }
            }
        }
    }

    /// Sets this option in `config`.
    ///
    /// # Errors
    ///
    /// [`OptionError`] when the value has the wrong type or is out of
    /// range; `config` is then unchanged.
    pub fn set(&self, config: &mut EngineConfig, value: OptionValue) -> Result<(), OptionError> {
        let ok = match (self.kind, value) {
            (OptionKind::Bool, OptionValue::Bool(_)) => true,
            (OptionKind::Int { min, max }, OptionValue::Int(n)) => (min..=max).contains(&n),
            (OptionKind::Real { min, max }, OptionValue::Real(x)) => x >= min && x <= max,
            (OptionKind::Choice(values), OptionValue::Choice(w)) => values.contains(&w),
            _ => {
                return Err(OptionError {
                    name: self.name.to_string(),
                    value: Some(value.to_string()),
                    problem: OptionProblem::Type(self.kind),
                })
            }
        };
        if !ok {
            return Err(OptionError {
                name: self.name.to_string(),
                value: Some(value.to_string()),
                problem: OptionProblem::Range(self.kind),
            });
        }
        match (self.access, value) {
            (Access::Field { set, .. }, _) => set(config, value),
            (Access::Weight(i), OptionValue::Int(n)) => {
                // The range check above keeps the value within an `i32`.
                if let Some(w) = config.eval_params.weight_mut(i) {
                    *w = n as i32;
                }
            }
            (Access::Weight(_), _) => {}
        }
        Ok(())
    }

    fn answers_to(&self, name: &str) -> bool {
        self.name == name || self.aliases.contains(&name)
    }
}

/// What is wrong with a setting.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionProblem {
    /// No option has this name.
    Unknown,
    /// The setting is not of the form `name=value`.
    Syntax,
    /// The value is not of the option's type.
    Type(OptionKind),
    /// The value is outside the option's range.
    Range(OptionKind),
}

/// A setting the registry refused: the option (or the name given), the
/// value text, and the problem. Displays as `hash=99999999: out of range
/// 1..=65536`.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionError {
    /// The option's name (as given, when unknown).
    pub name: String,
    /// The value as given, if any.
    pub value: Option<String>,
    /// What is wrong.
    pub problem: OptionProblem,
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.value {
            Some(v) => write!(f, "{}={v}: ", self.name)?,
            None => write!(f, "{}: ", self.name)?,
        }
        match &self.problem {
            OptionProblem::Unknown => write!(f, "unknown option `{}`", self.name),
            OptionProblem::Syntax => f.write_str("expected `name=value`"),
            OptionProblem::Type(OptionKind::Bool) => f.write_str("expected true or false"),
            OptionProblem::Type(OptionKind::Int { min, max }) => {
                write!(f, "expected a whole number in {min}..={max}")
            }
            OptionProblem::Type(OptionKind::Real { min, max }) => {
                write!(f, "expected a number in {min}..={max}")
            }
            OptionProblem::Range(OptionKind::Int { min, max }) => {
                write!(f, "out of range {min}..={max}")
            }
            OptionProblem::Range(OptionKind::Real { min, max }) => {
                write!(f, "out of range {min}..={max}")
            }
            OptionProblem::Range(OptionKind::Bool) => f.write_str("expected true or false"),
            OptionProblem::Type(OptionKind::Choice(values))
            | OptionProblem::Range(OptionKind::Choice(values)) => {
                write!(f, "expected one of {}", values.join(", "))
            }
        }
    }
}

impl std::error::Error for OptionError {}

/// Every option, in a fixed order (engine, search features, search
/// parameters, evaluation terms, evaluation weights).
pub fn all() -> &'static [EngineOption] {
    &OPTIONS
}

/// The option called `name` (or with `name` as an alias).
pub fn find(name: &str) -> Option<&'static EngineOption> {
    OPTIONS.iter().find(|o| o.answers_to(name))
}

fn unknown(name: &str, value: Option<&str>) -> OptionError {
    OptionError {
        name: name.to_string(),
        value: value.map(str::to_string),
        problem: OptionProblem::Unknown,
    }
}

impl EngineConfig {
    /// Sets the option `name` from text.
    ///
    /// # Errors
    ///
    /// [`OptionError`] for an unknown name or a bad value; `self` is then
    /// unchanged.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let option = find(name.trim()).ok_or_else(|| unknown(name.trim(), Some(value)))?;
        let v = option.parse(value)?;
        option.set(self, v)
    }

    /// The value of the option `name`, or `None` if there is none.
    pub fn option(&self, name: &str) -> Option<OptionValue> {
        find(name).map(|o| o.get(self))
    }

    /// Applies one `name=value` setting.
    ///
    /// # Errors
    ///
    /// [`OptionError`] when the text has no `=`, names no option, or has a
    /// bad value.
    pub fn apply_setting(&mut self, setting: &str) -> Result<(), OptionError> {
        let Some((name, value)) = setting.split_once('=') else {
            return Err(OptionError {
                name: setting.trim().to_string(),
                value: None,
                problem: OptionProblem::Syntax,
            });
        };
        self.set_option(name, value)
    }

    /// The default configuration changed by `name=value` settings, applied
    /// in order.
    ///
    /// # Errors
    ///
    /// The first setting refused (see [`EngineConfig::apply_setting`]).
    pub fn from_settings<'a>(
        settings: impl IntoIterator<Item = &'a str>,
    ) -> Result<EngineConfig, OptionError> {
        let mut config = EngineConfig::default();
        for s in settings {
            config.apply_setting(s)?;
        }
        Ok(config)
    }

    /// Every option with its value in this configuration, in the order of
    /// [`all`].
    pub fn settings(&self) -> Vec<(&'static EngineOption, OptionValue)> {
        OPTIONS.iter().map(|o| (o, o.get(self))).collect()
    }
}

impl Engine {
    /// Sets the option `name` of this engine from text (see
    /// [`EngineConfig::set_option`]); a new table size empties the table.
    ///
    /// # Errors
    ///
    /// [`OptionError`] for an unknown name or a bad value; the engine is
    /// then unchanged.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let mut config = self.config().clone();
        config.set_option(name, value)?;
        self.set_config(config);
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// The table.

macro_rules! opt {
    (bool $name:literal $(| $alias:literal)*, $group:ident, $desc:literal, |$c:ident| $field:expr) => {
        opt!(@row $name [$($alias),*], $group, OptionKind::Bool, $desc,
            |$c| OptionValue::Bool($field),
            |$c, v| if let OptionValue::Bool(b) = v { $field = b })
    };
    // The range check in `EngineOption::set` keeps the value within the
    // field's type.
    (int $name:literal $(| $alias:literal)*, $group:ident, $min:expr, $max:expr, $desc:literal, |$c:ident| $field:expr) => {
        opt!(@row $name [$($alias),*], $group, OptionKind::Int { min: $min, max: $max }, $desc,
            |$c| OptionValue::Int($field as i64),
            |$c, v| if let OptionValue::Int(n) = v { $field = n as _ })
    };
    (real $name:literal, $group:ident, $min:expr, $max:expr, $desc:literal, |$c:ident| $field:expr) => {
        opt!(@row $name [], $group, OptionKind::Real { min: $min, max: $max }, $desc,
            |$c| OptionValue::Real($field),
            |$c, v| if let OptionValue::Real(x) = v { $field = x })
    };
    (@row $name:literal [$($alias:literal),*], $group:ident, $kind:expr, $desc:literal, $get:expr, $set:expr) => {
        EngineOption {
            name: $name,
            aliases: &[$($alias),*],
            group: OptionGroup::$group,
            kind: $kind,
            description: $desc,
            access: Access::Field { get: $get, set: $set },
        }
    };
}

/// The options set through fields; the evaluation weights follow them.
const FIELD_OPTIONS: &[EngineOption] = &[
    // The engine.
    opt!(int "hash", Engine, 1, 65_536, "transposition table size in MiB", |c| c.hash_mib),
    opt!(int "threads", Engine, 1, 256, "search threads (lazy SMP)", |c| c.threads),
    opt!(int "multipv", Engine, 1, 256, "lines to search and report", |c| c.multipv),
    // Search features.
    opt!(bool "tt", SearchFeature, "transposition table cut-offs and move ordering", |c| c.search.tt),
    opt!(bool "aspiration", SearchFeature, "aspiration windows", |c| c.search.aspiration),
    opt!(bool "lmr", SearchFeature, "late-move reductions", |c| c.search.lmr),
    opt!(bool "killers", SearchFeature, "killer moves in move ordering", |c| c.search.killers),
    opt!(bool "history", SearchFeature, "history heuristic in move ordering", |c| c.search.history),
    opt!(bool "extensions" | "ext", SearchFeature, "forced moves do not use depth", |c| c.search.extensions),
    opt!(bool "qsearch_threats" | "qthreats", SearchFeature, "quiescence answers pending capture threats", |c| c.search.qsearch_threats),
    opt!(bool "qsearch_promotions" | "qpromo", SearchFeature, "quiescence tries crowning moves", |c| c.search.qsearch_promotions),
    opt!(bool "rfp", SearchFeature, "reverse futility pruning", |c| c.search.rfp),
    opt!(bool "null_move" | "nmp", SearchFeature, "null-move pruning", |c| c.search.null_move),
    opt!(bool "lmp", SearchFeature, "late-move pruning", |c| c.search.lmp),
    opt!(bool "futility", SearchFeature, "futility pruning", |c| c.search.futility),
    // Search parameters.
    opt!(int "aspiration_delta", SearchParam, 1, 1_000, "half-width of the first aspiration window (centi-men)", |c| c.search.params.aspiration_delta),
    opt!(int "aspiration_min_depth", SearchParam, 1, 64, "first depth with an aspiration window", |c| c.search.params.aspiration_min_depth),
    opt!(real "lmr_base", SearchParam, 0.0, 4.0, "LMR: constant part of the reduction", |c| c.search.params.lmr_base),
    opt!(real "lmr_divisor", SearchParam, 0.5, 10.0, "LMR: divisor of ln(depth) * ln(move number)", |c| c.search.params.lmr_divisor),
    opt!(int "lmr_min_depth" | "lmrdepth", SearchParam, 1, 64, "LMR: least remaining depth that is reduced", |c| c.search.params.lmr_min_depth),
    opt!(int "lmr_min_moves" | "lmrmoves", SearchParam, 0, 64, "LMR: moves searched at full depth first", |c| c.search.params.lmr_min_moves),
    opt!(bool "lmr_reduces_offers" | "lmroffers", SearchParam, "LMR also reduces moves that offer a capture", |c| c.search.params.lmr_reduces_offers),
    opt!(int "rfp_max_depth" | "rfpdepth", SearchParam, 0, 64, "reverse futility: greatest depth", |c| c.search.params.rfp_max_depth),
    opt!(int "rfp_margin" | "rfpmargin", SearchParam, 0, 10_000, "reverse futility: margin per ply (centi-men)", |c| c.search.params.rfp_margin),
    opt!(int "nmp_min_depth", SearchParam, 1, 64, "null move: least depth", |c| c.search.params.nmp_min_depth),
    opt!(int "nmp_base_reduction", SearchParam, 0, 64, "null move: constant part of the reduction", |c| c.search.params.nmp_base_reduction),
    opt!(int "nmp_depth_divisor", SearchParam, 1, 64, "null move: one more ply of reduction per this many plies", |c| c.search.params.nmp_depth_divisor),
    opt!(int "nmp_min_pieces", SearchParam, 0, 24, "null move: least pieces of the side to move", |c| c.search.params.nmp_min_pieces),
    opt!(int "lmp_max_depth" | "lmpdepth", SearchParam, 0, 64, "late-move pruning: greatest depth", |c| c.search.params.lmp_max_depth),
    opt!(int "lmp_base" | "lmpbase", SearchParam, 0, 256, "late-move pruning: quiet moves kept are base + depth^2", |c| c.search.params.lmp_base),
    opt!(bool "lmp_prunes_offers" | "lmpoffers", SearchParam, "late-move pruning also skips moves that offer a capture", |c| c.search.params.lmp_prunes_offers),
    opt!(int "futility_max_depth" | "futdepth", SearchParam, 0, 64, "futility: greatest depth", |c| c.search.params.futility_max_depth),
    opt!(int "futility_margin" | "futmargin", SearchParam, 0, 10_000, "futility: margin per ply (centi-men)", |c| c.search.params.futility_margin),
    opt!(int "qsearch_threat_margin", SearchParam, 0, 10_000, "quiescence: threats answered below beta plus this (centi-men)", |c| c.search.params.qsearch_threat_margin),
    opt!(int "extension_mode" | "extmode", SearchParam, 0, 2, "forced moves extended: 0 all, 1 in PV nodes, 2 not twice in a row", |c| c.search.params.extension_mode),
    opt!(int "max_extension_ratio" | "extratio", SearchParam, 0, 8, "most extended plies, as a multiple of the depth", |c| c.search.params.max_extension_ratio),
    opt!(int "history_max", SearchParam, 1, 32_768, "history scores saturate at this value", |c| c.search.params.history_max),
    opt!(int "default_moves_to_go", SearchParam, 1, 100, "time: moves to go when the clock does not say", |c| c.search.params.default_moves_to_go),
    opt!(int "move_overhead_ms", SearchParam, 0, 10_000, "time: kept back per move (ms)", |c| c.search.params.move_overhead_ms),
    opt!(int "soft_stop_permille", SearchParam, 1, 1_000, "time: no new iteration past this share of the budget (per mille)", |c| c.search.params.soft_stop_permille),
    opt!(int "tt_min_depth" | "ttdepth", SearchParam, 0, 64, "least depth that uses the transposition table", |c| c.search.params.tt_min_depth),
    // The evaluation.
    EngineOption {
        name: "eval",
        aliases: &[],
        group: OptionGroup::EvalTerm,
        kind: OptionKind::Choice(&["classic", "learned"]),
        description: "classic, or learned (where weights exist for the rules)",
        access: Access::Field {
            get: |c| OptionValue::Choice(c.eval_kind.name()),
            set: |c, v| {
                if let OptionValue::Choice(w) = v {
                    if let Some((_, kind)) = EvalKind::ALL.iter().find(|(n, _)| *n == w) {
                        c.eval_kind = *kind;
                    }
                }
            },
        },
    },
    // Evaluation terms.
    opt!(bool "eval_advancement", EvalTerm, "men by rank", |c| c.eval.advancement),
    opt!(bool "eval_centre", EvalTerm, "men by file", |c| c.eval.centre),
    opt!(bool "eval_formation", EvalTerm, "backed, paired and edge men", |c| c.eval.formation),
    opt!(bool "eval_mobility", EvalTerm, "quiet moves of men and kings", |c| c.eval.mobility),
    opt!(bool "eval_promotion", EvalTerm, "men about to be crowned", |c| c.eval.promotion),
    opt!(bool "eval_threats", EvalTerm, "pieces the opponent threatens to jump", |c| c.eval.threats),
    opt!(bool "eval_endgame", EvalTerm, "endgame knowledge", |c| c.eval.endgame),
    opt!(bool "eval_tempo", EvalTerm, "bonus for the side to move", |c| c.eval.tempo),
];

/// Every option: the field options, then one per evaluation weight of
/// [`EvalParams::WEIGHTS`] (name, default, range and description from there).
static OPTIONS: [EngineOption; FIELD_OPTIONS.len() + EvalParams::COUNT] = all_options();

const fn all_options() -> [EngineOption; FIELD_OPTIONS.len() + EvalParams::COUNT] {
    let mut out = [FIELD_OPTIONS[0]; FIELD_OPTIONS.len() + EvalParams::COUNT];
    let mut i = 0;
    while i < FIELD_OPTIONS.len() {
        out[i] = FIELD_OPTIONS[i];
        i += 1;
    }
    let mut w = 0;
    while w < EvalParams::COUNT {
        let weight = &EvalParams::WEIGHTS[w];
        out[i + w] = EngineOption {
            name: weight.name,
            aliases: &[],
            group: OptionGroup::EvalWeight,
            kind: OptionKind::Int {
                min: WEIGHT_RANGE.0 as i64,
                max: WEIGHT_RANGE.1 as i64,
            },
            description: weight.description,
            access: Access::Weight(w),
        };
        w += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// A value of the option other than `v`, within range.
    fn other(kind: OptionKind, v: OptionValue) -> OptionValue {
        match (kind, v) {
            (OptionKind::Bool, OptionValue::Bool(b)) => OptionValue::Bool(!b),
            (OptionKind::Int { min, max }, OptionValue::Int(n)) => {
                OptionValue::Int(if n < max { n + 1 } else { min })
            }
            (OptionKind::Real { min, max }, OptionValue::Real(x)) => {
                OptionValue::Real(if x + 0.25 <= max { x + 0.25 } else { min })
            }
            (OptionKind::Choice(values), OptionValue::Choice(w)) => {
                OptionValue::Choice(values.iter().find(|v| **v != w).expect("two choices"))
            }
            _ => panic!("default of the wrong type"),
        }
    }

    #[test]
    fn every_option_round_trips_and_sets_only_itself() {
        let defaults = EngineConfig::default();
        for option in all() {
            let d = option.default_value();
            // The default has the option's type and is within range.
            assert_eq!(option.parse(&d.to_string()), Ok(d), "{}", option.name);
            let v = other(option.kind, d);
            let mut config = EngineConfig::default();
            config
                .set_option(option.name, &v.to_string())
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(config.option(option.name), Some(v), "{}", option.name);
            // Every other option still has its default: each option reads
            // and writes its own field.
            for o in all().iter().filter(|o| o.name != option.name) {
                assert_eq!(
                    o.get(&config),
                    o.get(&defaults),
                    "{} moved {}",
                    option.name,
                    o.name
                );
            }
            assert_ne!(config, defaults, "{} changed nothing", option.name);
            for alias in option.aliases {
                let mut c = EngineConfig::default();
                c.set_option(alias, &v.to_string()).unwrap();
                assert_eq!(c, config, "alias {alias}");
            }
        }
    }

    #[test]
    fn names_are_unique_and_cover_every_weight() {
        let mut seen = HashSet::new();
        for o in all() {
            for name in std::iter::once(&o.name).chain(o.aliases) {
                assert!(seen.insert(*name), "{name} twice");
            }
        }
        for w in EvalParams::WEIGHTS {
            let o = find(w.name).unwrap_or_else(|| panic!("weight {} has no option", w.name));
            assert_eq!(o.group, OptionGroup::EvalWeight);
            assert_eq!(o.default_value(), OptionValue::Int(w.default.into()));
            assert_eq!(o.description, w.description);
        }
        let count = |g| all().iter().filter(|o| o.group == g).count();
        assert_eq!(count(OptionGroup::SearchFeature), 12);
        // The eight terms and the choice of evaluation.
        assert_eq!(count(OptionGroup::EvalTerm), 9);
        assert_eq!(count(OptionGroup::EvalWeight), EvalParams::COUNT);
    }

    #[test]
    fn values_outside_the_range_are_refused_with_the_range() {
        let err = EngineConfig::from_settings(["hash=99999999"]).unwrap_err();
        assert_eq!(err.to_string(), "hash=99999999: out of range 1..=65536");
        for option in all() {
            let mut config = EngineConfig::default();
            match option.kind {
                OptionKind::Int { min, max } => {
                    for bad in [min - 1, max + 1] {
                        let e = config
                            .set_option(option.name, &bad.to_string())
                            .unwrap_err();
                        assert_eq!(
                            e.to_string(),
                            format!("{}={bad}: out of range {min}..={max}", option.name)
                        );
                    }
                    let e = config.set_option(option.name, "x").unwrap_err();
                    assert!(matches!(e.problem, OptionProblem::Type(_)), "{e}");
                }
                OptionKind::Real { min, max } => {
                    let e = config
                        .set_option(option.name, &(max + 1.0).to_string())
                        .unwrap_err();
                    assert_eq!(e.problem, OptionProblem::Range(option.kind));
                    assert!(config
                        .set_option(option.name, &(min - 1.0).to_string())
                        .is_err());
                    assert!(config.set_option(option.name, "NaN").is_err());
                }
                OptionKind::Choice(_) => {
                    let e = config.set_option(option.name, "maybe").unwrap_err();
                    assert_eq!(
                        e.to_string(),
                        format!("{}=maybe: expected one of classic, learned", option.name)
                    );
                }
                OptionKind::Bool => {
                    let e = config.set_option(option.name, "maybe").unwrap_err();
                    assert_eq!(
                        e.to_string(),
                        format!("{}=maybe: expected true or false", option.name)
                    );
                }
            }
            assert_eq!(
                config,
                EngineConfig::default(),
                "{}: a refused value changed the config",
                option.name
            );
        }
        // Numbers beyond i64 are out of range too, not malformed.
        let e = EngineConfig::from_settings(["threads=99999999999999999999999"]).unwrap_err();
        assert_eq!(
            e.problem,
            OptionProblem::Range(OptionKind::Int { min: 1, max: 256 })
        );
        // Setting a typed value checks it as well.
        let hash = find("hash").unwrap();
        let mut c = EngineConfig::default();
        assert!(hash.set(&mut c, OptionValue::Int(0)).is_err());
        assert!(hash.set(&mut c, OptionValue::Bool(true)).is_err());
        assert!(hash.set(&mut c, OptionValue::Int(32)).is_ok());
        assert_eq!(c.hash_mib, 32);
    }

    #[test]
    fn unknown_names_and_malformed_settings() {
        let e = EngineConfig::from_settings(["queen=900"]).unwrap_err();
        assert_eq!(e.problem, OptionProblem::Unknown);
        assert_eq!(e.to_string(), "queen=900: unknown option `queen`");
        let e = EngineConfig::from_settings(["hash"]).unwrap_err();
        assert_eq!(e.to_string(), "hash: expected `name=value`");
        assert_eq!(EngineConfig::default().option("nothing"), None);
        // Settings apply in order; spaces around the parts are ignored.
        let c = EngineConfig::from_settings([" lmr = off", "nmp=0", "lmr=on", "lmr_base=0.75"])
            .unwrap();
        assert!(c.search.lmr && !c.search.null_move);
        assert_eq!(c.search.params.lmr_base, 0.75);
    }

    #[test]
    fn engine_takes_options_by_name() {
        let mut engine = Engine::new(EngineConfig {
            hash_mib: 1,
            ..EngineConfig::default()
        });
        engine.set_option("threads", "2").unwrap();
        engine.set_option("hash", "2").unwrap();
        engine.set_option("king", "250").unwrap();
        assert_eq!(engine.config().threads, 2);
        assert_eq!(engine.hash_bytes(), 2 << 20);
        assert_eq!(engine.evaluator().params().king, 250);
        assert!(engine.set_option("threads", "0").is_err());
        assert_eq!(engine.config().threads, 2);
        let listed = engine.config().settings();
        assert_eq!(listed.len(), all().len());
        assert!(listed
            .iter()
            .any(|(o, v)| o.name == "king" && *v == OptionValue::Int(250)));
    }
}
