//! The syntax layer: bytes to position-free game records ([`RawGame`]),
//! with error recovery that skips to the next game.
//!
//! Nothing here knows the rules; moves are checked as move text only.
//! Variations are parsed with an explicit stack (no recursion), and every
//! token, the nesting depth, the number of moves and the size of a game
//! have limits, so hostile input costs linear time and bounded memory.

use std::io::Read;

use super::error::{PdnError, PdnErrorKind as K};
use super::source::{Pos, Source};
use super::{GameResult, MAX_GAME_BYTES, MAX_MOVES, MAX_VARIATION_DEPTH};
use crate::movetext::{Annotation, MoveText};

const MAX_WORD: usize = 256;
const MAX_TAG_NAME: usize = 256;
const MAX_TAG_VALUE: usize = 64 * 1024;
const MAX_COMMENT: usize = 1024 * 1024;

/// A tag as written.
#[derive(Clone, Debug)]
pub(crate) struct RawTag {
    pub name: String,
    pub value: String,
    pub name_pos: Pos,
    pub value_pos: Pos,
    /// Whether the value had escapes (its columns then differ from the
    /// text's).
    pub escaped: bool,
}

/// A move as written, with its annotations.
#[derive(Clone, Debug)]
pub(crate) struct RawNode {
    pub text: MoveText,
    pub pos: Pos,
    pub mark: Option<Annotation>,
    pub nags: Vec<u8>,
    pub before: Vec<String>,
    pub after: Vec<String>,
    pub variations: Vec<Vec<RawNode>>,
}

impl RawNode {
    pub(crate) fn new(text: MoveText, pos: Pos) -> RawNode {
        RawNode {
            text,
            pos,
            mark: text.annotation(),
            nags: Vec::new(),
            before: Vec::new(),
            after: Vec::new(),
            variations: Vec::new(),
        }
    }
}

/// A game as written: tags and a tree of move texts.
#[derive(Clone, Debug, Default)]
pub(crate) struct RawGame {
    pub tags: Vec<RawTag>,
    pub first_number: Option<u32>,
    pub main: Vec<RawNode>,
    /// Comments of a movetext without moves.
    pub comments: Vec<String>,
    pub result: GameResult,
    pub result_pos: Pos,
}

/// One game out of the parser: its first line, its text when kept, and
/// the game or the first error in it.
pub(crate) struct ParsedGame {
    pub first_line: usize,
    pub raw: Option<(Vec<u8>, bool)>,
    pub game: Result<RawGame, PdnError>,
}

/// How to recover from an error.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Skip {
    /// The parser already stands at the next game.
    Nothing,
    /// The error is in the tag section: skip the rest of its line, its
    /// other tag lines, then the movetext.
    Tags,
    /// Skip the movetext up to a result token or a tag at the start of a
    /// line.
    Movetext,
}

struct Fail {
    err: PdnError,
    skip: Skip,
}

fn fail(pos: Pos, kind: K, skip: Skip) -> Fail {
    Fail {
        err: PdnError::new(pos.line, pos.col, kind),
        skip,
    }
}

struct Frame {
    nodes: Vec<RawNode>,
    pending: Vec<String>,
    attach_after: bool,
    open: Pos,
}

impl Frame {
    fn new(open: Pos) -> Frame {
        Frame {
            nodes: Vec::new(),
            pending: Vec::new(),
            attach_after: false,
            open,
        }
    }
}

#[inline]
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

#[inline]
fn is_delim(b: u8) -> bool {
    is_space(b) || matches!(b, b'{' | b'}' | b'(' | b')' | b'[' | b']' | b'$' | b'"')
}

/// The streaming parser.
pub(crate) struct Parser<R> {
    src: Source<R>,
    word: Vec<u8>,
    keep_raw: bool,
    started: bool,
    done: bool,
}

impl<R: Read> Parser<R> {
    pub(crate) fn new(inner: R) -> Parser<R> {
        Parser {
            src: Source::new(inner),
            word: Vec::with_capacity(32),
            keep_raw: false,
            started: false,
            done: false,
        }
    }

    pub(crate) fn set_keep_raw(&mut self, keep: bool) {
        self.keep_raw = keep;
    }

