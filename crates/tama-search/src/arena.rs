//! Engine-versus-engine matches: paired openings, adjudication, W/D/L and
//! an Elo estimate with its 95% error bars.
//!
//! Each opening is played twice, once with each player as White, which
//! cancels most of the bias of an unbalanced opening. Games run on several
//! threads; a callback hears about each finished game. A finished game
//! keeps what a PDN writer needs: the start position, the moves, the
//! result and why the game ended.
//!
//! ```
//! use tama_core::Rules;
//! use tama_search::arena::{self, MatchConfig, Player, PlayerKind};
//! use tama_search::Limits;
//!
//! let a = Player::new("depth 3", PlayerKind::parse("full").unwrap(), Limits::depth(3));
//! let b = Player::new("plain 1", PlayerKind::Baseline, Limits::depth(1));
//! let config = MatchConfig {
//!     openings: arena::random_openings(&Rules::ARMENIAN, 1, 4, 7),
//!     max_plies: 60,
//!     concurrency: 1,
//!     ..MatchConfig::default()
//! };
//! let result = arena::play_match(&a, &b, &config, |_game| {});
//! assert_eq!(result.games.len(), 2);
//! assert_eq!(result.wins + result.draws + result.losses, 2);
//! ```

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use tama_core::{Color, Game, Move, Outcome, Position, Role, Rules, Termination};

use crate::baseline::Baseline;
use crate::engine::{Engine, EngineConfig, SearchResult};
use crate::eval::EvalOptions;
use crate::limits::{Clock, Limits};
use crate::params::EvalParams;

/// What plays the moves.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerKind {
    /// The engine with this configuration (one thread recommended).
    Engine(Box<EngineConfig>),
    /// The plain alpha-beta reference player ([`Baseline`]).
    Baseline,
}

