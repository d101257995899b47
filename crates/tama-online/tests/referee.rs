//! The referee's rules, each at exact instants (the tests give the time).

use std::time::Duration;

use tama_core::{Color, Outcome, Rules, Termination, TimeControl};
use tama_notation::parse_position;
use tama_online::event::{Entry, Event, Proposal};
use tama_online::referee::{
    Action, Referee, RefereeError, Settings, Status, GONE_LIMIT, LAG_QUOTA_GAIN, LAG_QUOTA_MAX,
    LAG_QUOTA_START,
};

const W: Color = Color::White;
const B: Color = Color::Black;

/// 60 s + 2 s a move.
fn blitz() -> Referee {
    let control = TimeControl::fischer(Duration::from_secs(60), Duration::from_secs(2));
    Referee::new(Settings::new(Rules::TURKISH, Some(control)), 1_000)
}

fn mv(text: &str) -> Action {
    Action::Move {
        text: text.to_string(),
        lag: 0,
    }
}

fn from(fen: &str) -> Referee {
    let settings = Settings {
        start: parse_position(fen).unwrap(),
        ..Settings::new(Rules::TURKISH, None)
    };
    Referee::new(settings, 0)
}

/// The log rebuilds the same game (moves, clocks, status, proposals).
fn assert_replays(r: &Referee) {
    let again = Referee::replay(r.settings().clone(), 1_000, r.log()).unwrap();
    assert_eq!(again.game(), r.game());
    assert_eq!(again.status(), r.status());
    assert_eq!(again.log(), r.log());
    for c in [W, B] {
        for p in [Proposal::Draw, Proposal::Takeback, Proposal::Rematch] {
            assert_eq!(again.proposed(c, p), r.proposed(c, p));
        }
    }
}

fn last_event(r: &Referee) -> &Event {
    &r.log().last().unwrap().event
}

#[test]
fn moves_alternate_and_bad_moves_change_nothing() {
    let mut r = blitz();
    assert_eq!(r.act(B, mv("f6-f5"), 1_000), Err(RefereeError::NotYourTurn));
    for bad in ["", "zz", "c3-c7", "c3c4c5c6c7", &"a".repeat(200)] {
        let err = r.act(W, mv(bad), 1_000).unwrap_err();
        assert!(matches!(err, RefereeError::BadMove(_)), "{bad}: {err:?}");
        assert!(!err.to_string().is_empty());
    }
    assert!(r.log().is_empty());
    r.act(W, mv("C3C4"), 2_000).unwrap();
    assert_eq!(r.log().len(), 1);
    // Stored in canonical text, numbered from 1.
    assert!(
        matches!(&r.log()[0], Entry { n: 1, at: 2_000, event: Event::Move { text, .. } } if text == "c3-c4")
    );
    assert_eq!(r.act(W, mv("d3-d4"), 2_100), Err(RefereeError::NotYourTurn));
    r.act(B, mv("f6-f5"), 3_000).unwrap();
    assert_eq!(r.game().moves().len(), 2);
    assert_eq!(r.since(1).len(), 1);
    assert_eq!(r.since(99).len(), 0);
    assert_replays(&r);
}

#[test]
fn the_clock_starts_after_both_first_moves_and_charges_exactly() {
    let mut r = blitz();
    // No clock runs before both have moved: 20 s each cost nothing.
    assert_eq!(r.deadline(), None);
    r.act(W, mv("c3-c4"), 20_000).unwrap();
    r.act(B, mv("f6-f5"), 40_000).unwrap();
    // Each first move got its increment.
    assert_eq!(r.clocks(40_000), Some([62_000, 62_000]));
    // White thinks 10.5 s: 62 - 10.5 + 2.
    assert_eq!(r.clocks(50_500), Some([51_500, 62_000]));
    r.act(W, mv("d3-d4"), 50_500).unwrap();
    assert_eq!(r.clocks(50_500), Some([53_500, 62_000]));
    assert!(matches!(
        last_event(&r),
        Event::Move {
            white_ms: Some(53_500),
            black_ms: Some(62_000),
            lag_ms: 0,
            ..
        }
    ));
    assert_replays(&r);
}

