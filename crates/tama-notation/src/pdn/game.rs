//! The game record: tags, rules, start position, a tree of moves with
//! their annotations, and the result.

use core::fmt;

use tama_core::{history_outcome, IllegalMoveError, Move, Outcome, Position, Repetitions, Rules};

use super::tags::{structural, valid_name, TagError, Tags};
use super::GameResult;
use crate::movetext::Annotation;

/// One move of a line with what is written around it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Node {
    pub(crate) mv: Move,
    pub(crate) annotation: Option<Annotation>,
    pub(crate) nags: Vec<u8>,
    pub(crate) comments_before: Vec<String>,
    pub(crate) comments_after: Vec<String>,
    pub(crate) variations: Vec<Line>,
}

impl Node {
    pub(crate) fn new(mv: Move) -> Node {
        Node {
            mv,
            annotation: None,
            nags: Vec::new(),
            comments_before: Vec::new(),
            comments_after: Vec::new(),
            variations: Vec::new(),
        }
    }

    /// The move.
    pub fn mv(&self) -> Move {
        self.mv
    }

    /// The strength mark written after the move (`!`, `?`, `!!`, `??`,
    /// `!?`, `?!`).
    pub fn annotation(&self) -> Option<Annotation> {
        self.annotation
    }

    /// Sets or clears the strength mark.
    pub fn set_annotation(&mut self, annotation: Option<Annotation>) {
        self.annotation = annotation;
    }

    /// The numeric annotation glyphs (`$n`), in order.
    pub fn nags(&self) -> &[u8] {
        &self.nags
    }

    /// Adds a numeric annotation glyph.
    pub fn push_nag(&mut self, nag: u8) {
        self.nags.push(nag);
    }

    /// The comments written before the move.
    pub fn comments_before(&self) -> &[String] {
        &self.comments_before
    }

    /// The comments written after the move (and its NAGs).
    pub fn comments_after(&self) -> &[String] {
        &self.comments_after
    }

    /// Adds a comment before the move. Runs of white space become one
    /// space, as a reader sees them.
    ///
    /// # Errors
    ///
    /// [`CommentError`] when the text holds `}`, which would end it.
    pub fn push_comment_before(&mut self, text: &str) -> Result<(), CommentError> {
        self.comments_before.push(checked_comment(text)?);
        Ok(())
    }

    /// Adds a comment after the move, like [`Node::push_comment_before`].
    ///
    /// # Errors
    ///
    /// [`CommentError`] when the text holds `}`.
    pub fn push_comment_after(&mut self, text: &str) -> Result<(), CommentError> {
        self.comments_after.push(checked_comment(text)?);
        Ok(())
    }

    /// Removes every comment, NAG and strength mark of this move.
    pub fn clear_annotations(&mut self) {
        self.annotation = None;
        self.nags.clear();
        self.comments_before.clear();
        self.comments_after.clear();
    }

    /// The variations: each replaces this move, starting from the position
    /// before it.
    pub fn variations(&self) -> &[Line] {
        &self.variations
    }

    /// The variations, for editing them (or reordering them in place).
    pub fn variations_mut(&mut self) -> &mut [Line] {
        &mut self.variations
    }

    /// Removes and returns variation `i`.
    ///
    /// # Panics
    ///
    /// When `i` is out of range.
    pub fn remove_variation(&mut self, i: usize) -> Line {
        self.variations.remove(i)
    }
}

/// A comment that cannot be written: it holds `}`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CommentError;

impl fmt::Display for CommentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a comment cannot hold `}`")
    }
}

impl std::error::Error for CommentError {}

/// White space runs collapsed to one space, ends trimmed: how a reader
/// sees a comment.
pub(crate) fn normalize_comment(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for w in text.split_whitespace() {
        if !s.is_empty() {
            s.push(' ');
        }
        s.push_str(w);
    }
    s
}

fn checked_comment(text: &str) -> Result<String, CommentError> {
    if text.contains('}') {
        return Err(CommentError);
    }
    Ok(normalize_comment(text))
}

/// A sequence of moves from a position: the main line of a game, or a
/// variation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Line {
    pub(crate) start: Position,
    pub(crate) nodes: Vec<Node>,
}

impl Line {
    pub(crate) fn new(start: Position) -> Line {
        Line {
            start,
            nodes: Vec::new(),
        }
    }

    /// The position before the first move.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves with their annotations.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// Move `i`, for annotating it.
    pub fn node_mut(&mut self, i: usize) -> Option<&mut Node> {
        self.nodes.get_mut(i)
    }

