//! The summary of a match between two players (`tama match --json`'s
//! last object): the score, the Elo difference with its 95 % interval,
//! by games and by game pairs (pentanomial), how the games ended, and on
//! a clock the losses on time, with pondering its hits and misses.

use std::collections::BTreeMap;

use serde::Serialize;

/// An Elo difference with its 95 % interval, to a tenth of a point.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct EloRange {
    /// The estimate.
    pub elo: f64,
    /// The interval's lower end.
    pub lower: f64,
    /// The interval's upper end.
    pub upper: f64,
}

impl EloRange {
    /// The difference and interval, each rounded to a tenth.
    pub fn rounded(elo: f64, lower: f64, upper: f64) -> Self {
        let round = |x: f64| (x * 10.0).round() / 10.0;
        EloRange {
            elo: round(elo),
            lower: round(lower),
            upper: round(upper),
        }
    }
}

/// One number for each player: `{"a", "b"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PerPlayer<T> {
    /// Player A's.
    pub a: T,
    /// Player B's.
    pub b: T,
}

/// A player's ponder searches: `{"hits", "misses"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PonderTally {
    /// Searches whose expected move was played.
    pub hits: u32,
    /// Searches stopped by another move.
    pub misses: u32,
}

/// The summary of a match, from A's side.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchSummary {
    /// A's name.
    pub a: String,
    /// B's name.
    pub b: String,
    /// The rules text.
    pub rules: String,
    /// Games played.
    pub games: usize,
    /// A's wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// A's losses.
    pub losses: u32,
    /// A's score, 0 to 1, to four places.
    pub score: f64,
    /// The Elo difference by games.
    pub elo: EloRange,
    /// Game pairs scored 0, ½, 1, 1½ and 2 by A.
    pub pentanomial: [u32; 5],
    /// The Elo difference by game pairs.
    pub elo_pentanomial: EloRange,
    /// Games by how they ended (the termination's description).
    pub endings: BTreeMap<&'static str, u32>,
    /// The file the games were written to.
    pub pdn: Option<String>,
    /// The time control, for a match on a clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tc: Option<String>,
    /// Losses on time, for a match on a clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub losses_on_time: Option<PerPlayer<u32>>,
    /// Ponder searches, when a player pondered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ponder: Option<PerPlayer<PonderTally>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_optional_parts_appear_only_when_they_apply() {
        let mut s = MatchSummary {
            a: "a".into(),
            b: "b".into(),
            rules: "armenian".into(),
            games: 2,
            wins: 1,
            draws: 1,
            losses: 0,
            score: 0.75,
            elo: EloRange::rounded(190.849, -3.04, 400.0),
            pentanomial: [0, 0, 0, 1, 0],
            elo_pentanomial: EloRange::rounded(1.0, 0.0, 2.0),
            endings: BTreeMap::from([("no legal move", 1)]),
            pdn: None,
            tc: None,
            losses_on_time: None,
            ponder: None,
        };
        let json = serde_json::to_string(&s).unwrap();
        assert!(
            json.contains(r#""elo":{"elo":190.8,"lower":-3.0,"upper":400.0}"#),
            "{json}"
        );
        assert!(json.ends_with(r#""pdn":null}"#), "{json}");
        s.tc = Some("5s+0.05s".into());
        s.losses_on_time = Some(PerPlayer { a: 0, b: 1 });
        let json = serde_json::to_string(&s).unwrap();
        assert!(
            json.ends_with(r#""tc":"5s+0.05s","losses_on_time":{"a":0,"b":1}}"#),
            "{json}"
        );
    }
}