impl PlayerKind {
    /// Parses a player description: `baseline`, or `full` (the engine as
    /// shipped) followed by comma-separated changes, each a feature name
    /// with `-` (off) or `+` (on): `full,-lmr,-tt`. Search features: `tt`,
    /// `aspiration`, `lmr`, `killers`, `history`, `ext`, `qthreats`,
    /// `qpromo`, `rfp`, `nmp`, `lmp`, `futility`. Evaluation terms:
    /// `advancement`, `centre`, `formation`, `mobility`, `promotion`,
    /// `threats`, `endgame`, `tempo`, and `eval` (`-eval`: material only;
    /// `+eval`: the default terms). Settings: `hash=MIB`, `threads=N`,
    /// `WEIGHT=VALUE` for any evaluation weight of [`EvalParams::names`]
    /// (`king=400`, `man_rank5=40`), and search parameters `extmode=N`
    /// (`SearchParams::extension_mode`), `ttdepth=N`, `lmroffers=0|1`,
    /// `lmpoffers=0|1`, `lmrbase=N` and `lmrdiv=N` (hundredths), `lmrmoves=N`,
    /// `lmrdepth=N`, `extratio=N`, `lmpbase=N`, `lmpdepth=N`, `futdepth=N`,
    /// `futmargin=N`, `rfpdepth=N` and `rfpmargin=N`.
    ///
    /// # Errors
    ///
    /// A message naming the unknown part.
    pub fn parse(spec: &str) -> Result<PlayerKind, String> {
        let mut parts = spec.split(',').map(str::trim);
        let base = parts.next().unwrap_or("");
        if base == "baseline" {
            if let Some(extra) = parts.next() {
                return Err(format!("baseline takes no options (found `{extra}`)"));
            }
            return Ok(PlayerKind::Baseline);
        }
        if base != "full" {
            return Err(format!(
                "unknown player `{base}` (expected `full` or `baseline`)"
            ));
        }
        let mut c = EngineConfig::default();
        for part in parts {
            if let Some((key, value)) = part.split_once('=') {
                if let Ok(v) = value.parse::<i32>() {
                    if c.eval_params.set(key, v) {
                        continue;
                    }
                }
                let n: usize = value
                    .parse()
                    .map_err(|_| format!("`{part}`: `{value}` is not a number"))?;
                match key {
                    "hash" => c.hash_mib = n,
                    "threads" => c.threads = n.max(1),
                    "extmode" => c.search.params.extension_mode = n as u8,
                    "ttdepth" => c.search.params.tt_min_depth = n as i32,
                    "lmroffers" => c.search.params.lmr_reduces_offers = n != 0,
                    "lmpoffers" => c.search.params.lmp_prunes_offers = n != 0,
                    "lmrbase" => c.search.params.lmr_base = n as f64 / 100.0,
                    "lmrdiv" => c.search.params.lmr_divisor = n as f64 / 100.0,
                    "lmrmoves" => c.search.params.lmr_min_moves = n,
                    "lmrdepth" => c.search.params.lmr_min_depth = n as i32,
                    "extratio" => c.search.params.max_extension_ratio = n as i32,
                    "lmpbase" => c.search.params.lmp_base = n,
                    "lmpdepth" => c.search.params.lmp_max_depth = n as i32,
                    "futdepth" => c.search.params.futility_max_depth = n as i32,
                    "futmargin" => c.search.params.futility_margin = n as i32,
                    "rfpdepth" => c.search.params.rfp_max_depth = n as i32,
                    "rfpmargin" => c.search.params.rfp_margin = n as i32,
                    _ => return Err(format!("unknown setting `{key}`")),
                }
                continue;
            }
            let (on, name) = match part.split_at(part.len().min(1)) {
                ("-", name) => (false, name),
                ("+", name) => (true, name),
                _ => return Err(format!("`{part}`: expected `-feature` or `+feature`")),
            };
            let s = &mut c.search;
            let e = &mut c.eval;
            match name {
                "tt" => s.tt = on,
                "aspiration" => s.aspiration = on,
                "lmr" => s.lmr = on,
                "killers" => s.killers = on,
                "history" => s.history = on,
                "ext" => s.extensions = on,
                "qthreats" => s.qsearch_threats = on,
                "qpromo" => s.qsearch_promotions = on,
                "rfp" => s.rfp = on,
                "nmp" => s.null_move = on,
                "lmp" => s.lmp = on,
                "futility" => s.futility = on,
                "advancement" => e.advancement = on,
                "centre" => e.centre = on,
                "formation" => e.formation = on,
                "mobility" => e.mobility = on,
                "promotion" => e.promotion = on,
                "threats" => e.threats = on,
                "endgame" => e.endgame = on,
                "tempo" => e.tempo = on,
                "eval" => {
                    *e = if on {
                        EvalOptions::DEFAULT
                    } else {
                        EvalOptions::MATERIAL
                    }
                }
                _ => return Err(format!("unknown feature `{name}`")),
            }
        }
        Ok(PlayerKind::Engine(Box::new(c)))
    }
}

/// A time control with a clock: base time and increment per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time at the start of the game.
    pub base: Duration,
    /// Time added after each move.
    pub increment: Duration,
}

/// A participant of a match.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    /// The name used in results and game records.
    pub name: String,
    /// What plays.
    pub kind: PlayerKind,
    /// Limits of each move (depth, nodes, movetime); the clock, if any,
    /// comes from `time_control`.
    pub limits: Limits,
    /// A game clock; running out of time loses the game.
    pub time_control: Option<TimeControl>,
}

impl Player {
    /// A player with per-move limits and no clock.
    pub fn new(name: impl Into<String>, kind: PlayerKind, limits: Limits) -> Player {
        Player {
            name: name.into(),
            kind,
            limits,
            time_control: None,
        }
    }
}

/// A start for a pair of games: a position and moves played from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The position the game record starts from.
    pub start: Position,
    /// Moves played from `start` before the players take over (part of
    /// the game record).
    pub moves: Vec<Move>,
}

