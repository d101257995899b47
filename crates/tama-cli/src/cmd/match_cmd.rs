//! `tama match`: engine-versus-engine matches between two settings, with
//! paired openings, a live W/D/L progress bar, the Elo difference and the
//! games as PDN. The games themselves are played by
//! [`tama_arena`].

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use tama_api::{EloRange, MatchSummary, PerPlayer, PonderTally};
use tama_arena::{
    Adjudication, Elo, GameRecord, MatchConfig, MatchResult, Opening, Player, PlayerKind,
    PlayerSpec, TablesChoice,
};
use tama_core::{Position, Rules, TimeControl};
use tama_notation::fen::parse_fen;
use tama_notation::pdn::{PdnGame, PdnReader};
use tama_notation::rules_text::write_rules;
use tama_notation::time_control::write_time_control;
use tama_search::options::{self, OptionGroup};
use tama_search::{EngineConfig, Limits};

use crate::common::{
    open_oracle, parse_rules_arg, parse_time_control_arg, read_weights, write_json, EgtbArgs,
    FlagArg,
};
use crate::error::{CliError, CmdResult, EXIT_OK};
use crate::io::Io;

/// The options of `tama match` (its help text is the doc comment of
/// [`Command::Match`](crate::cli::Command::Match)).
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  tama match --games 20 --depth 6 --a full --b full,-lmr
  tama match --a full,depth=7 --b full,depth=5 --random-plies 8 --concurrency 2
  tama match --movetime 100 --openings openings.pdn --pdn games.pdn --json
  tama match --movetime 50 --openings data/ballots/turkish-3ply.pdn
  tama match --endgames 8 --games 200 --a full,egtb=tables --b full --rules turkish
  tama match --tc 10s+0.1s --games 20 --a full --b full,-lmr
  tama match --tc 5s+0.05s --games 200 --concurrency 1 --a full,ponder=on --b full

The score and Elo difference are A's. Without --depth, --movetime,
--nodes or --tc each move is searched to depth 6. Long games are
adjudicated at --max-plies by material; decided and dead-drawn games
earlier by both engines' scores.

With --tc each engine has its own clock and manages its time; a player
out of time loses (or draws, with --flag draw-if-no-win), and the losses
on time are reported beside the score. A player with `ponder=on` thinks
on its opponent's time (give it a core of its own: --concurrency 1 on two
cores); its hits and misses are reported.

Exit codes: 0 the match was played, 2 bad input or usage (invalid setting,
unreadable openings, unwritable PDN file).")]
pub struct Args {
    /// Player A's setting.
    #[arg(long = "a", value_name = "SETTING", default_value = "full")]
    pub a: String,
    /// Player B's setting.
    #[arg(long = "b", value_name = "SETTING", default_value = "full")]
    pub b: String,
    /// How many games (rounded up to an even number: two per opening).
    /// Default: 10, or two per opening of --openings.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub games: Option<u32>,
    /// Search each move to this depth (both players).
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(1..=60))]
    pub depth: Option<u32>,
    /// Search each move this many milliseconds (both players).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub movetime: Option<u64>,
    /// Play on a clock: each player gets this time control (`10s+0.1s`,
    /// `1m`, `40/5m`; docs/NOTATION.md) and manages its own time.
    #[arg(long, value_name = "CONTROL", conflicts_with = "movetime")]
    pub tc: Option<String>,
    /// What running out of time does under --tc.
    #[arg(long, value_enum, value_name = "RULE", default_value_t = FlagArg::Lose, requires = "tc")]
    pub flag: FlagArg,
    /// Search each move this many nodes (both players).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Search threads of each engine.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(tama_api::bounds::threads()))]
    pub threads: u32,
    /// Transposition table of each engine, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = tama_api::bounds::DEFAULT_HASH_MIB, value_parser = clap::value_parser!(u32).range(tama_api::bounds::hash_mib()))]
    pub hash: u32,
    /// Openings: a file with one position text (FEN) per line, or PDN
    /// games (the moves of each are played before the engines take over),
    /// such as a ballot file of data/ballots/ (docs/BALLOTS.md). Without
    /// --rules, the games' rules.
    #[arg(long, value_name = "FILE", conflicts_with = "random_plies")]
    pub openings: Option<PathBuf>,
    /// Openings of K random moves from the start position, kept when a
    /// short search finds them roughly balanced. Default: 6.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(0..=40))]
    pub random_plies: Option<u32>,
    /// Start every pair of games from an endgame of at most N pieces,
    /// reached by a shallow self-play from a random opening and kept when
    /// neither side is more than 2.5 men ahead (to test endgame play,
    /// e.g. with and without tablebases).
    #[arg(long, value_name = "N", conflicts_with_all = ["openings", "random_plies"], value_parser = clap::value_parser!(u32).range(2..=32))]
    pub endgames: Option<u32>,
    /// Seed of the random openings (the same seed gives the same openings).
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Games played at the same time.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub concurrency: u32,
    /// Adjudicate a game by material after this many plies.
    #[arg(long, value_name = "N", default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub max_plies: u32,
    /// No adjudication by scores or material: games end by the rules, and
    /// a game reaching --max-plies is a draw (for endgames, where a
    /// material lead is often a draw and the question is whether the
    /// engine can convert).
    #[arg(long)]
    pub no_adjudication: bool,
    /// The rules: a preset with optional switches. Default: the rules of
    /// the --openings games, else `armenian`.
    #[arg(long, value_name = "SPEC")]
    pub rules: Option<String>,
    /// Write the games as PDN to OUT.
    #[arg(long, value_name = "OUT")]
    pub pdn: Option<PathBuf>,
    /// Print a JSON summary instead of the text summary.
    #[arg(long)]
    pub json: bool,
    /// List every engine option a setting may change (name, type and
    /// range, default, what it does) and exit.
    #[arg(long)]
    pub list_options: bool,
    /// Endgame tablebases for both engines (a setting's `-egtb` plays
    /// without them, `egtb=DIR` with other tables).
    #[command(flatten)]
    pub egtb: EgtbArgs,
}