    /// The next game, or `None` at the end of the input.
    pub(crate) fn next_game(&mut self) -> Option<ParsedGame> {
        if self.done {
            return None;
        }
        if !self.started {
            self.started = true;
            self.skip_bom();
        }
        self.skip_ws();
        let _ = self.src.take_invalid();
        if self.src.peek().is_none() {
            self.done = true;
            let e = self.src.take_io_error()?;
            let p = self.src.pos();
            return Some(ParsedGame {
                first_line: p.line,
                raw: None,
                game: Err(PdnError::new(p.line, p.col, K::Io(e.to_string()))),
            });
        }
        let first_line = self.src.pos().line;
        if self.keep_raw {
            self.src.begin_capture(MAX_GAME_BYTES);
        }
        self.src.reset_count();
        let mut game = match self.game() {
            Ok(g) => Ok(g),
            Err(f) => {
                match f.skip {
                    Skip::Nothing => {}
                    Skip::Tags => self.skip_bad_game(true),
                    Skip::Movetext => self.skip_bad_game(false),
                }
                Err(f.err)
            }
        };
        if let Some(e) = self.src.take_io_error() {
            self.done = true;
            let p = self.src.pos();
            game = Err(PdnError::new(p.line, p.col, K::Io(e.to_string())));
        }
        let raw = self.src.capturing().then(|| self.src.end_capture());
        Some(ParsedGame {
            first_line,
            raw,
            game,
        })
    }

    fn skip_bom(&mut self) {
        self.src.skip_bom();
    }

    /// Skips white space and `%` escape lines.
    fn skip_ws(&mut self) {
        while let Some(b) = self.src.peek() {
            if is_space(b) {
                self.src.bump();
            } else if b == b'%' && self.src.pos().col == 1 {
                self.skip_line();
            } else {
                break;
            }
        }
    }

    /// Skips to the start of the next line.
    fn skip_line(&mut self) {
        while let Some(b) = self.src.bump() {
            if b == b'\n' {
                break;
            }
        }
    }

    /// Whether the next bytes open a tag at the start of a line.
    fn at_tag_line(&mut self) -> bool {
        self.src.pos().col == 1
            && self.src.peek() == Some(b'[')
            && self.src.peek2().is_some_and(|b| b.is_ascii_alphabetic())
    }

    fn check_utf8(&mut self, skip: Skip) -> Result<(), Fail> {
        match self.src.take_invalid() {
            Some((p, b)) => Err(fail(p, K::InvalidUtf8(b), skip)),
            None => Ok(()),
        }
    }

    fn check_size(&mut self, skip: Skip) -> Result<(), Fail> {
        if self.src.count() > MAX_GAME_BYTES {
            Err(fail(self.src.pos(), K::GameTooLarge(MAX_GAME_BYTES), skip))
        } else {
            Ok(())
        }
    }

