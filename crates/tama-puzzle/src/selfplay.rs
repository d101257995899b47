//! Puzzles from the middlegames of self-play games (docs/PUZZLES.md,
//! "From self-play").
//!
//! The games start from tama-arena's reproducible random balanced
//! openings and are played by the engine at a small node limit, one
//! thread, a table cleared before each move, so a seed gives the same
//! games everywhere. Every position of a game with more than
//! [`MIN_PIECES`]` - 1` pieces and at least two legal moves is asked for a
//! [`verdict`]: a two-line search (multi-PV), one thread, from an empty
//! table, to [`VERDICT_NODES`] nodes. **One move wins** when its score is
//! a win, or at least [`WIN_CM`] centi-men (two men), while the second
//! best move scores at most [`EQUAL_CM`] (about equal, or worse). This is
//! a search's verdict, not a proof: a win score is a forced win inside
//! the search's (pruned) tree, and a margin of two men is a judgement.
//!
//! The solution: the winning move, then the search's expected reply (the
//! second move of its line) and the next solver move while that one is
//! again the only winning move by a verdict from there, up to
//! [`MAX_SOLVER_MOVES`] solver moves.

use std::collections::HashSet;

use tama_arena::random_openings;
use tama_core::{Game, Move, Position, Rules};
use tama_search::{Engine, Limits, Score, ScoreKind, SearchResult};

use crate::difficulty::{engine, measure};
use crate::{theme, Puzzle, Source};

/// A winning margin: at least two men ahead.
pub const WIN_CM: i32 = 200;
/// About equal: at most half a man ahead.
pub const EQUAL_CM: i32 = 50;
/// The node limit of a verdict.
pub const VERDICT_NODES: u64 = 60_000;
/// The node limit of the quick verdict that picks the positions worth a
/// full one.
pub const SCREEN_NODES: u64 = 6_000;
/// Middlegames: positions with at least this many pieces.
pub const MIN_PIECES: u32 = 8;
/// The most solver moves a solution holds.
pub const MAX_SOLVER_MOVES: usize = 3;
/// Random plies of each game's opening.
pub const OPENING_PLIES: usize = 8;
/// Plies after which a game is given up.
pub const MAX_GAME_PLIES: usize = 160;

/// What [`generate`] plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Puzzles wanted (the games stop when they are found).
    pub count: usize,
    /// Games to play at most.
    pub games: u32,
    /// Seed of the openings.
    pub seed: u64,
    /// The players' node limit per move (small: weak play makes chances).
    pub game_nodes: u64,
}

impl Default for Settings {
    /// 100 puzzles from at most 1,000 games, seed 1, 1,500 nodes a move.
    fn default() -> Settings {
        Settings {
            count: 100,
            games: 1000,
            seed: 1,
            game_nodes: 1500,
        }
    }
}

/// A search's verdict that exactly one move wins (module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The winning move.
    pub mv: Move,
    /// Its score.
    pub score: Score,
    /// The second best move's score.
    pub second: Score,
    /// The search's line, from `mv`.
    pub pv: Vec<Move>,
}

/// Whether `score` wins: a win, or at least [`WIN_CM`].
pub fn wins(score: Score) -> bool {
    match score.kind() {
        ScoreKind::Win(_) => true,
        ScoreKind::Loss(_) => false,
        ScoreKind::CentiMen(cm) => cm >= WIN_CM,
    }
}

/// Whether `score` is at most about equal: a loss, or at most
/// [`EQUAL_CM`].
pub fn at_most_equal(score: Score) -> bool {
    match score.kind() {
        ScoreKind::Win(_) => false,
        ScoreKind::Loss(_) => true,
        ScoreKind::CentiMen(cm) => cm <= EQUAL_CM,
    }
}

/// The verdict of a two-line search of `pos` (after `history`) to
/// `nodes` nodes from a cleared `engine`: `Some` when exactly one move
/// wins and the second best is at most about equal.
pub fn verdict(
    engine: &mut Engine,
    pos: &Position,
    history: &[Position],
    rules: &Rules,
    nodes: u64,
) -> Option<Verdict> {
    if pos.legal_moves(rules).len() < 2 {
        return None;
    }
    engine.clear();
    engine.set_multipv(2);
    let result = engine.search(pos, history, rules, &Limits::nodes(nodes), |_| {});
    engine.set_multipv(1);
    let SearchResult::Move(best) = result else {
        return None;
    };
    let [first, second, ..] = &best.lines[..] else {
        return None;
    };
    (wins(first.score) && at_most_equal(second.score)).then(|| Verdict {
        mv: first.mv,
        score: first.score,
        second: second.score,
        pv: first.pv.clone(),
    })
}

/// The solution from `start` whose first move is `first`'s (module
/// documentation).
fn solution(engine: &mut Engine, start: &Position, rules: &Rules, first: Verdict) -> Vec<Move> {
    let mut line = vec![first.mv];
    let mut positions = vec![*start];
    let mut current = first;
    while line.len().div_ceil(2) < MAX_SOLVER_MOVES {
        let Some(&reply) = current.pv.get(1) else {
            break;
        };
        let after = positions[positions.len() - 1].play_unchecked(&current.mv);
        if !after.legal_moves(rules).contains(&reply) {
            break;
        }
        let next = after.play_unchecked(&reply);
        let history = [positions.as_slice(), &[after]].concat();
        let Some(v) = verdict(engine, &next, &history, rules, VERDICT_NODES) else {
            break;
        };
        positions.extend([after, next]);
        line.extend([reply, v.mv]);
        current = v;
    }
    line
}

