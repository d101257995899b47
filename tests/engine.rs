//! Engine robustness: from random positions of every preset the engine
//! returns a legal move with a legal principal variation, or the outcome
//! the rules give, under each kind of limit; a single legal move comes
//! back at once; a stop ends a search; engine games end; searches without
//! a time limit repeat exactly; the hash table keeps to its size.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use tama_arena::{Adjudication, MatchConfig, Player, PlayerKind};
use tama_core::{
    position_outcome, Color, Game, Move, Outcome, Piece, Position, Preset, Role, Rules, Setup,
    Square, Termination,
};
use tama_notation::parse_fen;
use tama_search::{
    BestMove, Engine, EngineConfig, Info, InfoKind, Limits, Score, ScoreKind, SearchResult,
};

use crate::util::{random_game, random_setup, Rng};

/// An engine that searches: no book moves (the book has tests of its
/// own), so that every answer here is a search's.
fn engine(hash_mib: usize) -> Engine {
    let mut e = Engine::new(EngineConfig {
        hash_mib,
        ..EngineConfig::default()
    });
    e.set_book(false);
    e
}

fn fen(text: &str) -> Position {
    parse_fen(text).expect("test positions are valid").position
}

/// Positions along random games (every third one, the final position
/// included) and random setups of every density, some with a side that
/// has no piece left.
fn sample_positions(rng: &mut Rng, rules: &Rules, games: usize, setups: usize) -> Vec<Position> {
    let mut out = Vec::new();
    for _ in 0..games {
        let game = random_game(rng, rules, 150);
        let last = game.len() - 1;
        out.extend(
            game.iter()
                .enumerate()
                .filter(|&(i, _)| i % 3 == 0 || i == last)
                .map(|(_, p)| *p),
        );
    }
    for i in 0..setups {
        let per_side = [1, 2, 3, 5, 8, 16][i % 6];
        let kings = [0, 30, 70, 100][(i / 6) % 4];
        out.push(random_setup(rng, per_side, kings));
    }
    out
}

/// The moves of `pv` are legal one after another from `pos`, and none is
/// played after the game ended on the board.
fn assert_legal_line(pos: &Position, rules: &Rules, pv: &[Move], what: &str) {
    let mut p = *pos;
    for (i, mv) in pv.iter().enumerate() {
        assert!(
            position_outcome(&p, rules).is_none(),
            "{what}: move {i} of the line {pv:?} is played after the game ended in {p:?}"
        );
        assert!(
            p.is_legal(rules, mv),
            "{what}: move {i} of the line {pv:?} ({mv:?}) is illegal in {p:?}"
        );
        p = p.play_unchecked(mv);
    }
}

/// Whether playing `mv` leaves the opponent without a legal move.
fn wins_at_once(pos: &Position, rules: &Rules, mv: &Move) -> bool {
    position_outcome(&pos.play_unchecked(mv), rules)
        == Some(Outcome::win(pos.turn(), Termination::NoLegalMoves))
}

/// Checks a search result of `pos` (searched without history) against the
/// rules.
fn check_result(pos: &Position, rules: &Rules, result: &SearchResult, what: &str) {
    let expected = position_outcome(pos, rules);
    let best = match (expected, result) {
        (Some(e), SearchResult::GameOver(o)) => {
            assert_eq!(*o, e, "{what}: wrong outcome for {pos:?}");
            return;
        }
        (Some(e), SearchResult::Move(b)) => {
            panic!("{what}: the game is over ({e:?}) in {pos:?}, the engine played {b:?}")
        }
        (None, SearchResult::GameOver(o)) => {
            panic!("{what}: the engine says {o:?} in {pos:?}, which has moves")
        }
        (None, SearchResult::Move(b)) => b,
    };
    check_best(pos, rules, best, what);
}

