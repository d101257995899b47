//! Running a function over index ranges on several threads: scoped
//! threads over chunks of an index range, or over the parts of a slice.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
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
    let take = || {
        let start = next.fetch_add(CHUNK, Ordering::Relaxed);
        (start < n).then(|| start..(start + CHUNK).min(n))
    };
    run(if n <= CHUNK { 1 } else { threads }, take, f)
}

/// Calls `f` with each chunk of `data` and the index of its first element,
/// from `threads` scoped threads (dynamically balanced): a parallel pass
/// in which each call writes its own part of a slice. The first error
/// stops the remaining chunks and is returned.
pub(crate) fn for_slices<T: Send, E: Send>(
    data: &mut [T],
    threads: usize,
    f: impl Fn(usize, &mut [T]) -> Result<(), E> + Sync,
) -> Result<(), E> {
    let chunks = Mutex::new(data.chunks_mut(CHUNK).enumerate());
    let take = || chunks.lock().unwrap_or_else(|p| p.into_inner()).next();
    run(threads, take, |(k, chunk)| f(k * CHUNK, chunk))
}

/// Calls `f` on every piece of work `take` hands out, from `threads`
/// scoped threads, until `take` has no more or a call fails; the first
/// error.
fn run<W, E: Send>(
    threads: usize,
    take: impl Fn() -> Option<W> + Sync,
    f: impl Fn(W) -> Result<(), E> + Sync,
) -> Result<(), E> {
    let error: Mutex<Option<E>> = Mutex::new(None);
    let failed = AtomicBool::new(false);
    let work = || {
        while !failed.load(Ordering::Relaxed) {
            let Some(w) = take() else {
                return;
            };
            if let Err(e) = f(w) {
                failed.store(true, Ordering::Relaxed);
                let mut slot = error.lock().unwrap_or_else(|p| p.into_inner());
                slot.get_or_insert(e);
                return;
            }
        }
    };
    let threads = threads.max(1);
    if threads == 1 {
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
