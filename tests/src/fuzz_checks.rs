//! The checks of the fuzz targets, one function per target.
//!
//! Each function takes the raw bytes of one fuzz input and panics when a
//! property fails. The cargo-fuzz targets in `fuzz/fuzz_targets` (nightly,
//! sanitizers) are one-line wrappers around these functions, and the stable
//! test `fuzz_replay` runs every file of `fuzz/corpus/<target>` and
//! `fuzz/regressions/<target>` through them, so a plain `cargo test` replays
//! what the fuzzer found without nightly.
//!
//! ```
//! use tama_tests::fuzz_checks;
//!
//! fuzz_checks::fen(b"W:Wa2,Kd4:Ba7,Kh8");
//! fuzz_checks::play(b"0c3c4\nundo\nfen\n");
//! assert!(fuzz_checks::target("pdn").is_some());
//! ```

use std::io::BufRead;
use std::path::{Path, PathBuf};

use tama_cli::cmd::play::Command;
use tama_core::{Position, Rules};
use tama_notation::fen::{parse_fen, write_fen};
use tama_notation::movetext::{parse_move, write_move};
use tama_notation::pdn::{PdnGame, PdnReader};
use tama_notation::rules_text::{parse_rules, write_rules};

/// A target's check: panics when a property fails for the input.
pub type Check = fn(&[u8]);

/// Every target, by name, in the order `cargo xtask fuzz` runs them.
pub const TARGETS: &[(&str, Check)] = &[
    ("fen", fen),
    ("rules", rules),
    ("movetext", movetext),
    ("pdn", pdn),
    ("play", play),
];

/// The check of the target called `name`.
pub fn target(name: &str) -> Option<Check> {
    TARGETS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, check)| check)
}