    /// The last move, for annotating it.
    pub fn last_mut(&mut self) -> Option<&mut Node> {
        self.nodes.last_mut()
    }

    /// How many moves the line has.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the line has no move.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The moves.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.nodes.iter().map(|n| n.mv)
    }

    /// The position before move `i` (`i == len()` gives the end position).
    ///
    /// # Panics
    ///
    /// When `i > len()`.
    pub fn position_before(&self, i: usize) -> Position {
        self.nodes[..i]
            .iter()
            .fold(self.start, |p, n| p.play_unchecked(&n.mv))
    }

    /// The position after the last move.
    pub fn end(&self) -> Position {
        self.position_before(self.nodes.len())
    }

    /// Appends a legal move and returns its node.
    ///
    /// This checks legality only; whether the game was already over (by
    /// repetition, say) depends on the moves before the line and is checked
    /// by [`PdnGame::push_move`] on the main line and by the reader.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`] when the move is not legal at the end of the line.
    pub fn push_move(&mut self, rules: &Rules, mv: Move) -> Result<&mut Node, IllegalMoveError> {
        let end = self.end();
        if !end.is_legal(rules, &mv) {
            return Err(IllegalMoveError { mv });
        }
        self.nodes.push(Node::new(mv));
        Ok(self.nodes.last_mut().expect("just pushed"))
    }

    /// Removes and returns the last move (with its annotations and
    /// variations).
    pub fn pop(&mut self) -> Option<Node> {
        self.nodes.pop()
    }

    /// Adds an empty variation to move `i` (an alternative to it, from the
    /// position before it) and returns it, for [`Line::push_move`].
    /// A variation left empty is not written.
    ///
    /// # Panics
    ///
    /// When `i >= len()`.
    pub fn add_variation(&mut self, i: usize) -> &mut Line {
        let start = self.position_before(i);
        let vars = &mut self.nodes[i].variations;
        vars.push(Line::new(start));
        vars.last_mut().expect("just pushed")
    }
}

/// Why [`PdnGame::push_move`] refused a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PushError {
    /// The move is not legal at the end of the main line.
    Illegal(IllegalMoveError),
    /// The game is already over on the board.
    GameOver(Outcome),
}

impl fmt::Display for PushError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PushError::Illegal(e) => write!(f, "{e}"),
            PushError::GameOver(o) => write!(f, "the game is already over ({})", o.termination),
        }
    }
}

impl std::error::Error for PushError {}

/// A game record: tags, rules, start position, the main line as a tree of
/// moves with comments, NAGs, strength marks and variations, and the
/// result.
///
/// Every move in it is legal: games come from the reader (which checks
/// them), from JSON (likewise), or are built move by move:
///
/// ```
/// use tama_core::{Position, Rules};
/// use tama_notation::pdn::{GameResult, PdnGame};
///
/// let mut game = PdnGame::new(Rules::TURKISH, Position::start());
/// game.set_tag("White", "Ayşe").unwrap();
/// let first = Position::start().legal_moves(&Rules::TURKISH)[0];
/// game.push_move(first).unwrap().push_comment_after("a quiet start").unwrap();
/// game.set_result(GameResult::Unknown);
///
/// let text = game.to_string();
/// assert!(text.starts_with("[White \"Ayşe\"]\n[Result \"*\"]\n[GameType \"30,W,8,8,A0,0\"]"));
/// let back: PdnGame = text.parse().unwrap();
/// assert_eq!(back, game);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PdnGame {
    pub(crate) tags: Tags,
    pub(crate) rules: Rules,
    pub(crate) first_move_number: u32,
    pub(crate) main: Line,
    pub(crate) comments: Vec<String>,
    pub(crate) result: GameResult,
}

impl PdnGame {
    /// A game without moves or tags, result `*`.
    pub fn new(rules: Rules, start: Position) -> PdnGame {
        PdnGame {
            tags: Tags::new(),
            rules,
            first_move_number: 1,
            main: Line::new(start),
            comments: Vec::new(),
            result: GameResult::Unknown,
        }
    }

    /// The free-form tags (every tag but `Result`, `GameType`, `Rules`,
    /// `FEN` and `SetUp`, which the writer derives from the game).
    pub fn tags(&self) -> &Tags {
        &self.tags
    }