/// Random opening length without `--random-plies`.
const DEFAULT_RANDOM_PLIES: u32 = 6;
/// Games without `--games` and `--openings`.
const DEFAULT_GAMES: u32 = 10;
/// Depth per move without a limit.
const DEFAULT_DEPTH: u32 = 6;
/// Width of the progress bar, in characters.
const BAR_WIDTH: usize = 30;

/// Runs `tama match`.
pub fn run(args: &Args, io: &mut Io<'_>) -> CmdResult {
    let (out, term) = (&mut *io.out, io.term);
    if args.list_options {
        list_options(out, args.json)?;
        return Ok(EXIT_OK);
    }
    let (rules, from_file) = rules_and_openings(args.rules.as_deref(), args.openings.as_deref())?;
    let clock = match &args.tc {
        Some(text) => Some(parse_time_control_arg("tc", text)?),
        None => None,
    };
    let given = Limits::given(
        args.depth,
        args.nodes,
        args.movetime.map(Duration::from_millis),
    );
    // On a clock the engines manage their time; otherwise depth 6 unless
    // a limit is given.
    let defaults = if clock.is_some() {
        given
    } else {
        given.or(Limits::depth(DEFAULT_DEPTH))
    };
    let mut a = player("a", &args.a, args, defaults, &rules, clock.as_ref())?;
    let mut b = player("b", &args.b, args, defaults, &rules, clock.as_ref())?;
    if a.name == b.name {
        a.name.push_str(" (A)");
        b.name.push_str(" (B)");
    }
    let openings = openings(args, &rules, from_file)?;
    let config = MatchConfig {
        rules,
        openings,
        concurrency: args.concurrency as usize,
        max_plies: args.max_plies,
        adjudication: if args.no_adjudication {
            Adjudication::NONE
        } else {
            Adjudication::default()
        },
        clock,
        flag_rule: args.flag.into(),
    };
    let total = config.openings.len() * 2;
    let live = term.live_output();
    let started = Instant::now();
    let (tx, rx) = mpsc::channel::<f64>();
    let result = std::thread::scope(|s| -> Result<MatchResult, CliError> {
        let games = s.spawn(|| {
            let tx = tx;
            tama_arena::play_match(&a, &b, &config, |g: &GameRecord| {
                let _ = tx.send(g.score_a());
            })
        });
        let (mut w, mut d, mut l) = (0, 0, 0);
        if live {
            progress(out, 0, total, (w, d, l))?;
        }
        for score in rx {
            match score {
                s if s > 0.75 => w += 1,
                s if s < 0.25 => l += 1,
                _ => d += 1,
            }
            if live {
                progress(out, (w + d + l) as usize, total, (w, d, l))?;
            }
        }
        if live {
            write!(out, "\r\x1b[2K")?;
            out.flush()?;
        }
        let played = games.join().expect("the match thread does not panic");
        played.map_err(CliError::usage)
    })?;
    let elapsed = started.elapsed();
    if let Some(path) = &args.pdn {
        write_pdn(path, &result, &rules)?;
    }
    if args.json {
        write_json(out, &summary_json(args, &result, &rules))?;
    } else {
        write_summary(out, args, &result, &rules, elapsed)?;
    }
    Ok(EXIT_OK)
}