fn check_best(pos: &Position, rules: &Rules, b: &BestMove, what: &str) {
    assert!(
        pos.is_legal(rules, &b.mv),
        "{what}: illegal best move {:?} in {pos:?}",
        b.mv
    );
    assert_eq!(
        b.pv.first(),
        Some(&b.mv),
        "{what}: the line starts elsewhere"
    );
    assert_legal_line(pos, rules, &b.pv, what);
    assert!(!b.lines.is_empty(), "{what}: no lines");
    assert_eq!(b.lines[0].mv, b.mv, "{what}: line 1 is not the best move");
    assert_eq!(
        b.lines[0].score, b.score,
        "{what}: line 1 has another score"
    );
    for line in &b.lines {
        assert_eq!(line.pv.first(), Some(&line.mv), "{what}: {line:?}");
        assert_legal_line(pos, rules, &line.pv, what);
    }
    // Scores at the end of the game follow the rules: a win in one ply is
    // exactly a move that leaves the opponent without a move (found by the
    // first iteration, which always completes); a loss in two plies means
    // the opponent has such a reply to the chosen move.
    let winners: Vec<Move> = pos
        .legal_moves(rules)
        .iter()
        .copied()
        .filter(|m| wins_at_once(pos, rules, m))
        .collect();
    if winners.is_empty() {
        assert_ne!(b.score, Score::win_in(1), "{what}: no move wins at once");
    } else {
        assert_eq!(b.score, Score::win_in(1), "{what}: missed {winners:?}");
        assert!(winners.contains(&b.mv), "{what}: {:?} does not win", b.mv);
    }
    match b.score.kind() {
        ScoreKind::Win(0) | ScoreKind::Loss(0) | ScoreKind::Loss(1) => {
            panic!(
                "{what}: impossible score {} for a position with moves",
                b.score
            )
        }
        ScoreKind::Loss(2) => {
            let after = pos.play_unchecked(&b.mv);
            assert!(
                after
                    .legal_moves(rules)
                    .iter()
                    .any(|reply| wins_at_once(&after, rules, reply)),
                "{what}: loss in 2 after {:?} but no reply wins at once",
                b.mv
            );
        }
        _ => {}
    }
}

/// The limit of search number `i`: a depth, a node count or a time, in
/// turn.
fn limits_of(i: usize, rng: &mut Rng) -> Limits {
    match i % 3 {
        0 => Limits::depth(1 + rng.below(3) as u32),
        1 => Limits::nodes(500 + rng.below(4501) as u64),
        _ => Limits::movetime(Duration::from_millis(1 + rng.below(2) as u64)),
    }
}

#[test]
fn random_positions_get_a_legal_move_or_the_outcome() {
    let mut rng = Rng::new(0x7e57_e61e);
    let mut searched = 0;
    let mut over = 0;
    for preset in Preset::ALL {
        let rules = preset.rules();
        let mut e = engine(1);
        for (i, pos) in sample_positions(&mut rng, &rules, 16, 400)
            .iter()
            .enumerate()
        {
            let limits = limits_of(i, &mut rng);
            let result = e.search(pos, &[], &rules, &limits, |_| {});
            check_result(pos, &rules, &result, &format!("{preset} {limits:?}"));
            searched += 1;
            over += usize::from(result.game_over().is_some());
        }
    }
    assert!(searched >= 2000, "only {searched} positions");
    assert!(over >= 50, "only {over} finished positions");
}

#[test]
fn every_switch_combination_gets_legal_moves() {
    let mut rng = Rng::new(0x5317_c4e5);
    for rules in Rules::all_move_combinations() {
        for draw_one_each in [false, true] {
            let rules = Rules {
                draw_one_each,
                ..rules
            };
            let mut e = engine(1);
            let positions = sample_positions(&mut rng, &rules, 1, 12);
            for (i, pos) in positions.iter().step_by(4).enumerate() {
                let limits = limits_of(i, &mut rng);
                let result = e.search(pos, &[], &rules, &limits, |_| {});
                check_result(pos, &rules, &result, &format!("{rules:?} {limits:?}"));
            }
        }
    }
}

#[test]
fn multipv_and_threads_give_legal_lines() {
    let mut rng = Rng::new(0x3b7f);
    for preset in Preset::ALL {
        let rules = preset.rules();
        let mut e = Engine::new(EngineConfig {
            hash_mib: 2,
            threads: 2,
            multipv: 3,
            ..EngineConfig::default()
        });
        e.set_book(false);
        for (i, pos) in sample_positions(&mut rng, &rules, 2, 20).iter().enumerate() {
            let limits = limits_of(i, &mut rng);
            let result = e.search(pos, &[], &rules, &limits, |info| {
                assert_legal_line(pos, &rules, &info.pv, "progress");
            });
            check_result(
                pos,
                &rules,
                &result,
                &format!("{preset} multipv {limits:?}"),
            );
            if let SearchResult::Move(b) = &result {
                let n = pos.legal_moves(&rules).len().min(3);
                assert_eq!(b.lines.len(), n, "{pos:?}");
                let mut roots: Vec<Move> = b.lines.iter().map(|l| l.mv).collect();
                roots.sort_by_key(|m| (m.from().index(), m.to().index(), m.captures().0));
                roots.dedup();
                assert_eq!(roots.len(), n, "repeated root move in {:?}", b.lines);
            }
        }
    }
}