impl Opening {
    /// The position after the opening moves.
    pub fn position(&self) -> Position {
        self.moves
            .iter()
            .fold(self.start, |p, m| p.play_unchecked(m))
    }
}

/// A small deterministic random number generator (splitmix64).
#[derive(Clone, Debug)]
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

/// `count` distinct openings of `plies` random moves from the start
/// position, each kept only if a short search finds it roughly balanced
/// (within 0.6 men) and the game is not over. The same seed gives the same
/// openings.
pub fn random_openings(rules: &Rules, count: usize, plies: usize, seed: u64) -> Vec<Opening> {
    let mut rng = Rng(seed);
    let mut engine = Engine::new(EngineConfig {
        hash_mib: 1,
        ..EngineConfig::default()
    });
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::with_capacity(count);
    let mut attempts = 0;
    while out.len() < count && attempts < count * 100 + 100 {
        attempts += 1;
        let mut game = Game::new(*rules);
        let mut ok = true;
        for _ in 0..plies {
            if game.outcome().is_some() {
                ok = false;
                break;
            }
            let moves = game.legal_moves();
            let mv = moves[rng.below(moves.len())];
            game.play(&mv).expect("generated moves are legal");
        }
        if !ok || game.outcome().is_some() || !seen.insert(game.position().hash()) {
            continue;
        }
        engine.clear();
        let balanced = match engine.search_game(&game, &Limits::depth(5), |_| {}) {
            SearchResult::Move(best) => best.score.raw().abs() <= 60,
            SearchResult::GameOver(_) => false,
        };
        if balanced {
            out.push(Opening {
                start: *game.start(),
                moves: game.moves().to_vec(),
            });
        }
    }
    out
}

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
        }
    }
}

/// A finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The game's number in the match (0-based): games `2k` and `2k + 1`
    /// share opening `k`.
    pub index: usize,
    /// The opening's number.
    pub opening: usize,
    /// Whether the first player (A) had White.
    pub a_is_white: bool,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The start position.
    pub start: Position,
    /// Every move from `start`, the opening's included.
    pub moves: Vec<Move>,
    /// How many of `moves` came from the opening.
    pub opening_plies: usize,
    /// The result and why the game ended.
    pub outcome: Outcome,
    /// Whether the adjudicated loss was a player running out of time.
    pub time_forfeit: bool,
    /// Wall time of the game.
    pub duration: Duration,
}

impl GameRecord {
    /// The first player's points: 1, ½ or 0.
    pub fn score_a(&self) -> f64 {
        match self.outcome.winner {
            None => 0.5,
            Some(Color::White) => f64::from(u8::from(self.a_is_white)),
            Some(Color::Black) => f64::from(u8::from(!self.a_is_white)),
        }
    }

    /// The PDN result tag: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_tag(&self) -> &'static str {
        match self.outcome.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// An Elo difference with its 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// The estimate.
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub lower: f64,
    /// Upper end of the 95% interval.
    pub upper: f64,
}

impl Elo {
    /// Half the width of the interval (the "±" figure).
    pub fn error(&self) -> f64 {
        (self.upper - self.lower) / 2.0
    }
}

impl core::fmt::Display for Elo {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{:+.1} ± {:.1}", self.elo, self.error())
    }
}