    fn game(&mut self) -> Result<RawGame, Fail> {
        let mut game = RawGame::default();
        // Tag section.
        while self.src.peek() == Some(b'[') {
            let tag = self.tag()?;
            game.tags.push(tag);
            self.skip_ws();
            self.check_utf8(Skip::Tags)?;
            self.check_size(Skip::Tags)?;
        }
        // Movetext.
        let mut stack: Vec<Frame> = vec![Frame::new(Pos::default())];
        let mut moves = 0usize;
        let mut last_end = self.src.pos();
        loop {
            self.skip_ws();
            self.check_utf8(Skip::Movetext)?;
            self.check_size(Skip::Movetext)?;
            let p = self.src.pos();
            let Some(b) = self.src.peek() else {
                return Err(unclosed(&stack, last_end, false));
            };
            match b {
                b'[' => return Err(unclosed(&stack, last_end, true)),
                b'{' => {
                    let text = self.comment()?;
                    let f = stack.last_mut().expect("main frame");
                    match f.nodes.last_mut() {
                        Some(n) if f.attach_after && f.pending.is_empty() => n.after.push(text),
                        _ => f.pending.push(text),
                    }
                }
                b'(' => {
                    self.src.bump();
                    if stack.last().expect("main frame").nodes.is_empty() {
                        return Err(fail(p, K::BeforeFirstMove("variation"), Skip::Movetext));
                    }
                    if stack.len() > MAX_VARIATION_DEPTH {
                        return Err(fail(p, K::TooDeep(MAX_VARIATION_DEPTH), Skip::Movetext));
                    }
                    stack.push(Frame::new(p));
                }
                b')' => {
                    self.src.bump();
                    if stack.len() == 1 {
                        return Err(fail(p, K::UnmatchedClose, Skip::Movetext));
                    }
                    let mut f = stack.pop().expect("checked");
                    let Some(last) = f.nodes.last_mut() else {
                        return Err(fail(f.open, K::EmptyVariation, Skip::Movetext));
                    };
                    last.after.append(&mut f.pending);
                    let parent = stack.last_mut().expect("main frame");
                    parent
                        .nodes
                        .last_mut()
                        .expect("checked at `(`")
                        .variations
                        .push(f.nodes);
                    parent.attach_after = false;
                }
                b'$' => {
                    self.src.bump();
                    self.word.clear();
                    while let Some(d) = self.src.peek().filter(|d| !is_delim(*d)) {
                        if self.word.len() < MAX_WORD {
                            self.word.push(d);
                        }
                        self.src.bump();
                    }
                    let text = String::from_utf8_lossy(&self.word).into_owned();
                    let nag = text
                        .parse::<u8>()
                        .ok()
                        .filter(|_| text.bytes().all(|c| c.is_ascii_digit()));
                    let Some(nag) = nag else {
                        return Err(fail(p, K::BadNag(format!("${text}")), Skip::Movetext));
                    };
                    let f = stack.last_mut().expect("main frame");
                    let Some(n) = f.nodes.last_mut() else {
                        return Err(fail(p, K::BeforeFirstMove("NAG"), Skip::Movetext));
                    };
                    n.nags.push(nag);
                }
                b'}' | b']' | b'"' => {
                    self.src.bump();
                    return Err(fail(p, K::UnexpectedChar(b as char), Skip::Movetext));
                }
                _ => {
                    self.word.clear();
                    if b.is_ascii_digit() {
                        while let Some(d) = self.src.peek().filter(u8::is_ascii_digit) {
                            if self.word.len() < MAX_WORD {
                                self.word.push(d);
                            }
                            self.src.bump();
                        }
                        if self.src.peek() == Some(b'.') {
                            let n = self.move_number(p)?;
                            if stack.len() == 1
                                && game.first_number.is_none()
                                && stack[0].nodes.is_empty()
                            {
                                game.first_number = Some(n);
                            }
                            stack.last_mut().expect("main frame").attach_after = false;
                            last_end = self.src.pos();
                            continue;
                        }
                    }
                    let too_long = self.lex_word();
                    if too_long {
                        return Err(fail(
                            p,
                            K::TooLong {
                                what: "word",
                                limit: MAX_WORD,
                            },
                            Skip::Movetext,
                        ));
                    }
                    self.check_word_text(p)?;
                    let word = &self.word[..];
                    // Checked above: the word is ASCII.
                    let text = std::str::from_utf8(word).unwrap_or("");
                    if let Some(result) = GameResult::from_token(text) {
                        if stack.len() > 1 {
                            let open = stack.last().expect("nested").open;
                            return Err(fail(open, K::UnterminatedVariation, Skip::Nothing));
                        }
                        let mut main = stack.pop().expect("main frame");
                        match main.nodes.last_mut() {
                            Some(n) => n.after.append(&mut main.pending),
                            None => game.comments = main.pending,
                        }
                        game.main = main.nodes;
                        game.result = result;
                        game.result_pos = p;
                        return Ok(game);
                    }
                    if word.iter().all(|c| matches!(c, b'!' | b'?')) {
                        let mark = annotation_from_str(text);
                        let f = stack.last_mut().expect("main frame");
                        match (f.nodes.last_mut(), mark) {
                            (None, _) => {
                                return Err(fail(
                                    p,
                                    K::BeforeFirstMove("strength mark"),
                                    Skip::Movetext,
                                ))
                            }
                            (Some(n), Some(m)) if n.mark.is_none() => n.mark = Some(m),
                            _ => {
                                let t = text.to_string();
                                return Err(fail(p, K::UnexpectedToken(t), Skip::Movetext));
                            }
                        }
                    } else {
                        let mt = match text.parse::<MoveText>() {
                            Ok(mt) => mt,
                            Err(error) => {
                                let token = text.to_string();
                                if word[0].is_ascii_digit() {
                                    let kind = K::UnexpectedToken(token);
                                    return Err(fail(p, kind, Skip::Movetext));
                                }
                                // Point at the offending part of the word.
                                let at = Pos {
                                    line: p.line,
                                    col: p.col + error.column.saturating_sub(1),
                                };
                                return Err(fail(at, K::BadMove { token, error }, Skip::Movetext));
                            }
                        };
                        moves += 1;
                        if moves > MAX_MOVES {
                            return Err(fail(
                                p,
                                K::TooLong {
                                    what: "game (in moves)",
                                    limit: MAX_MOVES,
                                },
                                Skip::Movetext,
                            ));
                        }
                        let f = stack.last_mut().expect("main frame");
                        let mut node = RawNode::new(mt, p);
                        node.before = std::mem::take(&mut f.pending);
                        f.nodes.push(node);
                        f.attach_after = true;
                    }
                }
            }
            last_end = self.src.pos();
        }
    }