#[test]
fn finished_positions_are_reported_by_the_rules() {
    let mut e = engine(1);
    // Nothing to move with, or blocked: the side to move has lost.
    for (text, winner) in [
        ("W:W:Bc6", Color::Black),
        ("B:Wc3:B", Color::White),
        ("W:Wa1:Ba2,a3,Kb1,Kc1,b2", Color::Black),
    ] {
        for preset in Preset::ALL {
            let result = e.search(&fen(text), &[], &preset.rules(), &Limits::depth(3), |_| {});
            assert_eq!(
                result,
                SearchResult::GameOver(Outcome::win(winner, Termination::NoLegalMoves)),
                "{text} {preset}"
            );
        }
    }
    for turn in Color::ALL {
        let empty = Position::from_setup(Setup::empty(turn)).expect("an empty board is valid");
        let result = e.search(&empty, &[], &Rules::ARMENIAN, &Limits::nodes(100), |_| {});
        assert_eq!(
            result,
            SearchResult::GameOver(Outcome::win(turn.opponent(), Termination::NoLegalMoves))
        );
    }
    // The opponent has nothing left: every move wins at once.
    let pos = fen("W:Wc3:BKh8");
    let lone = e.search(&pos, &[], &Rules::ARMENIAN, &Limits::depth(3), |_| {});
    check_result(&pos, &Rules::ARMENIAN, &lone, "king h8");
    let pos = fen("W:Wc3,d3:B");
    for preset in Preset::ALL {
        let result = e.search(&pos, &[], &preset.rules(), &Limits::nodes(1000), |_| {});
        match result {
            SearchResult::Move(b) => assert_eq!(b.score, Score::win_in(1), "{preset}"),
            SearchResult::GameOver(o) => panic!("{preset}: {o:?}"),
        }
    }
    // One piece each: a draw only under `draw-one-each`.
    let pos = fen("W:Wc3:Bf6");
    let turkish = e.search(&pos, &[], &Rules::TURKISH, &Limits::depth(3), |_| {});
    assert_eq!(
        turkish,
        SearchResult::GameOver(Outcome::draw(Termination::OnePieceEach))
    );
    let armenian = e.search(&pos, &[], &Rules::ARMENIAN, &Limits::depth(3), |_| {});
    check_result(&pos, &Rules::ARMENIAN, &armenian, "one each, armenian");
}

#[test]
fn a_third_repetition_ends_the_game_for_the_engine() {
    let rules = Rules::ARMENIAN;
    let mut game = Game::from_position(rules, fen("W:WKa1:BKh8"));
    let shuffle = [
        (Square::A1, Square::B1),
        (Square::H8, Square::G8),
        (Square::B1, Square::A1),
        (Square::G8, Square::H8),
    ];
    let mut e = engine(1);
    for round in 0..2 {
        for &(from, to) in &shuffle {
            let mv = *game
                .legal_moves()
                .iter()
                .find(|m| m.from() == from && m.to() == to)
                .expect("a king move of the shuffle");
            game.play(&mv).expect("legal");
        }
        let result = e.search_game(&game, &Limits::depth(3), |_| {});
        if round == 0 {
            // The second occurrence: the game goes on.
            assert_eq!(game.outcome(), None);
            check_result(game.position(), &rules, &result, "second occurrence");
        } else {
            let draw = Outcome::draw(Termination::Repetition);
            assert_eq!(game.outcome(), Some(draw));
            assert_eq!(result, SearchResult::GameOver(draw));
        }
    }
    // Without `draw-repetition` the same history is no draw.
    let mut e = engine(1);
    let no_rep = Rules {
        draw_repetition: false,
        ..rules
    };
    let positions = game.positions();
    let (root, history) = positions.split_last().expect("moves were played");
    let result = e.search(root, history, &no_rep, &Limits::depth(3), |_| {});
    check_result(root, &no_rep, &result, "no repetition rule");
}

