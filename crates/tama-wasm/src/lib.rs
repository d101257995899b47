//! tama for browsers and Node: the rules (tama-core), the text formats
//! (tama-notation) and the engine (tama-search, with the learned
//! evaluation's embedded weights) compiled to WebAssembly
//! (`wasm32-unknown-unknown`, one thread) with `wasm-bindgen`.
//!
//! This crate is the module's Rust side: a few classes whose methods take
//! and give text and JSON in the forms the other front ends print
//! (docs/NOTATION.md, docs/API.md). The JavaScript package around it
//! (`js/`: `Board`, `Move`, `Engine`, the PDN functions and the error
//! classes, with TypeScript declarations) is what users import; `cargo
//! xtask wasm` builds both and packs them. The page of `tama serve` and
//! of the static bundle uses the same package, so the page computes no
//! rules of its own.
//!
//! Every function is written over plain Rust first (`Result<_, Error>`),
//! so the native build tests it; the `wasm_bindgen` methods only turn an
//! [`Error`] into a JavaScript exception whose `name` is its class
//! (`FenError`, `MoveTextError`, `RulesError`, `IllegalMoveError`,
//! `PdnError`, `RangeError`), which the package rethrows as its own
//! classes.
//!
//! ```
//! use tama_wasm::Board;
//!
//! let mut board = Board::create(None, "turkish").unwrap();
//! assert_eq!(board.perft(3).unwrap(), 708);
//! board.play("c3-c4").unwrap();
//! assert!(board.fen().starts_with("B:"));
//! assert_eq!(board.play("c4-c5").unwrap_err().name(), "IllegalMoveError");
//! ```

#![deny(missing_docs)]

mod board;
mod book;
mod clock;
mod engine;
mod error;
mod pdn;
mod puzzle;
mod tables;

pub use board::Board;
pub use book::Book;
pub use clock::{flag_rule_of, time_control_of, timed_record, MAX_CLOCK_TIME};
pub use engine::{SearchRequest, WasmEngine};
pub use error::Error;
pub use pdn::{pdn_from_json, pdn_to_json};
pub use tables::rules_table;