/// Draws the progress bar: `[#####-----] 12/20  +5 =4 -3`.
fn progress(
    out: &mut dyn Write,
    done: usize,
    total: usize,
    (w, d, l): (u32, u32, u32),
) -> Result<(), CliError> {
    let filled = (done * BAR_WIDTH).checked_div(total).unwrap_or(0);
    let points = f64::from(w) + 0.5 * f64::from(d);
    let pct = if done == 0 {
        String::new()
    } else {
        format!("  A {:.1}%", 100.0 * points / done as f64)
    };
    write!(
        out,
        "\r\x1b[2K[{}{}] {done}/{total}  W {w}  D {d}  L {l}{pct}",
        "#".repeat(filled),
        "-".repeat(BAR_WIDTH - filled)
    )?;
    out.flush()?;
    Ok(())
}

/// A player from its setting (parsed by [`PlayerSpec`]): `full` with
/// `--hash` and `--threads`, its own limits or `defaults`, its tables
/// opened.
fn player(
    which: &str,
    setting: &str,
    args: &Args,
    defaults: Limits,
    rules: &Rules,
    clock: Option<&TimeControl>,
) -> Result<Player, CliError> {
    let base = EngineConfig {
        hash_mib: args.hash as usize,
        threads: args.threads as usize,
        ..EngineConfig::default()
    };
    let spec = PlayerSpec::parse_from(setting, &base)
        .map_err(|m| CliError::usage(format!("invalid --{which} `{setting}`: {m}")))?;
    let mut kind = spec.kind;
    let tables = match spec.tables {
        TablesChoice::Match => args.egtb.egtb.clone(),
        TablesChoice::Off => None,
        TablesChoice::Dir(dir) => Some(dir),
    };
    if let (PlayerKind::Engine(config), Some(dir)) = (&mut kind, &tables) {
        config.oracle = Some(open_oracle(dir, Some(rules))?.0);
    }
    if let Some(file) = &spec.eval_file {
        let weights = read_weights(file, Some(rules))?;
        if let PlayerKind::Engine(config) = &mut kind {
            config.eval_weights = Some(weights);
        }
    }
    let limits = if clock.is_some() {
        // A setting's own limits add to the clock.
        Limits {
            depth: spec.limits.depth.or(defaults.depth),
            nodes: spec.limits.nodes.or(defaults.nodes),
            movetime: spec.limits.movetime,
            ..Limits::default()
        }
    } else {
        spec.limits.or(defaults)
    };
    let mut described = describe_limits(&limits);
    if let Some(tc) = clock {
        if !described.is_empty() {
            described.push_str(", ");
        }
        described.push_str(&write_time_control(tc));
    }
    let name = format!("{} {described}", spec.label);
    Ok(Player::new(name, kind, limits))
}

/// Writes the engine's option registry: one line per option, or a JSON
/// array of `{"name", "aliases", "group", "type", "min", "max", "default",
/// "description"}`.
fn list_options(out: &mut dyn Write, json: bool) -> Result<(), CliError> {
    if json {
        return write_json(out, &options::all());
    }
    let mut group = None;
    for o in options::all() {
        if group != Some(o.group) {
            group = Some(o.group);
            let title = match o.group {
                OptionGroup::Engine => "engine (NAME=VALUE)",
                OptionGroup::SearchFeature => "search features (-NAME, +NAME or NAME=BOOL)",
                OptionGroup::SearchParam => "search parameters (NAME=VALUE)",
                OptionGroup::EvalTerm => {
                    "evaluation terms (-NAME, +NAME with or without eval_; -eval: material only)"
                }
                OptionGroup::EvalWeight => "evaluation weights in centi-men (NAME=VALUE)",
            };
            writeln!(out, "{title}:")?;
        }
        let mut name = o.name.to_string();
        for alias in o.aliases {
            name.push_str(&format!(" | {alias}"));
        }
        writeln!(
            out,
            "  {name:<32} {:<22} default {:<8} {}",
            o.kind.to_string(),
            o.default_value().to_string(),
            o.description
        )?;
    }
    Ok(())
}

