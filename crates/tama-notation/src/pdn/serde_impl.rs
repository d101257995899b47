//! The JSON form of a game record (any serde format, in fact).
//!
//! ```json
//! {"tags": {"White": "A", "Result": "1-0", "GameType": "44,W,8,8,A0,0", "Rules": "armenian"},
//!  "rules": "armenian", "fen": "W:Wa2,…:B…", "first_move_number": 1,
//!  "moves": [{"move": "c3-c4", "from": "c3", "to": "c4", "path": ["c3", "c4"],
//!             "captures": [], "promotes": false, "nags": [1],
//!             "comments_after": ["only move"], "variations": [[{"move": "b3-b4", …}]]}],
//!  "result": "1-0"}
//! ```
//!
//! `tags` are the tags as the PDN writer writes them, in order; `rules`,
//! `fen` and `result` repeat the structural ones for convenience. On
//! reading, `rules`, `fen` and `result` win over the tags when present,
//! only `move` is needed of a move (the other move fields are ignored),
//! and every move is checked as the PDN reader checks it.

use core::fmt;

use serde::de::{self, MapAccess, Visitor};
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use tama_core::{Position, Rules};

use super::error::{PdnError, PdnErrorKind};
use super::game::{normalize_comment, Line, Node, PdnGame};
use super::replay::replay_one;
use super::source::Pos;
use super::syntax::{annotation_from_str, RawGame, RawNode, RawTag};
use super::tags::structural;
use super::GameResult;
use crate::json::move_json;
use crate::movetext::MoveText;

/// The tags in written order, structural ones included.
struct TagsOut<'a>(&'a PdnGame);

impl Serialize for TagsOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let pairs = super::writer::tag_list(self.0);
        let mut m = s.serialize_map(Some(pairs.len()))?;
        for (n, v) in &pairs {
            m.serialize_entry(n, v)?;
        }
        m.end()
    }
}

struct LineOut<'a> {
    line: &'a Line,
    rules: &'a Rules,
}

impl Serialize for LineOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.line.nodes.len()))?;
        let mut pos = self.line.start;
        for n in &self.line.nodes {
            seq.serialize_element(&NodeOut {
                node: n,
                pos: &pos,
                rules: self.rules,
            })?;
            pos = pos.play_unchecked(&n.mv);
        }
        seq.end()
    }
}

struct NodeOut<'a> {
    node: &'a Node,
    pos: &'a Position,
    rules: &'a Rules,
}

impl Serialize for NodeOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let n = self.node;
        let mj = move_json(self.pos, self.rules, &n.mv);
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("move", &mj.text)?;
        m.serialize_entry("from", &mj.from)?;
        m.serialize_entry("to", &mj.to)?;
        m.serialize_entry("path", &mj.path)?;
        m.serialize_entry("captures", &mj.captures)?;
        m.serialize_entry("promotes", &mj.promotes)?;
        if let Some(a) = n.annotation {
            m.serialize_entry("annotation", a.as_str())?;
        }
        if !n.nags.is_empty() {
            m.serialize_entry("nags", &n.nags)?;
        }
        if !n.comments_before.is_empty() {
            m.serialize_entry("comments_before", &n.comments_before)?;
        }
        if !n.comments_after.is_empty() {
            m.serialize_entry("comments_after", &n.comments_after)?;
        }
        let vars: Vec<LineOut<'_>> = n
            .variations
            .iter()
            .filter(|v| !v.is_empty())
            .map(|line| LineOut {
                line,
                rules: self.rules,
            })
            .collect();
        if !vars.is_empty() {
            m.serialize_entry("variations", &vars)?;
        }
        m.end()
    }
}

impl Serialize for PdnGame {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("tags", &TagsOut(self))?;
        m.serialize_entry("rules", &crate::rules_text::write_rules(&self.rules))?;
        m.serialize_entry("fen", &crate::fen::write_fen(self.start()))?;
        m.serialize_entry("first_move_number", &self.first_move_number)?;
        m.serialize_entry(
            "moves",
            &LineOut {
                line: &self.main,
                rules: &self.rules,
            },
        )?;
        if !self.comments.is_empty() {
            m.serialize_entry("comments", &self.comments)?;
        }
        m.serialize_entry("result", self.result.as_str())?;
        m.end()
    }
}