/// Self-play puzzles under `rules` (module documentation), named
/// `{prefix}{n:04}` from 1; `progress` hears after each game (games
/// played, puzzles found). The same settings give the same puzzles.
pub fn generate(
    rules: &Rules,
    settings: &Settings,
    prefix: &str,
    mut progress: impl FnMut(u32, usize),
) -> Vec<Puzzle> {
    let openings = random_openings(rules, settings.games as usize, OPENING_PLIES, settings.seed);
    let mut player = engine();
    let mut judge = engine();
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for (g, opening) in openings.iter().enumerate() {
        if out.len() >= settings.count {
            break;
        }
        let mut game = Game::from_position(*rules, opening.start);
        for mv in &opening.moves {
            if game.play(mv).is_err() {
                break;
            }
        }
        let mut skip_until = 0;
        while game.outcome().is_none() && game.moves().len() < MAX_GAME_PLIES {
            let ply = game.moves().len();
            let pos = *game.position();
            if ply >= skip_until
                && out.len() < settings.count
                && pos.occupied().count() >= MIN_PIECES
                && !seen.contains(&pos.hash())
                && verdict(&mut judge, &pos, &[], rules, SCREEN_NODES).is_some()
            {
                if let Some(v) = verdict(&mut judge, &pos, &[], rules, VERDICT_NODES) {
                    seen.insert(pos.hash());
                    let first = v.mv;
                    let line = solution(&mut judge, &pos, rules, v);
                    out.push(Puzzle {
                        id: format!("{prefix}{:04}", out.len() + 1),
                        rules: *rules,
                        start: pos,
                        difficulty: measure(&mut judge, &pos, rules, first),
                        themes: theme::detect(&pos, &line),
                        solution: line,
                        source: Source::SelfPlay {
                            seed: settings.seed,
                            game: g as u32,
                            ply: ply as u32,
                        },
                    });
                    // The next puzzle of this game a few moves later.
                    skip_until = ply + 6;
                }
            }
            player.clear();
            let result = player.search_game(&game, &Limits::nodes(settings.game_nodes), |_| {});
            let Some(mv) = result.best_move() else {
                break;
            };
            if game.play(&mv).is_err() {
                break;
            }
        }
        progress(g as u32 + 1, out.len());
    }
    out
}

/// Checks a self-play puzzle by the search (module documentation): from
/// the start, each solver move must be the verdict's only winning move
/// ([`VERDICT_NODES`], the line's earlier positions as history) and each
/// reply legal.
///
/// # Errors
///
/// The first move that does not hold, named (1-based).
pub fn check(engine: &mut Engine, p: &Puzzle) -> Result<(), String> {
    let positions = p.positions();
    for (i, mv) in p.solution.iter().enumerate() {
        let pos = &positions[i];
        let text = tama_notation::write_move(pos, &p.rules, mv);
        if !pos.legal_moves(&p.rules).contains(mv) {
            return Err(format!("move {}: {text} is not legal", i + 1));
        }
        if i % 2 == 1 {
            continue;
        }
        match verdict(engine, pos, &positions[..i], &p.rules, VERDICT_NODES) {
            Some(v) if v.mv == *mv => {}
            Some(v) => {
                return Err(format!(
                    "move {}: the search's only winning move is {}, not {text}",
                    i + 1,
                    tama_notation::write_move(pos, &p.rules, &v.mv)
                ))
            }
            None => {
                return Err(format!(
                    "move {}: the search does not find exactly one winning move ({text} expected)",
                    i + 1
                ))
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_judged_by_the_thresholds() {
        assert!(wins(Score::win_in(9)) && wins(Score::centi_men(WIN_CM)));
        assert!(!wins(Score::centi_men(WIN_CM - 1)) && !wins(Score::loss_in(3)));
        assert!(at_most_equal(Score::loss_in(3)) && at_most_equal(Score::centi_men(EQUAL_CM)));
        assert!(!at_most_equal(Score::centi_men(EQUAL_CM + 1)));
        assert!(!at_most_equal(Score::win_in(9)));
    }

    #[test]
    fn self_play_puzzles_are_reproducible_and_pass_their_check() {
        let rules = Rules::TURKISH;
        let settings = Settings {
            count: 2,
            games: 6,
            seed: 5,
            game_nodes: 300,
        };
        let a = generate(&rules, &settings, "t-s", |_, _| {});
        let b = generate(&rules, &settings, "t-s", |_, _| {});
        assert_eq!(a, b);
        let mut e = engine();
        for p in &a {
            check(&mut e, p).unwrap();
            assert!(p.start.occupied().count() >= MIN_PIECES);
            let other = p
                .start
                .legal_moves(&rules)
                .iter()
                .copied()
                .find(|m| *m != p.solution[0])
                .unwrap();
            let wrong = Puzzle {
                solution: vec![other],
                ..p.clone()
            };
            assert!(check(&mut e, &wrong).unwrap_err().starts_with("move 1:"));
        }
    }
}
