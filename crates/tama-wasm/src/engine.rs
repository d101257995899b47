//! The engine in WebAssembly: tama-search on one thread, with the learned
//! evaluation's embedded weights, reporting as `tama analyse --json` does.
//!
//! A search runs to its end inside one call, so nothing else runs on its
//! thread meanwhile; the JavaScript package runs it in a worker. To stop
//! it early the page sets a flag in shared memory ([`WasmEngine::set_stop_flag`]),
//! which the search reads every `check_interval` nodes through its
//! [`Interrupt`](tama_search::Interrupt); where shared memory is not
//! available (a page that is not cross-origin isolated) the package ends
//! the worker instead and keeps the last completed iteration.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};

use js_sys::{Atomics, Function, Int32Array};
use serde::Deserialize;
use tama_api::{Report, ReviewMove, ReviewProgress, ReviewSummary};
use tama_search::review::{self, DEFAULT_MOVETIME};
use tama_search::{Engine, EngineConfig, InfoKind, LimitBounds, Limits};
use wasm_bindgen::prelude::*;

use crate::board::Board;
use crate::book::Book;
use crate::error::Error;

thread_local! {
    /// The stop flag: an `Int32Array` (over a `SharedArrayBuffer`) whose
    /// first element is non-zero while a stop is requested.
    static STOP_FLAG: RefCell<Option<Int32Array>> = const { RefCell::new(None) };
}

/// The flag's value that asks for a stop.
pub const FLAG_STOP: i32 = 1;

/// The flag's value that says a ponder search was hit.
pub const FLAG_PONDER_HIT: i32 = 2;

/// The flag's value now (0 without a flag).
fn flag_value() -> i32 {
    STOP_FLAG.with(|flag| {
        flag.borrow()
            .as_ref()
            .and_then(|a| Atomics::load(a, 0).ok())
            .unwrap_or(0)
    })
}

/// The search's [`Interrupt`](tama_search::Interrupt): whether the stop
/// flag asks for a stop.
fn stop_requested() -> bool {
    flag_value() == FLAG_STOP
}

/// The search's ponder-hit question: whether the flag says the ponder
/// search was hit.
fn ponder_hit() -> bool {
    flag_value() == FLAG_PONDER_HIT
}

/// What to search: the limits (none: until stopped), and the number of
/// lines.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchRequest {
    /// Greatest depth in plies.
    pub depth: Option<u32>,
    /// Milliseconds to search.
    pub movetime: Option<u64>,
    /// Greatest number of nodes.
    pub nodes: Option<u64>,
    /// Lines to search (multi-PV), 1 by default.
    pub multipv: Option<u32>,
    /// The game clock: the engine budgets its own time from it.
    pub clock: Option<tama_api::ClockRequest>,
    /// A ponder search: no time limit until the flag says it was hit
    /// (the flag's value 2), then the limits above.
    pub ponder: Option<bool>,
    /// Whether the search may answer with a move of the engine's opening
    /// book (given by [`WasmEngine::set_book`]) without searching: true
    /// by default (option `book`), never for a search without limits.
    pub book: Option<bool>,
}

impl SearchRequest {
    /// The request from its JSON text (`{}` or empty: no limit, one line).
    ///
    /// # Errors
    ///
    /// `TypeError` for JSON of another shape, `RangeError` for a limit
    /// out of its range.
    pub fn parse(json: &str) -> Result<SearchRequest, Error> {
        let request: SearchRequest = if json.trim().is_empty() {
            SearchRequest::default()
        } else {
            serde_json::from_str(json)
                .map_err(|e| Error::new("TypeError", format!("invalid search request: {e}")))?
        };
        request.checked_limits()?;
        tama_api::search::multipv(request.multipv).map_err(Error::request)?;
        Ok(request)
    }

    /// The limits given, range-checked as every front end checks them
    /// (`Limits::checked`).
    pub(crate) fn checked_limits(&self) -> Result<Limits, Error> {
        let mut limits = tama_api::search::limits(
            self.depth,
            self.nodes,
            self.movetime,
            self.clock.as_ref(),
            LimitBounds::ENGINE,
        )
        .map_err(Error::request)?;
        limits.ponder = self.ponder.unwrap_or(false);
        Ok(limits)
    }

    /// The search limits: those given, or until stopped.
    pub fn limits(&self) -> Limits {
        self.checked_limits()
            .unwrap_or(Limits::INFINITE)
            .or(Limits::INFINITE)
    }
}

/// The engine of one worker: tama-search's `Engine` with one thread.
#[wasm_bindgen]
#[derive(Debug)]
pub struct WasmEngine {
    engine: Engine,
    /// The option `book` of the settings: whether any search may play
    /// from the book.
    book_option: bool,
}

