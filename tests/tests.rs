//! The single integration-test binary of the workspace (ripgrep's pattern):
//! every cross-crate test is a module of this file, so they all link once.

mod ballots;
mod book;
mod cli;
mod clock;
mod differential;
mod egtb_flag;
mod engine;
mod first_hour;
mod fuzz_replay;
mod oracle;
mod play;
mod properties;
mod puzzle;
mod reference;
mod reference_selftest;
mod robustness;
mod suite;
mod tidy;
mod util;
mod web;
