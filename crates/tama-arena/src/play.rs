//! Playing matches: paired games on several threads, adjudication.
//!
//! Each game is a `tama_core::Game`, and its ending is recorded there.
//! Adjudication ([`Adjudication`]) decides over-long games by material at
//! the ply limit, or a game whose players' scores agree, or nothing
//! ([`Adjudication::NONE`]). On a clock (`MatchConfig::clock`,
//! `flag_rule`) each game owns its `GameClock`: the arena measures each
//! move and charges it with `Game::tick`, and the engine takes its limits
//! from the game's clock. [`play_match_until`] stops early when asked; a
//! player that fails ends the match with a [`MatchError`].

use core::fmt;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use tama_core::{
    Color, FlagRule, Game, GameClock, Move, Outcome, Position, Role, Rules, Termination,
    TimeControl,
};
use tama_search::params::EvalParams;
use tama_search::{Engine, Limits, Pondered, Pondering, SearchResult};

use crate::baseline::Baseline;
use crate::external::ExternalEngine;
use crate::openings::Opening;
use crate::player::{Player, PlayerKind};
use crate::results::{GameRecord, MatchResult, PonderCount};

/// When games are stopped and scored by the arbiter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Adjudication {
    /// A game reaching this many plies is adjudicated: a win for the side
    /// ahead by at least `material_margin` (men 100, kings as in the default evaluation), else a
    /// draw.
    pub max_plies: u32,
    /// Margin for the ply-limit adjudication, in centi-men.
    pub material_margin: i32,
    /// Adjudicate a win when both players' scores agree that one side is
    /// ahead by at least this much (centi-men) for `win_plies` plies in a
    /// row. `None` turns this off.
    pub win_score: Option<i32>,
    /// See `win_score`.
    pub win_plies: u32,
    /// Adjudicate a draw after `draw_after` plies when both players'
    /// scores stay within this many centi-men of zero for `draw_plies`
    /// plies in a row. `None` turns this off.
    pub draw_score: Option<i32>,
    /// See `draw_score`.
    pub draw_after: u32,
    /// See `draw_score`.
    pub draw_plies: u32,
}

impl Adjudication {
    /// No adjudication: games end by the rules, and a game reaching the
    /// match's ply limit is a draw whatever the material.
    pub const NONE: Adjudication = Adjudication {
        max_plies: u32::MAX,
        material_margin: i32::MAX,
        win_score: None,
        win_plies: 0,
        draw_score: None,
        draw_after: 0,
        draw_plies: 0,
    };
}

impl Default for Adjudication {
    fn default() -> Adjudication {
        Adjudication {
            max_plies: 300,
            material_margin: 150,
            win_score: Some(600),
            win_plies: 6,
            draw_score: Some(8),
            draw_after: 120,
            draw_plies: 30,
        }
    }
}

/// How a match is played.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchConfig {
    /// The rules.
    pub rules: Rules,
    /// The openings; each is played twice with colours reversed.
    pub openings: Vec<Opening>,
    /// Games played at the same time (threads).
    pub concurrency: usize,
    /// The ply limit, in addition to `adjudication.max_plies`; the smaller
    /// applies.
    pub max_plies: u32,
    /// Adjudication of long or decided games.
    pub adjudication: Adjudication,
    /// The game clock, if the games are played on one: each player has
    /// its own clock, the arena measures each move's time and charges it,
    /// and the engine manages its time under the clock (its
    /// [`Player::limits`] should then have no movetime).
    pub clock: Option<TimeControl>,
    /// What running out of time does.
    pub flag_rule: FlagRule,
}

impl Default for MatchConfig {
    fn default() -> MatchConfig {
        MatchConfig {
            rules: Rules::ARMENIAN,
            openings: vec![Opening {
                start: Position::start(),
                moves: Vec::new(),
            }],
            concurrency: 1,
            max_plies: u32::MAX,
            adjudication: Adjudication::default(),
            clock: None,
            flag_rule: FlagRule::Lose,
        }
    }
}

