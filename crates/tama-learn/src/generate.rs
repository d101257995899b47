//! Self-play data generation.
//!
//! A run of `games` games with one seed is cut into files of
//! [`GAMES_PER_FILE`] games, `chunk-NNNNNN.tdat`; file `k` holds games
//! `k × 64` … and is made by shard `k mod N` of `N`. Game `g` depends only
//! on the run's seed and `g`: its opening (random moves, kept when a short
//! search finds it balanced), its occasional random moves, and a
//! single-threaded search per move with a node or depth limit from an
//! empty table. So the files are the same bytes whatever the number of
//! threads or shards, and a run that stopped takes up again from the files
//! it finished (each is written under a temporary name and renamed when
//! complete).

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use tama_arena::random_openings;
use tama_core::{Game, Rules};
use tama_egtb::{Tablebase, Wdl};
use tama_search::{Engine, EngineConfig, Limits, ScoreKind, SearchResult};

use crate::format::{read_data, write_data, GameResult, Header, Record, SearchLimit, PROVEN_SCORE};

/// Games per data file.
pub const GAMES_PER_FILE: u64 = 64;
/// Games longer than this many plies are stopped and counted as draws.
pub const MAX_PLIES: usize = 400;
/// After the opening, during this many plies, one move in
/// [`RANDOM_MOVE_ONE_IN`] is a random legal move instead of the best one.
pub const RANDOM_MOVE_PLIES: usize = 24;
/// See [`RANDOM_MOVE_PLIES`].
pub const RANDOM_MOVE_ONE_IN: u64 = 16;

/// What to generate.
#[derive(Clone)]
pub struct GenConfig<'a> {
    /// The rules of the games.
    pub rules: Rules,
    /// Games in the whole run (all shards).
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// This shard's index and the number of shards (`0, 1`: everything).
    pub shard: (u64, u64),
    /// The search of each move.
    pub limit: SearchLimit,
    /// Threads (each plays whole games).
    pub threads: usize,
    /// The engine's settings (its table size and thread count are set
    /// here: 4 MiB, one thread).
    pub engine: EngineConfig,
    /// Tablebases: a game that reaches them ends with their exact value.
    pub egtb: Option<&'a Tablebase>,
}

/// Progress of a run, for a progress bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Games of this shard finished (or found finished) so far.
    pub games_done: u64,
    /// Games of this shard in all.
    pub games_total: u64,
    /// Positions recorded so far in this call (files found finished not
    /// counted).
    pub positions: u64,
}

/// What a run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GenReport {
    /// Files written.
    pub files_written: u64,
    /// Files found complete and kept.
    pub files_kept: u64,
    /// Games played.
    pub games: u64,
    /// Positions recorded by the games played.
    pub positions: u64,
}

/// Why a run failed.
#[derive(Debug)]
pub enum GenError {
    /// A file could not be read or written.
    Io(PathBuf, io::Error),
    /// A file already there belongs to another run, or is damaged.
    Existing(PathBuf, String),
    /// A tablebase probe failed.
    Egtb(String),
    /// The settings make no sense (shard index past the count, …).
    Config(String),
}

