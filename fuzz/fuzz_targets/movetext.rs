//! Move text against a fixed set of positions: never panics; a resolved
//! move is legal, and its canonical text resolves to the same move.
//!
//! The checks are `tama_tests::fuzz_checks::movetext`, shared with the stable
//! corpus replay test (tests/fuzz_replay.rs).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tama_tests::fuzz_checks::movetext(data));