    /// The value of tag `name`, free-form or structural (`Result`,
    /// `GameType`, `Rules`, `FEN`, `SetUp`: their written values).
    pub fn tag(&self, name: &str) -> Option<String> {
        match structural(name) {
            Some("Result") => Some(self.result.as_str().to_string()),
            Some("GameType") => Some(super::tags::game_type(&self.rules).to_string()),
            Some("Rules") => Some(crate::rules_text::write_rules(&self.rules)),
            Some("FEN") => (self.is_setup()).then(|| crate::fen::write_fen(self.start())),
            Some("SetUp") => self.is_setup().then(|| "1".to_string()),
            _ => self.tags.get(name).map(str::to_string),
        }
    }

    /// Sets a free-form tag.
    ///
    /// # Errors
    ///
    /// [`TagError`] for a name that is not ASCII letters, digits and `_`,
    /// a value with a line break, or a structural tag (use
    /// [`PdnGame::set_result`]; rules and start position are fixed by
    /// [`PdnGame::new`]).
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), TagError> {
        if !valid_name(name) {
            return Err(TagError::InvalidName(name.to_string()));
        }
        if let Some(s) = structural(name) {
            return Err(TagError::Structural(s.to_string()));
        }
        if value.contains(['\n', '\r']) {
            return Err(TagError::InvalidValue(name.to_string()));
        }
        self.tags.insert(name, value);
        Ok(())
    }

    /// Removes a free-form tag; returns its value.
    pub fn remove_tag(&mut self, name: &str) -> Option<String> {
        self.tags.remove(name)
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.main.start
    }

    /// Whether the game starts from a set-up position (not the usual start).
    pub fn is_setup(&self) -> bool {
        *self.start() != Position::start()
    }

    /// The number of the first move (1 unless the record starts later).
    pub fn first_move_number(&self) -> u32 {
        self.first_move_number
    }

    /// Sets the number of the first move.
    pub fn set_first_move_number(&mut self, n: u32) {
        self.first_move_number = n;
    }

    /// The main line.
    pub fn main_line(&self) -> &Line {
        &self.main
    }

    /// The main line, for annotating it and adding variations.
    pub fn main_line_mut(&mut self) -> &mut Line {
        &mut self.main
    }

    /// The comments of a game without moves (a game with moves keeps its
    /// comments on them).
    pub fn comments(&self) -> &[String] {
        &self.comments
    }

    /// Adds a comment to the game itself (written before the result), like
    /// [`Node::push_comment_before`]. Reading the game back attaches it to
    /// the last move, if there is one.
    ///
    /// # Errors
    ///
    /// [`CommentError`] when the text holds `}`.
    pub fn push_comment(&mut self, text: &str) -> Result<(), CommentError> {
        self.comments.push(checked_comment(text)?);
        Ok(())
    }

    /// The result.
    pub fn result(&self) -> GameResult {
        self.result
    }

    /// Sets the result.
    pub fn set_result(&mut self, result: GameResult) {
        self.result = result;
    }

    /// The moves of the main line.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.main.moves()
    }

    /// The position at the end of the main line.
    pub fn end(&self) -> Position {
        self.main.end()
    }

    /// How the game ended on the board at the end of the main line, if it
    /// did: no legal move, one piece each (`draw-one-each`) or threefold
    /// repetition (`draw-repetition`).
    pub fn outcome(&self) -> Option<Outcome> {
        history_outcome(&self.main_history(), &self.rules)
    }

    /// The positions of the main line in a repetition tracker.
    fn main_history(&self) -> Repetitions {
        let mut pos = *self.start();
        let mut reps = Repetitions::new(pos);
        for n in &self.main.nodes {
            pos = pos.play_unchecked(&n.mv);
            reps.push(pos);
        }
        reps
    }

    /// Appends a move to the main line and returns its node. When the move
    /// ends the game on the board, the result becomes that outcome's.
    ///
    /// # Errors
    ///
    /// [`PushError`] when the move is illegal or the game is already over.
    pub fn push_move(&mut self, mv: Move) -> Result<&mut Node, PushError> {
        let mut history = self.main_history();
        if let Some(o) = history_outcome(&history, &self.rules) {
            return Err(PushError::GameOver(o));
        }
        let end = *history.last().expect("the start is there");
        let next = end.play(&self.rules, &mv).map_err(PushError::Illegal)?;
        history.push(next);
        if let Some(o) = history_outcome(&history, &self.rules) {
            self.result = GameResult::from_outcome(o);
        }
        self.main.nodes.push(Node::new(mv));
        Ok(self.main.nodes.last_mut().expect("just pushed"))
    }
}
