//! The server's shared state: the search slots, each an engine whose hash
//! table is allocated once at start and reused by every search.

use std::sync::{Arc, Mutex, MutexGuard};

use tama_search::{Engine, EngineConfig};

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
    slots: usize,
    hash_mib: usize,
}

impl AppState {
    /// The state for `config`: `config.threads` search slots, each with
    /// an engine of one thread and a `config.hash_mib` MiB table
    /// (allocated here, once).
    pub fn new(config: &Config) -> AppState {
        let slots = config.threads.max(1);
        let engines = (0..slots)
            .map(|_| {
                Engine::new(EngineConfig {
                    hash_mib: config.hash_mib.max(1),
                    threads: 1,
                    ..EngineConfig::default()
                })
            })
            .collect();
        AppState {
            inner: Arc::new(Inner {
                idle: Mutex::new(engines),
                slots,
                hash_mib: config.hash_mib.max(1),
            }),
        }
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

    fn idle(&self) -> MutexGuard<'_, Vec<Engine>> {
        // The list stays consistent even if a holder panicked: pushing and
        // popping are the only operations.
        self.inner.idle.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Takes a free engine, or `None` when every slot is busy. The engine
    /// goes back to the pool when the lease is dropped.
    pub(crate) fn lease(&self) -> Option<Lease> {
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
