//! The ponder jobs of a server (`/api/ponder`, `ponder.rs`): each job's
//! search, its signals and its result, kept in one registry that the
//! server's state owns.

use std::collections::HashMap;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use tama_core::Game;
use tama_search::{SearchResult, StopHandle};
use tokio::sync::oneshot;

use crate::error::ApiError;

/// The most ponder jobs held at once (searching, or done and waiting for
/// the hit or the miss).
pub const MAX_PONDER_JOBS: usize = 32;

/// The longest a ponder search runs before its hit: then it stops (its
/// best move so far is kept for the hit), so that a client that went
/// away does not hold a search slot for long.
pub const PONDER_SEARCH_TIME: Duration = Duration::from_secs(5 * 60);

/// How long a job waits for its hit or miss: then its search is stopped
/// and the job forgotten (a later hit is a 404).
pub const PONDER_TTL: Duration = Duration::from_secs(30 * 60);

/// One ponder search.
pub(crate) struct Job {
    /// The game after the predicted move: the position searched.
    pub(crate) game: Game,
    /// The engine's signals: its stop and its ponder hit (cleared before
    /// the search thread starts, so that one told before the search
    /// begins is not lost).
    pub(crate) stop: StopHandle,
    /// Whether the search still runs: once it has ended its engine goes
    /// back to the pool, and a signal must not reach the engine's next
    /// search.
    pub(crate) running: Arc<Mutex<bool>>,
    /// The search's result, once it ends.
    pub(crate) result: oneshot::Receiver<SearchResult>,
    pub(crate) started: Instant,
}

/// The ponder jobs of a server.
#[derive(Default)]
pub(crate) struct Jobs {
    pub(crate) jobs: Mutex<HashMap<u64, Job>>,
    pub(crate) next: AtomicU64,
}

impl Job {
    /// Stops the search, or tells it of the hit, if it still runs.
    pub(crate) fn signal(&self, hit: bool) {
        let running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        if *running {
            if hit {
                self.stop.ponder_hit();
            } else {
                self.stop.stop();
            }
        }
    }
}

impl std::fmt::Debug for Jobs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Jobs").finish_non_exhaustive()
    }
}

impl Jobs {
    pub(crate) fn lock(&self) -> MutexGuard<'_, HashMap<u64, Job>> {
        // Inserting and removing are the only operations: the map stays
        // consistent even if a holder panicked.
        self.jobs.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Stops and forgets the jobs started before `now - ttl`; returns how
    /// many.
    pub(crate) fn expire(&self, now: Instant, ttl: Duration) -> usize {
        let mut jobs = self.lock();
        let old: Vec<u64> = jobs
            .iter()
            .filter(|(_, j)| now.saturating_duration_since(j.started) >= ttl)
            .map(|(id, _)| *id)
            .collect();
        for id in &old {
            if let Some(job) = jobs.remove(id) {
                job.signal(false);
            }
        }
        old.len()
    }

    /// Stops the searches of the jobs started before `now - limit` (the
    /// jobs stay, with their best move so far); returns how many.
    pub(crate) fn stop_searches(&self, now: Instant, limit: Duration) -> usize {
        let jobs = self.lock();
        let mut n = 0;
        for job in jobs.values() {
            if now.saturating_duration_since(job.started) >= limit {
                job.signal(false);
                n += 1;
            }
        }
        n
    }

    pub(crate) fn take(&self, id: &str) -> Result<Job, ApiError> {
        id.parse::<u64>()
            .ok()
            .and_then(|id| self.lock().remove(&id))
            .ok_or_else(|| {
                ApiError::status(
                    StatusCode::NOT_FOUND,
                    format!("no ponder job {id:?}: it was hit, stopped or expired, or never was"),
                )
            })
    }

    /// How many jobs are held.
    pub(crate) fn len(&self) -> usize {
        self.lock().len()
    }
}