/// Positions with exactly one legal move, from random games of every
/// preset, with their rules.
fn forced_positions(count: usize) -> Vec<(Position, Rules)> {
    let mut rng = Rng::new(0xf0ce);
    let mut out = vec![(fen("W:Wc3:Bc4,h8"), Rules::ARMENIAN)];
    'outer: for round in 0.. {
        let rules = Preset::ALL[round % 3].rules();
        for pos in random_game(&mut rng, &rules, 200) {
            if pos.legal_moves(&rules).len() == 1 && position_outcome(&pos, &rules).is_none() {
                out.push((pos, rules));
                if out.len() >= count {
                    break 'outer;
                }
            }
        }
    }
    out
}

#[test]
fn a_single_legal_move_is_returned_at_once() {
    let mut e = engine(1);
    for (pos, rules) in forced_positions(30) {
        let only = pos.legal_moves(&rules)[0];
        let t0 = Instant::now();
        let result = e.search(
            &pos,
            &[],
            &rules,
            &Limits::movetime(Duration::from_secs(30)),
            |_| {},
        );
        let spent = t0.elapsed();
        let SearchResult::Move(b) = &result else {
            panic!("{pos:?}: {result:?}")
        };
        assert_eq!(b.mv, only, "{pos:?}");
        assert_eq!(b.depth, 0, "a forced move reports depth 0");
        assert!(!b.interrupted);
        check_best(&pos, &rules, b, "forced");
        // Only a hang is an error here (the machine may be loaded).
        assert!(spent < Duration::from_secs(5), "{pos:?} took {spent:?}");
        // In analysis mode the single move is searched like any other.
        let limits = Limits {
            infinite: true,
            ..Limits::depth(2)
        };
        let SearchResult::Move(b) = e.search(&pos, &[], &rules, &limits, |_| {}) else {
            panic!("{pos:?}")
        };
        assert_eq!((b.mv, b.depth), (only, 2), "{pos:?}");
    }
}

/// Starts an infinite search on another thread, stops it once its first
/// iteration is reported and `delay` has passed, and returns the time
/// from the stop request to the result.
fn stopped_search(pos: Position, rules: Rules, threads: usize, delay: Duration) -> Duration {
    let mut e = Engine::new(EngineConfig {
        hash_mib: 4,
        threads,
        ..EngineConfig::default()
    });
    let stop = e.stop_handle();
    let (started_tx, started_rx) = mpsc::channel();
    let (done_tx, done_rx) = mpsc::channel();
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let worker = std::thread::spawn(move || {
        let result = e.search(&pos, &[], &rules, &limits, |_| {
            let _ = started_tx.send(());
        });
        let _ = done_tx.send(result);
    });
    let started = started_rx.recv_timeout(Duration::from_secs(10));
    assert!(
        started.is_ok(),
        "{pos:?} {threads} threads: no iteration reported ({started:?}); result {:?}",
        done_rx.try_recv()
    );
    std::thread::sleep(delay);
    let t0 = Instant::now();
    stop.stop();
    let result = done_rx
        .recv_timeout(Duration::from_secs(5))
        .expect("the search returns after a stop");
    let latency = t0.elapsed();
    worker.join().expect("the search thread does not panic");
    let SearchResult::Move(b) = &result else {
        panic!("{pos:?}: {result:?}")
    };
    assert!(b.depth >= 1, "{pos:?}: the first iteration completes");
    check_best(&pos, &rules, b, "stopped");
    latency
}

#[test]
fn stop_ends_an_infinite_search() {
    let middle = random_game(&mut Rng::new(0x5709), &Rules::ARMENIAN, 40)
        .into_iter()
        .rev()
        .find(|p| p.occupied().count() >= 16 && position_outcome(p, &Rules::ARMENIAN).is_none())
        .expect("a middle game position");
    for (pos, rules) in [
        (Position::start(), Rules::ARMENIAN),
        (Position::start(), Rules::TURKISH),
        (middle, Rules::ARMENIAN),
    ] {
        for threads in [1, 2] {
            for delay_ms in [0, 5, 30] {
                let latency = stopped_search(pos, rules, threads, Duration::from_millis(delay_ms));
                assert!(latency < Duration::from_secs(5));
            }
        }
    }
}

/// An engine player for matches: small hash, one thread.
fn player(name: &str, limits: Limits) -> Player {
    let kind = PlayerKind::Engine(Box::new(EngineConfig {
        hash_mib: 1,
        ..EngineConfig::default()
    }));
    Player::new(name, kind, limits)
}