#[test]
fn the_server_flags_a_side_on_its_own_timer() {
    let mut r = blitz();
    r.act(W, mv("c3-c4"), 0).unwrap();
    r.act(B, mv("f6-f5"), 0).unwrap();
    // White has 62 s, and could still be compensated its lag quota (one
    // move's gain more than at the start).
    let deadline = 62_000 + LAG_QUOTA_START + LAG_QUOTA_GAIN;
    assert_eq!(r.deadline(), Some(deadline));
    assert!(!r.tick(deadline - 1));
    assert_eq!(r.status(), Status::Started);
    assert!(r.tick(deadline));
    let flagged = Outcome::win(B, Termination::TimeForfeit);
    assert_eq!(r.status(), Status::Over(flagged));
    assert_eq!(last_event(&r), &Event::End { outcome: flagged });
    assert_eq!(r.deadline(), None);
    assert!(!r.tick(deadline + 1), "flags once");
    assert_eq!(r.act(W, mv("d3-d4"), deadline), Err(RefereeError::GameOver));
    assert_replays(&r);
}

#[test]
fn a_late_move_is_a_flag_and_lag_compensation_is_bounded() {
    let mut r = blitz();
    r.act(W, mv("c3-c4"), 0).unwrap();
    r.act(B, mv("f6-f5"), 0).unwrap();
    // A lag of 10 s is compensated only up to the quota: the start's and
    // one move's gain.
    let lag = 10_000;
    let quota = LAG_QUOTA_START + LAG_QUOTA_GAIN;
    assert!(quota <= LAG_QUOTA_MAX);
    r.act(
        W,
        Action::Move {
            text: "d3-d4".into(),
            lag,
        },
        5_000,
    )
    .unwrap();
    assert!(
        matches!(last_event(&r), Event::Move { lag_ms, white_ms: Some(w), .. }
        if *lag_ms == quota && *w == 62_000 - 5_000 + quota + 2_000)
    );
    r.act(B, mv("h6-h5"), 5_000).unwrap();
    // The quota was spent; one move's gain is back.
    r.act(
        W,
        Action::Move {
            text: "a3-a4".into(),
            lag,
        },
        6_000,
    )
    .unwrap();
    assert!(matches!(last_event(&r), Event::Move { lag_ms, .. } if *lag_ms == LAG_QUOTA_GAIN));
    // Never more than the thinking time itself.
    r.act(
        B,
        Action::Move {
            text: "g6-g5".into(),
            lag,
        },
        6_010,
    )
    .unwrap();
    assert!(matches!(last_event(&r), Event::Move { lag_ms: 10, .. }));
    // A move after the time, even with all the compensation it can get
    // (lag 0 here): the flag falls, the move is not played.
    let left = r.clocks(6_010).unwrap()[0];
    r.act(W, mv("b3-b4"), 6_010 + left)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        r.status(),
        Status::Over(Outcome::win(B, Termination::TimeForfeit))
    );
    assert!(!matches!(last_event(&r), Event::Move { .. }));
    assert_replays(&r);
}

#[test]
fn abort_only_before_both_have_moved() {
    let mut r = blitz();
    r.act(B, Action::Abort, 10).unwrap();
    assert_eq!(r.status(), Status::Aborted);
    assert_eq!(last_event(&r), &Event::Abort { by: B });
    assert_eq!(r.act(W, mv("c3-c4"), 20), Err(RefereeError::GameOver));
    assert_eq!(
        r.act(W, Action::Answer(Proposal::Rematch, true), 20),
        Err(RefereeError::GameOver)
    );
    assert_replays(&r);

    let mut r = blitz();
    r.act(W, mv("c3-c4"), 0).unwrap();
    r.act(W, Action::Abort, 1).unwrap();
    assert_eq!(r.status(), Status::Aborted);

    let mut r = blitz();
    r.act(W, mv("c3-c4"), 0).unwrap();
    r.act(B, mv("f6-f5"), 0).unwrap();
    assert_eq!(
        r.act(W, Action::Abort, 1),
        Err(RefereeError::TooLateToAbort)
    );
    assert_eq!(r.log().len(), 2);
}

#[test]
fn resign_ends_the_game_for_the_other_side() {
    let mut r = blitz();
    r.act(W, mv("c3-c4"), 0).unwrap();
    r.act(W, Action::Resign, 5).unwrap();
    let lost = Outcome::win(B, Termination::Resignation);
    assert_eq!(r.status(), Status::Over(lost));
    assert_eq!(r.act(B, Action::Resign, 6), Err(RefereeError::GameOver));
    assert_eq!(r.act(B, mv("f6-f5"), 6), Err(RefereeError::GameOver));
    assert_replays(&r);
}