/// A match that could not go on: a player failed to give a move (only an
/// [external engine](PlayerKind::External) can).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchError {
    /// The game's number in the match (0-based).
    pub game: usize,
    /// The failing player's name.
    pub player: String,
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {}: {}: {}",
            self.game + 1,
            self.player,
            self.message
        )
    }
}

impl std::error::Error for MatchError {}

/// One side of a game in progress.
enum Mover {
    Engine(EngineMover),
    Baseline(Box<Baseline>),
    External(ExternalEngine),
}

/// The engine as a player: its engine, or the engine thinking on the
/// opponent's time (option `ponder`).
struct EngineMover {
    /// The engine, when it is not pondering.
    engine: Option<Box<Engine>>,
    /// The search on the opponent's time, after the engine's own move.
    pondering: Option<Pondering>,
    /// The opponent's reply the engine's last line expects.
    expected: Option<Move>,
    /// This game's hits and misses.
    count: PonderCount,
}

impl EngineMover {
    /// The engine, back from any pondering (stopped).
    fn engine(&mut self) -> &mut Engine {
        if let Some(p) = self.pondering.take() {
            self.engine = Some(p.stop());
        }
        self.engine
            .as_mut()
            .expect("the engine is here when it does not ponder")
    }

    /// The engine's move in `game`: from its ponder search when the
    /// opponent played the expected move (the search goes on under the
    /// clock from now), else from a search.
    fn choose(&mut self, game: &Game, limits: &Limits) -> SearchResult {
        let pondered = self.pondering.take().map(|p| p.finish(game));
        let result = match pondered {
            Some(Pondered::Hit(engine, result)) => {
                self.count.hits += 1;
                self.engine = Some(engine);
                result
            }
            Some(Pondered::Miss(engine)) => {
                self.count.misses += 1;
                self.engine = Some(engine);
                self.engine().search_game(game, limits, |_| {})
            }
            None => self.engine().search_game(game, limits, |_| {}),
        };
        self.expected = match &result {
            SearchResult::Move(best) => best.pv.get(1).copied(),
            SearchResult::GameOver(_) => None,
        };
        result
    }

    /// After the engine's own move: thinks on the opponent's time, if its
    /// option `ponder` is on and its line expects a reply. `limits` are
    /// those of its next move, its clock as it stands now.
    fn ponder(&mut self, game: &Game, limits: &Limits) {
        let Some(expected) = self.expected.take() else {
            return;
        };
        let Some(engine) = self.engine.take() else {
            return;
        };
        if !engine.config().search.ponder {
            self.engine = Some(engine);
            return;
        }
        match engine.ponder(game, expected, limits) {
            Ok(pondering) => self.pondering = Some(pondering),
            Err(engine) => self.engine = Some(engine),
        }
    }
}

impl Mover {
    fn new(kind: &PlayerKind) -> Mover {
        match kind {
            PlayerKind::Engine(c) => Mover::Engine(EngineMover {
                engine: Some(Box::new(Engine::new((**c).clone()))),
                pondering: None,
                expected: None,
                count: PonderCount::default(),
            }),
            PlayerKind::Baseline => Mover::Baseline(Box::default()),
            PlayerKind::External(e) => Mover::External(e.clone()),
        }
    }

    fn new_game(&mut self) {
        if let Mover::Engine(e) = self {
            e.expected = None;
            e.count = PonderCount::default();
            e.engine().clear();
        }
    }

    /// This game's pondering (none but an engine's).
    fn ponder_count(&self) -> PonderCount {
        match self {
            Mover::Engine(e) => e.count,
            _ => PonderCount::default(),
        }
    }

    /// Ends any thinking on the opponent's time (the game is over).
    fn end_game(&mut self) {
        if let Mover::Engine(e) = self {
            e.expected = None;
            e.engine();
        }
    }

