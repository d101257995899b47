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
//! The rows of the search features, search parameters and evaluation
//! terms come from the declarations of [`SearchOptions`],
//! [`SearchParams`] and [`EvalOptions`]
//! (`settings!` in `params.rs`), which give each field its name, range and
//! description beside its default; a field cannot lack its option. The
//! endgame oracle ([`EngineConfig::oracle`]) and the learned weights are
//! not options: they are objects.

use core::fmt;

use crate::engine::{Engine, EngineConfig};
use crate::learned::EvalKind;
use crate::params::{EvalParams, SearchParams, WEIGHT_RANGE};
use crate::settings::Setting;
pub use crate::settings::{OptionKind, OptionValue};
use crate::{EvalOptions, SearchOptions};

/// Which part of the engine an option sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OptionGroup {
    /// Table size, threads, lines.
    Engine,
    /// A search feature switch ([`SearchOptions`]).
    SearchFeature,
    /// A search parameter ([`SearchParams`]).
    SearchParam,
    /// An evaluation term switch ([`EvalOptions`]).
    EvalTerm,
    /// An evaluation weight ([`EvalParams`]), in
    /// centi-men.
    EvalWeight,
}

impl OptionGroup {
    /// Every group, in the order of [`all`].
    pub const ALL: [OptionGroup; 5] = [
        OptionGroup::Engine,
        OptionGroup::SearchFeature,
        OptionGroup::SearchParam,
        OptionGroup::EvalTerm,
        OptionGroup::EvalWeight,
    ];
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
    /// The setting with this index in [`SearchOptions::SETTINGS`].
    SearchFeature(usize),
    /// The setting with this index in [`SearchParams::SETTINGS`].
    SearchParam(usize),
    /// The setting with this index in [`EvalOptions::SETTINGS`].
    EvalTerm(usize),
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
            Access::SearchFeature(i) => (SearchOptions::SETTINGS[i].get)(&config.search),
            Access::SearchParam(i) => (SearchParams::SETTINGS[i].get)(&config.search.params),
            Access::EvalTerm(i) => (EvalOptions::SETTINGS[i].get)(&config.eval),
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
            OptionKind::Int { .. } | OptionKind::PowerOfTwo { .. } => {
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
                if self.kind.admits(n) {
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
            (OptionKind::Int { .. } | OptionKind::PowerOfTwo { .. }, OptionValue::Int(n)) => {
                self.kind.admits(n)
            }
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
            (Access::SearchFeature(i), _) => {
                (SearchOptions::SETTINGS[i].set)(&mut config.search, value)
            }
            (Access::SearchParam(i), _) => {
                (SearchParams::SETTINGS[i].set)(&mut config.search.params, value);
            }
            (Access::EvalTerm(i), _) => (EvalOptions::SETTINGS[i].set)(&mut config.eval, value),
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

/// The JSON form of an option, as `tama match --list-options --json`
/// writes it and the Python `Engine.options()` returns it: `{"name",
/// "aliases", "group", "type", "min", "max", "default", "description"}`,
/// the `type` `"bool"`, `"int"` (a power of two too), `"real"` or
/// `"choice"`, `min` and `max` `null` for a switch or a choice.
#[cfg(feature = "serde")]
impl serde::Serialize for EngineOption {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        /// A bound of the range: a whole or a real number, or none.
        #[derive(serde::Serialize)]
        #[serde(untagged)]
        enum Bound {
            Int(i64),
            Real(f64),
        }
        let (kind, min, max) = match self.kind {
            OptionKind::Bool => ("bool", None, None),
            OptionKind::Int { min, max } | OptionKind::PowerOfTwo { min, max } => {
                ("int", Some(Bound::Int(min)), Some(Bound::Int(max)))
            }
            OptionKind::Real { min, max } => {
                ("real", Some(Bound::Real(min)), Some(Bound::Real(max)))
            }
            OptionKind::Choice(_) => ("choice", None, None),
        };
        let mut o = s.serialize_struct("EngineOption", 8)?;
        o.serialize_field("name", self.name)?;
        o.serialize_field("aliases", self.aliases)?;
        o.serialize_field("group", self.group.name())?;
        o.serialize_field("type", kind)?;
        o.serialize_field("min", &min)?;
        o.serialize_field("max", &max)?;
        o.serialize_field("default", &self.default_value())?;
        o.serialize_field("description", self.description)?;
        o.end()
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
    /// Option `book`: the value is neither on nor off, and not a book
    /// file that reads (why, naming the file).
    BookFile(String),
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
            OptionProblem::Type(OptionKind::PowerOfTwo { min, max })
            | OptionProblem::Range(OptionKind::PowerOfTwo { min, max }) => {
                write!(f, "expected a power of two in {min}..={max}")
            }
            OptionProblem::Range(OptionKind::Real { min, max }) => {
                write!(f, "out of range {min}..={max}")
            }
            OptionProblem::Range(OptionKind::Bool) => f.write_str("expected true or false"),
            OptionProblem::BookFile(why) => write!(f, "expected on, off or a book file; {why}"),
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
    ///
    /// Option `book` also takes the path of a book file (`tama book
    /// build`, docs/BOOK.md) besides `on` and `off`: the file is read,
    /// becomes the configured book ([`EngineConfig::book`], played for its
    /// own preset) and the option is turned on.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let option = find(name.trim()).ok_or_else(|| unknown(name.trim(), Some(value)))?;
        match option.parse(value) {
            Ok(v) => option.set(self, v),
            Err(_) if option.name == "book" => {
                let book = crate::book::read_book(std::path::Path::new(value.trim()), None)
                    .map_err(|e| OptionError {
                        name: option.name.to_string(),
                        value: Some(value.to_string()),
                        problem: OptionProblem::BookFile(e.to_string()),
                    })?;
                self.book = Some(std::sync::Arc::new(book));
                self.search.book = true;
                Ok(())
            }
            Err(e) => Err(e),
        }
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
    // The range check in `EngineOption::set` keeps the value within the
    // field's type.
    (int $name:literal, $min:expr, $max:expr, $desc:literal, |$c:ident| $field:expr) => {
        EngineOption {
            name: $name,
            aliases: &[],
            group: OptionGroup::Engine,
            kind: OptionKind::Int {
                min: $min,
                max: $max,
            },
            description: $desc,
            access: Access::Field {
                get: |$c| OptionValue::Int($field as i64),
                set: |$c, v| {
                    if let OptionValue::Int(n) = v {
                        $field = n as _
                    }
                },
            },
        }
    };
}

/// The options of the engine itself.
const ENGINE_OPTIONS: [EngineOption; 3] = [
    opt!(int "hash", 1, 65_536, "transposition table size in MiB", |c| c.hash_mib),
    opt!(int "threads", 1, 256, "search threads (lazy SMP)", |c| c.threads),
    opt!(int "multipv", 1, 256, "lines to search and report", |c| c.multipv),
];

/// The choice of evaluation, first of its group.
const EVAL_CHOICE: EngineOption = EngineOption {
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
};

/// How many options there are.
const COUNT: usize = ENGINE_OPTIONS.len()
    + SearchOptions::SETTINGS.len()
    + SearchParams::SETTINGS.len()
    + 1
    + EvalOptions::SETTINGS.len()
    + EvalParams::COUNT;

/// Every option: the engine's, the search features, the search parameters,
/// the choice of evaluation and its terms, then one per evaluation weight
/// of [`EvalParams::WEIGHTS`] (name, default, range and description from
/// there).
static OPTIONS: [EngineOption; COUNT] = all_options();

/// The option of a declared setting.
const fn setting<T>(s: &Setting<T>, group: OptionGroup, access: Access) -> EngineOption {
    EngineOption {
        name: s.name,
        aliases: s.aliases,
        group,
        kind: s.kind,
        description: s.description,
        access,
    }
}

const fn all_options() -> [EngineOption; COUNT] {
    let mut out = [EVAL_CHOICE; COUNT];
    let mut n = 0;
    let mut i = 0;
    while i < ENGINE_OPTIONS.len() {
        out[n] = ENGINE_OPTIONS[i];
        (n, i) = (n + 1, i + 1);
    }
    i = 0;
    while i < SearchOptions::SETTINGS.len() {
        let s = &SearchOptions::SETTINGS[i];
        out[n] = setting(s, OptionGroup::SearchFeature, Access::SearchFeature(i));
        (n, i) = (n + 1, i + 1);
    }
    i = 0;
    while i < SearchParams::SETTINGS.len() {
        let s = &SearchParams::SETTINGS[i];
        out[n] = setting(s, OptionGroup::SearchParam, Access::SearchParam(i));
        (n, i) = (n + 1, i + 1);
    }
    // `out[n]` is already the choice of evaluation.
    n += 1;
    i = 0;
    while i < EvalOptions::SETTINGS.len() {
        let s = &EvalOptions::SETTINGS[i];
        out[n] = setting(s, OptionGroup::EvalTerm, Access::EvalTerm(i));
        (n, i) = (n + 1, i + 1);
    }
    i = 0;
    while i < EvalParams::COUNT {
        let weight = &EvalParams::WEIGHTS[i];
        out[n] = EngineOption {
            name: weight.name,
            aliases: &[],
            group: OptionGroup::EvalWeight,
            kind: OptionKind::Int {
                min: WEIGHT_RANGE.0 as i64,
                max: WEIGHT_RANGE.1 as i64,
            },
            description: weight.description,
            access: Access::Weight(i),
        };
        (n, i) = (n + 1, i + 1);
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
            (OptionKind::PowerOfTwo { min, max }, OptionValue::Int(n)) => {
                OptionValue::Int(if n < max { n * 2 } else { min })
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
        // The ten switches, and the book and its margin.
        assert_eq!(count(OptionGroup::SearchFeature), 15);
        assert_eq!(count(OptionGroup::SearchParam), 28);
        // The eight terms and the choice of evaluation.
        assert_eq!(count(OptionGroup::EvalTerm), 9);
        assert_eq!(count(OptionGroup::EvalWeight), EvalParams::COUNT);
    }

    /// The field names of a struct, read from its `Debug` form
    /// (`Name { a: 1, b: true }`); nested structs are skipped.
    fn field_names(debug: &str) -> Vec<String> {
        let inner = &debug[debug.find('{').unwrap() + 1..debug.rfind('}').unwrap()];
        let mut names = Vec::new();
        let mut depth = 0;
        let mut start = 0;
        for (i, ch) in inner.char_indices() {
            match ch {
                '{' | '[' => depth += 1,
                '}' | ']' => depth -= 1,
                ':' if depth == 0 => names.push(inner[start..i].trim().to_string()),
                ',' if depth == 0 => start = i + 1,
                _ => {}
            }
        }
        names
    }

    #[test]
    fn every_field_of_the_settings_is_an_option() {
        let cases = [
            (
                "",
                format!("{:?}", SearchParams::DEFAULT),
                OptionGroup::SearchParam,
            ),
            (
                "",
                format!("{:?}", SearchOptions::DEFAULT),
                OptionGroup::SearchFeature,
            ),
            (
                "eval_",
                format!("{:?}", EvalOptions::DEFAULT),
                OptionGroup::EvalTerm,
            ),
        ];
        for (prefix, debug, group) in cases {
            let fields = field_names(&debug);
            assert!(fields.len() >= 8, "{debug}");
            for field in fields.iter().filter(|f| *f != "params") {
                let name = format!("{prefix}{field}");
                let o = find(&name).unwrap_or_else(|| panic!("{name} is not an option"));
                assert_eq!((o.name, o.group), (name.as_str(), group));
            }
        }
        let names = field_names(&format!("{:?}", SearchParams::DEFAULT));
        assert_eq!(names.len(), 28);
        assert!(names.contains(&"check_interval".to_string()));
        // The option's default is the field's default.
        assert_eq!(
            find("check_interval").unwrap().default_value(),
            OptionValue::Int(SearchParams::DEFAULT.check_interval as i64)
        );
        let c = EngineConfig::from_settings(["check_interval=4096"]).unwrap();
        assert_eq!(c.search.params.check_interval, 4096);
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
                OptionKind::PowerOfTwo { min, max } => {
                    for bad in [min - 1, max * 2, 3, max - 1] {
                        let e = config
                            .set_option(option.name, &bad.to_string())
                            .unwrap_err();
                        assert_eq!(
                            e.to_string(),
                            format!(
                                "{}={bad}: expected a power of two in {min}..={max}",
                                option.name
                            )
                        );
                    }
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
                // `book` also takes a book file: "maybe" is no file.
                OptionKind::Bool if option.name == "book" => {
                    let e = config.set_option(option.name, "maybe").unwrap_err();
                    let text = e.to_string();
                    assert!(
                        text.starts_with("book=maybe: expected on, off or a book file; maybe: "),
                        "{text}"
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

    #[test]
    fn option_book_takes_on_off_or_a_book_file() {
        use crate::book::{Book, Entry};
        use tama_core::{Position, Preset, Rules};
        let mut c = EngineConfig::default();
        c.set_option("book", "off").unwrap();
        assert!(!c.search.book && c.book.is_none());

        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let start = Position::start();
        let mv = start.legal_moves(&Rules::TURKISH)[0];
        let entry =
            Entry::new(&start, &Rules::TURKISH, &mv, crate::Score::centi_men(5), 1).unwrap();
        let file = dir.join("turkish.tbk");
        std::fs::write(
            &file,
            Book::from_entries(Preset::Turkish, vec![entry]).to_bytes(),
        )
        .unwrap();
        c.set_option("book", file.to_str().unwrap()).unwrap();
        assert!(c.search.book);
        assert_eq!(c.book.as_ref().unwrap().preset(), Preset::Turkish);

        // A word that is no file: the error says both, and nothing changes.
        let before = c.clone();
        let e = c.set_option("book", "maybe").unwrap_err();
        assert!(matches!(e.problem, OptionProblem::BookFile(_)), "{e:?}");
        assert!(
            e.to_string()
                .starts_with("book=maybe: expected on, off or a book file; maybe: "),
            "{e}"
        );
        let damaged = dir.join("damaged.tbk");
        std::fs::write(&damaged, b"TAMABOOK").unwrap();
        let e = c.set_option("book", damaged.to_str().unwrap()).unwrap_err();
        assert!(e.to_string().contains("book file: truncated"), "{e}");
        assert_eq!(c.book, before.book);
        // Other options keep their type errors.
        assert_eq!(
            c.set_option("lmr", "maybe").unwrap_err().problem,
            OptionProblem::Type(OptionKind::Bool)
        );
    }
}