/// Tags read as a map, in document order.
#[derive(Default)]
struct TagsIn(Vec<(String, String)>);

impl<'de> Deserialize<'de> for TagsIn {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<TagsIn, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = TagsIn;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map of tag names to string values")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<TagsIn, A::Error> {
                let mut v = Vec::new();
                while let Some((k, val)) = map.next_entry::<String, String>()? {
                    v.push((k, val));
                }
                Ok(TagsIn(v))
            }
        }
        d.deserialize_map(V)
    }
}

#[derive(Deserialize)]
struct GameIn {
    #[serde(default)]
    tags: TagsIn,
    rules: Option<String>,
    fen: Option<String>,
    first_move_number: Option<u32>,
    #[serde(default)]
    moves: Vec<NodeIn>,
    #[serde(default)]
    comments: Vec<String>,
    result: Option<String>,
}

#[derive(Deserialize)]
struct NodeIn {
    #[serde(rename = "move")]
    text: String,
    annotation: Option<String>,
    #[serde(default)]
    nags: Vec<u8>,
    #[serde(default)]
    comments_before: Vec<String>,
    #[serde(default)]
    comments_after: Vec<String>,
    #[serde(default)]
    variations: Vec<Vec<NodeIn>>,
}

fn json_error(message: String) -> PdnError {
    PdnError::new(0, 0, PdnErrorKind::Json(message))
}

fn comments(list: Vec<String>) -> Result<Vec<String>, PdnError> {
    list.into_iter()
        .map(|c| {
            if c.contains('}') {
                Err(json_error(format!("comment `{c}` holds `}}`")))
            } else {
                Ok(normalize_comment(&c))
            }
        })
        .collect()
}

fn raw_line(nodes: Vec<NodeIn>) -> Result<Vec<RawNode>, PdnError> {
    nodes.into_iter().map(raw_node).collect()
}

fn raw_node(n: NodeIn) -> Result<RawNode, PdnError> {
    let text: MoveText = n.text.parse().map_err(|e| PdnError {
        line: 0,
        column: 0,
        kind: PdnErrorKind::BadMove {
            token: n.text.clone(),
            error: e,
        },
    })?;
    let mut raw = RawNode::new(text, Pos::default());
    if let Some(a) = n.annotation {
        raw.mark = Some(
            annotation_from_str(&a)
                .ok_or_else(|| json_error(format!("`{a}` is not a strength mark")))?,
        );
    }
    raw.nags = n.nags;
    raw.before = comments(n.comments_before)?;
    raw.after = comments(n.comments_after)?;
    raw.variations = n
        .variations
        .into_iter()
        .map(raw_line)
        .collect::<Result<_, _>>()?;
    if raw.variations.iter().any(Vec::is_empty) {
        return Err(json_error("empty variation".into()));
    }
    Ok(raw)
}

fn game_from_json(g: GameIn) -> Result<PdnGame, PdnError> {
    let mut tags: Vec<RawTag> = g
        .tags
        .0
        .into_iter()
        .map(|(name, value)| RawTag {
            name,
            value,
            name_pos: Pos::default(),
            value_pos: Pos::default(),
            escaped: false,
        })
        .collect();
    let mut set = |name: &str, value: String| {
        tags.retain(|t| structural(&t.name) != Some(name));
        tags.push(RawTag {
            name: name.to_string(),
            value,
            name_pos: Pos::default(),
            value_pos: Pos::default(),
            escaped: false,
        });
    };
    if let Some(r) = g.rules {
        set("Rules", r);
    }
    if let Some(f) = g.fen {
        set("FEN", f);
    }
    if let Some(r) = g.result {
        set("Result", r);
    }
    let result = match tags.iter().find(|t| structural(&t.name) == Some("Result")) {
        Some(t) => t
            .value
            .parse::<GameResult>()
            .map_err(|e| json_error(e.to_string()))?,
        None => GameResult::Unknown,
    };
    let raw = RawGame {
        tags,
        first_number: g.first_move_number,
        main: raw_line(g.moves)?,
        comments: comments(g.comments)?,
        result,
        result_pos: Pos::default(),
    };
    replay_one(raw)
}

impl<'de> Deserialize<'de> for PdnGame {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PdnGame, D::Error> {
        let g = GameIn::deserialize(d)?;
        game_from_json(g).map_err(de::Error::custom)
    }
}