/// `depth 6`, `100 ms`, `depth 6, 5000 nodes`.
fn describe_limits(limits: &Limits) -> String {
    let mut parts = Vec::new();
    if let Some(d) = limits.depth {
        parts.push(format!("depth {d}"));
    }
    if let Some(t) = limits.movetime {
        parts.push(format!("{} ms", t.as_millis()));
    }
    if let Some(n) = limits.nodes {
        parts.push(format!("{n} nodes"));
    }
    parts.join(", ")
}

/// The openings, repeated or cut to the number of game pairs.
fn openings(
    args: &Args,
    rules: &Rules,
    from_file: Option<Vec<Opening>>,
) -> Result<Vec<Opening>, CliError> {
    let (list, pairs) = match from_file {
        Some(list) => {
            let pairs = args.games.map_or(list.len(), |g| (g as usize).div_ceil(2));
            (list, pairs)
        }
        None if args.endgames.is_some() => {
            let pairs = (args.games.unwrap_or(DEFAULT_GAMES) as usize).div_ceil(2);
            let max = args.endgames.unwrap_or(8);
            let list = tama_arena::endgame_openings(rules, pairs, max, args.seed);
            (list, pairs)
        }
        None => {
            let pairs = (args.games.unwrap_or(DEFAULT_GAMES) as usize).div_ceil(2);
            let plies = args.random_plies.unwrap_or(DEFAULT_RANDOM_PLIES) as usize;
            let list = tama_arena::random_openings(rules, pairs, plies, args.seed);
            (list, pairs)
        }
    };
    if list.is_empty() {
        return Err(CliError::usage("no openings to play"));
    }
    Ok(list.iter().cycle().take(pairs).cloned().collect())
}

/// Reads an openings file: position texts one per line (`#` comments), or
/// PDN games (ballot files among them, docs/BALLOTS.md), and the rules of
/// its games (`None` for position texts). The games must all have the
/// `rules` given, or else all the first game's.
/// The rules and openings of a match or an SPRT: `--rules`, else those
/// of the `--openings` file's games, else armenian; and the file's
/// openings, if one is given (checked against `--rules`).
pub(crate) fn rules_and_openings(
    rules: Option<&str>,
    openings: Option<&Path>,
) -> Result<(Rules, Option<Vec<Opening>>), CliError> {
    let given = match rules {
        Some(text) => Some(parse_rules_arg(Some(text))?),
        None => None,
    };
    let from_file = match openings {
        Some(path) => Some(read_openings(path, given.as_ref())?),
        None => None,
    };
    let rules = given
        .or(from_file.as_ref().and_then(|(_, r)| *r))
        .unwrap_or(Rules::ARMENIAN);
    Ok((rules, from_file.map(|(list, _)| list)))
}

pub(crate) fn read_openings(
    path: &Path,
    rules: Option<&Rules>,
) -> Result<(Vec<Opening>, Option<Rules>), CliError> {
    let file = path.display();
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::usage(format!("cannot read {file}: {e}")))?;
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let fens: Option<Vec<Position>> = lines
        .iter()
        .map(|l| parse_fen(l).ok().map(|f| f.position))
        .collect();
    if let Some(positions) = fens.filter(|p| !p.is_empty()) {
        let list = positions
            .into_iter()
            .map(|start| Opening {
                start,
                moves: Vec::new(),
            })
            .collect();
        return Ok((list, None));
    }
    let mut list = Vec::new();
    let mut first: Option<Rules> = rules.copied();
    let mut reader = PdnReader::new(text.as_bytes());
    while let Some(record) = reader.next_record() {
        let game = record.game.map_err(|e| {
            CliError::usage(format!("{file}:{}:{}: {}", e.line, e.column, e.message()))
        })?;
        let expected = *first.get_or_insert(*game.rules());
        if *game.rules() != expected {
            let whose = if rules.is_some() {
                "the match"
            } else {
                "the file's first game"
            };
            return Err(CliError::usage(format!(
                "{file}:{}: game {} uses the rules `{}`, {whose} `{}` (use --rules)",
                record.first_line,
                list.len() + 1,
                write_rules(game.rules()),
                write_rules(&expected)
            )));
        }
        list.push(Opening {
            start: *game.start(),
            moves: game.moves().collect(),
        });
    }
    if list.is_empty() {
        return Err(CliError::usage(format!(
            "{file}: no position texts or PDN games"
        )));
    }
    Ok((list, first))
}

