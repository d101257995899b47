//! Line editing for the interactive commands (`tama play`) when standard
//! input and output are a terminal: the arrows move in the line and
//! through the lines typed before (history), Tab completes commands and
//! the legal moves of the position, file names after `load` and `save`.
//! It is rustyline's editor; on a pipe or a file the lines are read as
//! they are, without it (a script gets the same output as before).
//!
//! What is completed is a pure function ([`complete`]) of the line, the
//! cursor and the words on offer, tested alone.

use std::io;

use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{CompletionType, Config, Context, Editor, Helper};

/// Reads lines typed at a prompt, with editing.
pub trait LineEditor: Send {
    /// Shows `prompt` and reads one line (without its line break);
    /// `words` are what Tab completes (commands, moves). `Ok(None)` at
    /// the end of input (Ctrl-D) or on Ctrl-C.
    ///
    /// # Errors
    ///
    /// The terminal could not be read or written.
    fn read_line(&mut self, prompt: &str, words: &[String]) -> io::Result<Option<String>>;
}

/// The commands that take a file name: after them Tab completes files.
const FILE_COMMANDS: [&str; 2] = ["load", "save"];

/// What Tab offers for the word before `pos` in `line`: the byte offset
/// where that word starts, and the `words` it may become, in order.
/// The first word of a line may be any of `words`; a move may be typed
/// with or without its separator (`c3d4` completes to `c3-d4`); after a
/// first word nothing is offered (file names are another completer's).
///
/// ```
/// use tama_cli::line_edit::complete;
///
/// let words = ["hint".to_string(), "history".to_string(), "c3-d4".to_string()];
/// assert_eq!(complete("hi", 2, &words), (0, vec!["hint".to_string(), "history".to_string()]));
/// assert_eq!(complete("c3d", 3, &words), (0, vec!["c3-d4".to_string()]));
/// assert_eq!(complete("save hi", 7, &words), (5, vec![]));
/// ```
pub fn complete(line: &str, pos: usize, words: &[String]) -> (usize, Vec<String>) {
    let before = &line[..pos.min(line.len())];
    let start = before.rfind(char::is_whitespace).map_or(0, |i| {
        i + before[i..].chars().next().map_or(1, char::len_utf8)
    });
    if !before[..start].trim().is_empty() {
        return (start, Vec::new());
    }
    let typed = before[start..].to_ascii_lowercase();
    // A move's squares without the separators between them.
    let squares = |s: &str| -> Option<String> {
        let b = s.as_bytes();
        (b.len() >= 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1])).then(
            || {
                s.chars()
                    .filter(|c| !matches!(c, '-' | 'x' | ':'))
                    .collect()
            },
        )
    };
    let found = words
        .iter()
        .filter(|w| {
            w.starts_with(&typed)
                || squares(w)
                    .zip(squares(&typed))
                    .is_some_and(|(w, t)| w.starts_with(&t))
        })
        .cloned()
        .collect();
    (start, found)
}

/// rustyline's helper: the words on offer for the line being read.
struct Words {
    words: Vec<String>,
    files: FilenameCompleter,
}

impl Completer for Words {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let first = line.split_whitespace().next().unwrap_or("");
        if FILE_COMMANDS.contains(&first.to_ascii_lowercase().as_str())
            && line[..pos].contains(char::is_whitespace)
        {
            return self.files.complete(line, pos, ctx);
        }
        let (start, found) = complete(line, pos, &self.words);
        let pairs = found
            .into_iter()
            .map(|w| Pair {
                display: w.clone(),
                replacement: w,
            })
            .collect();
        Ok((start, pairs))
    }
}

impl Hinter for Words {
    type Hint = String;
}

impl Highlighter for Words {}

impl Validator for Words {}

impl Helper for Words {}

/// The terminal's line editor (rustyline), history kept for the session.
pub struct Terminal {
    editor: Editor<Words, DefaultHistory>,
}

impl Terminal {
    /// An editor of the terminal on standard input and output; `None`
    /// when it cannot be set up (then the lines are read plainly).
    pub fn new() -> Option<Terminal> {
        let config = Config::builder()
            .auto_add_history(true)
            .history_ignore_dups(true)
            .ok()?
            .history_ignore_space(true)
            .completion_type(CompletionType::List)
            .build();
        let mut editor = Editor::with_config(config).ok()?;
        editor.set_helper(Some(Words {
            words: Vec::new(),
            files: FilenameCompleter::new(),
        }));
        Some(Terminal { editor })
    }
}

impl LineEditor for Terminal {
    fn read_line(&mut self, prompt: &str, words: &[String]) -> io::Result<Option<String>> {
        if let Some(helper) = self.editor.helper_mut() {
            helper.words = words.to_vec();
        }
        match self.editor.readline(prompt) {
            Ok(line) => Ok(Some(line)),
            Err(ReadlineError::Eof | ReadlineError::Interrupted) => Ok(None),
            Err(ReadlineError::Io(e)) => Err(e),
            Err(e) => Err(io::Error::other(e.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(list: &[&str]) -> Vec<String> {
        list.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn commands_and_moves_complete_at_the_start_of_the_line() {
        let offer = words(&["undo", "hint", "history", "c3-d4", "c3-b4", "d1xb3"]);
        let got = |line: &str| complete(line, line.len(), &offer);
        assert_eq!(got(""), (0, offer.clone()));
        assert_eq!(got("u"), (0, words(&["undo"])));
        assert_eq!(got("H"), (0, words(&["hint", "history"])));
        assert_eq!(got("c3"), (0, words(&["c3-d4", "c3-b4"])));
        assert_eq!(got("c3-b"), (0, words(&["c3-b4"])));
        assert_eq!(got("c3b"), (0, words(&["c3-b4"])));
        assert_eq!(got("d1b"), (0, words(&["d1xb3"])));
        assert_eq!(got("  hi"), (2, words(&["hint", "history"])));
        assert_eq!(got("zz"), (0, words(&[])));
        assert_eq!(
            got("ux"),
            (0, words(&[])),
            "only moves lose their separators"
        );
        // Only the first word is completed from the offer; the cursor
        // decides which word that is.
        assert_eq!(got("level 5"), (6, words(&[])));
        assert_eq!(
            complete("hi level", 2, &offer),
            (0, words(&["hint", "history"]))
        );
    }
}