    /// Finishes a move number `N.` or `N...` whose digits are in
    /// `self.word`.
    fn move_number(&mut self, p: Pos) -> Result<u32, Fail> {
        while self.src.peek() == Some(b'.') {
            self.src.bump();
        }
        let text = String::from_utf8_lossy(&self.word).into_owned();
        text.parse::<u32>()
            .map_err(|_| fail(p, K::UnexpectedToken(format!("{text}.")), Skip::Movetext))
    }

    /// Reads the rest of a word into `self.word` (at most `MAX_WORD` bytes
    /// kept); returns whether it was longer.
    fn lex_word(&mut self) -> bool {
        let mut too_long = false;
        while let Some(b) = self.src.peek() {
            if is_delim(b) {
                break;
            }
            if self.word.len() < MAX_WORD {
                self.word.push(b);
            } else {
                too_long = true;
            }
            self.src.bump();
        }
        too_long
    }

    /// Rejects words with characters that are not ASCII (UTF-8 errors
    /// first).
    fn check_word_text(&mut self, p: Pos) -> Result<(), Fail> {
        if self.word.is_ascii() {
            if let Some(&c) = self.word.iter().find(|c| c.is_ascii_control()) {
                return Err(fail(p, K::UnexpectedChar(c as char), Skip::Movetext));
            }
            return Ok(());
        }
        let (valid, bad) = match std::str::from_utf8(&self.word) {
            Ok(s) => (s, None),
            Err(e) => (
                std::str::from_utf8(&self.word[..e.valid_up_to()]).unwrap_or(""),
                Some(self.word[e.valid_up_to()]),
            ),
        };
        let at = |n: usize| Pos {
            line: p.line,
            col: p.col + n,
        };
        // The first non-ASCII character inside the valid part, if any.
        if let Some((i, c)) = valid.chars().enumerate().find(|(_, c)| !c.is_ascii()) {
            let _ = self.src.take_invalid();
            return Err(fail(at(i), K::UnexpectedChar(c), Skip::Movetext));
        }
        let _ = self.src.take_invalid();
        let b = bad.unwrap_or(0);
        Err(fail(
            at(valid.chars().count()),
            K::InvalidUtf8(b),
            Skip::Movetext,
        ))
    }

    fn tag(&mut self) -> Result<RawTag, Fail> {
        self.src.bump();
        self.skip_blanks();
        let name_pos = self.src.pos();
        let mut name = String::new();
        while let Some(b) = self
            .src
            .peek()
            .filter(|b| b.is_ascii_alphanumeric() || *b == b'_')
        {
            if name.len() >= MAX_TAG_NAME {
                return Err(fail(
                    name_pos,
                    K::TooLong {
                        what: "tag name",
                        limit: MAX_TAG_NAME,
                    },
                    Skip::Tags,
                ));
            }
            name.push(b as char);
            self.src.bump();
        }
        if name.is_empty() {
            let p = self.src.pos();
            return Err(fail(
                p,
                K::BadTag("expected a tag name (letters, digits, `_`) after `[`".into()),
                Skip::Tags,
            ));
        }
        self.skip_blanks();
        if self.src.peek() != Some(b'"') {
            let p = self.src.pos();
            return Err(fail(
                p,
                K::BadTag(format!("expected `\"` and the value after tag name {name}")),
                Skip::Tags,
            ));
        }
        let quote = self.src.pos();
        self.src.bump();
        let value_pos = self.src.pos();
        let mut value = Vec::new();
        let mut escaped = false;
        loop {
            match self.src.peek() {
                None | Some(b'\n') | Some(b'\r') => {
                    return Err(fail(
                        quote,
                        K::BadTag(format!("the value of tag {name} has no closing `\"`")),
                        Skip::Tags,
                    ));
                }
                Some(b'"') => {
                    self.src.bump();
                    break;
                }
                Some(b'\\') => {
                    self.src.bump();
                    escaped = true;
                    match self.src.peek() {
                        Some(c @ (b'"' | b'\\')) => {
                            self.src.bump();
                            value.push(c);
                        }
                        _ => value.push(b'\\'),
                    }
                }
                Some(b) => {
                    self.src.bump();
                    value.push(b);
                }
            }
            if value.len() > MAX_TAG_VALUE {
                return Err(fail(
                    value_pos,
                    K::TooLong {
                        what: "tag value",
                        limit: MAX_TAG_VALUE,
                    },
                    Skip::Tags,
                ));
            }
        }
        self.skip_blanks();
        if self.src.peek() != Some(b']') {
            let p = self.src.pos();
            return Err(fail(
                p,
                K::BadTag(format!("expected `]` after the value of tag {name}")),
                Skip::Tags,
            ));
        }
        self.src.bump();
        self.check_utf8(Skip::Tags)?;
        let value = String::from_utf8(value)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        Ok(RawTag {
            name,
            value,
            name_pos,
            value_pos,
            escaped,
        })
    }

