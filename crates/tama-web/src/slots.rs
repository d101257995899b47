//! The server's shared state: the search slots, each an engine whose hash
//! table is allocated once at start and reused by every search.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use tama_core::Preset;
use tama_search::book::Book;
use tama_search::{Engine, EngineConfig, StopHandle};

use crate::Config;

/// The state shared by every request (cheap to clone).
#[derive(Clone, Debug)]
pub struct AppState {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    /// The idle engines; a search takes one out and puts it back after.
    idle: Mutex<Vec<Engine>>,
    /// A stop handle of every engine, busy or idle.
    stops: Vec<StopHandle>,
    /// Set once the server is shutting down: no new searches.
    closing: AtomicBool,
    slots: usize,
    hash_mib: usize,
    /// Whether the engines consult endgame tablebases.
    tablebases: bool,
    /// The ponder jobs (`/api/ponder`).
    ponder: crate::ponder_jobs::Jobs,
    /// The books given to the server (`tama serve --book`), with their
    /// files' bytes.
    books: Vec<(Arc<Book>, axum::body::Bytes)>,
}

impl AppState {
    /// The state for `config`: `config.threads` search slots, each with
    /// an engine of one thread and a `config.hash_mib` MiB table
    /// (allocated here, once).
    pub fn new(config: &Config) -> AppState {
        let slots = config.threads.max(1);
        let engines: Vec<Engine> = (0..slots)
            .map(|_| {
                Engine::new(EngineConfig {
                    hash_mib: config.hash_mib.max(1),
                    threads: 1,
                    oracle: config.oracle.clone(),
                    eval_kind: config.eval_kind,
                    eval_weights: config.eval_weights.clone(),
                    ..EngineConfig::default()
                })
            })
            .collect();
        let stops = engines.iter().map(Engine::stop_handle).collect();
        AppState {
            inner: Arc::new(Inner {
                idle: Mutex::new(engines),
                stops,
                closing: AtomicBool::new(false),
                slots,
                hash_mib: config.hash_mib.max(1),
                tablebases: config.oracle.is_some(),
                ponder: crate::ponder_jobs::Jobs::default(),
                books: config
                    .books
                    .iter()
                    .map(|b| (Arc::clone(b), axum::body::Bytes::from(b.to_bytes())))
                    .collect(),
            }),
        }
    }

    /// The book given to the server for `preset` (`tama serve --book`),
    /// played, shown and served instead of the embedded one.
    pub fn given_book(&self, preset: Option<Preset>) -> Option<&Arc<Book>> {
        let preset = preset?;
        self.given(preset).map(|(b, _)| b)
    }

    /// The file of the book given for `preset`, as the page fetches it.
    pub(crate) fn given_file(&self, preset: Preset) -> Option<axum::body::Bytes> {
        self.given(preset).map(|(_, bytes)| bytes.clone())
    }

    fn given(&self, preset: Preset) -> Option<&(Arc<Book>, axum::body::Bytes)> {
        self.inner.books.iter().find(|(b, _)| b.preset() == preset)
    }

    /// Takes a free engine for a game of `rules`, set to play the book
    /// given to the server for their preset (if any) or the embedded one,
    /// with option `book` as `book`; `None` when every slot is busy.
    pub(crate) fn lease_for(&self, rules: &tama_core::Rules, book: bool) -> Option<Lease> {
        let mut lease = self.lease()?;
        let given = self.given_book(rules.preset()).cloned();
        let engine = lease.engine();
        engine.set_book_file(given);
        engine.set_book(book);
        Some(lease)
    }

    /// Whether the engines consult endgame tablebases.
    pub fn tablebases(&self) -> bool {
        self.inner.tablebases
    }

    /// The ponder jobs.
    pub(crate) fn ponder_jobs(&self) -> &crate::ponder_jobs::Jobs {
        &self.inner.ponder
    }

    /// How many searches can run at once.
    pub fn slots(&self) -> usize {
        self.inner.slots
    }

    /// How many slots are free now.
    pub fn free_slots(&self) -> usize {
        self.idle().len()
    }

    /// The hash table size of each slot, in MiB.
    pub fn hash_mib(&self) -> usize {
        self.inner.hash_mib
    }

    /// Refuses new searches and stops the running ones (their streams
    /// then end with their `bestmove` event): for a graceful shutdown,
    /// which waits for every open response.
    pub fn close(&self) {
        self.inner.closing.store(true, Ordering::SeqCst);
        for stop in &self.inner.stops {
            stop.stop();
        }
    }

    /// Whether [`close`](AppState::close) was called.
    pub fn is_closing(&self) -> bool {
        self.inner.closing.load(Ordering::SeqCst)
    }

    /// The error for a search that found no free slot: 503, busy or
    /// shutting down.
    pub(crate) fn busy_error(&self) -> crate::ApiError {
        if self.is_closing() {
            crate::ApiError::status(
                axum::http::StatusCode::SERVICE_UNAVAILABLE,
                "the server is shutting down",
            )
        } else {
            crate::ApiError::busy(self.slots())
        }
    }

    fn idle(&self) -> MutexGuard<'_, Vec<Engine>> {
        // The list stays consistent even if a holder panicked: pushing and
        // popping are the only operations.
        self.inner.idle.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Takes a free engine, or `None` when every slot is busy. The engine
    /// goes back to the pool when the lease is dropped.
    pub(crate) fn lease(&self) -> Option<Lease> {
        if self.is_closing() {
            return None;
        }
        let engine = self.idle().pop()?;
        Some(Lease {
            engine: Some(engine),
            state: self.clone(),
        })
    }
}

/// A search slot in use: an engine borrowed from the pool.
#[derive(Debug)]
pub(crate) struct Lease {
    engine: Option<Engine>,
    state: AppState,
}

impl Lease {
    /// The engine.
    pub(crate) fn engine(&mut self) -> &mut Engine {
        self.engine
            .as_mut()
            .expect("a lease holds its engine until dropped")
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        if let Some(engine) = self.engine.take() {
            self.state.idle().push(engine);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_leased_and_given_back() {
        let state = AppState::new(&Config {
            threads: 2,
            hash_mib: 1,
            ..Config::default()
        });
        assert_eq!((state.slots(), state.free_slots()), (2, 2));
        let a = state.lease().unwrap();
        let b = state.lease().unwrap();
        assert!(state.lease().is_none());
        assert_eq!(state.free_slots(), 0);
        drop(a);
        assert_eq!(state.free_slots(), 1);
        let c = state.lease().unwrap();
        drop((b, c));
        assert_eq!(state.free_slots(), 2);
        state.close();
        assert!(state.lease().is_none());
        assert!(state.busy_error().message.contains("shutting down"));
    }
}
