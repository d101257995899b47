//! The `tama` command line, driven in-process through `tama_cli::run`.

use serde_json::Value;

/// Runs `tama` with `args`; returns (exit code, stdout, stderr).
pub fn tama(args: &[&str]) -> (u8, String, String) {
    tama_with_input(args, "")
}

/// Runs `tama` with `args` and `input` as standard input.
pub fn tama_with_input(args: &[&str], input: &str) -> (u8, String, String) {
    let mut argv = vec!["tama"];
    argv.extend_from_slice(args);
    let mut stdin = input.as_bytes();
    let mut out = Vec::new();
    let mut err = Vec::new();
    let code = tama_cli::run(argv, &mut stdin, &mut out, &mut err);
    (
        code,
        String::from_utf8(out).expect("stdout is UTF-8"),
        String::from_utf8(err).expect("stderr is UTF-8"),
    )
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

#[test]
fn perft_json_has_the_documented_fields() {
    let (code, out, err) = tama(&["perft", "4", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 1, "one JSON object: {out}");
    let v = json(&out);
    assert_eq!(v["depth"], 4);
    assert_eq!(v["nodes"], 268_670);
    assert!(v["seconds"].as_f64().is_some());
    assert!(v["nps"].as_u64().is_some());
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["depth", "nodes", "seconds", "nps"]);
}

#[test]
fn perft_divide_lists_every_move_and_sums_up() {
    let (code, out, _) = tama(&[
        "perft",
        "3",
        "--rules",
        "turkish",
        "--divide",
        "--json",
        "--threads",
        "2",
    ]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["nodes"], 708);
    let moves = v["moves"].as_array().expect("moves array");
    assert_eq!(moves.len(), 8);
    let sum: u64 = moves.iter().map(|m| m["nodes"].as_u64().unwrap()).sum();
    assert_eq!(sum, 708);
    assert!(moves.iter().any(|m| m["move"] == "c3-c4"));
}

#[test]
fn perft_text_and_threads_agree() {
    let (_, one, _) = tama(&["perft", "5", "--rules", "turkish"]);
    let (_, two, _) = tama(&["perft", "5", "--rules", "turkish", "--threads", "2"]);
    assert!(one.starts_with("depth 5: 85090 nodes"), "{one}");
    assert!(two.starts_with("depth 5: 85090 nodes"), "{two}");
}

#[test]
fn moves_json_objects_follow_notation_md() {
    let (code, out, _) = tama(&["moves", "--fen", "W:Wc3,Kh1:Bc4,c6,Kb1,Kd1,a5", "--json"]);
    assert_eq!(code, 0);
    let v = json(&out);
    let moves = v.as_array().expect("array");
    assert_eq!(moves.len(), 5);
    let first = &moves[0];
    assert_eq!(first["from"], "h1");
    assert_eq!(first["to"], "d6");
    assert_eq!(first["path"], json(r#"["h1","c1","a1","a6","d6"]"#));
    let mut caps: Vec<&str> = first["captures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    caps.sort();
    assert_eq!(caps, ["a5", "b1", "c6", "d1"]);
    assert_eq!(first["promotes"], false);
    assert!(first["move"].as_str().unwrap().starts_with("h1x"));
}

#[test]
fn moves_text_lists_canonical_moves() {
    let (code, out, _) = tama(&["moves", "--fen", "B:Wd2,c4,b3,c2:BKd1"]);
    assert_eq!(code, 0);
    assert_eq!(out, "d1xd2\nd1xe2\nd1xf2\nd1xg2\nd1xh2\n");
    let (_, out, _) = tama(&["moves", "--rules", "turkish"]);
    assert_eq!(out.lines().count(), 8);
}

#[test]
fn show_draws_the_board() {
    let (code, out, _) = tama(&["show", "--fen", "W:Wd6,Ka1:Bd7,Kh8"]);
    assert_eq!(code, 0);
    insta::assert_snapshot!(out);
}

#[test]
fn bad_input_exits_2_with_one_line() {
    let cases: &[(&[&str], &str)] = &[
        (&["moves", "--fen", "W:Wz9"], "z9"),
        (&["moves", "--fen", "W:Wa2,a2"], "a2"),
        (
            &["perft", "2", "--rules", "armenian,promotion=sometimes"],
            "sometimes",
        ),
        (&["perft", "2", "--rules", "chess"], "chess"),
        (&["show", "--fen", ""], "fen"),
        (&["perft", "--fen", "W:Wa2"], "DEPTH"),
        (&["perft", "x"], "x"),
        (&["perft", "65"], "65"),
        (&["frobnicate"], "frobnicate"),
    ];
    for (args, needle) in cases {
        let (code, out, err) = tama(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?} printed {out}");
        assert!(err.contains(needle), "{args:?}: {err}");
        // Our own errors are one line; clap's usage errors end with a hint.
        if err.starts_with("error: invalid --") {
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        }
    }
}

#[test]
fn help_works_and_exits_0() {
    let (code, out, _) = tama(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("perft"));
    let (code, out, _) = tama(&["perft", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("Examples"));
}

#[test]
fn analyse_pdn_annotates_every_move() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("game.pdn");
    let output = dir.path().join("annotated.pdn");
    std::fs::write(
        &input,
        "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. c3-c4 f6-f5 2. c4-c5 c6xc4 *\n",
    )
    .unwrap();
    let (code, out, err) = tama(&[
        "analyse",
        "--pdn",
        input.to_str().unwrap(),
        "--depth",
        "3",
        "-o",
        output.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.is_empty());
    let text = std::fs::read_to_string(&output).unwrap();
    let game: tama_notation::pdn::PdnGame = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
    let line = game.main_line();
    assert_eq!(line.len(), 4);
    for node in line.nodes() {
        let comment = node
            .comments_after()
            .last()
            .expect("every move gets a comment");
        assert!(
            comment.starts_with('+') || comment.starts_with('-'),
            "{comment}"
        );
    }
    // A comment names a best move only when the engine preferred another
    // move than the one played.
    let pos = *line.start();
    let mut p = pos;
    for node in line.nodes() {
        let comment = &node.comments_after()[0];
        let played = tama_notation::movetext::write_move(&p, game.rules(), &node.mv());
        if let Some(rest) = comment.split(" best ").nth(1) {
            assert_ne!(rest.split(' ').next(), Some(played.as_str()), "{comment}");
        }
        p = p.play_unchecked(&node.mv());
    }
    let (code, _, err) = tama(&[
        "analyse",
        "--pdn",
        input.to_str().unwrap(),
        "--game",
        "2",
        "--depth",
        "1",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("no game 2"), "{err}");
}

#[test]
fn pdn_check_json_reports_problems_with_positions() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("two.pdn");
    std::fs::write(
        &file,
        "[Result \"*\"]\n\n1. c3-c4 f6-f5 *\n\n[Result \"*\"]\n\n1. c3-c5 *\n",
    )
    .unwrap();
    let (code, out, _) = tama(&["pdn", "check", "--json", file.to_str().unwrap()]);
    assert_eq!(code, 1);
    let v = json(&out);
    assert_eq!(v["games"], 2);
    assert_eq!(v["invalid"], 1);
    assert_eq!(v["problems"][0]["line"], 7);
    assert_eq!(v["problems"][0]["column"], 4);
    assert!(v["problems"][0]["message"]
        .as_str()
        .unwrap()
        .contains("c3-c5"));
}

/// The `--help` of every subcommand, one snapshot each: the usage examples
/// and options are part of the interface.
#[test]
fn every_subcommand_has_help_with_examples() {
    let commands: &[&[&str]] = &[
        &["perft"],
        &["moves"],
        &["show"],
        &["analyse"],
        &["bench"],
        &["play"],
        &["match"],
        &["pdn"],
        &["pdn", "check"],
        &["pdn", "fmt"],
        &["pdn", "json"],
        &["datagen"],
        &["train"],
        &["book"],
        &["book", "build"],
        &["ballots"],
        &["ballots", "build"],
        &["ballots", "check"],
    ];
    for cmd in commands {
        let mut args = cmd.to_vec();
        args.push("--help");
        let (code, out, err) = tama(&args);
        assert_eq!(code, 0, "{cmd:?}: {err}");
        assert!(out.contains("Examples:"), "{cmd:?} has no usage example");
        let name = cmd.join("_");
        insta::assert_snapshot!(format!("help_{name}"), out);
    }
}

#[test]
fn hub_speaks_the_protocol_on_standard_input_and_output() {
    // A Turkish game after two moves (pydraughts' numbering: c3-c4 is
    // 19-27), a line the engine cannot use, then a search to depth 3.
    let input = "hub\nset-param name=variant value=turkish\ninit\n\
                 pos pos=Weeeeeeeebbbbbbbbbbbbbbbbeeeeeeeeeeeeeeeewwwwwwwwwwwwwwwweeeeeeee moves=\"19-27 43-35\"\n\
                 level depth=3\ngo\nping\ngo think\nquit\n";
    let (code, out, err) = tama_with_input(&["hub"], input);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("id name=tama "), "{out}");
    assert!(lines.contains(&"wait") && lines.contains(&"ready"), "{out}");
    let error = lines
        .iter()
        .position(|l| l.starts_with("error message="))
        .expect(&out);
    assert_eq!(lines[error + 1], "pong");
    // White must take the man on c5 (compulsory capture): from c4 (27).
    let done = lines.last().unwrap();
    assert!(done.starts_with("done move=27x"), "{out}");
}

#[test]
fn sprt_refuses_bad_players_and_bounds_before_playing() {
    let (code, _, err) = tama(&["sprt", "--a", "full,-nonsense", "--b", "full"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("`full,-nonsense`: unknown switch `nonsense`"),
        "{err}"
    );
    let (code, _, err) = tama(&["sprt", "--a", "full,egtb=x", "--b", "full"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("tables (`egtb=`) are for `tama match`"),
        "{err}"
    );
    let (code, _, err) = tama(&[
        "sprt", "--a", "full", "--b", "full", "--elo0", "5", "--elo1", "1",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("elo1"), "{err}");
    let (code, _, _) = tama(&["sprt", "--a", "full"]);
    assert_eq!(code, 2);
}

/// `--state`: the counts are saved after each pair, a second run of the
/// same test goes on from them (its game limit counting them), and the
/// state of another test or a damaged file is refused before any game.
#[test]
fn sprt_state_resumes_the_same_test_and_refuses_another() {
    let scratch = tempfile::tempdir().unwrap();
    let state = scratch.path().join("t.json");
    let file = state.to_string_lossy().into_owned();
    let args = |games: &'static str| {
        vec![
            "sprt".to_string(),
            "--a".into(),
            "full,depth=2".into(),
            "--b".into(),
            "full,depth=1".into(),
            "--max-plies".into(),
            "16".into(),
            "--max-games".into(),
            games.into(),
            "--state".into(),
            file.clone(),
        ]
    };
    let run = |a: Vec<String>| {
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        tama(&a)
    };
    let pairs = |text: &str| -> u32 {
        let v: Value = serde_json::from_str(text).unwrap();
        v["pairs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap() as u32)
            .sum()
    };
    let (code, out, err) = run(args("4"));
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("resumed"), "{out}");
    assert_eq!(pairs(&std::fs::read_to_string(&state).unwrap()), 2);
    let (code, out, err) = run(args("8"));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("4 games (2 pairs) before"), "{out}");
    assert!(out.contains("games this run 4"), "{out}");
    assert!(out.contains("counted: games     8"), "{out}");
    assert_eq!(pairs(&std::fs::read_to_string(&state).unwrap()), 4);
    // Another test (other bounds) with this state: refused, file kept.
    let mut other = args("8");
    other.extend(["--elo1".to_string(), "50".to_string()]);
    let (code, out, err) = run(other);
    assert_eq!(code, 2);
    assert!(err.contains("the state of another test"), "{err}");
    assert!(!out.contains("games "), "{out}");
    assert_eq!(pairs(&std::fs::read_to_string(&state).unwrap()), 4);
    std::fs::write(&state, "{\"pairs\": [1]}").unwrap();
    let (code, _, err) = run(args("8"));
    assert_eq!(code, 2);
    assert!(err.contains("not a state file of `tama sprt`"), "{err}");
}

#[test]
fn web_bundle_writes_a_static_site_once_unless_forced() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path().join("site");
    let out_dir = dir.to_string_lossy().into_owned();
    let (code, out, err) = tama(&["web-bundle", "--out", &out_dir]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().last(), Some(out_dir.as_str()));
    assert!(out.lines().next().unwrap().contains(" files, "), "{out}");
    for f in [
        "index.html",
        "config.json",
        "sw.js",
        "tama/wasm/tama_wasm_bg.wasm",
    ] {
        assert!(dir.join(f).is_file(), "{f}");
    }
    // A folder that is not empty is refused (bad input), and left alone.
    let (code, _, err) = tama(&["web-bundle", "--out", &out_dir]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("not empty"), "{err}");
    assert!(dir.join("index.html").is_file());
    let (code, _, err) = tama(&["web-bundle", "--out", &out_dir, "--force"]);
    assert_eq!(code, 0, "{err}");
}
