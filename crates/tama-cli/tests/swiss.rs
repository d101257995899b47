//! `tama swiss` and `tama tournament` in-process: a tournament paired
//! round by round through JaVaFo's command line, checked whole with `-c`,
//! a tampered round found; an arbiter's event from creation to export.

use std::path::Path;

use tama_pairing::trf::{self, Tournament};
use tama_pairing::{Colour, Outcome, Player, RoundEntry};

fn tama(args: &[&str]) -> (u8, String, String) {
    let mut input: &[u8] = b"";
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut all = vec!["tama"];
    all.extend_from_slice(args);
    let code = tama_cli::run(all, &mut input, &mut out, &mut err);
    (
        code,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

fn start(n: u32, rounds: u32) -> Tournament {
    Tournament {
        headers: vec![("012".into(), "Test Swiss".into())],
        players: (1..=n)
            .map(|k| Player {
                number: k,
                name: format!("Player {k}"),
                rating: 2300 - 7 * k,
                ..Player::default()
            })
            .collect(),
        total_rounds: Some(rounds),
        initial_colour: Some(Colour::White),
        ..Tournament::default()
    }
}

/// Reads JaVaFo's output into the file as round `round`, white winning
/// when its number is lower, a draw on every third board.
fn record(t: &mut Tournament, round: usize, javafo: &str) {
    let mut lines = javafo.lines();
    let count: usize = lines.next().unwrap().parse().unwrap();
    let pairs: Vec<(u32, u32)> = lines
        .map(|l| {
            let mut w = l.split(' ').map(|x| x.parse::<u32>().unwrap());
            (w.next().unwrap(), w.next().unwrap())
        })
        .collect();
    assert_eq!(pairs.len(), count);
    for p in t.players.iter_mut() {
        p.rounds
            .resize(round - 1, RoundEntry::bye(Outcome::ZeroBye));
    }
    for (board, &(w, b)) in pairs.iter().enumerate() {
        if b == 0 {
            t.players[w as usize - 1]
                .rounds
                .push(RoundEntry::bye(Outcome::PairingBye));
            continue;
        }
        let o = if board % 3 == 2 {
            Outcome::Draw
        } else if w < b {
            Outcome::Win
        } else {
            Outcome::Loss
        };
        let entry = |opp, c, o| RoundEntry {
            opponent: Some(opp),
            colour: Some(c),
            outcome: o,
        };
        t.players[w as usize - 1]
            .rounds
            .push(entry(b, Colour::White, o));
        t.players[b as usize - 1]
            .rounds
            .push(entry(w, Colour::Black, o.reversed()));
    }
}

fn play(dir: &Path, n: u32, rounds: u32) -> String {
    let path = dir.join("t.trf");
    let file = path.to_str().unwrap().to_string();
    let mut t = start(n, rounds);
    for r in 1..=rounds as usize {
        std::fs::write(&path, t.write()).unwrap();
        let (code, out, err) = tama(&["swiss", "--dutch", &file, "-p"]);
        assert_eq!(code, 0, "round {r}: {err}");
        record(&mut t, r, &out);
    }
    std::fs::write(&path, t.write()).unwrap();
    file
}

#[test]
fn a_tournament_paired_by_tama_checks_clean_and_a_changed_round_is_listed() {
    let dir = tempfile::tempdir().unwrap();
    let file = play(dir.path(), 13, 5);
    let (code, out, _) = tama(&["swiss", "--dutch", &file, "-c"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.ends_with("5 rounds checked, 5 as the rules pair them, 0 differing\n"),
        "{out}"
    );

    // Swap the colours of one game of the last round: that round differs.
    let mut t = trf::parse(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let (w, b) = t.recorded_pairing(5).pairs[0];
    for (p, c) in [(w, Colour::Black), (b, Colour::White)] {
        t.players[p as usize - 1].rounds[4].colour = Some(c);
    }
    std::fs::write(&file, t.write()).unwrap();
    let (code, out, _) = tama(&["swiss", "--dutch", &file, "-c"]);
    assert_eq!(code, 1);
    assert!(
        out.starts_with("round 5: the pairing differs from the rules'\n"),
        "{out}"
    );
    assert!(out.contains(&format!("  file: {b}-{w}\n")), "{out}");
    assert!(
        out.ends_with("5 rounds checked, 4 as the rules pair them, 1 differing\n"),
        "{out}"
    );
}

#[test]
fn the_pairing_goes_to_a_file_and_a_finished_event_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = play(dir.path(), 6, 2);
    let out_path = dir.path().join("next.txt");
    let (code, _, err) = tama(&["swiss", "--dutch", &file, "-p", out_path.to_str().unwrap()]);
    assert_eq!(code, 2, "XXR 2, both paired");
    assert!(err.contains("all 2 rounds are paired"), "{err}");
    let t = start(7, 3);
    std::fs::write(&file, t.write()).unwrap();
    let (code, _, err) = tama(&["swiss", "--dutch", &file, "-p", out_path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&out_path).unwrap();
    assert_eq!(text, "4\n1 4\n5 2\n3 6\n7 0\n");
    let (code, _, err) = tama(&["swiss", "--dutch", "/nonexistent/x.trf", "-p"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: cannot read /nonexistent/x.trf"),
        "{err}"
    );
}

#[test]
fn an_arbiter_runs_an_event_from_creation_to_export() {
    let dir = tempfile::tempdir().unwrap();
    let ev = dir.path().join("open.json");
    let f = ev.to_str().unwrap();
    assert_eq!(
        tama(&[
            "tournament",
            "new",
            f,
            "--name",
            "Club Open",
            "--rounds",
            "3"
        ])
        .0,
        0
    );
    for (name, rating) in [
        ("Ara, A", "2100"),
        ("Bek, B", "2300"),
        ("Can, C", "1900"),
        ("Dan, D", "2000"),
        ("Ece, E", "1800"),
    ] {
        let (code, _, err) = tama(&[
            "tournament",
            "add",
            f,
            "--name",
            name,
            "--rating",
            rating,
            "--federation",
            "TUR",
        ]);
        assert_eq!(code, 0, "{err}");
    }
    let (code, out, err) = tama(&["tournament", "pair", f]);
    assert_eq!(code, 0, "{err}");
    // Ranked by rating: Bek 1, Ara 2, Dan 3, Can 4, Ece 5 (the bye).
    assert!(out.contains("  1.   1 Bek, B"), "{out}");
    assert!(out.contains("5 Ece, E has the bye"), "{out}");
    // Pairing again before the results are in is refused, nothing lost.
    let (code, _, err) = tama(&["tournament", "pair", f]);
    assert_eq!(code, 2);
    assert!(err.contains("round 1 board 1 has no result yet"), "{err}");
    let pdn = dir.path().join("g.pdn");
    std::fs::write(
        &pdn,
        "[White \"x\"]\n[Black \"y\"]\n[Result \"1-0\"]\n\n1. h3-h4 b6-b5 1-0\n",
    )
    .unwrap();
    assert_eq!(
        tama(&[
            "tournament",
            "game",
            f,
            "--round",
            "1",
            "--board",
            "1",
            pdn.to_str().unwrap()
        ])
        .0,
        0
    );
    assert_eq!(
        tama(&[
            "tournament",
            "result",
            f,
            "--round",
            "1",
            "--board",
            "2",
            "1/2"
        ])
        .0,
        0
    );
    let (code, _, err) = tama(&[
        "tournament",
        "result",
        f,
        "--round",
        "1",
        "--board",
        "3",
        "2-0",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("result `2-0`"), "{err}");
    assert_eq!(tama(&["tournament", "bye", f, "--player", "2"]).0, 0);
    let (code, out, err) = tama(&["tournament", "pair", f]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Ara, A: a half-point bye"), "{out}");
    let (_, out, _) = tama(&["tournament", "standings", f]);
    // Bek's win, Ece's bye, Ara's draw and half-point bye: 1 point each,
    // ranked 1-3 by the tie-breaks; Dan lost to Bek: last.
    let rows: Vec<&str> = out.lines().skip(1).collect();
    for (k, row) in rows.iter().take(3).enumerate() {
        assert!(row.starts_with(&format!("{:>4} ", k + 1)), "{out}");
        assert!(
            ["Bek, B", "Ece, E", "Ara, A"]
                .iter()
                .any(|n| row.contains(n)),
            "{out}"
        );
    }
    assert!(
        rows[4].contains("Dan, D") && rows[4].contains("     0 "),
        "{out}"
    );
    assert!(out.lines().next().unwrap().contains("BH-C1"), "{out}");
    let (_, out, _) = tama(&["tournament", "crosstable", f]);
    assert!(out.contains("R2"), "{out}");
    let html = dir.path().join("open.html");
    assert_eq!(
        tama(&["tournament", "html", f, html.to_str().unwrap()]).0,
        0
    );
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.contains("<h1>Club Open</h1>") && page.contains("<h2>Round 2</h2>"),
        "{page}"
    );
    let (trf_out, pdn_out) = (dir.path().join("open.trf"), dir.path().join("games.pdn"));
    let (code, _, err) = tama(&[
        "tournament",
        "export",
        f,
        "--trf",
        trf_out.to_str().unwrap(),
        "--pdn",
        pdn_out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let games = std::fs::read_to_string(&pdn_out).unwrap();
    assert!(
        games.contains("[Event \"Club Open\"]") && games.contains("[White \"Bek, B\"]"),
        "{games}"
    );
    // The exported file checks clean: tama paired every round by the rules.
    let (code, out, _) = tama(&["swiss", "--dutch", trf_out.to_str().unwrap(), "-c"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("2 rounds checked, 2 as the rules pair them"),
        "{out}"
    );
}

#[test]
fn a_round_robin_follows_the_berger_table() {
    let dir = tempfile::tempdir().unwrap();
    let ev = dir.path().join("rr.json");
    let f = ev.to_str().unwrap();
    assert_eq!(
        tama(&["tournament", "new", f, "--name", "RR", "--system", "robin"]).0,
        0
    );
    for k in 1..=6 {
        assert_eq!(
            tama(&["tournament", "add", f, "--name", &format!("P{k}")]).0,
            0
        );
    }
    let (_, out, _) = tama(&["tournament", "pair", f]);
    for board in ["  1.   1 P1", "  2.   2 P2", "  3.   3 P3"] {
        assert!(out.contains(board), "{out}");
    }
    for b in 1..=3 {
        assert_eq!(
            tama(&[
                "tournament",
                "result",
                f,
                "--round",
                "1",
                "--board",
                &b.to_string(),
                "1-0"
            ])
            .0,
            0
        );
    }
    let (_, out, _) = tama(&["tournament", "pair", f]);
    // FIDE's round 2 for six: 6-4, 5-3, 1-2.
    assert!(
        out.contains("  1.   6 P6") && out.contains("  3.   1 P1"),
        "{out}"
    );
}
