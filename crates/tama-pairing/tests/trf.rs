//! TRF files: written and read back unchanged, hand-written lines read
//! by their columns, JaVaFo's extensions, and bad lines named.

mod common;

use tama_pairing::trf::{parse, Tournament};
use tama_pairing::{pair_dutch, Colour, Outcome, PairingError, Points};

fn event_file(seed: u64, n: usize, rounds: u32) -> Tournament {
    let event = common::simulate(seed, n, rounds, true);
    Tournament {
        headers: vec![
            ("012".into(), "Random Swiss".into()),
            ("022".into(), "Yerevan".into()),
        ],
        players: event.players,
        total_rounds: Some(rounds),
        initial_colour: Some(if seed.is_multiple_of(2) {
            Colour::White
        } else {
            Colour::Black
        }),
        points: Points::default(),
        baku: false,
        extra: Vec::new(),
    }
}

#[test]
fn a_written_file_reads_back_the_same_tournament() {
    for seed in 0..6 {
        let t = event_file(seed, 11 + seed as usize * 5, 7);
        let text = t.write();
        let back = parse(&text).unwrap();
        assert_eq!(back.players, t.players, "seed {seed}");
        assert_eq!(back.total_rounds, Some(7));
        assert_eq!(back.headers, t.headers);
        assert_eq!(back.write(), text);
    }
}

#[test]
fn each_round_of_a_written_file_pairs_as_it_was_paired() {
    let t = event_file(3, 20, 6);
    let text = t.write();
    let back = parse(&text).unwrap();
    assert_eq!(back.paired_rounds(), 6);
    let event = common::simulate(3, 20, 6, true);
    for (r, want) in event.pairings.iter().enumerate() {
        // Absences of round r+1 are in the file as byes without opponent.
        let got = pair_dutch(&back.swiss_input(r as u32 + 1, &[]).unwrap()).unwrap();
        assert_eq!(&got, want, "round {}", r + 1);
    }
}

#[test]
fn columns_of_a_hand_written_line_and_javafo_extensions() {
    let text = "012 Open\nXXR 9\nXXC black1\nXXS W=1 D=0.5 PAB=0.5\n\
001    1 m GM Kaya, Ali                         2310 TUR    12345678 1990/01/01  1.0    1     2 w 1  0000 - H\n\
001    2   IM Polat, Ece                        2205 TUR                         0.0    2     1 b 0\n";
    let t = parse(text).unwrap();
    assert_eq!(t.total_rounds, Some(9));
    assert_eq!(t.initial_colour, Some(Colour::Black));
    assert_eq!(t.points.pairing_bye, 5);
    let p = &t.players[0];
    assert_eq!(
        (p.sex.as_str(), p.title.as_str(), p.name.as_str()),
        ("m", "GM", "Kaya, Ali")
    );
    assert_eq!(
        (p.rating, p.federation.as_str(), p.id.as_str()),
        (2310, "TUR", "12345678")
    );
    assert_eq!(p.rounds.len(), 2);
    assert_eq!(p.rounds[1].outcome, Outcome::HalfBye);
    assert_eq!(t.paired_rounds(), 1);
    // Player 1 asked for a bye in round 2, so player 2 gets the
    // pairing-allocated one.
    let round2 = pair_dutch(&t.swiss_input(2, &[]).unwrap()).unwrap();
    assert_eq!(round2.bye, Some(2));
    assert!(round2.pairs.is_empty());
}

#[test]
fn bad_lines_are_named() {
    let e = parse("001 abcd\n").unwrap_err();
    assert!(matches!(e, PairingError::Trf { line: 1, .. }), "{e}");
    let e = parse("012 x\nXXR many\n").unwrap_err();
    assert_eq!(e.to_string(), "trf line 2: XXR needs a number of rounds");
    let line = "001    1      A                                 2000                             0.0          7 x 1";
    let e = parse(line).unwrap_err();
    assert!(e.to_string().contains("colour `x`"), "{e}");
}