#[test]
fn arena_games_end_with_an_outcome() {
    for (k, preset) in Preset::ALL.into_iter().enumerate() {
        let rules = preset.rules();
        let config = MatchConfig {
            rules,
            openings: tama_arena::random_openings(&rules, 2, 6, 11 + k as u64),
            concurrency: 1,
            max_plies: 200,
            ..MatchConfig::default()
        };
        assert!(!config.openings.is_empty());
        let a = player("depth", Limits::depth(2));
        let b = player("nodes", Limits::nodes(1500));
        let result = tama_arena::play_match(&a, &b, &config, |_| {}).unwrap();
        assert_eq!(result.games.len(), config.openings.len() * 2);
        for g in &result.games {
            let mut game = Game::from_position(rules, *g.game.start());
            for mv in g.game.moves() {
                assert_eq!(game.outcome(), None, "{preset}: a move after the end");
                game.play(mv).expect("arena games hold legal moves");
            }
            let plies = g.game.moves().len();
            assert!(plies <= 200, "{preset}: {plies} plies");
            match g.outcome.termination {
                Termination::Adjudication => assert_eq!(game.outcome(), None),
                _ => assert_eq!(game.outcome(), Some(g.outcome), "{preset}"),
            }
        }
    }
}

/// Without adjudication a game at the ply limit is a draw however much
/// material one side has; with the default adjudication it is a win.
#[test]
fn no_adjudication_leaves_a_material_lead_drawn_at_the_limit() {
    // Turkish: three kings against one king on the far side.
    let rules = Preset::Turkish.rules();
    let start = tama_notation::parse_position("W:WKa1,Kb1,Kc1:BKh8").expect("valid");
    let config = |adjudication| MatchConfig {
        rules,
        openings: vec![tama_arena::Opening {
            start,
            moves: Vec::new(),
        }],
        concurrency: 1,
        max_plies: 2,
        adjudication,
        ..MatchConfig::default()
    };
    let a = player("a", Limits::depth(1));
    let b = player("b", Limits::depth(1));
    let none = tama_arena::play_match(&a, &b, &config(Adjudication::NONE), |_| {}).unwrap();
    let default = tama_arena::play_match(&a, &b, &config(Adjudication::default()), |_| {}).unwrap();
    for (n, d) in none.games.iter().zip(&default.games) {
        assert_eq!(n.outcome.termination, Termination::Adjudication);
        assert_eq!(n.outcome.winner, None, "{:?}", n.game.moves());
        assert_eq!(d.outcome.winner, Some(Color::White), "{:?}", d.game.moves());
    }
}

/// King-only endings of `white` against `black` kings, placed at random
/// where no capture is possible at once.
fn kings_ending(rng: &mut Rng, white: usize, black: usize, rules: &Rules) -> Position {
    loop {
        let mut setup = Setup::empty(if rng.chance(50) {
            Color::White
        } else {
            Color::Black
        });
        let mut used = Vec::new();
        for (color, n) in [(Color::White, white), (Color::Black, black)] {
            while used.iter().filter(|&&(c, _)| c == color).count() < n {
                let sq = Square::new(rng.below(64) as u8).expect("below 64");
                if used.iter().any(|&(_, s)| s == sq) {
                    continue;
                }
                used.push((color, sq));
                setup.put(sq, Piece::new(color, Role::King));
            }
        }
        let pos = Position::from_setup(setup).expect("kings anywhere are valid");
        if pos.legal_moves(rules).iter().all(|m| !m.is_capture()) {
            return pos;
        }
    }
}

/// Plays `start` out between two engines with these limits; returns the
/// outcome and the number of plies, or `None` past `max_plies`.
fn play_out(
    start: Position,
    rules: Rules,
    limits: [Limits; 2],
    max_plies: usize,
) -> Option<(Outcome, usize)> {
    let mut engines = [engine(1), engine(1)];
    let mut game = Game::from_position(rules, start);
    while game.moves().len() < max_plies {
        let side = game.position().turn().index();
        let result = engines[side].search_game(&game, &limits[side], |_| {});
        match (game.outcome(), result) {
            (Some(o), SearchResult::GameOver(r)) => {
                assert_eq!(o, r);
                return Some((o, game.moves().len()));
            }
            (None, SearchResult::Move(b)) => {
                check_best(game.position(), &rules, &b, "game");
                game.play(&b.mv).expect("the engine plays legal moves");
            }
            (o, r) => panic!("the game says {o:?}, the engine {r:?}"),
        }
    }
    None
}

