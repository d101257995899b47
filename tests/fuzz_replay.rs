//! The fuzz corpora replayed on stable Rust: every file of
//! `fuzz/corpus/<target>` and `fuzz/regressions/<target>` goes through the
//! same checks as the cargo-fuzz target ([`tama_tests::fuzz_checks`]), so
//! `cargo test` keeps what the fuzzer found (and every bug it found) fixed
//! without nightly or cargo-fuzz.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use tama_tests::fuzz_checks;

/// The `fuzz/` folder of the repository.
fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the tests crate lives in the repository root")
        .join("fuzz")
}

/// The files of `dir`, sorted; none when it does not exist.
fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

/// Runs the checks of `target` on its corpus and regressions; fails with
/// the list of the files whose check failed. The corpus must not be empty.
fn replay(target: &str) {
    let check = fuzz_checks::target(target).expect("a known target");
    let corpus = files(&fuzz_dir().join("corpus").join(target));
    assert!(
        !corpus.is_empty(),
        "fuzz/corpus/{target} is missing or empty"
    );
    let regressions = files(&fuzz_dir().join("regressions").join(target));
    let mut failed = Vec::new();
    let mut slowest = (Duration::ZERO, PathBuf::new());
    for file in corpus.iter().chain(&regressions) {
        let data = std::fs::read(file).expect("readable corpus file");
        let start = Instant::now();
        if let Err(panic) = catch_unwind(AssertUnwindSafe(|| check(&data))) {
            let message = panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| panic.downcast_ref::<&str>().copied())
                .unwrap_or("(no message)");
            failed.push(format!("{}: {message}", file.display()));
        }
        let elapsed = start.elapsed();
        if elapsed > slowest.0 {
            slowest = (elapsed, file.clone());
        }
    }
    println!(
        "{target}: {} corpus files, {} regressions; slowest {:?} ({})",
        corpus.len(),
        regressions.len(),
        slowest.0,
        slowest.1.display()
    );
    assert!(
        failed.is_empty(),
        "{} of the {target} fuzz inputs fail their check:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

#[test]
fn fen_corpus() {
    replay("fen");
}

#[test]
fn rules_corpus() {
    replay("rules");
}

#[test]
fn movetext_corpus() {
    replay("movetext");
}

#[test]
fn pdn_corpus() {
    replay("pdn");
}

#[test]
fn play_corpus() {
    replay("play");
}

#[test]
fn every_target_has_a_test() {
    let names: Vec<&str> = fuzz_checks::TARGETS.iter().map(|(n, _)| *n).collect();
    assert_eq!(names, ["fen", "rules", "movetext", "pdn", "play"]);
}
