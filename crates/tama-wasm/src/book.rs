//! Opening books in WebAssembly: a book file's bytes read (the module is
//! built without the program's embedded books; the page fetches the
//! preset's file), its moves for a board in tama-api's shape (as the
//! web server's `GET /api/book` and `tama book probe --json` give them),
//! and the book given to an engine ([`WasmEngine::set_book`](crate::WasmEngine::set_book)).

use std::sync::Arc;

use tama_api::BookMoves;
use tama_search::book::Book as SearchBook;
use wasm_bindgen::prelude::*;

use crate::board::{rules_of, Board};
use crate::error::Error;

/// An opening book for one preset, read from a book file (`.tbk`,
/// docs/BOOK.md).
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct Book {
    book: Arc<SearchBook>,
}

impl Book {
    /// Reads a book file's bytes; with `rules` (rules text naming a
    /// preset), refuses a book of another preset.
    ///
    /// # Errors
    ///
    /// `BookError` naming the problem and its byte offset (a damaged
    /// file, a book of other rules, rules that are no preset);
    /// `RulesError` for rules text that cannot be read.
    pub fn read(bytes: &[u8], rules: Option<&str>) -> Result<Book, Error> {
        let preset = match rules {
            None => None,
            Some(text) => {
                let rules = rules_of(text)?;
                Some(rules.preset().ok_or_else(|| {
                    Error::new(
                        "BookError",
                        format!(
                            "book file: no book is for the rules {text:?}, which are no preset"
                        ),
                    )
                })?)
            }
        };
        let book = SearchBook::from_bytes(bytes, preset)
            .map_err(|e| Error::new("BookError", e.to_string()))?;
        Ok(Book {
            book: Arc::new(book),
        })
    }

    /// The book, to give an engine.
    pub(crate) fn shared(&self) -> Arc<SearchBook> {
        Arc::clone(&self.book)
    }

    /// The book's moves for the board's position, best first (none when
    /// the board's rules are not the book's preset, the position is not
    /// in the book or the game is over).
    pub fn moves_of(&self, board: &Board) -> BookMoves {
        let game = board.game();
        let book = game.outcome().is_none().then_some(&*self.book);
        BookMoves::new(book, game.position(), game.rules())
    }
}

#[wasm_bindgen]
impl Book {
    /// Reads a book file (`Uint8Array`); `rules` (a preset's name) refuses
    /// a book of other rules. Throws `BookError` naming the problem and
    /// its byte offset.
    #[wasm_bindgen(constructor)]
    pub fn new(bytes: &[u8], rules: Option<String>) -> Result<Book, JsValue> {
        Ok(Book::read(bytes, rules.as_deref())?)
    }

    /// The preset the book is for (`armenian`).
    #[wasm_bindgen(getter)]
    pub fn preset(&self) -> String {
        self.book.preset().name().to_owned()
    }

    /// How many moves (entries) the book holds.
    #[wasm_bindgen(getter)]
    pub fn size(&self) -> usize {
        self.book.entries().len()
    }

    /// The book's moves for the board as JSON: `{"preset", "moves":
    /// [{"move": {move object}, "value", "weight", "leaf"}]}`, best first.
    pub fn moves(&self, board: &Board) -> String {
        serde_json::to_string(&self.moves_of(board)).unwrap_or_default()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use tama_core::{Position, Preset, Rules};
    use tama_search::book::Entry;
    use tama_search::Score;

    /// A small book of the armenian start position: its first two legal
    /// moves, the second better.
    pub(crate) fn bytes() -> Vec<u8> {
        let (pos, rules) = (Position::start(), Rules::ARMENIAN);
        let moves = pos.legal_moves(&rules);
        let entries = vec![
            Entry::new(&pos, &rules, &moves[0], Score::centi_men(3), 2).unwrap(),
            Entry::new(&pos, &rules, &moves[1], Score::centi_men(9), 5).unwrap(),
        ];
        SearchBook::from_entries(Preset::Armenian, entries).to_bytes()
    }

    #[test]
    fn a_book_reads_and_gives_the_moves_of_a_board() {
        let book = Book::read(&bytes(), Some("armenian")).unwrap();
        assert_eq!((book.preset(), book.size()), ("armenian".to_owned(), 2));
        let v: serde_json::Value =
            serde_json::from_str(&book.moves(&Board::create(None, "").unwrap())).unwrap();
        assert_eq!(v["preset"], "armenian");
        assert_eq!(v["moves"][0]["value"], serde_json::json!({"cm": 9}));
        assert_eq!(v["moves"][0]["weight"], 5);
        assert_eq!(v["moves"][1]["value"], serde_json::json!({"cm": 3}));
        let turkish = book.moves_of(&Board::create(None, "turkish").unwrap());
        assert!(turkish.moves.is_empty());
        let mut board = Board::create(None, "").unwrap();
        board.play("c3-d4").unwrap();
        assert!(book.moves_of(&board).moves.is_empty());
    }

    #[test]
    fn a_damaged_book_or_one_of_other_rules_is_refused() {
        let good = bytes();
        let mut bad = good.clone();
        bad[20] ^= 1;
        let e = Book::read(&bad, None).unwrap_err();
        assert_eq!(e.name(), "BookError");
        assert!(e.message().starts_with("book file: "), "{e}");
        assert!(e.message().contains("at byte"), "{e}");
        let e = Book::read(&good[..good.len() - 1], None).unwrap_err();
        assert_eq!(e.name(), "BookError");
        let e = Book::read(&good, Some("turkish")).unwrap_err();
        assert_eq!(e.name(), "BookError");
        assert!(e.message().contains("not turkish"), "{e}");
        let e = Book::read(&good, Some("armenian,removal=end-of-move")).unwrap_err();
        assert_eq!(e.name(), "BookError");
        assert_eq!(
            Book::read(&good, Some("chess")).unwrap_err().name(),
            "RulesError"
        );
        assert_eq!(Book::read(b"", None).unwrap_err().name(), "BookError");
    }
}
