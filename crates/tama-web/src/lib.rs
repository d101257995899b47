//! The web board of tama: an HTTP server with a JSON API over the rules,
//! notation and engine libraries, and an embedded page (HTML, CSS and
//! JavaScript modules) to play and analyse in a browser. `tama serve`
//! runs it; the API is described in `docs/API.md`.
//!
//! ```
//! use std::io::{Read, Write};
//!
//! // A server on a free loopback port, in the background.
//! let server = tama_web::spawn(tama_web::Config { port: 0, ..Default::default() }).unwrap();
//! let mut conn = std::net::TcpStream::connect(server.addr()).unwrap();
//! conn.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").unwrap();
//! let mut answer = String::new();
//! conn.read_to_string(&mut answer).unwrap();
//! assert!(answer.starts_with("HTTP/1.1 200"));
//! assert!(answer.contains(r#""status":"ok""#));
//! server.shutdown();
//! ```
//!
//! # Pieces
//!
//! - [`router`] builds every route on an [`AppState`] (the search slots);
//! - [`serve`] runs it on a listener until a shutdown signal, [`run`] is
//!   the blocking form `tama serve` uses (until Ctrl-C), and [`spawn`]
//!   starts a server on a background thread (for tests and tools);
//! - [`bundle`] writes the page as a static site with the browser's
//!   engine (`tama web-bundle`).
//!
//! The tests and the load tester (`examples/load.rs`, `cargo web-load`)
//! reach a server with the `ureq` client.
#![deny(missing_docs)]
// Library code returns errors; a panic is for broken invariants only, with
// an `expect` that says which.
#![cfg_attr(not(test), warn(clippy::unwrap_used))]

mod analyse;
mod api;
pub mod assets;
mod book;
pub mod bundle;
mod error;
mod input;
mod pdn;
mod ponder;
mod ponder_jobs;
mod review;
mod rules;
mod run;
mod server;
mod slots;
mod stream;

pub use error::ApiError;
pub use ponder_jobs::{MAX_PONDER_JOBS, PONDER_SEARCH_TIME, PONDER_TTL};
pub use run::run;
pub use server::{router, serve, serve_with, spawn, Config, RunningServer};
pub use slots::AppState;

/// The largest request body, in bytes (a bigger one gets 413).
pub const BODY_LIMIT: usize = 4 * 1024 * 1024;
