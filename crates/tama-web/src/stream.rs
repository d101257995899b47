//! The Server-Sent-Events streams of engine work (`/api/analyse`,
//! `/api/review`): a search thread sends events through a channel; the
//! response stream reads them; dropping the stream (the client went away)
//! stops the work.

use std::convert::Infallible;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::response::sse::{Event, KeepAlive, KeepAliveStream, Sse};
use futures_core::Stream;
use serde::Serialize;
use tama_search::StopHandle;
use tokio::sync::mpsc;

use crate::error::ApiError;

/// The response of a stream: its events, with a keep-alive comment every
/// ten seconds.
pub(crate) type SseResponse = Sse<KeepAliveStream<EventStream>>;

/// The event stream of one piece of engine work; dropping it stops the
/// work.
pub struct EventStream {
    rx: mpsc::UnboundedReceiver<Event>,
    shared: Arc<Shared>,
}

/// What the stream and its worker share.
struct Shared {
    /// The engine's stop handle (stops its current search).
    stop: StopHandle,
    /// Set when the stream is dropped: the work should end.
    cancelled: AtomicBool,
    /// Whether the work still runs (its engine not yet back in the pool).
    running: Mutex<bool>,
}

/// The worker's end of a stream.
pub(crate) struct Sender {
    tx: mpsc::UnboundedSender<Event>,
    shared: Arc<Shared>,
}

impl Sender {
    /// Sends the event `name` with `data` as its JSON text.
    pub(crate) fn send<T: Serialize + ?Sized>(&self, name: &str, data: &T) {
        // What the server sends always serializes (no maps with non-text
        // keys).
        let text = serde_json::to_string(data).unwrap_or_default();
        let _ = self.tx.send(Event::default().event(name).data(text));
    }

    /// Whether the client went away.
    pub(crate) fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }

    /// The flag set when the client goes away (for work that checks it
    /// itself, such as a review between its searches).
    pub(crate) fn cancelled(&self) -> &AtomicBool {
        &self.shared.cancelled
    }

    /// Marks the work finished; call it before the engine goes back to the
    /// pool, so that a late disconnect cannot stop the next search of this
    /// engine.
    pub(crate) fn finish(self) {
        *self
            .shared
            .running
            .lock()
            .unwrap_or_else(|e| e.into_inner()) = false;
    }
}

/// A new stream for work on the engine that `stop` stops.
pub(crate) fn channel(stop: StopHandle) -> (Sender, EventStream) {
    let (tx, rx) = mpsc::unbounded_channel();
    let shared = Arc::new(Shared {
        stop,
        cancelled: AtomicBool::new(false),
        running: Mutex::new(true),
    });
    (
        Sender {
            tx,
            shared: Arc::clone(&shared),
        },
        EventStream { rx, shared },
    )
}

/// Runs `work` on a thread named `name` and answers with the stream.
///
/// # Errors
///
/// 500 when the thread cannot start.
pub(crate) fn spawn(
    name: &str,
    stream: EventStream,
    work: impl FnOnce() + Send + 'static,
) -> Result<SseResponse, ApiError> {
    std::thread::Builder::new()
        .name(name.to_string())
        .spawn(work)
        .map_err(|e| {
            ApiError::status(
                axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                format!("cannot start the search thread: {e}"),
            )
        })?;
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(10))))
}

impl std::fmt::Debug for EventStream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EventStream").finish_non_exhaustive()
    }
}

impl Stream for EventStream {
    type Item = Result<Event, Infallible>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.rx.poll_recv(cx).map(|e| e.map(Ok))
    }
}

impl Drop for EventStream {
    fn drop(&mut self) {
        self.shared.cancelled.store(true, Ordering::SeqCst);
        let running = self
            .shared
            .running
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if *running {
            self.shared.stop.stop();
            tracing::debug!("stream client gone: search stopped");
        }
    }
}