#[test]
fn draw_offers_are_accepted_declined_or_lapse() {
    let mut r = blitz();
    let draw = |yes| Action::Answer(Proposal::Draw, yes);
    assert_eq!(
        r.act(B, draw(false), 0),
        Err(RefereeError::NoProposal(Proposal::Draw))
    );
    r.act(W, draw(true), 0).unwrap();
    assert!(r.proposed(W, Proposal::Draw));
    assert_eq!(
        r.act(W, draw(true), 0),
        Err(RefereeError::AlreadyProposed(Proposal::Draw))
    );
    r.act(B, draw(false), 1).unwrap();
    assert_eq!(
        last_event(&r),
        &Event::Decline {
            what: Proposal::Draw,
            by: B
        }
    );
    assert!(!r.proposed(W, Proposal::Draw));
    // An offer stands through its proposer's move; the other's move
    // declines it.
    r.act(W, draw(true), 2).unwrap();
    r.act(W, mv("c3-c4"), 3).unwrap();
    assert!(r.proposed(W, Proposal::Draw));
    r.act(B, mv("f6-f5"), 4).unwrap();
    assert!(!r.proposed(W, Proposal::Draw));
    r.act(B, draw(true), 5).unwrap();
    assert_replays(&r);
    r.act(W, draw(true), 6).unwrap();
    assert_eq!(
        r.status(),
        Status::Over(Outcome::draw(Termination::Agreement))
    );
    assert_replays(&r);
}

#[test]
fn a_takeback_needs_the_opponent_and_restores_the_clocks() {
    let mut r = blitz();
    let tb = |yes| Action::Answer(Proposal::Takeback, yes);
    assert_eq!(r.act(W, tb(true), 0), Err(RefereeError::NothingToTakeBack));
    r.act(W, mv("c3-c4"), 0).unwrap();
    r.act(B, mv("f6-f5"), 0).unwrap();
    r.act(W, mv("d3-d4"), 4_000).unwrap();
    let before = r.clocks(4_000).unwrap();
    // White asks for its move back, Black declines, then grants it.
    r.act(W, tb(true), 4_500).unwrap();
    r.act(B, tb(false), 4_600).unwrap();
    assert!(!r.proposed(W, Proposal::Takeback));
    r.act(W, tb(true), 4_700).unwrap();
    r.act(B, tb(true), 5_000).unwrap();
    assert_eq!(last_event(&r), &Event::Takeback { by: W, plies: 1 });
    assert_eq!(r.game().moves().len(), 2);
    assert_eq!(r.game().position().turn(), W);
    assert_eq!(r.clocks(5_000), Some([62_000, 62_000]));
    assert_ne!(before, [62_000, 62_000]);
    // On its own turn, a player's takeback also takes back the reply.
    r.act(W, mv("d3-d4"), 6_000).unwrap();
    r.act(B, mv("h6-h5"), 7_000).unwrap();
    r.act(W, tb(true), 7_100).unwrap();
    // A move ends the request.
    r.act(W, mv("a3-a4"), 7_200).unwrap();
    assert!(!r.proposed(W, Proposal::Takeback));
    r.act(B, tb(true), 7_300).unwrap();
    r.act(W, tb(true), 7_400).unwrap();
    assert_eq!(last_event(&r), &Event::Takeback { by: B, plies: 2 });
    assert_eq!(r.game().moves().len(), 3);
    assert_eq!(r.game().position().turn(), B);
    assert_replays(&r);
}

#[test]
fn a_rematch_needs_both_once_the_game_is_over() {
    let mut r = blitz();
    let rematch = |yes| Action::Answer(Proposal::Rematch, yes);
    assert_eq!(r.act(W, rematch(true), 0), Err(RefereeError::NotOver));
    r.act(W, mv("c3-c4"), 0).unwrap();
    r.act(B, Action::Resign, 1).unwrap();
    r.act(W, rematch(true), 2).unwrap();
    assert!(!r.rematch_wanted());
    r.act(B, rematch(false), 3).unwrap();
    r.act(B, rematch(true), 4).unwrap();
    assert_eq!(
        r.act(B, rematch(true), 4),
        Err(RefereeError::AlreadyProposed(Proposal::Rematch))
    );
    r.act(W, rematch(true), 5).unwrap();
    assert!(r.rematch_wanted());
    r.agree_rematch("next0001", 6);
    assert_eq!(r.rematch(), Some("next0001"));
    assert!(!r.rematch_wanted());
    assert_eq!(r.act(W, rematch(true), 7), Err(RefereeError::RematchDone));
    assert_replays(&r);
}