    /// The move and the mover's score of the position (centi-men or raw
    /// win/loss values, for the side to move).
    /// Fails only for an external engine (with a message).
    fn choose(&mut self, game: &Game, limits: &Limits) -> Result<Option<(Move, i32)>, String> {
        Ok(match self {
            Mover::Engine(e) => match e.choose(game, limits) {
                SearchResult::Move(b) => Some((b.mv, b.score.raw())),
                SearchResult::GameOver(_) => None,
            },
            Mover::Baseline(b) => b
                .search(game.position(), game.rules(), limits)
                .map(|(m, s, _)| (m, s)),
            // Moves read with `parse_move` are legal in the position.
            Mover::External(e) => e.choose(game, limits)?,
        })
    }

    /// After this mover's move in `game`: an engine that ponders starts
    /// thinking on the opponent's time.
    fn after_move(&mut self, game: &Game, limits: &Limits) {
        if let Mover::Engine(e) = self {
            e.ponder(game, limits);
        }
    }
}

/// Material in centi-men from White's side (men 100, kings as in the
/// default evaluation).
fn material(pos: &Position) -> i32 {
    let p = EvalParams::DEFAULT;
    let v = |c: Color| {
        p.man * pos.pieces_of(c, Role::Man).count() as i32
            + p.king * pos.pieces_of(c, Role::King).count() as i32
    };
    v(Color::White) - v(Color::Black)
}

/// Ends `game` off the board with `outcome` (an adjudication), recording
/// it in the game as well.
fn finish(mut game: Game, outcome: Outcome) -> (Game, Outcome) {
    // The game is not over when an arbiter ends it (checked first).
    let outcome = game.end(outcome).unwrap_or(outcome);
    (game, outcome)
}

/// Plays one game between `white` and `black` from `opening`; fails with
/// the failing side and its message.
fn play_game(
    movers: [&mut Mover; 2],
    players: [&Player; 2],
    opening: &Opening,
    config: &MatchConfig,
) -> Result<(Game, Outcome), (Color, String)> {
    let rules = config.rules;
    let mut game = Game::from_position(rules, opening.start);
    for mv in &opening.moves {
        game.play(mv).expect("opening moves are legal");
    }
    // The clocks start after the opening.
    if let Some(control) = &config.clock {
        game.set_clock(Some(GameClock::new(control.clone(), config.flag_rule)));
    }
    let [white, black] = movers;
    white.new_game();
    black.new_game();
    let played = play_moves([&mut *white, &mut *black], players, game, config);
    white.end_game();
    black.end_game();
    played
}

/// The moves of a game from its opening, until it ends.
fn play_moves(
    movers: [&mut Mover; 2],
    players: [&Player; 2],
    mut game: Game,
    config: &MatchConfig,
) -> Result<(Game, Outcome), (Color, String)> {
    let [white, black] = movers;
    let adj = &config.adjudication;
    let max_plies = adj.max_plies.min(config.max_plies) as usize;
    // Scores from White's side after each move, alternating movers.
    let mut scores: Vec<i32> = Vec::new();
    loop {
        if let Some(outcome) = game.outcome() {
            return Ok((game, outcome));
        }
        let plies = game.moves().len();
        if plies >= max_plies {
            let m = material(game.position());
            let outcome = if m >= adj.material_margin {
                Outcome::win(Color::White, Termination::Adjudication)
            } else if m <= -adj.material_margin {
                Outcome::win(Color::Black, Termination::Adjudication)
            } else {
                Outcome::draw(Termination::Adjudication)
            };
            return Ok(finish(game, outcome));
        }
        let turn = game.position().turn();
        let side = turn.index();
        let limits = players[side].limits.with_clock_of(&game);
        let mover = if side == 0 { &mut *white } else { &mut *black };
        let t0 = Instant::now();
        let chosen = mover.choose(&game, &limits).map_err(|e| (turn, e))?;
        // The mover's clock is charged what the move took; a flag ends
        // the game before the move is played.
        if let Some(outcome) = game.tick(t0.elapsed()) {
            return Ok((game, outcome));
        }
        let Some((mv, score)) = chosen else {
            // The mover saw a game end the game record does not (cannot
            // happen: both use the same rules); score it as a draw.
            return Ok(finish(game, Outcome::draw(Termination::Adjudication)));
        };
        game.play(&mv).expect("the engine plays legal moves");
        let next = players[side].limits.with_clock_of(&game);
        let mover = if side == 0 { &mut *white } else { &mut *black };
        mover.after_move(&game, &next);
        scores.push(if turn == Color::White { score } else { -score });
        let n = scores.len();
        if let Some(win) = adj.win_score {
            let k = adj.win_plies.max(2) as usize;
            if n >= k {
                let recent = &scores[n - k..];
                if recent.iter().all(|&s| s >= win) {
                    return Ok(finish(
                        game,
                        Outcome::win(Color::White, Termination::Adjudication),
                    ));
                }
                if recent.iter().all(|&s| s <= -win) {
                    return Ok(finish(
                        game,
                        Outcome::win(Color::Black, Termination::Adjudication),
                    ));
                }
            }
        }
        if let Some(draw) = adj.draw_score {
            let k = adj.draw_plies.max(2) as usize;
            if game.moves().len() >= adj.draw_after as usize
                && n >= k
                && scores[n - k..].iter().all(|s| s.abs() <= draw)
            {
                return Ok(finish(game, Outcome::draw(Termination::Adjudication)));
            }
        }
    }
}