    fn skip_blanks(&mut self) {
        while matches!(self.src.peek(), Some(b' ' | b'\t')) {
            self.src.bump();
        }
    }

    /// Reads a `{comment}`, white space collapsed. A line that starts with
    /// a tag ends an unclosed comment (so the next game is still read).
    fn comment(&mut self) -> Result<String, Fail> {
        let open = self.src.pos();
        self.src.bump();
        let mut buf: Vec<u8> = Vec::new();
        let mut space = false;
        let mut too_long = false;
        loop {
            match self.src.bump() {
                None => return Err(fail(open, K::UnterminatedComment, Skip::Nothing)),
                Some(b'}') => break,
                Some(b'\n') => {
                    space = true;
                    if self.at_tag_line() {
                        return Err(fail(open, K::UnterminatedComment, Skip::Nothing));
                    }
                }
                Some(b) if is_space(b) => space = true,
                Some(b) => {
                    if buf.len() >= MAX_COMMENT {
                        too_long = true;
                        continue;
                    }
                    if space && !buf.is_empty() {
                        buf.push(b' ');
                    }
                    space = false;
                    buf.push(b);
                }
            }
        }
        self.check_utf8(Skip::Movetext)?;
        if too_long {
            return Err(fail(
                open,
                K::TooLong {
                    what: "comment",
                    limit: MAX_COMMENT,
                },
                Skip::Movetext,
            ));
        }
        Ok(String::from_utf8(buf)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
    }

    /// After an error: skips the rest of the bad game, up to its result
    /// token or a tag at the start of a line (after its own tag section
    /// when the error was there).
    fn skip_bad_game(&mut self, mut in_tags: bool) {
        if in_tags {
            self.skip_line();
        }
        loop {
            self.skip_ws();
            let Some(b) = self.src.peek() else { return };
            let col = self.src.pos().col;
            match b {
                b'[' if col == 1 => {
                    if in_tags {
                        self.skip_line();
                    } else {
                        return;
                    }
                }
                b'{' => {
                    in_tags = false;
                    self.src.bump();
                    while let Some(c) = self.src.bump() {
                        if c == b'}' || (c == b'\n' && self.at_tag_line()) {
                            break;
                        }
                    }
                }
                _ if is_delim(b) => {
                    in_tags = false;
                    self.src.bump();
                }
                _ => {
                    in_tags = false;
                    self.word.clear();
                    self.lex_word();
                    let word = &self.word[..];
                    let is_result = std::str::from_utf8(word)
                        .ok()
                        .and_then(GameResult::from_token)
                        .is_some();
                    if is_result {
                        return;
                    }
                }
            }
        }
    }
}

/// The error for a movetext that ends (at `[` or the end of input) with no
/// result.
fn unclosed(stack: &[Frame], last_end: Pos, next_game: bool) -> Fail {
    if stack.len() > 1 {
        let open = stack.last().expect("nested").open;
        return fail(open, K::UnterminatedVariation, Skip::Nothing);
    }
    fail(last_end, K::MissingResult { next_game }, Skip::Nothing)
}

/// The strength mark written as `s`.
pub(crate) fn annotation_from_str(s: &str) -> Option<Annotation> {
    Some(match s {
        "!" => Annotation::Good,
        "?" => Annotation::Mistake,
        "!!" => Annotation::Brilliant,
        "??" => Annotation::Blunder,
        "!?" => Annotation::Interesting,
        "?!" => Annotation::Dubious,
        _ => return None,
    })
}
