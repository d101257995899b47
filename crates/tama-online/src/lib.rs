//! Live games of draughts between people on a server (issue 42): the
//! server is the referee.
//!
//! - [`referee`]: one game as a pure, synchronous state machine over
//!   tama-core's `Game` and `GameClock`. Every call is given the server's
//!   time, every change is a numbered [`event::Entry`], and a game is
//!   rebuilt from its log ([`referee::Referee::replay`]);
//! - [`store`]: tokens, challenges, games, moves and events in SQLite
//!   (embedded, WAL) or Postgres, through sqlx, with one set of
//!   migrations; [`recover`] commits a game's new events in one
//!   transaction and brings the live games back after a crash;
//! - [`api`]: the Board API (lichess's shape) as an axum router, which
//!   `tama serve` mounts, and [`ws`]: the WebSocket of a game;
//! - [`token`]: random ids and guest tokens, compared in constant time;
//! - [`limits`]: the operator's [`limits::Options`] and the rate limits
//!   per identity and per address;
//! - [`engine`]: the engine as an opponent, within the operator's budget
//!   of searches at once.
//!
//! docs/ONLINE.md describes the API and its rules.
//!
//! ```
//! use std::time::Duration;
//! use tama_core::{Color, Outcome, Rules, Termination, TimeControl};
//! use tama_online::referee::{Action, Referee, Settings, Status};
//!
//! // 3 minutes + 2 seconds; the server's clock says 0 ms.
//! let control = TimeControl::fischer(Duration::from_secs(180), Duration::from_secs(2));
//! let mut game = Referee::new(Settings::new(Rules::TURKISH, Some(control)), 0);
//! let mv = |text: &str| Action::Move { text: text.to_string(), lag: 0 };
//! game.act(Color::White, mv("c3-c4"), 1_000).unwrap();
//! assert!(game.act(Color::White, mv("d3-d4"), 1_500).is_err()); // not White's turn
//! game.act(Color::Black, mv("f6-f5"), 2_000).unwrap();
//! // Both have moved: White's clock runs, and the server flags it on its
//! // own timer when nobody moves.
//! let deadline = game.deadline().unwrap();
//! assert!(game.tick(deadline));
//! assert_eq!(game.status(), Status::Over(Outcome::win(Color::Black, Termination::TimeForfeit)));
//! // Every change was a numbered event.
//! assert_eq!(game.log().iter().map(|e| e.n).collect::<Vec<_>>(), [1, 2, 3]);
//! ```
#![deny(missing_docs)]
#![cfg_attr(not(test), warn(clippy::unwrap_used))]

pub mod api;
pub use api::{engine, limits};
mod auth;
mod board;
mod challenge;
pub mod event;
pub mod recover;
pub mod referee;
mod router;
pub mod store;
pub mod token;
pub mod ws;
