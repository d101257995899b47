//! Rules text: `PRESET[,KEY=VALUE...]` (docs/NOTATION.md, "Rules text").
//!
//! ```
//! use tama_core::{Promotion, Rules};
//! use tama_notation::{parse_rules, write_rules};
//!
//! let rules = parse_rules("armenian, promotion=midway").unwrap();
//! assert_eq!(rules, Rules { promotion: Promotion::Midway, ..Rules::ARMENIAN });
//! assert_eq!(write_rules(&rules), "armenian,promotion=midway");
//!
//! // The writer picks the preset that needs the fewest switches.
//! let rules = parse_rules("Armenian,man-diagonal=no,king-diagonal=no,draw-one-each=yes").unwrap();
//! assert_eq!(write_rules(&rules), "turkish");
//!
//! let err = parse_rules("armenian,foo=yes").unwrap_err();
//! assert_eq!(err.column, 10);
//! assert!(err.to_string().starts_with("column 10: unknown switch `foo`"));
//! ```
//!
//! Reading is lenient: any case, spaces around the preset, the keys and the
//! values. When the text starts with a switch (`promotion=midway`, as the
//! rules table of docs/RULES.md writes it) the preset is `armenian`, the default.

use core::fmt;

use tama_core::{KingReversal, Preset, Promotion, Removal, Rules};

/// A rule switch of docs/RULES.md, in the order of its table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Switch {
    /// `man-diagonal`: `yes` / `no`.
    ManDiagonal,
    /// `king-diagonal`: `yes` / `no`.
    KingDiagonal,
    /// `removal`: `immediate` / `end-of-move`.
    Removal,
    /// `king-reversal`: `forbidden` / `allowed`.
    KingReversal,
    /// `promotion`: `end-of-move` / `midway`.
    Promotion,
    /// `draw-one-each`: `yes` / `no`.
    DrawOneEach,
    /// `draw-repetition`: `yes` / `no`.
    DrawRepetition,
}

impl Switch {
    /// Every switch, in the order of the docs/RULES.md table (the order in which
    /// [`write_rules`] writes them).
    pub const ALL: [Switch; 7] = [
        Switch::ManDiagonal,
        Switch::KingDiagonal,
        Switch::Removal,
        Switch::KingReversal,
        Switch::Promotion,
        Switch::DrawOneEach,
        Switch::DrawRepetition,
    ];

