//! What a line typed in `tama play` asks for: [`Command::parse`], a pure
//! function of the line (no game, no engine), so it can be tested and
//! fuzzed alone.

use tama_core::Square;
use tama_notation::movetext::MoveText;

/// One line of `tama play`, read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command<'a> {
    /// An empty line.
    Nothing,
    /// `help` or `?`.
    Help,
    /// `quit`, `exit` or `q`.
    Quit,
    /// `moves` (every legal move), `moves SQUARE`, or a square alone (the
    /// moves of the piece there).
    Moves(Option<Square>),
    /// `moves` with something that is not a square.
    NotASquare(&'a str),
    /// `undo` or `takeback`.
    Undo,
    /// `hint`.
    Hint,
    /// `eval`.
    Eval,
    /// `go`: the engine plays the side to move.
    Go,
    /// `flip`.
    Flip,
    /// `board`.
    Board,
    /// `new`.
    New,
    /// `fen`.
    Fen,
    /// `history`.
    History,
    /// `draw`: offer a draw.
    Draw,
    /// `resign`.
    Resign,
    /// `load FILE|FEN` (`None` without an argument).
    Load(Option<&'a str>),
    /// `save FILE` or `save -` (`None` without an argument).
    Save(Option<&'a str>),
    /// `level N`: `Some` for N from 1 to 10, `None` for anything else.
    Level(Option<u8>),
    /// A move: any move text, also with spaces between the squares
    /// (`c3 c4`).
    Move(MoveText),
    /// Neither a command nor a move.
    Unknown(&'a str),
}

impl<'a> Command<'a> {
    /// The command words, as Tab completes them at the prompt.
    pub const WORDS: [&'static str; 17] = [
        "board", "draw", "eval", "fen", "flip", "go", "help", "hint", "history", "level", "load",
        "moves", "new", "quit", "resign", "save", "undo",
    ];

    /// Reads one line (surrounding white space ignored; the command word in
    /// any letter case, its argument after white space).
    ///
    /// ```
    /// use tama_cli::cmd::play::Command;
    ///
    /// assert_eq!(Command::parse("  SAVE  game.pdn "), Command::Save(Some("game.pdn")));
    /// assert_eq!(Command::parse("level 11"), Command::Level(None));
    /// assert!(matches!(Command::parse("c3 c4"), Command::Move(_)));
    /// assert_eq!(Command::parse("castle"), Command::Unknown("castle"));
    /// ```
    pub fn parse(line: &'a str) -> Command<'a> {
        let line = line.trim();
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        let arg = (!rest.is_empty()).then_some(rest);
        match word.to_ascii_lowercase().as_str() {
            "" => Command::Nothing,
            "help" | "?" => Command::Help,
            "quit" | "exit" | "q" => Command::Quit,
            "moves" => match arg {
                None => Command::Moves(None),
                Some(text) => match text.parse() {
                    Ok(sq) => Command::Moves(Some(sq)),
                    Err(_) => Command::NotASquare(text),
                },
            },
            "undo" | "takeback" => Command::Undo,
            "hint" => Command::Hint,
            "eval" => Command::Eval,
            "go" => Command::Go,
            "flip" => Command::Flip,
            "board" => Command::Board,
            "new" => Command::New,
            "fen" => Command::Fen,
            "history" => Command::History,
            "draw" => Command::Draw,
            "resign" => Command::Resign,
            "load" => Command::Load(arg),
            "save" => Command::Save(arg),
            "level" => Command::Level(rest.parse().ok().filter(|n| (1..=10).contains(n))),
            _ => Command::parse_move(line),
        }
    }

    /// A square alone, or move text (squares may be separated by spaces).
    fn parse_move(line: &'a str) -> Command<'a> {
        if let Ok(sq) = line.parse::<Square>() {
            return Command::Moves(Some(sq));
        }
        let joined = line.split_whitespace().collect::<Vec<_>>().join("-");
        match joined.parse() {
            Ok(text) => Command::Move(text),
            Err(_) => Command::Unknown(line),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_in_any_case_with_arguments() {
        let cases: &[(&str, Command<'_>)] = &[
            ("", Command::Nothing),
            ("   ", Command::Nothing),
            ("help", Command::Help),
            ("?", Command::Help),
            ("Quit", Command::Quit),
            ("exit", Command::Quit),
            ("q", Command::Quit),
            ("moves", Command::Moves(None)),
            ("moves  C3", Command::Moves(Some(Square::C3))),
            ("moves i9", Command::NotASquare("i9")),
            ("c3", Command::Moves(Some(Square::C3))),
            ("undo", Command::Undo),
            ("TAKEBACK", Command::Undo),
            ("hint", Command::Hint),
            ("eval", Command::Eval),
            ("go", Command::Go),
            ("flip", Command::Flip),
            ("board", Command::Board),
            ("new", Command::New),
            ("fen", Command::Fen),
            ("history", Command::History),
            ("draw", Command::Draw),
            ("resign", Command::Resign),
            ("load", Command::Load(None)),
            ("load W:Wc3:Bc6", Command::Load(Some("W:Wc3:Bc6"))),
            ("save -", Command::Save(Some("-"))),
            ("save my game.pdn", Command::Save(Some("my game.pdn"))),
            ("save", Command::Save(None)),
            ("level 1", Command::Level(Some(1))),
            ("level 10", Command::Level(Some(10))),
            ("level 0", Command::Level(None)),
            ("level", Command::Level(None)),
            ("level x", Command::Level(None)),
            ("castle long", Command::Unknown("castle long")),
            ("c3-c9", Command::Unknown("c3-c9")),
        ];
        for (line, expected) in cases {
            assert_eq!(Command::parse(line), *expected, "{line:?}");
        }
    }

    #[test]
    fn every_completed_word_is_a_command() {
        for word in Command::WORDS {
            let parsed = Command::parse(word);
            assert!(
                !matches!(parsed, Command::Unknown(_) | Command::Move(_)),
                "{word}: {parsed:?}"
            );
        }
    }

    #[test]
    fn moves_in_every_written_form() {
        for line in ["c3-c4", "c3c4", "C3 C4", " c3   c4 ", "c3:c4", "c3-c4!?"] {
            let Command::Move(text) = Command::parse(line) else {
                panic!("{line:?} is a move");
            };
            assert_eq!(text.squares(), [Square::C3, Square::C4], "{line:?}");
        }
        let Command::Move(text) = Command::parse("d1xd4xb4 b2") else {
            panic!("a capture with its landing squares");
        };
        assert_eq!(text.squares().len(), 4);
    }
}
