//! `tama datagen` and `tama train` as real processes: shards made by
//! separate processes, one of them with two threads, are the same bytes
//! as one run; the data trains into a weights file the engine reads.

use std::path::Path;
use std::process::{Command, Output};

fn tama(args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_tama"))
        .args(args)
        .output()
        .expect("tama starts");
    assert!(
        out.status.success(),
        "tama {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    v.sort();
    v
}

/// `tama datagen` of `games` turkish games (150 nodes a move, seed 5)
/// into `dir`, with `extra` arguments.
fn datagen(games: &str, dir: &Path, extra: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tama"));
    c.args(["datagen", "--rules", "turkish", "--games", games])
        .args(["--nodes", "150", "--seed", "5", "--out"])
        .arg(dir)
        .args(extra);
    c
}

/// A run refused (exit 2) because the turkish weights meet armenian rules.
fn refused_for_other_rules(out: &Output) {
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("weights file is for turkish rules, not armenian"),
        "{err}"
    );
}

#[test]
fn shards_of_separate_processes_are_one_run() {
    let tmp = tempfile::tempdir().unwrap();
    let one = tmp.path().join("one");
    let sharded = tmp.path().join("sharded");
    let run = |dir: &Path, extra: &[&str]| datagen("140", dir, extra).spawn().expect("tama starts");
    let mut single = run(&one, &[]);
    assert!(single.wait().unwrap().success());
    // Three processes at once, one file each (64 + 64 + 12 games).
    let shards: Vec<_> = [("0/3", "1"), ("1/3", "2"), ("2/3", "1")]
        .iter()
        .map(|(s, t)| run(&sharded, &["--shard", s, "--threads", t]))
        .collect();
    for mut child in shards {
        assert!(child.wait().unwrap().success());
    }
    let a = files(&one);
    assert_eq!(a.len(), 3);
    assert_eq!(files(&sharded), a);

    // The data trains; the weights file names its rules.
    let weights = tmp.path().join("w.tev");
    let out = tama(&[
        "train",
        "--data",
        one.to_str().unwrap(),
        "--out",
        weights.to_str().unwrap(),
        "--epochs",
        "2",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("epoch   0: train loss"), "{text}");
    assert!(text.contains("epoch   2: train loss"), "{text}");
    assert!(text.contains("turkish rules, base classic"), "{text}");
    let bytes = std::fs::read(&weights).unwrap();
    assert_eq!(&bytes[..8], b"TAMAEVAL");

    // The engine plays with the weights; a file for other rules is refused.
    let spec = format!("full,eval=learned,eval_file={}", weights.display());
    let out = tama(&[
        "match", "--rules", "turkish", "--games", "2", "--depth", "2", "--a", &spec, "--b", "full",
    ]);
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .contains("eval=learned"));
    let refused = Command::new(env!("CARGO_BIN_EXE_tama"))
        .args([
            "match", "--rules", "armenian", "--games", "2", "--depth", "2", "--a", &spec,
        ])
        .output()
        .unwrap();
    refused_for_other_rules(&refused);

    // `analyse` (like `play` and `serve`) takes the file with --eval-file,
    // checked against --rules.
    let w = weights.to_str().unwrap();
    let out = tama(&[
        "analyse",
        "--rules",
        "turkish",
        "--depth",
        "3",
        "--json",
        "--eval-file",
        w,
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("\"type\":\"bestmove\""), "{text}");
    for (args, message) in [
        (
            vec!["--rules", "armenian", "--eval-file", w],
            "weights file is for turkish rules, not armenian",
        ),
        (
            vec!["--rules", "turkish", "--eval", "classic", "--eval-file", w],
            "--eval-file needs the learned evaluation, not --eval classic",
        ),
        (
            vec!["--rules", "turkish", "--eval-file", "no/such/file.tev"],
            "no/such/file.tev: ",
        ),
    ] {
        let refused = Command::new(env!("CARGO_BIN_EXE_tama"))
            .arg("analyse")
            .args(["--depth", "2"])
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(refused.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(refused.stderr).unwrap();
        assert!(err.contains(message), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }

    // A next generation plays with the trained weights (`--eval-file`):
    // the same seed, other games; weights for other rules are refused.
    let small = |dir: &Path, extra: &[&str]| {
        let out = datagen("12", dir, extra).output().expect("tama starts");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        files(dir)
    };
    let g0 = small(&tmp.path().join("g0"), &[]);
    let g1 = small(&tmp.path().join("g1"), &["--eval-file", w]);
    assert_eq!((g0.len(), g1.len()), (1, 1));
    assert_ne!(g0[0].1, g1[0].1);
    let refused = Command::new(env!("CARGO_BIN_EXE_tama"))
        .args([
            "datagen",
            "--rules",
            "armenian",
            "--games",
            "2",
            "--eval-file",
            w,
        ])
        .arg("--out")
        .arg(tmp.path().join("g2"))
        .output()
        .unwrap();
    refused_for_other_rules(&refused);

    // A run again keeps every file.
    let again = datagen("140", &one, &[]).output().expect("tama starts");
    assert!(again.status.success());
    let text = String::from_utf8(again.stdout).unwrap();
    assert!(
        text.starts_with("0 games, 0 positions, 0 files written, 3 kept"),
        "{text}"
    );
}