impl WasmEngine {
    /// An engine with `settings` of the option registry (`hash=32`,
    /// `eval=classic`, `lmr=false`; `tama match --list-options`).
    ///
    /// # Errors
    ///
    /// `TypeError` naming the setting that is not an option or out of its
    /// range; `RangeError` for more than one thread, which WebAssembly
    /// without shared memory cannot run.
    pub fn create(settings: &[String]) -> Result<WasmEngine, Error> {
        let config = EngineConfig::from_settings(settings.iter().map(String::as_str))
            .map_err(|e| Error::new("TypeError", e.to_string()))?;
        if config.threads != 1 {
            return Err(Error::range(format!(
                "invalid threads {}: the WebAssembly engine runs on one thread",
                config.threads
            )));
        }
        let book_option = config.search.book;
        let mut engine = Engine::new(config);
        engine.set_interrupt(Some(stop_requested));
        engine.set_ponder_hit(Some(ponder_hit));
        Ok(WasmEngine {
            engine,
            book_option,
        })
    }

    /// Gives the engine `book` (for its preset; `None` takes it away):
    /// its searches with limits then answer with a book move where the
    /// book has one (the module has no book of its own).
    pub fn give_book(&mut self, book: Option<&Book>) {
        let mut config = self.engine.config().clone();
        config.book = book.map(Book::shared);
        self.engine.set_config(config);
    }

    /// Searches the board's position (its game's earlier positions count
    /// for repetition), calling `info` with each completed iteration's
    /// report; returns the last report (`bestmove` or `gameover`).
    pub fn search(
        &mut self,
        board: &Board,
        request: &SearchRequest,
        mut info: impl FnMut(&Report),
    ) -> Report {
        let game = board.game();
        let pos = *game.position();
        let rules = *game.rules();
        self.engine
            .set_multipv(request.multipv.unwrap_or(1) as usize);
        self.engine
            .set_book(self.book_option && request.book.unwrap_or(true));
        let result = self.engine.search_game(game, &request.limits(), |i| {
            if i.kind == InfoKind::Iteration {
                info(&Report::info(&pos, &rules, i));
            }
        });
        Report::result(&pos, &rules, &result)
    }
}

#[wasm_bindgen]
impl WasmEngine {
    /// An engine with `settings` (`["hash=32", "eval=classic"]`); throws
    /// `TypeError` or `RangeError` naming the setting.
    #[wasm_bindgen(constructor)]
    pub fn new(settings: Vec<String>) -> Result<WasmEngine, JsValue> {
        Ok(WasmEngine::create(&settings)?)
    }

    /// Sets the flag that stops searches: an `Int32Array` (over a
    /// `SharedArrayBuffer`, written by another thread) whose first element
    /// is 1 while a stop is requested, and 2 once a ponder search was hit
    /// (it then goes on under its limits); `undefined` removes it.
    #[wasm_bindgen(js_name = setStopFlag)]
    pub fn set_stop_flag(flag: Option<Int32Array>) {
        STOP_FLAG.with(|f| *f.borrow_mut() = flag);
    }

    /// Gives the engine an opening book: a book file's bytes
    /// (`Uint8Array`), or `undefined` to take it away. Returns the book's
    /// preset; throws `BookError` for a damaged file. A search with
    /// limits in a position of the book then answers a book move at once
    /// (`"book": true`, depth 0) unless its request says `"book": false`.
    #[wasm_bindgen(js_name = setBook)]
    pub fn set_book(&mut self, bytes: Option<Vec<u8>>) -> Result<Option<String>, JsValue> {
        let book = bytes.map(|b| Book::read(&b, None)).transpose()?;
        self.give_book(book.as_ref());
        Ok(book.map(|b| b.preset()))
    }

    /// Searches `board` under `request` (JSON: `{"depth", "movetime",
    /// "nodes", "multipv", "book"}`, none of them required: no limit searches
    /// until stopped), calling `on_info` with each iteration's report as
    /// JSON text (`{"type": "info", …}`, the lines of `tama analyse
    /// --json`); returns the last report as JSON (`bestmove` or
    /// `gameover`).
    pub fn analyse(
        &mut self,
        board: &Board,
        request: &str,
        on_info: Option<Function>,
    ) -> Result<String, JsValue> {
        let request = SearchRequest::parse(request)?;
        let stop = self.engine.stop_handle();
        let mut failed = None;
        let last = self.search(board, &request, |report| {
            if let (Some(f), None) = (&on_info, &failed) {
                let text = JsValue::from_str(&report_json(report));
                if let Err(e) = f.call1(&JsValue::NULL, &text) {
                    // The callback threw: stop at once and rethrow.
                    failed = Some(e);
                    stop.stop();
                }
            }
        });
        match failed {
            Some(e) => Err(e),
            None => Ok(report_json(&last)),
        }
    }

