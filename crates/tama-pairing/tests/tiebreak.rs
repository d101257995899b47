//! The tie-breaks on a small event worked by hand (byes, a forfeit, a
//! requested half-point bye), and Berger tables against FIDE's tables.

use tama_pairing::berger;
use tama_pairing::tiebreak::{standings, TieBreak};
use tama_pairing::{Colour, Outcome, Player, Points, RoundEntry};

fn game(opponent: u32, colour: Colour, outcome: Outcome) -> RoundEntry {
    RoundEntry {
        opponent: Some(opponent),
        colour: Some(colour),
        outcome,
    }
}

/// R1: 1-2 1-0, 3-4 ½, 5 the pairing bye. R2: 5-1 0-1, 2-3 1-0, 4 a
/// half-point bye. R3: 1-3 ½, 4-5 won by forfeit, 2 the pairing bye.
fn event() -> Vec<Player> {
    use Colour::{Black as B, White as W};
    use Outcome::*;
    let rounds = [
        vec![game(2, W, Win), game(5, B, Win), game(3, W, Draw)],
        vec![
            game(1, B, Loss),
            game(3, W, Win),
            RoundEntry::bye(PairingBye),
        ],
        vec![game(4, W, Draw), game(2, B, Loss), game(1, B, Draw)],
        vec![
            game(3, B, Draw),
            RoundEntry::bye(HalfBye),
            game(5, W, ForfeitWin),
        ],
        vec![
            RoundEntry::bye(PairingBye),
            game(1, W, Loss),
            game(4, B, ForfeitLoss),
        ],
    ];
    rounds
        .into_iter()
        .enumerate()
        .map(|(i, r)| Player {
            number: i as u32 + 1,
            rating: 2000 - 100 * i as u32,
            rounds: r,
            ..Player::default()
        })
        .collect()
}

fn column(tb: TieBreak) -> Vec<i64> {
    let players = event();
    let mut rows = standings(&players, &Points::default(), 3, &[tb]);
    rows.sort_by_key(|s| s.number);
    rows.iter().map(|s| s.values[0]).collect()
}

#[test]
fn buchholz_and_its_cuts_follow_the_unplayed_rounds_rules() {
    // Adjusted scores (unplayed rounds as draws): 2.5, 1.5, 1, 1.5, 1;
    // own unplayed rounds count the player's own score.
    assert_eq!(column(TieBreak::Buchholz), vec![35, 55, 55, 50, 45]);
    assert_eq!(column(TieBreak::BuchholzCut1), vec![25, 45, 40, 40, 35]);
    assert_eq!(column(TieBreak::BuchholzCut2), vec![15, 25, 25, 20, 25]);
    assert_eq!(column(TieBreak::BuchholzMedian1), vec![10, 20, 15, 20, 10]);
}

#[test]
fn sonneborn_berger_wins_progressive_and_opponents_rating() {
    assert_eq!(
        column(TieBreak::SonnebornBerger),
        vec![300, 300, 200, 350, 100]
    );
    assert_eq!(column(TieBreak::Wins), vec![2, 2, 0, 1, 1]);
    assert_eq!(column(TieBreak::GamesWon), vec![2, 1, 0, 0, 0]);
    assert_eq!(column(TieBreak::Progressive), vec![55, 30, 20, 35, 30]);
    assert_eq!(
        column(TieBreak::AverageRatingOfOpponents),
        vec![1767, 1900, 1867, 1800, 2000]
    );
}

#[test]
fn tudaf_order_ranks_the_ties_by_buchholz_cut_one_first() {
    let rows = standings(&event(), &Points::default(), 3, &TieBreak::TUDAF);
    let order: Vec<u32> = rows.iter().map(|s| s.number).collect();
    assert_eq!(order, vec![1, 2, 4, 3, 5]);
    assert_eq!(
        rows.iter().map(|s| s.rank).collect::<Vec<_>>(),
        vec![1, 2, 3, 4, 5]
    );
}

#[test]
fn direct_encounter_applies_only_when_the_tied_players_all_met() {
    use Colour::{Black as B, White as W};
    // Three players, a round robin: 1 beats 2, 2 beats 3, 3 beats 1:
    // all on 1 point, each 1 point in the mutual games: still tied.
    let mk = |n: u32, r: Vec<RoundEntry>| Player {
        number: n,
        rounds: r,
        ..Player::default()
    };
    let players = vec![
        mk(1, vec![game(2, W, Outcome::Win), game(3, B, Outcome::Loss)]),
        mk(2, vec![game(1, B, Outcome::Loss), game(3, W, Outcome::Win)]),
        mk(3, vec![game(2, B, Outcome::Loss), game(1, W, Outcome::Win)]),
    ];
    let rows = standings(
        &players,
        &Points::default(),
        2,
        &[TieBreak::DirectEncounter],
    );
    assert!(rows.iter().all(|s| s.rank == 1 && s.values == vec![10]));
    // Players 2 and 4 of the event above never met: no direct encounter.
    let rows = standings(
        &event(),
        &Points::default(),
        3,
        &[TieBreak::DirectEncounter],
    );
    assert!(rows.iter().all(|s| s.values == vec![0]));
}

#[test]
fn berger_tables_match_fides_published_tables() {
    // FIDE C.05 Annex 1, 3 or 4 players, 5 or 6, 7 or 8.
    let four = [
        vec![(1, 4), (2, 3)],
        vec![(4, 3), (1, 2)],
        vec![(2, 4), (3, 1)],
    ];
    let six = [
        vec![(1, 6), (2, 5), (3, 4)],
        vec![(6, 4), (5, 3), (1, 2)],
        vec![(2, 6), (3, 1), (4, 5)],
        vec![(6, 5), (1, 4), (2, 3)],
        vec![(3, 6), (4, 2), (5, 1)],
    ];
    let eight = [
        vec![(1, 8), (2, 7), (3, 6), (4, 5)],
        vec![(8, 5), (6, 4), (7, 3), (1, 2)],
        vec![(2, 8), (3, 1), (4, 7), (5, 6)],
        vec![(8, 6), (7, 5), (1, 4), (2, 3)],
        vec![(3, 8), (4, 2), (5, 1), (6, 7)],
        vec![(8, 7), (1, 6), (2, 5), (3, 4)],
        vec![(4, 8), (5, 3), (6, 2), (7, 1)],
    ];
    for (players, table) in [(4u32, &four[..]), (6, &six[..]), (8, &eight[..])] {
        for (r, boards) in table.iter().enumerate() {
            assert_eq!(
                berger::round(players, r as u32 + 1).as_ref(),
                Some(boards),
                "{players} players round {}",
                r + 1
            );
        }
    }
    // Five players: six's table without player 6, who is the bye.
    assert_eq!(berger::round(5, 2), Some(vec![(5, 3), (1, 2)]));
    assert_eq!(berger::bye(5, 2), Some(4));
    assert_eq!(berger::round(6, 6), None);
}
