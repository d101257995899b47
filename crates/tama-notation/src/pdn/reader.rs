//! The streaming reader.

use std::io::Read;
use std::str::FromStr;

use super::error::{PdnError, PdnErrorKind};
use super::replay::Replayer;
use super::syntax::Parser;
use super::PdnGame;

/// Reads game records one at a time from any [`Read`] (a file, standard
/// input, a byte slice): only the game being read is in memory.
///
/// As an iterator it yields each game, or the first error in it. After an
/// error it skips the rest of the bad game (up to its result token, or to
/// the next tag at the start of a line) and goes on with the next one.
///
/// ```
/// use tama_notation::pdn::PdnReader;
///
/// let text = "[White \"A\"]\n\n1. c3-c4 f6-f5 *\n\n\
///             1. c3-c9 *\n\n\
///             [Black \"B\"]\n\n1. b3-b4 1/2-1/2\n";
/// let results: Vec<_> = PdnReader::new(text.as_bytes()).collect();
/// assert_eq!(results.len(), 3);
/// assert!(results[0].is_ok());
/// let err = results[1].as_ref().unwrap_err();
/// assert_eq!((err.line, err.column), (5, 7)); // the `c9` of `c3-c9`
/// assert_eq!(results[2].as_ref().unwrap().tag("Black").as_deref(), Some("B"));
/// ```
pub struct PdnReader<R> {
    parser: Parser<R>,
    replayer: Replayer,
}

/// A game record as read, with where it was and, when asked for with
/// [`PdnReader::keep_text`], its text exactly as written.
#[derive(Debug)]
pub struct GameRecord {
    /// The line on which the game's first token stands.
    pub first_line: usize,
    /// The bytes of the game from its first token to its result token (or
    /// to where the reader resumed after an error), when kept.
    pub text: Option<Vec<u8>>,
    /// Whether `text` holds the whole game (it is cut at
    /// [`MAX_GAME_BYTES`](super::MAX_GAME_BYTES)).
    pub text_complete: bool,
    /// The game, or the first error in it.
    pub game: Result<PdnGame, PdnError>,
}

impl<R: Read> PdnReader<R> {
    /// A reader over `inner`. It buffers the input itself: wrapping
    /// `inner` in a `BufReader` is not needed.
    pub fn new(inner: R) -> PdnReader<R> {
        PdnReader {
            parser: Parser::new(inner),
            replayer: Replayer::default(),
        }
    }

    /// Whether [`PdnReader::next_record`] keeps each game's text (off by
    /// default), for tools that copy bad games through unchanged.
    #[must_use]
    pub fn keep_text(mut self, keep: bool) -> PdnReader<R> {
        self.parser.set_keep_raw(keep);
        self
    }

    /// The next game with its place in the input, or `None` at the end.
    /// An I/O error is yielded once, as a game error, and ends the input.
    pub fn next_record(&mut self) -> Option<GameRecord> {
        let parsed = self.parser.next_game()?;
        let (text, text_complete) = match parsed.raw {
            Some((t, complete)) => (Some(t), complete),
            None => (None, false),
        };
        Some(GameRecord {
            first_line: parsed.first_line,
            text,
            text_complete,
            game: parsed.game.and_then(|raw| self.replayer.replay(raw)),
        })
    }
}

impl<R: Read> Iterator for PdnReader<R> {
    type Item = Result<PdnGame, PdnError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_record().map(|r| r.game)
    }
}

impl FromStr for PdnGame {
    type Err = PdnError;