    /// The switch's name in rules text (the CLI spelling).
    pub const fn name(self) -> &'static str {
        match self {
            Switch::ManDiagonal => "man-diagonal",
            Switch::KingDiagonal => "king-diagonal",
            Switch::Removal => "removal",
            Switch::KingReversal => "king-reversal",
            Switch::Promotion => "promotion",
            Switch::DrawOneEach => "draw-one-each",
            Switch::DrawRepetition => "draw-repetition",
        }
    }

    /// The switch's two values; the first is the one `armenian` uses,
    /// except for the yes/no switches, which list `yes` first.
    pub const fn values(self) -> [&'static str; 2] {
        match self {
            Switch::ManDiagonal
            | Switch::KingDiagonal
            | Switch::DrawOneEach
            | Switch::DrawRepetition => ["yes", "no"],
            Switch::Removal => ["immediate", "end-of-move"],
            Switch::KingReversal => ["forbidden", "allowed"],
            Switch::Promotion => ["end-of-move", "midway"],
        }
    }

    /// What the switch decides, in words (the docs/RULES.md table's; the
    /// web page's rules dialog shows it).
    pub const fn description(self) -> &'static str {
        match self {
            Switch::ManDiagonal => "Men may also step diagonally forward",
            Switch::KingDiagonal => "Kings' quiet moves also along diagonals",
            Switch::Removal => "When captured pieces leave the board",
            Switch::KingReversal => "May a king turn 180° between jumps",
            Switch::Promotion => "A man reaching the last rank mid-capture",
            Switch::DrawOneEach => "One piece each is a draw",
            Switch::DrawRepetition => "Threefold repetition is a draw",
        }
    }

    /// The switch's value in `rules`, as written in rules text.
    pub fn get(self, rules: &Rules) -> &'static str {
        let [a, b] = self.values();
        let first = match self {
            Switch::ManDiagonal => rules.man_diagonal,
            Switch::KingDiagonal => rules.king_diagonal,
            Switch::Removal => rules.removal == Removal::Immediate,
            Switch::KingReversal => rules.king_reversal == KingReversal::Forbidden,
            Switch::Promotion => rules.promotion == Promotion::EndOfMove,
            Switch::DrawOneEach => rules.draw_one_each,
            Switch::DrawRepetition => rules.draw_repetition,
        };
        if first {
            a
        } else {
            b
        }
    }

    /// Sets the switch in `rules` to the value with this index in
    /// [`Switch::values`] (`0` or `1`).
    fn set(self, rules: &mut Rules, index: usize) {
        let first = index == 0;
        match self {
            Switch::ManDiagonal => rules.man_diagonal = first,
            Switch::KingDiagonal => rules.king_diagonal = first,
            Switch::Removal => {
                rules.removal = if first {
                    Removal::Immediate
                } else {
                    Removal::EndOfMove
                }
            }
            Switch::KingReversal => {
                rules.king_reversal = if first {
                    KingReversal::Forbidden
                } else {
                    KingReversal::Allowed
                }
            }
            Switch::Promotion => {
                rules.promotion = if first {
                    Promotion::EndOfMove
                } else {
                    Promotion::Midway
                }
            }
            Switch::DrawOneEach => rules.draw_one_each = first,
            Switch::DrawRepetition => rules.draw_repetition = first,
        }
    }
}

impl fmt::Display for Switch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What is wrong with a rules text.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RulesErrorKind {
    /// The text is empty (or only spaces).
    Empty,
    /// The first item is not a preset name.
    UnknownPreset,
    /// The key of a `KEY=VALUE` item is not a switch.
    UnknownSwitch,
    /// The value is not one of the switch's two values.
    UnknownValue(Switch),
    /// A switch written without `=VALUE`.
    MissingValue(Switch),
    /// Nothing between two commas, or after the last one.
    EmptySwitch,
    /// The same switch given twice.
    DuplicateSwitch(Switch),
}

/// A rules text that could not be read.
///
/// Its `Display` names the column and the token and lists the valid
/// choices: `column 10: unknown switch `foo`: expected one of man-diagonal,
/// …`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RulesError {
    /// What is wrong.
    pub kind: RulesErrorKind,
    /// The 1-based character column of the offending token.
    pub column: usize,
    /// The offending token, as written (empty for [`RulesErrorKind::Empty`]
    /// and [`RulesErrorKind::EmptySwitch`]).
    pub token: String,
}

fn write_list(
    f: &mut fmt::Formatter<'_>,
    items: impl IntoIterator<Item = &'static str>,
) -> fmt::Result {
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        f.write_str(item)?;
    }
    Ok(())
}

fn presets() -> impl Iterator<Item = &'static str> {
    Preset::ALL.into_iter().map(Preset::name)
}

