//! The types of the engine's settings and the declaration of a struct of
//! settings (`settings!`): what [`params`](crate::params) and
//! [`EvalOptions`](crate::EvalOptions) declare their fields with and the
//! [`options`](crate::options) registry reads. Nothing here knows the
//! engine.

use core::fmt;

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
    /// A power of two from `min` to `max`, both included.
    PowerOfTwo {
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

/// `bool`, `int 1..=65536`, `power of two 1..=65536`, `real 0..=4`.
impl fmt::Display for OptionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionKind::Bool => f.write_str("bool"),
            OptionKind::Int { min, max } => write!(f, "int {min}..={max}"),
            OptionKind::PowerOfTwo { min, max } => write!(f, "power of two {min}..={max}"),
            OptionKind::Real { min, max } => write!(f, "real {min}..={max}"),
            OptionKind::Choice(values) => write!(f, "one of {}", values.join("|")),
        }
    }
}

impl OptionKind {
    /// Whether the whole number `n` is a value of this kind.
    pub(crate) fn admits(self, n: i64) -> bool {
        match self {
            OptionKind::Int { min, max } => (min..=max).contains(&n),
            OptionKind::PowerOfTwo { min, max } => (min..=max).contains(&n) && n.count_ones() == 1,
            _ => false,
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

/// `true`, `42`, `0.5`: the text [`EngineOption::parse`](crate::options::EngineOption::parse) reads back.
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

/// The JSON form of a value: a boolean, a number or a word.
#[cfg(feature = "serde")]
impl serde::Serialize for OptionValue {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match *self {
            OptionValue::Bool(b) => s.serialize_bool(b),
            OptionValue::Int(n) => s.serialize_i64(n),
            OptionValue::Real(x) => s.serialize_f64(x),
            OptionValue::Choice(w) => s.serialize_str(w),
        }
    }
}

/// One setting of a struct declared with `settings!` ([`SearchParams`],
/// [`SearchOptions`], [`EvalOptions`](crate::EvalOptions)) as the option
/// registry sees it: name, older names, type and range, description, and
/// how it reads and writes the field.
#[derive(Clone, Copy)]
pub(crate) struct Setting<T> {
    pub(crate) name: &'static str,
    pub(crate) aliases: &'static [&'static str],
    pub(crate) kind: OptionKind,
    pub(crate) description: &'static str,
    pub(crate) get: fn(&T) -> OptionValue,
    pub(crate) set: fn(&mut T, OptionValue),
}

/// Declares a struct of settings once: each field with its doc comment,
/// name (and older names), type, default, option type and range, and the
/// option's one-line description, as
/// `name | "alias": type = default, Int(min, max), "description";` (or
/// `Bool`, or `Real(min, max)`). The option names are the field names
/// after `prefix`. Fields after `rest` are plain fields with a default
/// and no option. It generates the struct, its `DEFAULT` (with the doc
/// comment given before `DEFAULT;`) and its `SETTINGS`, which the option
/// registry reads.
macro_rules! settings {
    (
        prefix $prefix:literal;
        $(#[$meta:meta])*
        pub struct $name:ident {
            $(
                $(#[doc = $doc:literal])*
                $field:ident $(| $alias:literal)* : $ty:ty = $default:expr,
                    $kind:ident $(($min:literal, $max:literal))?, $description:literal;
            )+
        }
        $(#[doc = $default_doc:literal])*
        DEFAULT;
        $(rest {
            $(
                $(#[doc = $rest_doc:literal])*
                $rest:ident : $rest_ty:ty = $rest_default:expr;
            )+
        })?
    ) => {
        $(#[$meta])*
        pub struct $name {
            $($(#[doc = $doc])* pub $field: $ty,)+
            $($($(#[doc = $rest_doc])* pub $rest: $rest_ty,)+)?
        }

        impl $name {
            $(#[doc = $default_doc])*
            pub const DEFAULT: $name = $name {
                $($field: $default,)+
                $($($rest: $rest_default,)+)?
            };

            /// Every setting, in the order of the fields.
            pub(crate) const SETTINGS: &'static [$crate::settings::Setting<$name>] = &[
                $($crate::settings::Setting {
                    name: concat!($prefix, stringify!($field)),
                    aliases: &[$($alias),*],
                    kind: settings!(@kind $kind $($min, $max)?),
                    description: $description,
                    get: |s: &$name| settings!(@get $kind s.$field),
                    set: |s: &mut $name, v| settings!(@set $kind s.$field, v),
                },)+
            ];
        }
    };
    (@kind Bool) => { $crate::settings::OptionKind::Bool };
    (@kind Int $min:literal, $max:literal) => {
        $crate::settings::OptionKind::Int { min: $min, max: $max }
    };
    (@kind PowerOfTwo $min:literal, $max:literal) => {
        $crate::settings::OptionKind::PowerOfTwo { min: $min, max: $max }
    };
    (@kind Real $min:literal, $max:literal) => {
        $crate::settings::OptionKind::Real { min: $min, max: $max }
    };
    (@get Bool $field:expr) => { $crate::settings::OptionValue::Bool($field) };
    (@get Real $field:expr) => { $crate::settings::OptionValue::Real($field) };
    // Whole numbers: the range check in `EngineOption::set` keeps a value
    // within the field's type.
    (@get $int:ident $field:expr) => { $crate::settings::OptionValue::Int($field as i64) };
    (@set Bool $field:expr, $v:ident) => {
        if let $crate::settings::OptionValue::Bool(b) = $v {
            $field = b;
        }
    };
    (@set Real $field:expr, $v:ident) => {
        if let $crate::settings::OptionValue::Real(x) = $v {
            $field = x;
        }
    };
    (@set $int:ident $field:expr, $v:ident) => {
        if let $crate::settings::OptionValue::Int(n) = $v {
            $field = n as _;
        }
    };
}

pub(crate) use settings;
