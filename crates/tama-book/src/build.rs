//! Building a book: drop-out expansion ([`crate::tree`]) driven by the
//! engine's searches, in batches searched on several threads, saved to a
//! state file as it goes and resumed from it.
//!
//! Every search is one thread's, from an empty table, limited by nodes,
//! so its result depends only on the position and the settings. A batch
//! is the next [`BuildConfig::batch`] expansions chosen one after the
//! other (each marked pending so the next is another); its searches run
//! on any number of threads and are applied in the order chosen. So the
//! book depends on the settings alone ([`Settings`]), not on threads,
//! on when the build was stopped and resumed, or on the machine.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use tama_core::{Move, Position, Preset, Rules};
use tama_search::book::{Book, Entry};
use tama_search::{Engine, EngineConfig, Limits, Score, SearchResult};

use crate::settings::{BuildError, Settings};
use crate::state;
use crate::tree::{back, Id, Tree};

/// A build: its settings, how far to go, and where to write.
#[derive(Clone, Debug)]
pub struct BuildConfig {
    /// What decides the book.
    pub settings: Settings,
    /// Stop once the book has at least this many positions (at the end of
    /// a batch).
    pub positions: usize,
    /// Search threads.
    pub threads: usize,
    /// The book file written at the end (its state file is beside it,
    /// [`state_path`]).
    pub out: PathBuf,
    /// Save the state at least this often.
    pub save_every: Duration,
}

/// The state file of a build writing `out`: `out` with `.state` added.
pub fn state_path(out: &Path) -> PathBuf {
    let mut s = out.as_os_str().to_owned();
    s.push(".state");
    PathBuf::from(s)
}

/// How a build is going, after each batch.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// Positions in the book.
    pub positions: usize,
    /// The target.
    pub target: usize,
    /// Searches made by this process.
    pub searches: u64,
    /// Nodes searched by this process.
    pub nodes: u64,
    /// Time since this process started.
    pub elapsed: Duration,
    /// Whether it took up a saved state.
    pub resumed: bool,
}

/// How a build ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Positions in the book.
    pub positions: usize,
    /// Entries of the book written (0 when stopped).
    pub entries: usize,
    /// Whether it was stopped before the target (the state is saved, no
    /// book written).
    pub stopped: bool,
    /// Searches made by this process.
    pub searches: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// One search's answer: the position's moves, best first, with values.
fn search(engine: &mut Engine, pos: &Position, rules: &Rules, nodes: u64) -> Vec<(Move, i32)> {
    engine.clear();
    let limits = Limits {
        nodes: Some(nodes),
        infinite: true,
        ..Limits::default()
    };
    match engine.search(pos, &[], rules, &limits, |_| {}) {
        SearchResult::Move(b) => b.lines.iter().map(|l| (l.mv, l.score.raw())).collect(),
        SearchResult::GameOver(_) => Vec::new(),
    }
}

/// The engine of one search thread.
fn engine(s: &Settings) -> Engine {
    let mut config = EngineConfig {
        hash_mib: s.hash_mib as usize,
        threads: 1,
        multipv: s.lines as usize,
        ..EngineConfig::default()
    };
    config.search.book = false;
    Engine::new(config)
}

