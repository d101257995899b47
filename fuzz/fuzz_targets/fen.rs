//! Position text: never panics; what parses writes back canonically and
//! reads again to the same position.
//!
//! The checks are `tama_tests::fuzz_checks::fen`, shared with the stable
//! corpus replay test (tests/fuzz_replay.rs).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tama_tests::fuzz_checks::fen(data));