#[test]
fn a_gone_player_lets_the_other_claim() {
    let mut r = blitz();
    r.act(W, mv("c3-c4"), 0).unwrap();
    r.act(B, mv("f6-f5"), 0).unwrap();
    assert_eq!(
        r.act(W, Action::ClaimVictory, GONE_LIMIT - 1),
        Err(RefereeError::OpponentNotGone)
    );
    // Black's stream was open: seen.
    r.touch(B, 10_000);
    assert_eq!(
        r.act(W, Action::ClaimVictory, GONE_LIMIT + 5_000),
        Err(RefereeError::OpponentNotGone)
    );
    assert!(r.gone(B, 10_000 + GONE_LIMIT));
    let mut draw = r.clone();
    r.act(W, Action::ClaimVictory, 10_000 + GONE_LIMIT).unwrap();
    assert_eq!(
        r.status(),
        Status::Over(Outcome::win(W, Termination::Adjudication))
    );
    draw.act(W, Action::ClaimDraw, 10_000 + GONE_LIMIT).unwrap();
    assert_eq!(
        draw.status(),
        Status::Over(Outcome::draw(Termination::Adjudication))
    );
    assert_replays(&r);
}

#[test]
fn core_ends_games_on_the_board() {
    // The last black piece is taken: no legal move.
    let mut r = from("W:Wc3,a1:Bc4");
    r.act(W, mv("c3xc5"), 1).unwrap();
    let won = Outcome::win(W, Termination::NoLegalMoves);
    assert_eq!(r.status(), Status::Over(won));
    assert_eq!(last_event(&r), &Event::End { outcome: won });
    // One piece each.
    let mut r = from("W:Wc3:Bc4,h8");
    r.act(W, mv("c3xc5"), 1).unwrap();
    assert_eq!(
        r.status(),
        Status::Over(Outcome::draw(Termination::OnePieceEach))
    );
    // Threefold repetition: the kings go back and forth.
    let mut r = from("W:WKa1,b2:BKh8,g7");
    for _ in 0..2 {
        for (c, m) in [(W, "a1-a2"), (B, "h8-h7"), (W, "a2-a1"), (B, "h7-h8")] {
            assert_eq!(r.status(), Status::Started);
            r.act(c, mv(m), 1).unwrap();
        }
    }
    assert_eq!(
        r.status(),
        Status::Over(Outcome::draw(Termination::Repetition))
    );
    assert_replays(&r);
}

#[test]
fn a_resume_does_not_charge_the_time_the_server_was_down() {
    let mut r = blitz();
    r.act(W, mv("c3-c4"), 0).unwrap();
    r.act(B, mv("f6-f5"), 0).unwrap();
    // White thought 10 s, then the server was down from 10 s to 100 s.
    r.resume(10_000, 100_000);
    assert_eq!(last_event(&r), &Event::Resume { down_ms: 90_000 });
    assert_eq!(r.clocks(100_000), Some([52_000, 62_000]));
    assert_eq!(r.clocks(101_000), Some([51_000, 62_000]));
    // Nobody is gone right after a restart.
    assert!(!r.gone(B, 101_000));
    assert_replays(&r);
}

#[test]
fn a_damaged_log_is_refused() {
    let mut r = blitz();
    r.act(W, mv("c3-c4"), 0).unwrap();
    r.act(B, mv("f6-f5"), 0).unwrap();
    let mut log = r.log().to_vec();
    log.swap(0, 1);
    assert!(Referee::replay(r.settings().clone(), 0, &log).is_err());
    let mut log = r.log().to_vec();
    log[1].n = 5;
    assert_eq!(
        Referee::replay(r.settings().clone(), 0, &log)
            .unwrap_err()
            .n,
        5
    );
}

#[test]
fn a_first_move_that_never_comes_calls_the_game_off() {
    use tama_online::referee::NO_START_LIMIT;
    // White never moves.
    let mut r = blitz();
    assert!(!r.tick(1_000 + NO_START_LIMIT - 1));
    assert!(r.tick(1_000 + NO_START_LIMIT));
    assert_eq!(r.status(), Status::Aborted);
    assert_eq!(*last_event(&r), Event::NoStart { by: W });
    assert_eq!(
        r.act(W, mv("c3-c4"), 2_000 + NO_START_LIMIT),
        Err(RefereeError::GameOver)
    );
    assert_replays(&r);
    // White moves, Black does not: Black's limit counts from White's move.
    let mut r = blitz();
    r.act(W, mv("c3-c4"), 20_000).unwrap();
    assert!(!r.tick(20_000 + NO_START_LIMIT - 1));
    assert!(r.tick(20_000 + NO_START_LIMIT));
    assert_eq!(*last_event(&r), Event::NoStart { by: B });
    // Once both have moved, only the clock can end it.
    let mut r = blitz();
    r.act(W, mv("c3-c4"), 1_000).unwrap();
    r.act(B, mv("f6-f5"), 2_000).unwrap();
    assert!(!r.tick(2_000 + NO_START_LIMIT));
    assert_eq!(r.status(), Status::Started);
}