/// Elo difference for a score fraction (clamped away from 0 and 1).
pub fn elo_from_score(score: f64) -> f64 {
    let s = score.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Elo estimate from samples of a score in [0, 1] (games, or pairs of
/// games averaged): the mean, and its 95% interval from the sample
/// variance.
fn elo_from_samples(samples: &[f64]) -> Elo {
    let n = samples.len() as f64;
    if samples.is_empty() {
        return Elo {
            elo: 0.0,
            lower: f64::NEG_INFINITY,
            upper: f64::INFINITY,
        };
    }
    let mean = samples.iter().sum::<f64>() / n;
    let var = samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n;
    let se = (var / n).sqrt();
    Elo {
        elo: elo_from_score(mean),
        lower: elo_from_score(mean - 1.96 * se),
        upper: elo_from_score(mean + 1.96 * se),
    }
}

/// The result of a match, from the first player's (A's) side.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchResult {
    /// A's name.
    pub a: String,
    /// B's name.
    pub b: String,
    /// Every game, in game order.
    pub games: Vec<GameRecord>,
    /// A's wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// A's losses.
    pub losses: u32,
}

impl MatchResult {
    fn from_games(a: &Player, b: &Player, mut games: Vec<GameRecord>) -> MatchResult {
        games.sort_by_key(|g| g.index);
        let mut r = MatchResult {
            a: a.name.clone(),
            b: b.name.clone(),
            games: Vec::new(),
            wins: 0,
            draws: 0,
            losses: 0,
        };
        for g in &games {
            match g.score_a() {
                s if s > 0.75 => r.wins += 1,
                s if s < 0.25 => r.losses += 1,
                _ => r.draws += 1,
            }
        }
        r.games = games;
        r
    }

    /// A's points divided by the number of games.
    pub fn score(&self) -> f64 {
        let n = self.games.len().max(1) as f64;
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / n
    }

    /// Elo of A relative to B, with the error from the per-game variance
    /// (trinomial model).
    pub fn elo(&self) -> Elo {
        let samples: Vec<f64> = self.games.iter().map(GameRecord::score_a).collect();
        elo_from_samples(&samples)
    }

    /// Counts of opening pairs by A's points in the pair: 0, ½, 1, 1½, 2.
    pub fn pentanomial(&self) -> [u32; 5] {
        let mut bins = [0; 5];
        for pair in self.pairs() {
            bins[(pair * 2.0).round() as usize] += 1;
        }
        bins
    }

    /// A's points in each completed pair of games (0 to 2).
    fn pairs(&self) -> Vec<f64> {
        let mut by_opening = std::collections::BTreeMap::<usize, Vec<f64>>::new();
        for g in &self.games {
            by_opening.entry(g.opening).or_default().push(g.score_a());
        }
        by_opening
            .values()
            .filter(|v| v.len() == 2)
            .map(|v| v[0] + v[1])
            .collect()
    }

    /// Elo of A relative to B, with the error from the variance of the
    /// pairs of games (pentanomial model; narrower when paired openings
    /// cancel their bias).
    pub fn elo_pentanomial(&self) -> Elo {
        let samples: Vec<f64> = self.pairs().iter().map(|p| p / 2.0).collect();
        elo_from_samples(&samples)
    }
}

/// One side of a game in progress.
enum Mover {
    Engine(Box<Engine>),
    Baseline(Box<Baseline>),
}

impl Mover {
    fn new(kind: &PlayerKind) -> Mover {
        match kind {
            PlayerKind::Engine(c) => Mover::Engine(Box::new(Engine::new((**c).clone()))),
            PlayerKind::Baseline => Mover::Baseline(Box::default()),
        }
    }

    fn new_game(&mut self) {
        if let Mover::Engine(e) = self {
            e.clear();
        }
    }

    /// The move and the mover's score of the position (centi-men or raw
    /// win/loss values, for the side to move).
    fn choose(&mut self, game: &Game, limits: &Limits) -> Option<(Move, i32)> {
        match self {
            Mover::Engine(e) => match e.search_game(game, limits, |_| {}) {
                SearchResult::Move(b) => Some((b.mv, b.score.raw())),
                SearchResult::GameOver(_) => None,
            },
            Mover::Baseline(b) => b
                .search(game.position(), game.rules(), limits)
                .map(|(m, s, _)| (m, s)),
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

/// Plays one game between `white` and `black` from `opening`.
fn play_game(
    movers: [&mut Mover; 2],
    players: [&Player; 2],
    opening: &Opening,
    config: &MatchConfig,
) -> (Game, Outcome, bool) {
    let rules = config.rules;
    let mut game = Game::from_position(rules, opening.start);
    for mv in &opening.moves {
        game.play(mv).expect("opening moves are legal");
    }
    let [white, black] = movers;
    white.new_game();
    black.new_game();
    let adj = &config.adjudication;
    let max_plies = adj.max_plies.min(config.max_plies) as usize;
    let mut clocks: [Option<Duration>; 2] = [
        players[0].time_control.map(|t| t.base),
        players[1].time_control.map(|t| t.base),
    ];
    // Scores from White's side after each move, alternating movers.
    let mut scores: Vec<i32> = Vec::new();
    loop {
        if let Some(outcome) = game.outcome() {
            return (game, outcome, false);
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
            return (game, outcome, false);
        }
        let turn = game.position().turn();
        let side = turn.index();
        let player = players[side];
        let mut limits = player.limits;
        if player.time_control.is_some() {
            let tc = |i: usize| {
                players[i]
                    .time_control
                    .map_or(Duration::ZERO, |t| t.increment)
            };
            limits.clock = Some(Clock {
                white: clocks[0].unwrap_or(Duration::from_secs(3600)),
                black: clocks[1].unwrap_or(Duration::from_secs(3600)),
                white_increment: tc(0),
                black_increment: tc(1),
                moves_to_go: None,
            });
        }
        let mover = if side == 0 { &mut *white } else { &mut *black };
        let t0 = Instant::now();
        let Some((mv, score)) = mover.choose(&game, &limits) else {
            // The mover saw a game end the game record does not (cannot
            // happen: both use the same rules); score it as a draw.
            return (game, Outcome::draw(Termination::Adjudication), false);
        };
        let spent = t0.elapsed();
        if let (Some(left), Some(tc)) = (clocks[side], player.time_control) {
            if spent > left {
                let outcome = Outcome::win(turn.opponent(), Termination::Adjudication);
                return (game, outcome, true);
            }
            clocks[side] = Some(left - spent + tc.increment);
        }
        game.play(&mv).expect("the engine plays legal moves");
        scores.push(if turn == Color::White { score } else { -score });
        let n = scores.len();
        if let Some(win) = adj.win_score {
            let k = adj.win_plies.max(2) as usize;
            if n >= k {
                let recent = &scores[n - k..];
                if recent.iter().all(|&s| s >= win) {
                    return (
                        game,
                        Outcome::win(Color::White, Termination::Adjudication),
                        false,
                    );
                }
                if recent.iter().all(|&s| s <= -win) {
                    return (
                        game,
                        Outcome::win(Color::Black, Termination::Adjudication),
                        false,
                    );
                }
            }
        }
        if let Some(draw) = adj.draw_score {
            let k = adj.draw_plies.max(2) as usize;
            if game.moves().len() >= adj.draw_after as usize
                && n >= k
                && scores[n - k..].iter().all(|s| s.abs() <= draw)
            {
                return (game, Outcome::draw(Termination::Adjudication), false);
            }
        }
    }
}

/// Plays a match between `a` and `b`: every opening twice (A White in
/// even-numbered games), `config.concurrency` games at a time. `on_game`
/// is called from the worker threads as each game ends.
///
/// # Panics
///
/// If an opening's moves are not legal from its start position (openings
/// read from PDN are replayed, hence legal; [`random_openings`] are legal).
pub fn play_match(
    a: &Player,
    b: &Player,
    config: &MatchConfig,
    on_game: impl Fn(&GameRecord) + Sync,
) -> MatchResult {
    let total = config.openings.len() * 2;
    let next = AtomicUsize::new(0);
    let done = Mutex::new(Vec::with_capacity(total));
    let threads = config.concurrency.clamp(1, total.max(1));
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut ma = Mover::new(&a.kind);
                let mut mb = Mover::new(&b.kind);
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= total {
                        break;
                    }
                    let opening_index = index / 2;
                    let opening = &config.openings[opening_index];
                    let a_is_white = index.is_multiple_of(2);
                    let t0 = Instant::now();
                    let (game, outcome, time_forfeit) = if a_is_white {
                        play_game([&mut ma, &mut mb], [a, b], opening, config)
                    } else {
                        play_game([&mut mb, &mut ma], [b, a], opening, config)
                    };
                    let (white, black) = if a_is_white { (a, b) } else { (b, a) };
                    let record = GameRecord {
                        index,
                        opening: opening_index,
                        a_is_white,
                        white: white.name.clone(),
                        black: black.name.clone(),
                        start: opening.start,
                        moves: game.moves().to_vec(),
                        opening_plies: opening.moves.len(),
                        outcome,
                        time_forfeit,
                        duration: t0.elapsed(),
                    };
                    on_game(&record);
                    done.lock().expect("no thread panicked").push(record);
                }
            });
        }
    });
    let games = done.into_inner().expect("no thread panicked");
    MatchResult::from_games(a, b, games)
}

