//! The rules as the page's rules dialog shows them: every switch with its
//! values and description, every preset as switch settings, and one rules
//! text read back in canonical form ([`RulesTable`]). The web server
//! answers `GET /api/rules` with it and the WebAssembly package's
//! `rulesTable()` gives the same, so a new switch reaches both without a
//! change to either.
//!
//! ```
//! use tama_core::Rules;
//! use tama_api::RulesTable;
//!
//! let table = RulesTable::new(&Rules::TURKISH);
//! assert_eq!(table.rules.text, "turkish");
//! assert_eq!(table.rules.preset, "turkish");
//! assert_eq!(table.presets.len(), 3);
//! assert!(table.switches.iter().any(|s| s.name == "man-diagonal"));
//! ```

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use tama_core::{Preset, Rules};
use tama_notation::{write_rules, Switch};
use tama_search::Level;

/// One rule switch: its name in rules text, its values, what it decides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SwitchInfo {
    /// The name in rules text (`man-diagonal`).
    pub name: &'static str,
    /// The values it takes, in rules text.
    pub values: [&'static str; 2],
    /// What the switch decides, one line.
    pub description: &'static str,
}

/// A preset and the value of every switch in it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PresetInfo {
    /// The preset's name (`armenian`).
    pub name: &'static str,
    /// Each switch's value.
    pub switches: SwitchSettings,
}

/// Rules in canonical text, the preset that text starts from, and every
/// switch's value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RulesInfo {
    /// The canonical rules text (`turkish,draw-one-each=no`).
    pub text: String,
    /// The preset the text names first.
    pub preset: String,
    /// Each switch's value.
    pub switches: SwitchSettings,
}

/// The answer of `GET /api/rules` and the package's `rulesTable()`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RulesTable {
    /// Every switch.
    pub switches: Vec<SwitchInfo>,
    /// Every preset.
    pub presets: Vec<PresetInfo>,
    /// The rules asked about.
    pub rules: RulesInfo,
}

/// Each switch's value, in the order of [`Switch::ALL`]; written as a
/// JSON object (`{"man-diagonal": "yes", …}`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwitchSettings(pub Vec<(&'static str, &'static str)>);

impl SwitchSettings {
    /// The value of the switch named `name`.
    pub fn get(&self, name: &str) -> Option<&'static str> {
        self.0.iter().find(|(n, _)| *n == name).map(|&(_, v)| v)
    }
}

impl Serialize for SwitchSettings {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

/// Each switch's value in `rules`.
fn settings(rules: &Rules) -> SwitchSettings {
    SwitchSettings(
        Switch::ALL
            .into_iter()
            .map(|s| (s.name(), s.get(rules)))
            .collect(),
    )
}

impl RulesTable {
    /// The table, with `rules` as the rules asked about.
    pub fn new(rules: &Rules) -> RulesTable {
        let text = write_rules(rules);
        let preset = text.split(',').next().unwrap_or_default().to_owned();
        RulesTable {
            switches: Switch::ALL
                .into_iter()
                .map(|s| SwitchInfo {
                    name: s.name(),
                    values: s.values(),
                    description: s.description(),
                })
                .collect(),
            presets: Preset::ALL
                .into_iter()
                .map(|p| PresetInfo {
                    name: p.name(),
                    switches: settings(&p.rules()),
                })
                .collect(),
            rules: RulesInfo {
                switches: settings(rules),
                text,
                preset,
            },
        }
    }
}

/// The engine's levels of play (`tama play --level`), weakest first, and
/// the default: the answer of `GET /api/levels` and the package's
/// `levels()`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Levels {
    /// Every level: its number, depth (`null`: none) and time per move.
    pub levels: [Level; 10],
    /// The default level's number.
    pub default: u8,
}

impl Default for Levels {
    fn default() -> Levels {
        Levels {
            levels: Level::ALL,
            default: Level::DEFAULT.level,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_switch_and_preset_is_listed_and_read_back() {
        let rules = tama_notation::parse_rules("armenian,removal=end-of-move").unwrap();
        let table = RulesTable::new(&rules);
        assert_eq!(table.switches.len(), Switch::ALL.len());
        assert_eq!(table.rules.text, write_rules(&rules));
        assert_eq!(table.rules.preset, "armenian");
        assert_eq!(table.rules.switches.get("removal"), Some("end-of-move"));
        let turkish = table.presets.iter().find(|p| p.name == "turkish").unwrap();
        assert_eq!(turkish.switches, settings(&Rules::TURKISH));
        for s in &table.switches {
            let value = table.rules.switches.get(s.name).unwrap();
            assert!(s.values.contains(&value), "{}", s.name);
        }
    }

    #[test]
    fn levels_are_the_searchs() {
        let levels = Levels::default();
        assert_eq!(levels.levels, Level::ALL);
        assert!(levels.levels.iter().any(|l| l.level == levels.default));
    }
}