fn switches() -> impl Iterator<Item = &'static str> {
    Switch::ALL.into_iter().map(Switch::name)
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: ", self.column)?;
        let token = &self.token;
        match self.kind {
            RulesErrorKind::Empty => {
                f.write_str("empty rules text: expected a preset, one of ")?;
                write_list(f, presets())
            }
            RulesErrorKind::UnknownPreset if token.is_empty() => {
                f.write_str("missing preset: expected one of ")?;
                write_list(f, presets())
            }
            RulesErrorKind::UnknownPreset => {
                write!(f, "unknown preset `{token}`: expected one of ")?;
                write_list(f, presets())
            }
            RulesErrorKind::UnknownSwitch => {
                write!(f, "unknown switch `{token}`: expected one of ")?;
                write_list(f, switches())
            }
            RulesErrorKind::UnknownValue(switch) => {
                write!(f, "unknown value `{token}` for {switch}: expected one of ")?;
                write_list(f, switch.values())
            }
            RulesErrorKind::MissingValue(switch) => {
                let [a, b] = switch.values();
                write!(
                    f,
                    "switch `{token}` has no value: expected {switch}={a} or {switch}={b}"
                )
            }
            RulesErrorKind::EmptySwitch => {
                f.write_str("empty switch: expected KEY=VALUE with KEY one of ")?;
                write_list(f, switches())
            }
            RulesErrorKind::DuplicateSwitch(switch) => {
                write!(f, "switch {switch} given twice (`{token}`)")
            }
        }
    }
}

impl std::error::Error for RulesError {}

/// The 1-based character column of `sub`, a slice of `base`.
pub(crate) fn column_of(base: &str, sub: &str) -> usize {
    let offset = (sub.as_ptr() as usize).saturating_sub(base.as_ptr() as usize);
    base.get(..offset).map_or(0, |s| s.chars().count()) + 1
}

/// Reads a rules text: a preset name, then `,KEY=VALUE` for each switch
/// that differs from it.
///
/// Any case and spaces around names and values are accepted. A text that
/// starts with a switch instead of a preset (`promotion=midway`) applies it
/// to `armenian`.
///
/// # Errors
///
/// [`RulesError`] naming the offending token and its column: an empty text,
/// an unknown preset, switch or value, a switch without a value, an empty
/// item between commas, or a switch given twice.
pub fn parse_rules(text: &str) -> Result<Rules, RulesError> {
    let error = |kind, token: &str| RulesError {
        kind,
        column: column_of(text, token),
        token: token.to_string(),
    };
    if text.trim().is_empty() {
        return Err(RulesError {
            kind: RulesErrorKind::Empty,
            column: 1,
            token: String::new(),
        });
    }
    let mut items = text.split(',').peekable();
    let mut rules = Rules::ARMENIAN;
    if let Some(first) = items.next_if(|item| !item.contains('=')) {
        let name = first.trim();
        rules = Preset::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                if switches().any(|s| s.eq_ignore_ascii_case(name)) {
                    let switch = lookup_switch(name).unwrap_or(Switch::ManDiagonal);
                    error(RulesErrorKind::MissingValue(switch), name)
                } else {
                    error(RulesErrorKind::UnknownPreset, name)
                }
            })?
            .rules();
    }
    let mut seen = [false; 7];
    for item in items {
        let (key, value) = match item.split_once('=') {
            Some((k, v)) => (k.trim(), Some(v.trim())),
            None => (item.trim(), None),
        };
        if key.is_empty() && value.is_none() {
            // Point at the comma before the empty item.
            let column = column_of(text, item).saturating_sub(1).max(1);
            return Err(RulesError {
                kind: RulesErrorKind::EmptySwitch,
                column,
                token: String::new(),
            });
        }
        let switch = lookup_switch(key).ok_or_else(|| error(RulesErrorKind::UnknownSwitch, key))?;
        let Some(value) = value else {
            return Err(error(RulesErrorKind::MissingValue(switch), key));
        };
        let index = switch
            .values()
            .iter()
            .position(|v| v.eq_ignore_ascii_case(value))
            .ok_or_else(|| error(RulesErrorKind::UnknownValue(switch), value))?;
        let slot = &mut seen[switch as usize];
        if *slot {
            return Err(error(RulesErrorKind::DuplicateSwitch(switch), key));
        }
        *slot = true;
        switch.set(&mut rules, index);
    }
    Ok(rules)
}

fn lookup_switch(key: &str) -> Option<Switch> {
    Switch::ALL
        .into_iter()
        .find(|s| s.name().eq_ignore_ascii_case(key))
}

