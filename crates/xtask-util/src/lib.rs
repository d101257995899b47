//! What the project's automation binaries share (`cargo xtask` and
//! `cargo egtb-shard`, after cargo's own `xtask-*` crates): running
//! external commands, each printed before it runs and timed ([`cmd`]),
//! and building and talking to the `tama` binary ([`tama`]).
#![deny(missing_docs)]

pub mod cmd;
pub mod tama;
