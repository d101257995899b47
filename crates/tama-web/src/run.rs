//! Running the server in the foreground until Ctrl-C (`tama serve`), with
//! its logs written by the calling thread.
//!
//! The caller's thread may hold the lock of standard error for the whole
//! run (`tama`'s `main` does), so the server's threads never write there
//! themselves: each log line goes through a bounded channel to the calling
//! thread, which writes it to the writer it was given. A full channel drops
//! lines rather than slow the server.

use std::io::{self, Write};
use std::net::SocketAddr;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, TrySendError};
use std::time::Duration;

use tokio::net::TcpListener;

use crate::server::{online_routes, serve_with, Config};
use crate::slots::AppState;

/// Log lines waiting for the calling thread, at most.
const LOG_BACKLOG: usize = 4096;

/// Runs the server for `config` until Ctrl-C: binds, calls `ready` with the
/// bound address (the real port when `config.port` is 0), then serves on a
/// runtime of its own while this thread writes the logs to `log` (coloured
/// when `ansi`; `RUST_LOG` chooses what is logged, by default server
/// events at `info`, and every request with `RUST_LOG=tower_http=debug`).
///
/// # Errors
///
/// The address cannot be bound, the runtime cannot start, or the listener
/// fails.
pub fn run(
    config: &Config,
    ready: impl FnOnce(SocketAddr),
    log: &mut dyn Write,
    ansi: bool,
) -> io::Result<()> {
    let logs = install_logging(ansi);
    let listener = std::net::TcpListener::bind((config.host, config.port))?;
    listener.set_nonblocking(true)?;
    let addr = listener.local_addr()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("tama-web")
        .build()?;
    let state = AppState::new(config);
    let extra = online_routes(&runtime, config)?;
    ready(addr);
    if !config.is_loopback() {
        tracing::warn!(
            "listening on {}: anyone on that network can use this server",
            config.host
        );
    }
    tracing::info!(%addr, slots = state.slots(), hash_mib = state.hash_mib(), "serving");
    let server = std::thread::Builder::new()
        .name("tama-web-server".to_string())
        .spawn(move || {
            runtime.block_on(async move {
                let listener = TcpListener::from_std(listener)?;
                serve_with(listener, state, extra, async {
                    // Without a signal handler the server runs until killed.
                    if tokio::signal::ctrl_c().await.is_err() {
                        std::future::pending::<()>().await;
                    }
                    tracing::info!("Ctrl-C: shutting down");
                })
                .await
            })
        })?;
    if let Some(logs) = &logs {
        while !server.is_finished() {
            match logs.recv_timeout(Duration::from_millis(100)) {
                Ok(line) => {
                    // A closed standard error must not stop the server.
                    let _ = log.write_all(&line).and_then(|()| log.flush());
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break,
            }
        }
    }
    let result = server
        .join()
        .unwrap_or_else(|_| Err(io::Error::other("the server thread panicked")));
    if let Some(logs) = logs {
        for line in logs.try_iter() {
            let _ = log.write_all(&line);
        }
        let _ = log.flush();
    }
    result
}

/// Installs the global `tracing` subscriber writing into a channel; `None`
/// when one is already installed (a second run in one process).
fn install_logging(ansi: bool) -> Option<Receiver<Vec<u8>>> {
    let (tx, rx) = mpsc::sync_channel(LOG_BACKLOG);
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("tama_web=info,tower_http=warn"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(move || ChannelWriter(tx.clone()))
        .with_ansi(ansi)
        .try_init()
        .ok()
        .map(|()| rx)
}

/// One formatted log event, sent as one message.
struct ChannelWriter(SyncSender<Vec<u8>>);

impl Write for ChannelWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self.0.try_send(buf.to_vec()) {
            Ok(()) | Err(TrySendError::Full(_)) | Err(TrySendError::Disconnected(_)) => {
                Ok(buf.len())
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
