//! What `tama egtb` answers in JSON: a position's table value with its
//! moves ranked ([`TableProbe`]), a table file's check ([`TableCheck`]),
//! a table's statistics ([`TableStatsRow`]) and the generation plan
//! ([`TablePlan`]).

use serde::Serialize;
use tama_search::OracleValue;

use crate::Tables;

/// A move of a probed position and the table value after it (for the
/// side to move after it), `null` when not in the tables.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableMove {
    /// Move text.
    #[serde(rename = "move")]
    pub mv: String,
    /// The value after the move.
    pub value: Option<OracleValue>,
}

/// A probe of the tables: the position, its value, its moves ranked, and
/// the report fields of a table value (`tb`, `distance`, `tbkind`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableProbe {
    /// Position text.
    pub fen: String,
    /// Rules text.
    pub rules: String,
    /// The position's value, `null` when not in the tables.
    pub value: Option<OracleValue>,
    /// Every move, best first.
    pub moves: Vec<TableMove>,
    /// The value as an analysis reports it.
    #[serde(flatten)]
    pub tables: Tables,
}

/// A table file's check: sound with its positions, damaged, or a stored
/// value its successors contradict.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableCheck {
    /// The file.
    pub file: String,
    /// Whether the file is sound.
    pub ok: bool,
    /// Positions checked, for a sound file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub positions: Option<u64>,
    /// What is damaged.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub damaged: Option<String>,
    /// The wrong position's index.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<u64>,
    /// The wrong position.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// Its stored value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stored: Option<OracleValue>,
    /// The value its successors give (present, possibly `null`, for a
    /// wrong position).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<Option<OracleValue>>,
}

impl TableCheck {
    /// A sound file.
    pub fn sound(file: String, positions: u64) -> Self {
        TableCheck {
            positions: Some(positions),
            ..TableCheck::bare(file, true)
        }
    }

    /// A damaged file.
    pub fn damaged(file: String, what: String) -> Self {
        TableCheck {
            damaged: Some(what),
            ..TableCheck::bare(file, false)
        }
    }

    /// A file with a wrong value.
    pub fn wrong(
        file: String,
        index: u64,
        fen: String,
        stored: OracleValue,
        expected: Option<OracleValue>,
    ) -> Self {
        TableCheck {
            index: Some(index),
            fen: Some(fen),
            stored: Some(stored),
            expected: Some(expected),
            ..TableCheck::bare(file, false)
        }
    }

    fn bare(file: String, ok: bool) -> Self {
        TableCheck {
            file,
            ok,
            positions: None,
            damaged: None,
            index: None,
            fen: None,
            stored: None,
            expected: None,
        }
    }
}

/// One table's statistics (`tama egtb stats --json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableStatsRow {
    /// Rules text.
    pub rules: String,
    /// The material.
    pub material: String,
    /// The table's kind.
    pub kind: &'static str,
    /// Positions.
    pub positions: u64,
    /// Wins for the side to move.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses for the side to move.
    pub losses: u64,
    /// The longest win, in plies.
    pub longest_win: u32,
    /// A position of the longest win.
    pub longest_win_fen: Option<String>,
    /// The file's size.
    pub bytes: u64,
}

/// One unit of the generation plan: the tables generated together, their
/// entries, and the units they need first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlanUnit {
    /// The unit.
    pub unit: String,
    /// Entries to generate.
    pub entries: u64,
    /// Its tables.
    pub tables: Vec<String>,
    /// The units it needs.
    pub depends_on: Vec<String>,
}

/// The generation plan: units in waves, each wave needing only earlier
/// ones.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TablePlan {
    /// The most pieces.
    pub pieces: u32,
    /// The waves.
    pub waves: Vec<Vec<PlanUnit>>,
}
