//! Running a function over index ranges on several threads.

use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Indices handed to a thread at a time.
const CHUNK: usize = 4096;

/// Calls `f` on consecutive chunks of `0..n` from `threads` scoped threads
/// (dynamically balanced). The first error stops the remaining chunks and
/// is returned.
pub(crate) fn for_chunks<E: Send>(
    n: usize,
    threads: usize,
    f: impl Fn(Range<usize>) -> Result<(), E> + Sync,
) -> Result<(), E> {
    let next = AtomicUsize::new(0);
    let error: Mutex<Option<E>> = Mutex::new(None);
    let failed = std::sync::atomic::AtomicBool::new(false);
    let work = || loop {
        if failed.load(Ordering::Relaxed) {
            return;
        }
        let start = next.fetch_add(CHUNK, Ordering::Relaxed);
        if start >= n {
            return;
        }
        if let Err(e) = f(start..(start + CHUNK).min(n)) {
            failed.store(true, Ordering::Relaxed);
            let mut slot = error.lock().unwrap_or_else(|p| p.into_inner());
            slot.get_or_insert(e);
            return;
        }
    };
    let threads = threads.max(1);
    if threads == 1 || n <= CHUNK {
        work();
    } else {
        std::thread::scope(|s| {
            for _ in 1..threads {
                s.spawn(work);
            }
            work();
        });
    }
    match error.into_inner().unwrap_or_else(|p| p.into_inner()) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}