impl std::fmt::Display for GenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GenError::Io(p, e) => write!(f, "{}: {e}", p.display()),
            GenError::Existing(p, why) => {
                write!(f, "{}: {why} (remove it to generate it again)", p.display())
            }
            GenError::Egtb(e) => write!(f, "tablebase: {e}"),
            GenError::Config(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for GenError {}

/// The name of data file `chunk`.
pub fn file_name(chunk: u64) -> String {
    format!("chunk-{chunk:06}.tdat")
}

/// The files of shard `shard.0` of `shard.1` in a run of `games` games:
/// their chunk numbers.
pub fn shard_chunks(games: u64, shard: (u64, u64)) -> impl Iterator<Item = u64> {
    let chunks = games.div_ceil(GAMES_PER_FILE);
    (0..chunks).filter(move |c| c % shard.1.max(1) == shard.0)
}

/// splitmix64: one step.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Generates this shard's files in `dir` (created if needed), keeping
/// those already complete; `progress` hears after each game.
///
/// # Errors
///
/// [`GenError`]: a file could not be written, a file of the same name
/// belongs to another run or is damaged, a tablebase failed, or the shard
/// is not one of the count.
pub fn generate(
    dir: &Path,
    config: &GenConfig<'_>,
    mut progress: impl FnMut(&Progress),
) -> Result<GenReport, GenError> {
    let (index, count) = config.shard;
    if count == 0 || index >= count {
        return Err(GenError::Config(format!(
            "shard {index}/{count}: the index must be below the count"
        )));
    }
    fs::create_dir_all(dir).map_err(|e| GenError::Io(dir.to_path_buf(), e))?;
    let chunks: Vec<u64> = shard_chunks(config.games, config.shard).collect();
    let total: u64 = chunks.iter().map(|&c| chunk_games(config.games, c)).sum();
    let mut report = GenReport::default();
    let mut done = 0;
    for chunk in chunks {
        let path = dir.join(file_name(chunk));
        let header = Header {
            rules: config.rules,
            seed: config.seed,
            first_game: chunk * GAMES_PER_FILE,
            games: chunk_games(config.games, chunk) as u32,
            limit: config.limit,
            egtb_pieces: config.egtb.map_or(0, |t| t.max_pieces() as u8),
        };
        if path.exists() {
            check_existing(&path, &header)?;
            report.files_kept += 1;
            done += header.games as u64;
            progress(&Progress {
                games_done: done,
                games_total: total,
                positions: report.positions,
            });
            continue;
        }
        let records = play_chunk(config, &header, |games, positions| {
            progress(&Progress {
                games_done: done + games,
                games_total: total,
                positions: report.positions + positions,
            })
        })?;
        done += header.games as u64;
        report.games += header.games as u64;
        report.positions += records.len() as u64;
        write_atomic(&path, &write_data(&header, &records))?;
        report.files_written += 1;
    }
    Ok(report)
}

fn chunk_games(games: u64, chunk: u64) -> u64 {
    (games - chunk * GAMES_PER_FILE).min(GAMES_PER_FILE)
}

fn check_existing(path: &Path, header: &Header) -> Result<(), GenError> {
    let bytes = fs::read(path).map_err(|e| GenError::Io(path.to_path_buf(), e))?;
    let (found, _) =
        read_data(&bytes).map_err(|e| GenError::Existing(path.to_path_buf(), e.to_string()))?;
    if found != *header {
        return Err(GenError::Existing(
            path.to_path_buf(),
            format!("made by another run ({found:?})"),
        ));
    }
    Ok(())
}

fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), GenError> {
    let io = |p: &Path, e| GenError::Io(p.to_path_buf(), e);
    tama_files::write_atomically(
        path,
        |f| io::Write::write_all(f, bytes).map_err(|e| io(path, e)),
        io,
    )
}

