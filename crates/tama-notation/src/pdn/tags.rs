//! The tag section of a game record.

use core::fmt;
use core::hash::{Hash, Hasher};
use std::collections::BTreeMap;

use tama_core::Rules;

use crate::rules_text::write_rules;

/// The seven-tag roster, in the order the writer puts it.
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// Tags whose meaning is held by the game itself (its result, rules and
/// start position) rather than in its [`Tags`]. The writer derives them.
pub const STRUCTURAL_TAGS: [&str; 5] = ["Result", "GameType", "Rules", "FEN", "SetUp"];

/// The `GameType` value written for `rules`: `30,W,8,8,A0,0` (Turkish
/// draughts in the PDN standard) when the rules text starts from the
/// `turkish` preset, else `44,W,8,8,A0,0` (Armenian draughts).
pub(crate) fn game_type(rules: &Rules) -> &'static str {
    if write_rules(rules).starts_with("turkish") {
        "30,W,8,8,A0,0"
    } else {
        "44,W,8,8,A0,0"
    }
}

/// The name of a structural tag when `name` is one (any letter case).
pub(crate) fn structural(name: &str) -> Option<&'static str> {
    STRUCTURAL_TAGS
        .into_iter()
        .find(|t| t.eq_ignore_ascii_case(name))
}

fn roster_index(name: &str) -> Option<usize> {
    SEVEN_TAG_ROSTER.iter().position(|t| *t == name)
}

/// Whether `name` can be a tag name: ASCII letters, digits and `_`.
pub(crate) fn valid_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// The free-form tags of a game (every tag but [`STRUCTURAL_TAGS`]), in
/// the order the writer emits them: the seven-tag roster names first in
/// roster order, then the others in the order they were added.
///
/// ```
/// use tama_notation::pdn::Tags;
///
/// let mut tags = Tags::new();
/// tags.insert("Opening", "Center");
/// tags.insert("White", "A");
/// tags.insert("Event", "Club");
/// let names: Vec<&str> = tags.iter().map(|(n, _)| n).collect();
/// assert_eq!(names, ["Event", "White", "Opening"]);
/// assert_eq!(tags.get("White"), Some("A"));
/// ```
#[derive(Clone, Default)]
pub struct Tags {
    list: Vec<(String, String)>,
    /// Where each name stands in `list`: lookups and inserts must not scan
    /// the list, as a record can hold many thousands of tags.
    index: BTreeMap<String, usize>,
}

impl Tags {
    /// No tags.
    pub const fn new() -> Tags {
        Tags {
            list: Vec::new(),
            index: BTreeMap::new(),
        }
    }

    /// The value of the tag `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.index.get(name).map(|&i| self.list[i].1.as_str())
    }

    /// Sets a tag: a new name goes in its place in the writing order, an
    /// existing one keeps its place and gets the new value. Returns the old
    /// value. Names are not checked here; [`PdnGame::set_tag`] checks them.
    ///
    /// [`PdnGame::set_tag`]: super::PdnGame::set_tag
    pub fn insert(&mut self, name: &str, value: &str) -> Option<String> {
        if let Some(&i) = self.index.get(name) {
            return Some(core::mem::replace(&mut self.list[i].1, value.to_string()));
        }
        // The roster names stand first, so finding the place of one looks
        // at no more than the roster's length of entries.
        let at = match roster_index(name) {
            Some(r) => self
                .list
                .iter()
                .position(|(n, _)| roster_index(n).is_none_or(|i| i > r))
                .unwrap_or(self.list.len()),
            None => self.list.len(),
        };
        self.list.insert(at, (name.to_string(), value.to_string()));
        self.index.insert(name.to_string(), at);
        self.reindex_from(at + 1);
        None
    }

    /// Removes a tag; returns its value.
    pub fn remove(&mut self, name: &str) -> Option<String> {
        let i = self.index.remove(name)?;
        let (_, value) = self.list.remove(i);
        self.reindex_from(i);
        Some(value)
    }

    /// Updates the index of the entries from `start` on, which moved.
    fn reindex_from(&mut self, start: usize) {
        for (i, (n, _)) in self.list.iter().enumerate().skip(start) {
            if let Some(slot) = self.index.get_mut(n) {
                *slot = i;
            }
        }
    }

    /// The tags as `(name, value)` pairs in writing order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&str, &str)> + '_ {
        self.list.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// How many tags there are.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there are no tags.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}

impl PartialEq for Tags {
    fn eq(&self, other: &Tags) -> bool {
        self.list == other.list
    }
}

impl Eq for Tags {}

impl Hash for Tags {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.list.hash(state);
    }
}

impl fmt::Debug for Tags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// A tag that [`PdnGame::set_tag`](super::PdnGame::set_tag) refuses.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TagError {
    /// The name is empty or has characters other than ASCII letters,
    /// digits and `_`.
    InvalidName(String),
    /// The value has a line break, which a tag line cannot hold.
    InvalidValue(String),
    /// The tag is one of [`STRUCTURAL_TAGS`]: set the result, rules or
    /// start position of the game instead.
    Structural(String),
}

impl fmt::Display for TagError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TagError::InvalidName(n) => write!(
                f,
                "invalid tag name `{n}`: use ASCII letters, digits and `_`"
            ),
            TagError::InvalidValue(n) => write!(f, "the value of tag {n} has a line break"),
            TagError::Structural(n) => write!(
                f,
                "tag {n} is written from the game itself: set its result, rules or start position instead"
            ),
        }
    }
}

impl std::error::Error for TagError {}

/// Escapes a tag value for writing: `\` and `"` get a backslash.
pub(crate) fn escape_value(value: &str, out: &mut String) {
    for c in value.chars() {
        if c == '\\' || c == '"' {
            out.push('\\');
        }
        out.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roster_goes_first_in_roster_order() {
        let mut t = Tags::new();
        t.insert("Zeta", "1");
        t.insert("Black", "b");
        t.insert("Alpha", "2");
        t.insert("Event", "e");
        t.insert("Date", "d");
        t.insert("Black", "B");
        let names: Vec<&str> = t.iter().map(|(n, _)| n).collect();
        assert_eq!(names, ["Event", "Date", "Black", "Zeta", "Alpha"]);
        assert_eq!(t.get("Black"), Some("B"));
        assert_eq!(t.remove("Date").as_deref(), Some("d"));
        assert_eq!(t.len(), 4);
        // The index follows the entries that moved.
        t.insert("Site", "s");
        for (name, value) in [("Event", "e"), ("Site", "s"), ("Black", "B"), ("Zeta", "1")] {
            assert_eq!(t.get(name), Some(value));
        }
        assert_eq!(t.remove("Event").as_deref(), Some("e"));
        assert_eq!(t.get("Alpha"), Some("2"));
        assert_eq!(t.get("Event"), None);
        let names: Vec<&str> = t.iter().map(|(n, _)| n).collect();
        assert_eq!(names, ["Site", "Black", "Zeta", "Alpha"]);
    }

    #[test]
    fn escapes() {
        let mut s = String::new();
        escape_value(r#"a "b" \c"#, &mut s);
        assert_eq!(s, r#"a \"b\" \\c"#);
        assert_eq!(structural("fen"), Some("FEN"));
        assert!(valid_name("Event_2"));
        assert!(!valid_name("Bad-name"));
    }
}