/// Plays a match between `a` and `b`: every opening twice (A White in
/// even-numbered games), `config.concurrency` games at a time. `on_game`
/// is called from the worker threads as each game ends.
///
/// # Errors
///
/// When a player fails to give a move (only an
/// [external engine](PlayerKind::External) can): no further game starts,
/// and the error names the game and the player.
///
/// # Panics
///
/// If an opening's moves are not legal from its start position (openings
/// read from PDN are replayed, hence legal; [`random_openings`](crate::random_openings) are legal).
pub fn play_match(
    a: &Player,
    b: &Player,
    config: &MatchConfig,
    on_game: impl Fn(&GameRecord) + Sync,
) -> Result<MatchResult, MatchError> {
    play_match_until(a, b, config, |game| {
        on_game(game);
        ControlFlow::Continue(())
    })
}

/// [`play_match`] that stops early: once `on_game` returns
/// [`ControlFlow::Break`], no further game starts; the games already
/// under way finish (`on_game` hears of them too) and are in the result.
///
/// # Errors
///
/// As [`play_match`].
///
/// # Panics
///
/// As [`play_match`].
pub fn play_match_until(
    a: &Player,
    b: &Player,
    config: &MatchConfig,
    on_game: impl Fn(&GameRecord) -> ControlFlow<()> + Sync,
) -> Result<MatchResult, MatchError> {
    let total = config.openings.len() * 2;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let done = Mutex::new(Vec::with_capacity(total));
    let failure = Mutex::new(None::<MatchError>);
    let threads = config.concurrency.clamp(1, total.max(1));
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut ma = Mover::new(&a.kind);
                let mut mb = Mover::new(&b.kind);
                while !stop.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= total {
                        break;
                    }
                    let opening_index = index / 2;
                    let opening = &config.openings[opening_index];
                    let a_is_white = index.is_multiple_of(2);
                    let (white, black) = if a_is_white { (a, b) } else { (b, a) };
                    let t0 = Instant::now();
                    let played = if a_is_white {
                        play_game([&mut ma, &mut mb], [a, b], opening, config)
                    } else {
                        play_game([&mut mb, &mut ma], [b, a], opening, config)
                    };
                    let (game, outcome) = match played {
                        Ok(played) => played,
                        Err((side, message)) => {
                            stop.store(true, Ordering::Relaxed);
                            let player = if side == Color::White { white } else { black };
                            let mut failure = failure.lock().expect("no thread panicked");
                            failure.get_or_insert(MatchError {
                                game: index,
                                player: player.name.clone(),
                                message,
                            });
                            break;
                        }
                    };
                    let record = GameRecord {
                        index,
                        opening: opening_index,
                        a_is_white,
                        white: white.name.clone(),
                        black: black.name.clone(),
                        game,
                        opening_plies: opening.moves.len(),
                        outcome,
                        time_forfeit: outcome.termination == Termination::TimeForfeit,
                        duration: t0.elapsed(),
                        ponder: [ma.ponder_count(), mb.ponder_count()],
                    };
                    if on_game(&record).is_break() {
                        stop.store(true, Ordering::Relaxed);
                    }
                    done.lock().expect("no thread panicked").push(record);
                }
            });
        }
    });
    if let Some(error) = failure.into_inner().expect("no thread panicked") {
        return Err(error);
    }
    let games = done.into_inner().expect("no thread panicked");
    Ok(MatchResult::from_games(a, b, games))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn players(limits: Limits) -> (Player, Player) {
        let kind = PlayerKind::parse("full,hash=1").expect("a setting");
        (
            Player::new("a", kind.clone(), limits),
            Player::new("b", PlayerKind::Baseline, limits),
        )
    }

    fn config(clock: TimeControl, flag_rule: FlagRule) -> MatchConfig {
        MatchConfig {
            openings: crate::random_openings(&Rules::ARMENIAN, 1, 2, 3),
            max_plies: 12,
            clock: Some(clock),
            flag_rule,
            adjudication: Adjudication::NONE,
            ..MatchConfig::default()
        }
    }

    #[test]
    fn a_player_out_of_time_loses_and_is_counted() {
        // A microsecond is gone before any move is found: White flags.
        let (a, b) = players(Limits::depth(2));
        let tc = TimeControl::sudden_death(Duration::from_micros(1));
        for rule in FlagRule::ALL {
            let result = play_match(&a, &b, &config(tc.clone(), rule), |_| {}).unwrap();
            assert_eq!(result.games.len(), 2);
            for g in &result.games {
                let lost = Outcome::win(Color::Black, Termination::TimeForfeit);
                assert_eq!(g.outcome, lost);
                assert_eq!(g.game.outcome(), Some(lost));
                assert!(g.time_forfeit);
                assert_eq!(g.flags(), [g.a_is_white, !g.a_is_white]);
                let clock = g.game.clock().expect("a clock");
                assert_eq!(clock.flagged(), Some(Color::White));
                assert_eq!(clock.left(Color::White), Duration::ZERO);
            }
            assert_eq!(result.time_losses(), [1, 1]);
        }
    }

    #[test]
    fn a_generous_clock_times_every_move_after_the_opening() {
        let (a, b) = players(Limits::depth(1));
        let tc = TimeControl::fischer(Duration::from_secs(600), Duration::from_secs(1));
        let config = config(tc, FlagRule::Lose);
        let result = play_match(&a, &b, &config, |_| {}).unwrap();
        for g in &result.games {
            assert!(!g.time_forfeit);
            assert_eq!(g.flags(), [false, false]);
            let clock = g.game.clock().expect("a clock");
            assert_eq!(clock.times().len(), g.game.moves().len() - g.opening_plies);
            // Each move took less than its increment here.
            assert!(clock.left(Color::White) > Duration::from_secs(600));
        }
        assert_eq!(result.time_losses(), [0, 0]);
    }

    #[test]
    fn a_pondering_engine_plays_on_its_opponents_time() {
        let ponders = PlayerKind::parse("full,hash=1,ponder=on").expect("a setting");
        let plain = PlayerKind::parse("full,hash=1").expect("a setting");
        let a = Player::new("a", ponders, Limits::default());
        let b = Player::new("b", plain, Limits::default());
        let tc = TimeControl::fischer(Duration::from_secs(2), Duration::from_millis(20));
        let config = MatchConfig {
            max_plies: 24,
            ..config(tc, FlagRule::Lose)
        };
        let result = play_match(&a, &b, &config, |_| {}).unwrap();
        let [pa, pb] = result.ponder();
        // A pondered after its moves (the opponent's reply expected), B
        // never did.
        assert!(pa.any(), "{pa:?}");
        assert!(!pb.any(), "{pb:?}");
        for g in &result.games {
            assert!(g.game.moves().len() > g.opening_plies + 4);
            // Each game's count is its own (reset between games).
            assert!(g.ponder[0].hits + g.ponder[0].misses <= 12);
        }
        assert!((0.0..=1.0).contains(&pa.hit_rate()));
    }
}