/// Plays a file's games on the configured threads; the records in game
/// order. `progress(games, positions)` hears after each game.
fn play_chunk(
    config: &GenConfig<'_>,
    header: &Header,
    mut progress: impl FnMut(u64, u64),
) -> Result<Vec<Record>, GenError> {
    let n = header.games as usize;
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, Result<Vec<Record>, GenError>)>();
    let mut slots: Vec<Option<Vec<Record>>> = vec![None; n];
    std::thread::scope(|s| {
        for _ in 0..config.threads.clamp(1, n.max(1)) {
            let tx = tx.clone();
            let next = &next;
            s.spawn(move || {
                let mut engine = Engine::new(EngineConfig {
                    hash_mib: 4,
                    threads: 1,
                    multipv: 1,
                    ..config.engine.clone()
                });
                // Self-play from its own openings: no book moves (their
                // values are no search's, and their choice is random).
                engine.set_book(false);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= n {
                        break;
                    }
                    let game = header.first_game + i as u64;
                    let out = play_game(config, &mut engine, game);
                    let failed = out.is_err();
                    if tx.send((i, out)).is_err() || failed {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let (mut games, mut positions) = (0, 0);
        let mut first_error = None;
        for (i, out) in rx {
            match out {
                Ok(records) => {
                    games += 1;
                    positions += records.len() as u64;
                    slots[i] = Some(records);
                    progress(games, positions);
                }
                Err(e) => {
                    // The other threads stop at their next game.
                    next.store(n, Ordering::Relaxed);
                    first_error.get_or_insert(e);
                }
            }
        }
        match first_error {
            Some(e) => Err(e),
            None => Ok(slots.into_iter().flatten().flatten().collect()),
        }
    })
}

/// Plays game `index` of the run and returns its recorded positions.
fn play_game(
    config: &GenConfig<'_>,
    engine: &mut Engine,
    index: u64,
) -> Result<Vec<Record>, GenError> {
    let rules = config.rules;
    let mut rng = mix(config.seed ^ mix(index));
    let mut next = || {
        rng = mix(rng);
        rng
    };
    let plies = 4 + (next() % 5) as usize;
    let mut game = Game::new(rules);
    if let Some(opening) = random_openings(&rules, 1, plies, next()).pop() {
        for mv in &opening.moves {
            game.play(mv).expect("opening moves are legal");
        }
    }
    let opening_plies = game.moves().len();
    engine.clear();
    let limits = match config.limit {
        SearchLimit::Nodes(n) => Limits::nodes(n),
        SearchLimit::Depth(d) => Limits::depth(d),
    };
    let mut records: Vec<Record> = Vec::new();
    let mut exact = false;
    let result = loop {
        if let Some(outcome) = game.outcome() {
            break GameResult::from_winner(outcome.winner);
        }
        let ply = game.moves().len();
        if ply >= MAX_PLIES {
            break GameResult::Draw;
        }
        let pos = *game.position();
        let quiet = !pos.has_capture();
        if let (Some(tb), true) = (config.egtb, quiet) {
            if pos.occupied().count() <= tb.max_pieces() {
                let probe = tb.probe(&pos).map_err(|e| GenError::Egtb(e.to_string()))?;
                if let Some(v) = probe {
                    let winner = match v.wdl {
                        Wdl::Win => Some(pos.turn()),
                        Wdl::Loss => Some(pos.turn().opponent()),
                        Wdl::Draw => None,
                    };
                    exact = true;
                    records.push(Record {
                        position: pos,
                        score: match v.wdl {
                            Wdl::Win => PROVEN_SCORE,
                            Wdl::Loss => -PROVEN_SCORE,
                            Wdl::Draw => 0,
                        },
                        ply: ply as u16,
                        result: GameResult::Draw,
                        exact: true,
                        game_start: false,
                        proven: v.wdl != Wdl::Draw,
                    });
                    break GameResult::from_winner(winner);
                }
            }
        }
        let SearchResult::Move(best) = engine.search_game(&game, &limits, |_| {}) else {
            // The search saw a draw by rule or no move: the game's
            // outcome says which at the top of the loop.
            match game.board_outcome() {
                Some(o) => break GameResult::from_winner(o.winner),
                None => break GameResult::Draw,
            }
        };
        let (score, proven) = match best.score.kind() {
            ScoreKind::CentiMen(cm) => (cm.clamp(-1999, 1999) as i16, false),
            ScoreKind::Win(_) => (PROVEN_SCORE, true),
            ScoreKind::Loss(_) => (-PROVEN_SCORE, true),
        };
        if quiet && ply >= opening_plies {
            records.push(Record {
                position: pos,
                score,
                ply: ply as u16,
                result: GameResult::Draw,
                exact: false,
                game_start: false,
                proven,
            });
        }
        if proven {
            let winner = if score > 0 {
                pos.turn()
            } else {
                pos.turn().opponent()
            };
            break GameResult::from_winner(Some(winner));
        }
        let random = ply < opening_plies + RANDOM_MOVE_PLIES && next() % RANDOM_MOVE_ONE_IN == 0;
        let mv = if random {
            let moves = game.legal_moves();
            moves[(next() % moves.len() as u64) as usize]
        } else {
            best.mv
        };
        game.play(&mv)
            .expect("searched and generated moves are legal");
    };
    let n = records.len();
    for (i, r) in records.iter_mut().enumerate() {
        r.result = result;
        r.game_start = i == 0;
        // Only the tablebase position itself is exact.
        r.exact = exact && i + 1 == n;
    }
    Ok(records)
}

#[cfg(test)]
mod tests;