    /// Reviews the board's game, move by move, as `tama analyse --pdn` and
    /// the web server's `GET /api/review` do: each search under `request`
    /// (200 ms a position when it sets no limit), from an empty hash table.
    /// `on_event(name, json)` is called with `progress` events
    /// (`{"done", "total"}`) and a `move` event per verdict (tama-api's
    /// `ReviewMove`); returns the summary (`{"white": {"mistakes",
    /// "blunders"}, "black": …}`) as JSON, or `undefined` when the review
    /// was stopped (the stop flag) before its end.
    pub fn review(
        &mut self,
        board: &Board,
        request: &str,
        on_event: Option<Function>,
    ) -> Result<Option<String>, JsValue> {
        let request = SearchRequest::parse(request)?;
        let limits = request
            .checked_limits()?
            .or(Limits::movetime(DEFAULT_MOVETIME));
        let game = board.game();
        let rules = *game.rules();
        let total = game.moves().len();
        let stop = AtomicBool::new(false);
        let mut summary = ReviewSummary::default();
        let mut failed = None;
        let mut send = |name: &str, json: String| {
            if let (Some(f), None) = (&on_event, &failed) {
                let args = (JsValue::from_str(name), JsValue::from_str(&json));
                if let Err(e) = f.call2(&JsValue::NULL, &args.0, &args.1) {
                    failed = Some(e);
                }
            }
            failed.is_none()
        };
        send("progress", report_json(&ReviewProgress { done: 0, total }));
        self.engine.set_multipv(1);
        self.engine.clear();
        let result = review::review(
            &mut self.engine,
            &rules,
            game.start(),
            game.moves(),
            &limits,
            &stop,
            |p| {
                let mut go_on = !stop_requested();
                if let (true, Some(v)) = (go_on, p.review) {
                    summary.count(v);
                    go_on = send("move", report_json(&ReviewMove::new(v, &rules)));
                }
                let progress = ReviewProgress {
                    done: p.done,
                    total: p.total,
                };
                go_on = go_on && send("progress", report_json(&progress));
                if !go_on {
                    stop.store(true, Ordering::SeqCst);
                }
            },
        );
        if let Some(e) = failed {
            return Err(e);
        }
        Ok(match result {
            Ok(_) if !stop.load(Ordering::SeqCst) => Some(report_json(&summary)),
            _ => None,
        })
    }

    /// Forgets what earlier searches learned (the hash table).
    pub fn clear(&mut self) {
        self.engine.clear();
    }

    /// The static evaluation of the board's position for the side to
    /// move, as a score's JSON (`{"cm": 35}`).
    pub fn evaluate(&self, board: &Board) -> String {
        let game = board.game();
        report_json(&self.engine.evaluate(game.position(), game.rules()))
    }
}

