//! Cross-crate and CLI tests for tama; see tests.rs.
//!
//! The library part holds what is shared beyond the test binary: the checks
//! of the fuzz targets ([`fuzz_checks`]), which the `fuzz/` crate calls
//! under cargo-fuzz and the `fuzz_replay` tests call on stable Rust.

pub mod fuzz_checks;
