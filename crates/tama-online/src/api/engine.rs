//! The engine as an opponent: a game against `engine-N` (level N, 1 to
//! 10, the levels of `tama play --level` and the page) is played by
//! tama-search on the server. Searches wait in a queue for one of the
//! operator's budget of slots (`tama serve --online-engines`): never more
//! run at once. Each runs at its level's depth and time per move, and on
//! the game's clock when it has one, on a blocking thread.

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};

use tama_core::Color;
use tama_search::{Engine, EngineConfig, Level, Limits};
use tokio::sync::{mpsc, Semaphore};

use crate::api::{Live, Online};
use crate::referee::{Action, Status};

/// The prefix of the engine's player ids: `engine-5` plays at level 5.
pub const ENGINE_PREFIX: &str = "engine-";

/// The player id of the engine at `level`.
pub fn engine_player(level: u8) -> String {
    format!("{ENGINE_PREFIX}{level}")
}

/// The level of an engine's player id, `None` for a person.
pub fn engine_level(player: &str) -> Option<u8> {
    player
        .strip_prefix(ENGINE_PREFIX)?
        .parse()
        .ok()
        .filter(|l| (1..=10).contains(l))
}

/// What the engine slots have done, for tests and the operator.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct EngineStats {
    /// The budget: searches that may run at once.
    pub budget: usize,
    /// Searches running now.
    pub running: usize,
    /// Searches waiting for a slot now.
    pub queued: usize,
    /// The most that ever ran at once.
    pub peak: usize,
    /// Searches finished.
    pub done: usize,
}

/// The engine slots: a semaphore of the budget, idle engines to reuse,
/// and the games whose engine move is queued or searching.
pub(crate) struct Engines {
    budget: usize,
    permits: Arc<Semaphore>,
    idle: Mutex<Vec<Engine>>,
    pending: Mutex<HashSet<String>>,
    tx: mpsc::UnboundedSender<Arc<Live>>,
    rx: Mutex<Option<mpsc::UnboundedReceiver<Arc<Live>>>>,
    running: AtomicUsize,
    queued: AtomicUsize,
    peak: AtomicUsize,
    done: AtomicUsize,
}

impl Engines {
    pub(crate) fn new(budget: usize) -> Engines {
        let budget = budget.max(1);
        let (tx, rx) = mpsc::unbounded_channel();
        Engines {
            budget,
            permits: Arc::new(Semaphore::new(budget)),
            idle: Mutex::new(Vec::new()),
            pending: Mutex::new(HashSet::new()),
            tx,
            rx: Mutex::new(Some(rx)),
            running: AtomicUsize::new(0),
            queued: AtomicUsize::new(0),
            peak: AtomicUsize::new(0),
            done: AtomicUsize::new(0),
        }
    }
}

/// Whether either side of `live` is the engine.
fn has_engine(live: &Live) -> bool {
    live.row().players.iter().any(|p| engine_level(p).is_some())
}

impl Online {
    /// The engine slots' figures.
    pub fn engine_stats(&self) -> EngineStats {
        let e = &self.engines;
        EngineStats {
            budget: e.budget,
            running: e.running.load(Ordering::SeqCst),
            queued: e.queued.load(Ordering::SeqCst),
            peak: e.peak.load(Ordering::SeqCst),
            done: e.done.load(Ordering::SeqCst),
        }
    }

    /// After a change of `live`: if the engine is to move, queue its
    /// search (once).
    pub(crate) fn engine_turn(&self, live: &Arc<Live>) {
        if has_engine(live) {
            let _ = self.engines.tx.send(live.clone());
        }
    }

    /// Starts the task that queues the engine's searches (once).
    pub(crate) fn start_engines(self: &Arc<Online>) {
        let Some(mut rx) = self.engines.rx.lock().ok().and_then(|mut r| r.take()) else {
            return;
        };
        let weak: Weak<Online> = Arc::downgrade(self);
        tokio::spawn(async move {
            while let Some(live) = rx.recv().await {
                let Some(online) = weak.upgrade() else { return };
                let id = live.row().id.clone();
                let fresh = online
                    .engines
                    .pending
                    .lock()
                    .is_ok_and(|mut p| p.insert(id.clone()));
                if fresh {
                    tokio::spawn(async move {
                        let again = online.engine_move(&live).await;
                        if let Ok(mut p) = online.engines.pending.lock() {
                            p.remove(&id);
                        }
                        if again {
                            // The game moved on while it searched.
                            online.engine_turn(&live);
                        }
                    });
                }
            }
        });
    }

    /// The engine's move in `live`, if it is to move: waits for a slot,
    /// searches, plays (unless the game moved on meanwhile: then `true`,
    /// to search again).
    async fn engine_move(&self, live: &Arc<Live>) -> bool {
        let to_move = || async {
            let r = live.referee().lock().await;
            let turn = r.game().position().turn();
            let level = engine_level(&live.row().players[turn.index()]);
            match (r.status(), level) {
                (Status::Started, Some(level)) => Some((turn, level, r.game().clone(), r.last())),
                _ => None,
            }
        };
        if to_move().await.is_none() {
            return false;
        }
        let e = &self.engines;
        e.queued.fetch_add(1, Ordering::SeqCst);
        let permit = e.permits.clone().acquire_owned().await;
        e.queued.fetch_sub(1, Ordering::SeqCst);
        let Ok(permit) = permit else { return false };
        // The game as it is now that a slot is free.
        let Some((color, level, game, last)) = to_move().await else {
            return false;
        };
        let running = e.running.fetch_add(1, Ordering::SeqCst) + 1;
        e.peak.fetch_max(running, Ordering::SeqCst);
        let engine = e.idle.lock().ok().and_then(|mut i| i.pop());
        let searched = tokio::task::spawn_blocking(move || {
            let mut engine = engine.unwrap_or_else(|| {
                Engine::new(EngineConfig {
                    hash_mib: 8,
                    threads: 1,
                    ..EngineConfig::default()
                })
            });
            let limits: Limits = Level::of(level).limits().with_clock_of(&game);
            let result = engine.search_game(&game, &limits, |_| {});
            let text = result
                .best_move()
                .map(|mv| tama_notation::write_move(game.position(), game.rules(), &mv));
            (engine, text)
        })
        .await;
        e.running.fetch_sub(1, Ordering::SeqCst);
        e.done.fetch_add(1, Ordering::SeqCst);
        drop(permit);
        let Ok((engine, text)) = searched else {
            return false;
        };
        if let Ok(mut idle) = e.idle.lock() {
            idle.push(engine);
        }
        let Some(text) = text else { return false };
        let action = Action::Move { text, lag: 0 };
        match self.act_on(live, color, action, Some(last)).await {
            Ok(()) => false,
            Err(err) => {
                tracing::debug!(
                    "online: the engine's move in {}: {}",
                    live.row().id,
                    err.message()
                );
                live.referee().lock().await.last() != last
            }
        }
    }

    /// Whether `color`'s opponent in `live` is the engine.
    pub(crate) fn against_engine(live: &Live, color: Color) -> bool {
        engine_level(&live.row().players[color.opponent().index()]).is_some()
    }
}