/// Writes rules canonically: the preset that needs the fewest switches
/// (on a tie the first of `armenian`, `turkish`, `armenian-orthogonal`),
/// then `,KEY=VALUE` for each switch that differs from it, in the order of
/// the docs/RULES.md table. [`parse_rules`] reads it back to the same rules.
pub fn write_rules(rules: &Rules) -> String {
    let differing = |preset: Preset| {
        let base = preset.rules();
        Switch::ALL
            .into_iter()
            .filter(move |s| s.get(&base) != s.get(rules))
    };
    let preset = Preset::ALL
        .into_iter()
        .min_by_key(|&p| differing(p).count())
        .unwrap_or(Preset::Armenian);
    let mut out = String::from(preset.name());
    for switch in differing(preset) {
        out.push(',');
        out.push_str(switch.name());
        out.push('=');
        out.push_str(switch.get(rules));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_rules() -> impl Iterator<Item = Rules> {
        (0u32..128).map(|bits| {
            let mut rules = Rules::ARMENIAN;
            for (i, s) in Switch::ALL.into_iter().enumerate() {
                s.set(&mut rules, ((bits >> i) & 1) as usize);
            }
            rules
        })
    }

    #[test]
    fn every_combination_round_trips() {
        let mut distinct = std::collections::HashSet::new();
        for rules in all_rules() {
            let text = write_rules(&rules);
            assert_eq!(parse_rules(&text), Ok(rules), "{text}");
            assert_eq!(parse_rules(&text.to_uppercase()), Ok(rules), "{text}");
            let spaced = format!(" {} ", text.replace(',', " , ").replace('=', " = "));
            assert_eq!(parse_rules(&spaced), Ok(rules), "{spaced}");
            distinct.insert(text);
        }
        assert_eq!(distinct.len(), 128);
    }

    #[test]
    fn writer_uses_fewest_switches() {
        for rules in all_rules() {
            let text = write_rules(&rules);
            let written = text.matches('=').count();
            for preset in Preset::ALL {
                let need = Switch::ALL
                    .iter()
                    .filter(|s| s.get(&preset.rules()) != s.get(&rules))
                    .count();
                assert!(written <= need, "{text} vs {preset}");
            }
        }
        assert_eq!(write_rules(&Rules::ARMENIAN), "armenian");
        assert_eq!(write_rules(&Rules::TURKISH), "turkish");
        assert_eq!(
            write_rules(&Rules::ARMENIAN_ORTHOGONAL),
            "armenian-orthogonal"
        );
        let r = Rules {
            draw_one_each: false,
            ..Rules::TURKISH
        };
        // One switch from turkish, three from armenian-orthogonal.
        assert_eq!(write_rules(&r), "turkish,draw-one-each=no");
        let r = Rules {
            removal: Removal::EndOfMove,
            ..Rules::ARMENIAN
        };
        assert_eq!(write_rules(&r), "armenian,removal=end-of-move");
        // Two switches from armenian and two from armenian-orthogonal: the
        // tie goes to armenian. Switches follow the table order.
        let r = Rules {
            promotion: Promotion::Midway,
            removal: Removal::EndOfMove,
            ..Rules::ARMENIAN
        };
        assert_eq!(
            write_rules(&r),
            "armenian,removal=end-of-move,promotion=midway"
        );
    }

    #[test]
    fn lenient_forms() {
        assert_eq!(parse_rules("armenian"), Ok(Rules::ARMENIAN));
        assert_eq!(parse_rules("  TURKISH "), Ok(Rules::TURKISH));
        assert_eq!(
            parse_rules("Armenian-Orthogonal"),
            Ok(Rules::ARMENIAN_ORTHOGONAL)
        );
        assert_eq!(
            parse_rules("turkish,draw-one-each=no"),
            Ok(Rules {
                draw_one_each: false,
                ..Rules::TURKISH
            })
        );
        assert_eq!(
            parse_rules("king-reversal=allowed"),
            Ok(Rules {
                king_reversal: KingReversal::Allowed,
                ..Rules::ARMENIAN
            })
        );
        // A switch may restate the preset's value.
        assert_eq!(
            parse_rules("armenian,man-diagonal=yes"),
            Ok(Rules::ARMENIAN)
        );
    }

    fn err(text: &str) -> (RulesErrorKind, usize, String, String) {
        let e = parse_rules(text).unwrap_err();
        let msg = e.to_string();
        (e.kind, e.column, e.token, msg)
    }

    #[test]
    fn errors_name_token_and_column() {
        let (kind, column, token, msg) = err("armenian,foo=yes");
        assert_eq!(
            (kind, column, token.as_str()),
            (RulesErrorKind::UnknownSwitch, 10, "foo")
        );
        assert_eq!(
            msg,
            "column 10: unknown switch `foo`: expected one of man-diagonal, king-diagonal, \
             removal, king-reversal, promotion, draw-one-each, draw-repetition"
        );

        let (kind, column, _, msg) = err("armenien");
        assert_eq!((kind, column), (RulesErrorKind::UnknownPreset, 1));
        assert_eq!(
            msg,
            "column 1: unknown preset `armenien`: expected one of armenian, turkish, \
             armenian-orthogonal"
        );

        let (kind, column, token, msg) = err("armenian,promotion=late");
        assert_eq!(kind, RulesErrorKind::UnknownValue(Switch::Promotion));
        assert_eq!((column, token.as_str()), (20, "late"));
        assert_eq!(
            msg,
            "column 20: unknown value `late` for promotion: expected one of end-of-move, midway"
        );

        let (kind, column, _, msg) = err("turkish,removal=immediate, Removal = end-of-move");
        assert_eq!(kind, RulesErrorKind::DuplicateSwitch(Switch::Removal));
        assert_eq!(column, 28);
        assert_eq!(msg, "column 28: switch removal given twice (`Removal`)");

        let (kind, column, _, msg) = err("armenian,promotion");
        assert_eq!(kind, RulesErrorKind::MissingValue(Switch::Promotion));
        assert_eq!(column, 10);
        assert_eq!(
            msg,
            "column 10: switch `promotion` has no value: expected promotion=end-of-move or \
             promotion=midway"
        );

        let (kind, column, _, _) = err("promotion");
        assert_eq!(
            (kind, column),
            (RulesErrorKind::MissingValue(Switch::Promotion), 1)
        );

        let (kind, column, _, msg) = err("armenian,,removal=immediate");
        assert_eq!((kind, column), (RulesErrorKind::EmptySwitch, 9));
        assert!(
            msg.starts_with("column 9: empty switch: expected KEY=VALUE"),
            "{msg}"
        );
        let (kind, column, _, _) = err("armenian,");
        assert_eq!((kind, column), (RulesErrorKind::EmptySwitch, 9));

        let (kind, column, _, msg) = err("   ");
        assert_eq!((kind, column), (RulesErrorKind::Empty, 1));
        assert_eq!(
            msg,
            "column 1: empty rules text: expected a preset, one of armenian, turkish, \
             armenian-orthogonal"
        );

        // Columns count characters, not bytes.
        let (kind, column, token, _) = err("ä,ö=yes");
        assert_eq!(
            (kind, column, token.as_str()),
            (RulesErrorKind::UnknownPreset, 1, "ä")
        );
        let (kind, column, token, _) = err("armenian,é=yes");
        assert_eq!(
            (kind, column, token.as_str()),
            (RulesErrorKind::UnknownSwitch, 10, "é")
        );
        let (_, column, _, _) = err("é=1,x");
        assert_eq!(column, 1);
        let (kind, column, _, _) = err("turkish,king-diagonal=ñ");
        assert_eq!(
            (kind, column),
            (RulesErrorKind::UnknownValue(Switch::KingDiagonal), 23)
        );
    }
}