/// Ablation helpers: the engine as shipped with one feature turned off.
pub fn without(feature: &str) -> Result<PlayerKind, String> {
    PlayerKind::parse(&format!("full,-{feature}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_math() {
        assert!((elo_from_score(0.5)).abs() < 1e-9);
        assert!((elo_from_score(0.75) - 190.85).abs() < 0.1);
        assert!(elo_from_score(0.25) < -190.0);
        let e = elo_from_samples(&[1.0, 0.0, 0.5, 0.5, 1.0, 0.5]);
        assert!(e.lower < e.elo && e.elo < e.upper);
        assert!(e.elo > 0.0);
    }

    #[test]
    fn parses_player_specs() {
        assert_eq!(PlayerKind::parse("baseline"), Ok(PlayerKind::Baseline));
        let PlayerKind::Engine(c) = PlayerKind::parse("full,-lmr,-mobility,hash=4").unwrap() else {
            panic!("expected an engine");
        };
        assert!(!c.search.lmr && !c.eval.mobility && c.search.tt);
        assert_eq!(c.hash_mib, 4);
        assert!(PlayerKind::parse("full,-nonsense").is_err());
        assert!(PlayerKind::parse("strong").is_err());
        assert!(without("tt").is_ok());
    }

    #[test]
    fn pentanomial_counts_pairs() {
        let g = |index: usize, winner: Option<Color>| GameRecord {
            index,
            opening: index / 2,
            a_is_white: index.is_multiple_of(2),
            white: String::new(),
            black: String::new(),
            start: Position::start(),
            moves: Vec::new(),
            opening_plies: 0,
            outcome: Outcome {
                winner,
                termination: Termination::Adjudication,
            },
            time_forfeit: false,
            duration: Duration::ZERO,
        };
        let a = Player::new("a", PlayerKind::Baseline, Limits::depth(1));
        let r = MatchResult::from_games(
            &a,
            &a,
            vec![
                g(0, Some(Color::White)), // A wins
                g(1, Some(Color::Black)), // A (Black) wins
                g(2, None),
                g(3, Some(Color::White)), // B (White) wins
            ],
        );
        assert_eq!((r.wins, r.draws, r.losses), (2, 1, 1));
        assert_eq!(r.pentanomial(), [0, 1, 0, 0, 1]);
        assert!((r.score() - 0.625).abs() < 1e-9);
        assert!(r.elo_pentanomial().elo > 0.0);
    }

    #[test]
    fn openings_are_distinct_and_reproducible() {
        let a = random_openings(&Rules::ARMENIAN, 4, 6, 1);
        let b = random_openings(&Rules::ARMENIAN, 4, 6, 1);
        assert_eq!(a, b);
        assert_eq!(a.len(), 4);
        let mut keys: Vec<u64> = a.iter().map(|o| o.position().hash()).collect();
        keys.dedup();
        assert_eq!(keys.len(), 4);
    }
}