#[test]
fn engine_games_end_by_the_rules() {
    let mut rng = Rng::new(0x9a3e);
    let limits = [Limits::depth(2), Limits::nodes(1200)];
    for preset in Preset::ALL {
        let rules = preset.rules();
        // From random openings: a result on the board, no adjudication.
        for _ in 0..2 {
            let opening = random_game(&mut rng, &rules, 6).pop().expect("a position");
            let ended = play_out(opening, rules, limits, 3000);
            assert!(ended.is_some(), "{preset}: no result in 3000 plies");
        }
        // King endings, where only repetition (or `draw-one-each`) ends an
        // even fight.
        for (white, black) in [(1, 1), (2, 1), (2, 2)] {
            let start = kings_ending(&mut rng, white, black, &rules);
            let ended = play_out(start, rules, limits, 3000);
            assert!(
                ended.is_some(),
                "{preset}: {white} against {black} kings from {start:?} did not end"
            );
        }
    }
}

/// What a search returned, without the time it took.
fn untimed(result: &SearchResult) -> String {
    match result {
        SearchResult::GameOver(o) => format!("{o:?}"),
        SearchResult::Move(b) => {
            let mut b = b.clone();
            b.time = Duration::ZERO;
            format!("{b:?}")
        }
    }
}

/// The progress reports of a search, without times and speeds.
fn untimed_info(info: &Info) -> String {
    let kind = match info.kind {
        InfoKind::Iteration => "iteration",
        InfoKind::NewBest => "new best",
    };
    format!(
        "{kind} {} {} {} {:?} {} {} {} {:?}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.score,
        info.lower_bound,
        info.upper_bound,
        info.nodes,
        info.pv
    )
}

#[test]
fn searches_without_time_limits_repeat_exactly() {
    let mut rng = Rng::new(0xde7e);
    let mut cases = vec![(Position::start(), Rules::ARMENIAN)];
    for preset in Preset::ALL {
        let rules = preset.rules();
        let game = random_game(&mut rng, &rules, 60);
        cases.extend(
            game.iter()
                .skip(5)
                .step_by(17)
                .filter(|p| position_outcome(p, &rules).is_none())
                .map(|p| (*p, rules)),
        );
    }
    assert!(cases.len() >= 8);
    let run = |e: &mut Engine, pos: &Position, rules: &Rules, limits: &Limits| {
        let mut infos = Vec::new();
        let result = e.search(pos, &[], rules, limits, |i| infos.push(untimed_info(i)));
        (untimed(&result), infos)
    };
    for limits in [Limits::depth(5), Limits::nodes(4000)] {
        let mut reused = engine(2);
        for (pos, rules) in &cases {
            let first = run(&mut engine(2), pos, rules, &limits);
            let again = run(&mut engine(2), pos, rules, &limits);
            assert_eq!(first, again, "fresh engines differ on {pos:?} {limits:?}");
            // An engine that searched other positions, once cleared.
            run(&mut reused, &Position::start(), &Rules::TURKISH, &limits);
            reused.clear();
            let cleared = run(&mut reused, pos, rules, &limits);
            assert_eq!(
                first, cleared,
                "cleared engine differs on {pos:?} {limits:?}"
            );
        }
    }
}

#[test]
fn hash_size_stays_within_its_limit() {
    const MIB: usize = 1 << 20;
    let check = |e: &Engine, mib: usize| {
        let bytes = e.hash_bytes();
        if mib == 0 {
            assert!(bytes > 0 && bytes <= 64, "0 MiB gives {bytes} bytes");
        } else {
            assert!(bytes <= mib * MIB, "{mib} MiB gives {bytes} bytes");
            assert!(bytes > mib * MIB / 2, "{mib} MiB gives only {bytes} bytes");
        }
    };
    let mut e = engine(0);
    check(&e, 0);
    for mib in [0, 1, 2, 3, 5, 16, 33] {
        let fresh = engine(mib);
        check(&fresh, mib);
        e.set_hash_mib(mib);
        check(&e, mib);
        assert_eq!(e.hash_bytes(), fresh.hash_bytes());
        assert_eq!(e.config().hash_mib, mib);
        let result = e.search(
            &Position::start(),
            &[],
            &Rules::ARMENIAN,
            &Limits::depth(3),
            |_| {},
        );
        check_result(
            &Position::start(),
            &Rules::ARMENIAN,
            &result,
            "after resize",
        );
    }
}