/// Position text: never panics; what parses writes back canonically and
/// reads again to the same position.
pub fn fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse_fen(text) {
        Ok(fen) => {
            let written = write_fen(&fen.position);
            let again = parse_fen(&written)
                .unwrap_or_else(|e| panic!("canonical FEN {written:?} does not read back: {e}"));
            assert_eq!(again.position, fen.position, "{written}");
            assert_eq!(write_fen(&again.position), written);
            // With its counters too.
            let full = fen.to_string();
            let again = parse_fen(&full)
                .unwrap_or_else(|e| panic!("FEN {full:?} with counters does not read back: {e}"));
            assert_eq!(again, fen, "{full}");
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// Rules text: never panics; what parses writes back canonically and reads
/// again to the same rules.
pub fn rules(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse_rules(text) {
        Ok(rules) => {
            let written = write_rules(&rules);
            let again = parse_rules(&written)
                .unwrap_or_else(|e| panic!("canonical rules {written:?} do not read back: {e}"));
            assert_eq!(again, rules, "{written}");
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// The positions move text is read against: the first byte of a
/// `movetext` input picks one (modulo their number).
pub const MOVETEXT_POSITIONS: &[(&str, Rules)] = &[
    ("W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7", Rules::ARMENIAN),
    ("W:WKd1:Bd3,d6,b4,f4", Rules::ARMENIAN),
    ("B:Wd2,c4,b3,c2:BKd1", Rules::ARMENIAN),
    ("B:Wd2,c4,b3,c2:BKd1", Rules::ARMENIAN_ORTHOGONAL),
    ("W:WKd4:Bf4,g6,e7,d5,a8", Rules::ARMENIAN),
    ("W:Wd6:Bd7,c8", Rules::ARMENIAN_ORTHOGONAL),
    ("W:Wc4,d4,e4:Bc5,d5,e5,c6,e6", Rules::TURKISH),
];

/// Move text against a fixed set of positions (the first byte picks one):
/// never panics; a resolved move is legal, and its canonical text resolves
/// to the same move.
pub fn movetext(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let (fen, rules) = &MOVETEXT_POSITIONS[usize::from(selector) % MOVETEXT_POSITIONS.len()];
    let pos: Position = parse_fen(fen).expect("fixed positions are valid").position;
    match parse_move(text, &pos, rules) {
        Ok(mv) => {
            assert!(
                pos.is_legal(rules, &mv),
                "{text:?} resolved to an illegal move"
            );
            let canonical = write_move(&pos, rules, &mv);
            let again = parse_move(&canonical, &pos, rules)
                .unwrap_or_else(|e| panic!("canonical text {canonical:?} does not resolve: {e}"));
            assert_eq!(again, mv, "{canonical}");
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// The PDN reader over arbitrary bytes: never panics or hangs; every game
/// it yields writes canonically and reads back to the same game, and
/// writing that again gives the same bytes.
pub fn pdn(data: &[u8]) {
    for item in PdnReader::new(data).take(1000) {
        match item {
            Ok(game) => {
                let written = game.to_pdn();
                let again: PdnGame = written.parse().unwrap_or_else(|e| {
                    panic!("canonical PDN does not read back ({e}):\n{written}")
                });
                assert_eq!(again, game, "{written}");
                assert_eq!(again.to_pdn(), written);
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
}

/// The command-line options of each `play` session: the first byte of a
/// `play` input picks one (modulo their number, so the digits `0` to `7`
/// pick the options in this order). People play at least one side and the
/// engine searches to depth 1 only, so every line costs little.
pub const PLAY_OPTIONS: &[&[&str]] = &[
    &["--color", "both"],
    &["--color", "white"],
    &["--color", "black"],
    &["--color", "both", "--rules", "turkish"],
    &[
        "--color",
        "white",
        "--fen",
        "W:Wc3,e3,Kd4:Bd5,f6,Kh8",
        "--rules",
        "armenian-orthogonal",
    ],
    &["--color", "both", "--fen", "B:WKa1,d2:Bc6,Kh8:H7:F30"],
    &[
        "--color",
        "black",
        "--rules",
        "armenian,removal=end-of-move,promotion=midway",
    ],
    &["--color", "both", "--fen", "W:WKa1:BKh8", "--flip"],
];

/// The `tama play` session: the first byte picks the options
/// ([`PLAY_OPTIONS`]), the rest is standard input, one command or move a
/// line. Never panics and ends quickly; the session ends with exit code 0
/// whenever its input is UTF-8.
///
/// Before it runs, the input is made safe and cheap by [`play_script`]:
/// file names of `save` and `load` point into a fresh temporary directory,
/// and `level` is capped at 2.
pub fn play(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let options = PLAY_OPTIONS[usize::from(selector) % PLAY_OPTIONS.len()];
    // A directory of its own for one `play` session, removed afterwards,
    // so files saved in one session are never loaded by another.
    let dir = tempfile::tempdir().expect("cannot create a temporary directory");
    let script = play_script(rest, dir.path());
    let mut args = vec!["tama", "play", "--depth", "1", "--hash", "1"];
    args.extend_from_slice(options);
    let mut input: &[u8] = &script;
    let mut err = Vec::new();
    let code = tama_cli::run(
        args,
        &mut input as &mut (dyn BufRead + Send),
        &mut std::io::sink(),
        &mut err,
    );
    if std::str::from_utf8(&script).is_ok() {
        assert_eq!(
            code,
            0,
            "tama play failed: {}",
            String::from_utf8_lossy(&err)
        );
    }
}

/// The input of a `play` session made safe for fuzzing, line by line, as
/// the session reads each line ([`Command::parse`]):
///
/// - `save FILE` and `load FILE` (when FILE is not position text) use
///   `dir/FILE` for a plain name (letters, digits, `_`, `-` and `.`, not
///   starting with `.`, at most 32 bytes) and `dir/file` for any other, so
///   no file outside `dir` is read or written; `save -` prints;
/// - `level N` with N from 3 to 10 becomes `level 2`: stronger levels think
///   for up to seconds a move;
///
/// The input ends after the first line that is not UTF-8 (where the session
/// stops reading with an error).
pub fn play_script(data: &[u8], dir: &Path) -> Vec<u8> {
    let mut script = Vec::with_capacity(data.len() + 16);
    for raw in data.split_inclusive(|&b| b == b'\n') {
        let Ok(line) = std::str::from_utf8(raw) else {
            script.extend_from_slice(raw);
            break;
        };
        let newline = if line.ends_with('\n') { "\n" } else { "" };
        let replaced = match Command::parse(line) {
            Command::Save(Some(arg)) if arg != "-" => {
                Some(format!("save {}", scratch_file(dir, arg).display()))
            }
            Command::Load(Some(arg)) if parse_fen(arg).is_err() => {
                Some(format!("load {}", scratch_file(dir, arg).display()))
            }
            Command::Level(Some(3..=10)) => Some("level 2".to_string()),
            _ => None,
        };
        match replaced {
            Some(text) => {
                script.extend_from_slice(text.as_bytes());
                script.extend_from_slice(newline.as_bytes());
            }
            None => script.extend_from_slice(raw),
        }
    }
    script
}

/// The file of `dir` that `save NAME` and `load NAME` use in a fuzzed
/// session.
fn scratch_file(dir: &Path, name: &str) -> PathBuf {
    let plain = !name.is_empty()
        && name.len() <= 32
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'));
    dir.join(if plain { name } else { "file" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_scripts_keep_files_in_their_directory() {
        let dir = Path::new("/scratch");
        let script = play_script(
            "c3c4\n  SAVE   /etc/passwd \nsave -\nsave game.pdn\nload ../x\nload W:Wc3:Bc6\nlevel 10\nLevel 2\nsave\u{3000}/tmp/x\n"
                .as_bytes(),
            dir,
        );
        assert_eq!(
            String::from_utf8(script).unwrap(),
            "c3c4\nsave /scratch/file\nsave -\nsave /scratch/game.pdn\nload /scratch/file\nload W:Wc3:Bc6\nlevel 2\nLevel 2\nsave /scratch/file\n"
        );
    }

    #[test]
    fn play_scripts_end_at_the_first_line_that_is_not_utf8() {
        let script = play_script(b"c3c4\nb\xff\nsave /x\n", Path::new("/d"));
        assert_eq!(script, b"c3c4\nb\xff\n");
    }

    #[test]
    fn every_target_is_found_by_name() {
        for (name, _) in TARGETS {
            assert!(target(name).is_some());
        }
        assert!(target("nothing").is_none());
    }
}