/// Searches `jobs` on `engines.len()` threads (job `j` on thread `j mod
/// threads`), returning the answers in the order of the jobs.
fn search_all(
    engines: &mut [Engine],
    jobs: &[Position],
    rules: &Rules,
    nodes: u64,
) -> Vec<Vec<(Move, i32)>> {
    let threads = engines.len();
    let mut out = vec![Vec::new(); jobs.len()];
    std::thread::scope(|s| {
        let handles: Vec<_> = engines
            .iter_mut()
            .enumerate()
            .map(|(t, e)| {
                s.spawn(move || {
                    (t..jobs.len())
                        .step_by(threads)
                        .map(|j| (j, search(e, &jobs[j], rules, nodes)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            // A search that panicked is a bug; it ends the build loudly.
            for (j, r) in h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)) {
                out[j] = r;
            }
        }
    });
    out
}

/// The root's candidates of this shard.
fn shard_root(cands: Vec<(Move, i32)>, shard: (u32, u32)) -> Vec<(Move, i32)> {
    cands
        .into_iter()
        .enumerate()
        .filter(|(i, _)| *i as u32 % shard.1 == shard.0)
        .map(|(_, c)| c)
        .collect()
}

/// Builds (or goes on building) the book of `config`, calling `progress`
/// after each batch; `stop` ends it at the end of a batch with the state
/// saved. The book file is written (atomically) only when the target is
/// reached; the state file stays, so a later build with a larger target
/// goes on from it.
///
/// # Errors
///
/// [`BuildError`]: bad settings, a state file of another build or
/// damaged, a file that cannot be written.
pub fn build(
    config: &BuildConfig,
    stop: &AtomicBool,
    mut progress: impl FnMut(&Progress),
) -> Result<Report, BuildError> {
    let s = config.settings;
    check(&s)?;
    let started = Instant::now();
    let rules = s.preset.rules();
    let mut engines: Vec<Engine> = (0..config.threads.max(1)).map(|_| engine(&s)).collect();
    let state_file = state_path(&config.out);
    let (mut tree, resumed) = match state::load(&state_file, &s)? {
        Some(tree) => (tree, true),
        None => {
            let mut tree = Tree::new(rules, s.ply_cost.into(), s.deviation_cost.into(), s.seed);
            let start = Position::start();
            let cands = search_all(&mut engines[..1], &[start], &rules, s.nodes).remove(0);
            tree.add(start, shard_root(cands, s.shard));
            (tree, false)
        }
    };
    let mut searches = u64::from(!resumed);
    let mut nodes = if resumed { 0 } else { s.nodes };
    let mut saved = Instant::now();
    let mut dirty = !resumed;
    let mut stopped = false;
    while tree.nodes.len() < config.positions {
        if stop.load(Ordering::Relaxed) {
            stopped = true;
            break;
        }
        let mut chosen: Vec<(Id, Move)> = Vec::new();
        while chosen.len() < s.batch as usize {
            match tree.select() {
                Some(c) => chosen.push(c),
                None => break,
            }
        }
        if chosen.is_empty() {
            break;
        }
        // The new positions to search, each once, in the order chosen.
        let mut jobs: Vec<Position> = Vec::new();
        for &(n, mv) in &chosen {
            let child = tree.nodes[n as usize].pos.play_unchecked(&mv);
            if !tree.index.contains_key(&child.hash()) && !jobs.contains(&child) {
                jobs.push(child);
            }
        }
        let answers = search_all(&mut engines, &jobs, &rules, s.nodes);
        searches += jobs.len() as u64;
        nodes += jobs.len() as u64 * s.nodes;
        let mut answers = jobs.into_iter().zip(answers);
        for &(n, mv) in &chosen {
            let child = tree.nodes[n as usize].pos.play_unchecked(&mv);
            let id = match tree.index.get(&child.hash()) {
                Some(&id) => id,
                None => {
                    let (pos, cands) = answers
                        .find(|(p, _)| *p == child)
                        .unwrap_or_else(|| (child, Vec::new()));
                    tree.add(pos, cands)
                }
            };
            tree.link(n, mv, id);
        }
        let ids: Vec<Id> = chosen.iter().map(|c| c.0).collect();
        tree.unmark(&ids);
        dirty = true;
        progress(&Progress {
            positions: tree.nodes.len(),
            target: config.positions,
            searches,
            nodes,
            elapsed: started.elapsed(),
            resumed,
        });
        if saved.elapsed() >= config.save_every {
            state::save(&state_file, &s, &tree)?;
            saved = Instant::now();
            dirty = false;
        }
    }
    if dirty {
        state::save(&state_file, &s, &tree)?;
    }
    let mut entries = 0;
    if !stopped {
        let book = to_book(&tree, s.preset);
        entries = book.entries().len();
        crate::write_book(&config.out, &book).map_err(BuildError::Io)?;
    }
    Ok(Report {
        positions: tree.nodes.len(),
        entries,
        stopped,
        searches,
        elapsed: started.elapsed(),
    })
}

fn check(s: &Settings) -> Result<(), BuildError> {
    let bad = |m: String| Err(BuildError::Config(m));
    if s.shard.0 >= s.shard.1 {
        return bad(format!(
            "shard {}/{}: the index must be below the count",
            s.shard.0, s.shard.1
        ));
    }
    if s.shard.1 > s.lines {
        return bad(format!(
            "{} shards but {} lines: each shard needs a root move",
            s.shard.1, s.lines
        ));
    }
    if s.lines == 0 || s.lines > 16 || s.batch == 0 || s.nodes == 0 || s.hash_mib == 0 {
        return bad("lines must be 1..=16, batch, nodes and hash at least 1".into());
    }
    Ok(())
}

/// The book of a tree: at each position its book moves (weight: 1 + the
/// expansions through the move) and its drop-out move (weight 1, marked
/// as leaving the book).
pub(crate) fn to_book(tree: &Tree, preset: Preset) -> Book {
    let rules = preset.rules();
    let mut entries = Vec::new();
    for node in &tree.nodes {
        for e in &node.children {
            let value = Score::from_raw(back(tree.nodes[e.child as usize].value));
            let weight = e.visits.saturating_add(1).min(u32::from(u16::MAX)) as u16;
            entries.extend(Entry::new(&node.pos, &rules, &e.mv, value, weight));
        }
        if let Some(&(mv, v)) = node.cands.first() {
            let entry = Entry::new(&node.pos, &rules, &mv, Score::from_raw(v), 1);
            entries.extend(entry.map(Entry::leaf));
        }
    }
    Book::from_entries(preset, entries)
}
