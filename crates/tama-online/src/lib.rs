//! Live games of draughts between people on a server (issue 42).
#![deny(missing_docs)]

pub mod api;
pub mod event;
pub mod recover;
pub mod referee;
pub mod store;
pub mod token;
pub mod ws;
