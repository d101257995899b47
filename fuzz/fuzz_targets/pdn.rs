//! The PDN reader over arbitrary bytes: never panics or hangs; every game
//! it yields writes canonically and reads back to the same game.
//!
//! The checks are `tama_tests::fuzz_checks::pdn`, shared with the stable
//! corpus replay test (tests/fuzz_replay.rs).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tama_tests::fuzz_checks::pdn(data));