fn report_json<T: serde::Serialize>(value: &T) -> String {
    // Reports are plain data: serialising them cannot fail.
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_range_checked() {
        assert!(SearchRequest::parse("").unwrap().limits().infinite);
        let r = SearchRequest::parse(r#"{"depth": 3, "multipv": 2}"#).unwrap();
        assert_eq!(r.limits().depth, Some(3));
        for bad in [
            r#"{"depth": 0}"#,
            r#"{"movetime": 0}"#,
            r#"{"nodes": 0}"#,
            r#"{"multipv": 65}"#,
        ] {
            assert_eq!(SearchRequest::parse(bad).unwrap_err().name(), "RangeError");
        }
        let r = SearchRequest::parse(
            r#"{"clock": {"white": 5000, "black": 4000, "black_increment": 100}}"#,
        )
        .unwrap();
        let clock = r.limits().clock.unwrap();
        assert_eq!(clock.black, std::time::Duration::from_millis(4000));
        assert_eq!(clock.black_increment, std::time::Duration::from_millis(100));
        assert!(!r.limits().infinite);
        for bad in [
            r#"{"clock": {"white": 90000000, "black": 1}}"#,
            r#"{"clock": {"white": 1, "black": 1, "moves_to_go": 0}}"#,
        ] {
            assert_eq!(SearchRequest::parse(bad).unwrap_err().name(), "RangeError");
        }
        let r = SearchRequest::parse(r#"{"movetime": 100, "ponder": true}"#).unwrap();
        assert!(r.limits().ponder);
        assert!(
            !SearchRequest::parse(r#"{"movetime": 100}"#)
                .unwrap()
                .limits()
                .ponder
        );
        let e = SearchRequest::parse(r#"{"clock": {"white": -1, "black": 1}}"#).unwrap_err();
        assert_eq!(e.name(), "TypeError");
        let e = SearchRequest::parse(r#"{"dpth": 3}"#).unwrap_err();
        assert_eq!(e.name(), "TypeError");
        assert!(e.message().contains("dpth"), "{e}");
    }

    #[test]
    fn an_engine_searches_and_reports_each_iteration() {
        // The book off: natively the turkish book is built in, and the
        // start position is in it.
        let mut engine = WasmEngine::create(&["hash=1".to_owned(), "book=off".to_owned()]).unwrap();
        let board = Board::create(None, "turkish").unwrap();
        let request = SearchRequest::parse(r#"{"depth": 3}"#).unwrap();
        let mut depths = Vec::new();
        let last = engine.search(&board, &request, |r| {
            if let Report::Info(i) = r {
                depths.push(i.depth);
            }
        });
        assert_eq!(depths, [1, 2, 3]);
        assert!(matches!(last, Report::BestMove(ref b) if b.search.depth == 3));
        let e = WasmEngine::create(&["threads=2".to_owned()]).unwrap_err();
        assert_eq!(e.name(), "RangeError");
        assert_eq!(
            WasmEngine::create(&["hash=nope".to_owned()])
                .unwrap_err()
                .name(),
            "TypeError"
        );
    }

    #[test]
    fn an_engine_given_a_book_plays_from_it_but_analyses_by_searching() {
        // Margin 0: the book's best move, not one near it at random.
        let settings = ["hash=1".to_owned(), "book_margin=0".to_owned()];
        let mut engine = WasmEngine::create(&settings).unwrap();
        let book = Book::read(&crate::book::tests::bytes(), None).unwrap();
        engine.give_book(Some(&book));
        let board = Board::create(None, "armenian").unwrap();
        let best_of = |engine: &mut WasmEngine, request: &str| {
            let request = SearchRequest::parse(request).unwrap();
            match engine.search(&board, &request, |_| {}) {
                Report::BestMove(b) => b,
                other => panic!("{other:?}"),
            }
        };
        let b = best_of(&mut engine, r#"{"depth": 4}"#);
        let first = &book.moves_of(&board).moves[0];
        assert_eq!(b.mv, first.mv.text);
        assert!(
            b.search.book && b.search.depth == 0 && b.search.nodes == 0,
            "{b:?}"
        );
        assert!(report_json(&Report::BestMove(b)).contains(r#""book":true"#));
        // Told not to, or a search without limits (an analysis): a search.
        let b = best_of(&mut engine, r#"{"depth": 2, "book": false}"#);
        assert!(!b.search.book && b.search.depth == 2, "{b:?}");
        // The package's analysis searches without limits (until
        // stopped): `Limits::infinite`, here with a depth to end it; the
        // book on, it searches all the same.
        let mut iterations = 0;
        let limits = Limits {
            infinite: true,
            ..Limits::depth(2)
        };
        engine.engine.set_book(true);
        let result = engine.engine.search_game(board.game(), &limits, |i| {
            if i.kind == InfoKind::Iteration {
                iterations += 1;
            }
        });
        assert!(matches!(result, tama_search::SearchResult::Move(ref b) if !b.book && b.nodes > 0));
        assert!(iterations > 0);
        // The option off: never from the book.
        let mut off = WasmEngine::create(&["hash=1".to_owned(), "book=false".to_owned()]).unwrap();
        off.give_book(Some(&book));
        let b = best_of(&mut off, r#"{"depth": 2}"#);
        assert!(!b.search.book && b.search.nodes > 0, "{b:?}");
        // Taken away: the engine's own book, which the WebAssembly module
        // has none of (feature `books` off); a native test run of the
        // whole workspace builds tama-search with its built-in books.
        engine.give_book(None);
        let b = best_of(&mut engine, r#"{"depth": 2}"#);
        let built_in = tama_search::book::embedded::embedded(tama_core::Preset::Armenian).is_some();
        assert_eq!(b.search.book, built_in, "{b:?}");
        if !built_in {
            assert_eq!(b.search.depth, 2, "{b:?}");
        }
    }

    #[test]
    fn a_game_is_reviewed_to_its_summary() {
        let mut engine = WasmEngine::create(&["hash=1".to_owned()]).unwrap();
        let board = Board::from_game(
            crate::board::game_of(None, "turkish", &["c3-c4".into(), "f6-f5".into()]).unwrap(),
        );
        let summary = engine.review(&board, r#"{"depth": 2}"#, None).unwrap();
        let summary: serde_json::Value = serde_json::from_str(&summary.unwrap()).unwrap();
        assert!(summary["white"]["mistakes"].is_u64(), "{summary}");
        assert!(summary["black"]["blunders"].is_u64(), "{summary}");
    }
}