/// The games of the match as PDN records.
fn pdn_games(result: &MatchResult, rules: &Rules) -> Vec<PdnGame> {
    result
        .games
        .iter()
        .map(|g| {
            // The record's game holds its ending (an adjudication or a
            // loss on time ends it off the board, which the PDN keeps in
            // its Termination tag).
            let game = &g.game;
            let round = (g.index + 1).to_string();
            let tags = [
                ("Event", "tama match"),
                ("Round", round.as_str()),
                ("White", g.white.as_str()),
                ("Black", g.black.as_str()),
            ];
            // A player name PDN cannot hold (a line break) drops the tags,
            // never the game.
            let mut pdn = PdnGame::from_game(game, tags)
                .or_else(|_| PdnGame::from_game(game, []))
                .unwrap_or_else(|_| PdnGame::new(*rules, *game.start()));
            if g.opening_plies > 0 {
                if let Some(node) = pdn.main_line_mut().node_mut(g.opening_plies - 1) {
                    let _ = node.push_comment_after("end of opening");
                }
            }
            pdn
        })
        .collect()
}

fn write_pdn(path: &Path, result: &MatchResult, rules: &Rules) -> Result<(), CliError> {
    let text: String = pdn_games(result, rules)
        .iter()
        .map(PdnGame::to_pdn)
        .collect();
    std::fs::write(path, text)
        .map_err(|e| CliError::usage(format!("cannot write {}: {e}", path.display())))
}

/// How many games ended each way, by termination description.
fn endings(result: &MatchResult) -> BTreeMap<&'static str, u32> {
    let mut map = BTreeMap::new();
    for g in &result.games {
        *map.entry(g.outcome.termination.description()).or_insert(0) += 1;
    }
    map
}

fn elo_range(e: Elo) -> EloRange {
    EloRange::rounded(e.elo, e.lower, e.upper)
}

fn summary_json(args: &Args, r: &MatchResult, rules: &Rules) -> MatchSummary {
    let on_clock = args.tc.is_some();
    let [a, b] = r.time_losses();
    let [pa, pb] = r.ponder();
    let tally = |p: tama_arena::PonderCount| PonderTally {
        hits: p.hits,
        misses: p.misses,
    };
    MatchSummary {
        a: r.a.clone(),
        b: r.b.clone(),
        rules: write_rules(rules),
        games: r.games.len(),
        wins: r.wins,
        draws: r.draws,
        losses: r.losses,
        score: (r.score() * 10_000.0).round() / 10_000.0,
        elo: elo_range(r.elo()),
        pentanomial: r.pentanomial(),
        elo_pentanomial: elo_range(r.elo_pentanomial()),
        endings: endings(r),
        pdn: args.pdn.as_ref().map(|p| p.display().to_string()),
        // Only a match on a clock has times and losses on time.
        tc: args.tc.clone(),
        losses_on_time: on_clock.then_some(PerPlayer { a, b }),
        // Only a match with a pondering player has its hits and misses.
        ponder: (pa.any() || pb.any()).then(|| PerPlayer {
            a: tally(pa),
            b: tally(pb),
        }),
    }
}

