//! The line commands of `tama play`: a session never panics, ends quickly
//! and exits with 0 on UTF-8 input; files stay in a temporary directory.
//!
//! The checks are `tama_tests::fuzz_checks::play`, shared with the stable
//! corpus replay test (tests/fuzz_replay.rs).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tama_tests::fuzz_checks::play(data));