    /// Reads a text that holds exactly one game.
    fn from_str(s: &str) -> Result<PdnGame, PdnError> {
        let mut reader = PdnReader::new(s.as_bytes());
        let Some(first) = reader.next_record() else {
            return Err(PdnError::new(1, 1, PdnErrorKind::NoGame));
        };
        let game = first.game?;
        if let Some(next) = reader.next_record() {
            return Err(PdnError::new(next.first_line, 1, PdnErrorKind::ExtraGame));
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdn::{GameResult, PushError, TagError};
    use tama_core::{Position, Rules, Termination};

    const BASE: &str = "1. h3-h4 b6-b5 2. f3-f4 g6-g5 3. a3-a4 d6-c5";

    fn errors(text: &str) -> Vec<String> {
        PdnReader::new(text.as_bytes())
            .filter_map(Result::err)
            .map(|e| e.to_string())
            .collect()
    }

    #[test]
    fn builder_checks_moves_tags_and_the_end_of_the_game() {
        let mut game = PdnGame::new(Rules::ARMENIAN, Position::start());
        assert!(matches!(
            game.set_tag("Result", "1-0"),
            Err(TagError::Structural(_))
        ));
        assert!(matches!(
            game.set_tag("Bad Name", "x"),
            Err(TagError::InvalidName(_))
        ));
        assert!(matches!(
            game.set_tag("Event", "a\nb"),
            Err(TagError::InvalidValue(_))
        ));
        let bogus = tama_core::Move::quiet(tama_core::Square::A2, tama_core::Square::A5, false);
        assert!(matches!(game.push_move(bogus), Err(PushError::Illegal(_))));
        assert!(game.main_line().is_empty());
        assert!(game
            .push_move(Position::start().legal_moves(&Rules::ARMENIAN)[0])
            .unwrap()
            .push_comment_after("no } here")
            .is_err());

        // Threefold repetition ends the game and sets the result.
        let fen = crate::fen::parse_fen("W:WKa1:BKh8").unwrap().position;
        let mut game = PdnGame::new(Rules::ARMENIAN, fen);
        let text = "1. a1-a2 h8-g8 2. a2-a1 g8-h8 3. a1-a2 h8-g8 4. a2-a1 g8-h8";
        let read: PdnGame = format!("[FEN \"W:WKa1:BKh8\"]\n{text} 1/2-1/2")
            .parse()
            .unwrap();
        for mv in read.moves() {
            game.push_move(mv).unwrap();
        }
        assert_eq!(game.result(), GameResult::Draw);
        let next = game.end().legal_moves(game.rules())[0];
        assert!(matches!(
            game.push_move(next),
            Err(PushError::GameOver(o)) if o.termination == Termination::Repetition
        ));
        assert_eq!(game, read);
    }

    #[test]
    fn from_str_wants_exactly_one_game() {
        assert_eq!(
            " \n".parse::<PdnGame>().unwrap_err().kind,
            PdnErrorKind::NoGame
        );
        let two = format!("{BASE} *\n{BASE} *\n");
        assert_eq!(
            two.parse::<PdnGame>().unwrap_err().kind,
            PdnErrorKind::ExtraGame
        );
    }

    #[test]
    fn comments_before_and_after_moves_and_variations() {
        let g: PdnGame = "{start} 1. h3-h4 {after} ( 1. f3-f4 ) {before b6} b6-b5 *"
            .parse()
            .unwrap();
        let n = g.main_line().nodes();
        assert_eq!(n[0].comments_before(), ["start"]);
        assert_eq!(n[0].comments_after(), ["after"]);
        assert_eq!(n[1].comments_before(), ["before b6"]);
        assert!(g
            .to_pdn()
            .contains("{start} 1. h3-h4 {after} ( 1. f3-f4 ) {before b6} 1... b6-b5 *"));
    }

    #[test]
    fn crlf_bom_and_tags_on_one_line() {
        let text = format!("\u{feff}[White \"A\"] [Black \"B\"]\r\n\r\n{BASE} *\r\n");
        let g: PdnGame = text.parse().unwrap();
        assert_eq!(g.tag("Black").as_deref(), Some("B"));
        assert_eq!(g.main_line().len(), 6);
    }

    #[test]
    fn an_unclosed_comment_stops_at_the_next_tag_line() {
        let text = format!("1. h3-h4 {{oops\n{BASE}\n[Event \"next\"]\n{BASE} *\n");
        let results: Vec<_> = PdnReader::new(text.as_bytes()).collect();
        assert_eq!(results.len(), 2);
        let e = results[0].as_ref().unwrap_err();
        assert_eq!((e.line, e.column), (1, 10));
        assert_eq!(e.kind, PdnErrorKind::UnterminatedComment);
        assert!(results[1].is_ok());
    }

    #[test]
    fn errors_name_line_and_column() {
        assert_eq!(
            errors("[Event \"x\"]\n\n1. h3-h4 b6-b5 2. c3-c5 *"),
            ["line 3, column 19: illegal move c3-c5: c3 can move to c4, d4, b4"]
        );
        assert_eq!(
            errors("[Rules \"turkish,removal=later\"]\n*"),
            ["line 1, column 25: bad Rules tag: unknown value `later` for removal: expected one of immediate, end-of-move"]
        );
    }

    #[test]
    fn io_errors_end_the_input() {
        struct Failing(usize);
        impl Read for Failing {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                if self.0 == 0 {
                    return Err(std::io::Error::other("disk on fire"));
                }
                self.0 = 0;
                let text = b"1. h3-h4 *\n1. h3";
                buf[..text.len()].copy_from_slice(text);
                Ok(text.len())
            }
        }
        let results: Vec<_> = PdnReader::new(Failing(1)).collect();
        assert_eq!(results.len(), 2);
        assert!(results[0].is_ok());
        let e = results[1].as_ref().unwrap_err();
        assert!(matches!(&e.kind, PdnErrorKind::Io(m) if m.contains("disk on fire")));
    }

    #[test]
    fn kept_text_is_the_game_as_written() {
        let text = "% escape\n1. h3-h4 $999 b6-b5 *\n\n[Event \"x\"]\n1. h3-h4 *\n";
        let mut r = PdnReader::new(text.as_bytes()).keep_text(true);
        let bad = r.next_record().unwrap();
        assert!(bad.game.is_err());
        assert_eq!(bad.first_line, 2);
        assert_eq!(bad.text.as_deref(), Some(&b"1. h3-h4 $999 b6-b5 *"[..]));
        assert!(bad.text_complete);
        let good = r.next_record().unwrap();
        assert_eq!(good.first_line, 4);
        assert!(good.game.is_ok());
        assert!(r.next_record().is_none());
    }
}