fn write_summary(
    out: &mut dyn Write,
    args: &Args,
    r: &MatchResult,
    rules: &Rules,
    elapsed: Duration,
) -> Result<(), CliError> {
    let n = r.games.len();
    let points = f64::from(r.wins) + 0.5 * f64::from(r.draws);
    writeln!(out, "A: {}", r.a)?;
    writeln!(out, "B: {}", r.b)?;
    writeln!(
        out,
        "{n} games ({} openings, each with both colours), rules {}, {:.1} s",
        n / 2,
        write_rules(rules),
        elapsed.as_secs_f64()
    )?;
    let count = |k: u32, one: &str, many: &str| format!("{k} {}", if k == 1 { one } else { many });
    writeln!(
        out,
        "Score of A: {}, {}, {}: {points}/{n} ({:.1}%)",
        count(r.wins, "win", "wins"),
        count(r.draws, "draw", "draws"),
        count(r.losses, "loss", "losses"),
        100.0 * r.score()
    )?;
    if let Some(tc) = &args.tc {
        let [a, b] = r.time_losses();
        writeln!(out, "Losses on time ({tc}): A {a}, B {b}")?;
    }
    for (name, p) in ["A", "B"].into_iter().zip(r.ponder()) {
        if p.any() {
            writeln!(
                out,
                "{name} pondered {} times: {} hits ({:.1}%), {} misses",
                p.hits + p.misses,
                p.hits,
                100.0 * p.hit_rate(),
                p.misses
            )?;
        }
    }
    let measurable = r.score() > 0.0 && r.score() < 1.0;
    if !measurable {
        // The estimate is clamped and its error bars collapse to zero.
        writeln!(
            out,
            "Elo difference A - B: not measurable (one side scored every point)"
        )?;
    } else {
        writeln!(out, "Elo difference A - B: {} (95%)", r.elo())?;
    }
    let p = r.pentanomial();
    let pair_elo = if measurable {
        format!("; Elo {} (95%)", r.elo_pentanomial())
    } else {
        String::new()
    };
    writeln!(
        out,
        "Pairs scoring 0, 1/2, 1, 3/2, 2: {} {} {} {} {}{pair_elo}",
        p[0], p[1], p[2], p[3], p[4]
    )?;
    let endings: Vec<String> = endings(r)
        .into_iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect();
    writeln!(out, "Endings: {}", endings.join(", "))?;
    if let Some(path) = &args.pdn {
        writeln!(out, "Games written to {}", path.display())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use serde_json::{json, Value};

    #[derive(Parser)]
    struct Wrapper {
        #[command(flatten)]
        args: Args,
    }

    fn args(extra: &[&str]) -> Args {
        let mut argv = vec!["match"];
        argv.extend_from_slice(extra);
        Wrapper::parse_from(argv).args
    }

    #[test]
    fn settings_take_their_own_limits() {
        let a = args(&["--depth", "5", "--hash", "4"]);
        let p = player(
            "a",
            "full,-lmr,depth=3",
            &a,
            Limits::depth(5),
            &Rules::ARMENIAN,
            None,
        )
        .unwrap();
        assert_eq!(p.limits, Limits::depth(3));
        assert_eq!(p.name, "full,-lmr depth 3");
        let PlayerKind::Engine(c) = &p.kind else {
            panic!("an engine")
        };
        assert!(!c.search.lmr);
        assert_eq!(c.hash_mib, 4);
        let p = player(
            "b",
            "baseline",
            &a,
            Limits::depth(5),
            &Rules::ARMENIAN,
            None,
        )
        .unwrap();
        assert_eq!(p.kind, PlayerKind::Baseline);
        assert_eq!(p.limits, Limits::depth(5));
        let e = player(
            "b",
            "full,-nonsense",
            &a,
            Limits::depth(5),
            &Rules::ARMENIAN,
            None,
        )
        .unwrap_err();
        assert!(e.message.contains("nonsense"), "{}", e.message);
        assert!(player(
            "b",
            "full,depth=x",
            &a,
            Limits::depth(5),
            &Rules::ARMENIAN,
            None
        )
        .is_err());
    }

    #[test]
    fn list_options_shows_the_registry() {
        let mut out = Vec::new();
        list_options(&mut out, true).unwrap();
        let v: Value = serde_json::from_slice(&out).unwrap();
        let list = v.as_array().unwrap();
        assert_eq!(list.len(), options::all().len());
        let hash = list.iter().find(|o| o["name"] == "hash").unwrap();
        assert_eq!(
            (&hash["type"], &hash["min"], &hash["max"], &hash["default"]),
            (&json!("int"), &json!(1), &json!(65536), &json!(16))
        );
        let mut text = Vec::new();
        list_options(&mut text, false).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(text.contains("null_move | nmp"), "{text}");
        assert_eq!(
            text.lines().filter(|l| l.starts_with("  ")).count(),
            options::all().len()
        );
        // A setting refused by the registry names the option and range.
        let a = args(&[]);
        let e = player(
            "a",
            "full,king=99999",
            &a,
            Limits::depth(5),
            &Rules::ARMENIAN,
            None,
        )
        .unwrap_err();
        assert_eq!(
            e.message,
            "invalid --a `full,king=99999`: king=99999: out of range -10000..=10000"
        );
    }
}
