//! The router, its layers, and running it.

use std::future::Future;
use std::io;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, Path};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use tokio::net::TcpListener;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

use crate::error::{method_not_allowed, not_found, ApiError};
use crate::slots::AppState;
use crate::{analyse, api, assets, book, pdn, ponder, review, rules, BODY_LIMIT};

/// How long a request other than an analysis stream may take.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(60);

/// How the server is set up (the options of `tama serve`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The address to listen on (loopback by default).
    pub host: IpAddr,
    /// The port (0: any free port).
    pub port: u16,
    /// Search slots: how many analyses and engine moves can run at once
    /// (each on one thread).
    pub threads: usize,
    /// The hash table of each slot, in MiB.
    pub hash_mib: usize,
    /// Endgame tablebases the engines consult (`tama serve --egtb`).
    pub oracle: Option<tama_search::Oracle>,
    /// The engines' evaluation (`tama serve --eval`).
    pub eval_kind: tama_search::EvalKind,
    /// Weights of the learned evaluation for their preset, instead of the
    /// embedded ones (`tama serve --eval-file`).
    pub eval_weights: Option<std::sync::Arc<tama_search::learned::Weights>>,
    /// Opening books played, shown and served for their presets instead of
    /// the embedded ones (`tama serve --book`), at most one a preset.
    pub books: Vec<std::sync::Arc<tama_search::book::Book>>,
    /// Live games between people (the Board API of `tama-online`) on
    /// the database at this URL; `None`: none (`tama serve --no-online`).
    pub online: Option<String>,
    /// The live games' limits, rate limits and engine budget
    /// (`tama serve --online-engines`, `--trust-proxy`).
    pub online_options: tama_online::limits::Options,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8080,
            threads: 2,
            hash_mib: 16,
            oracle: None,
            eval_kind: tama_search::EvalKind::Learned,
            eval_weights: None,
            books: Vec::new(),
            online: None,
            online_options: tama_online::limits::Options::default(),
        }
    }
}

impl Config {
    /// Whether the server is reachable only from this machine.
    pub fn is_loopback(&self) -> bool {
        self.host.is_loopback()
    }
}

/// Every route of the server on `state`: the page's files, the API
/// (`/api/…`), and JSON errors for unknown paths (404) and methods (405).
pub fn router(state: AppState) -> Router {
    let api = Router::new()
        .route("/api/health", get(api::health))
        .route("/api/moves", post(api::moves))
        .route("/api/play", post(api::play))
        .route("/api/ponder", post(ponder::start))
        .route("/api/ponder/{id}/stop", post(ponder::stop))
        .route("/api/rules", get(rules::rules))
        .route("/api/levels", get(api::levels))
        .route("/api/book", get(book::book))
        .route("/api/pdn/check", post(pdn::check))
        .route("/api/pdn/json", post(pdn::to_json))
        .route("/api/pdn/fmt", post(pdn::fmt))
        .route("/config.json", get(page_config))
        .route("/", get(index))
        .route("/{*path}", get(asset))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            REQUEST_TIMEOUT,
        ));
    // The streams run as long as their client wants, and an engine's move
    // on a game clock as long as the engine's budget: no timeout.
    let streams = Router::new()
        .route("/api/engine-move", post(api::engine_move))
        .route("/api/ponder/{id}/hit", post(ponder::hit))
        .route("/api/analyse", get(analyse::analyse))
        .route("/api/review", get(review::review));
    api.merge(streams)
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn(refuse_declared_oversize))
        .layer(axum::middleware::from_fn(isolate))
        .layer(CompressionLayer::new())
        .layer(TraceLayer::new_for_http())
        .layer(CatchPanicLayer::custom(panic_response))
        .with_state(state)
}

/// Answers 413 at once when the declared length is over the limit,
/// without waiting for the body (bodies without a length are cut off at
/// the limit by [`DefaultBodyLimit`]).
async fn refuse_declared_oversize(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    match declared {
        Some(n) if n > BODY_LIMIT as u64 => ApiError::from_status_too_large().into_response(),
        _ => next.run(request).await,
    }
}

fn panic_response(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    ApiError::status(
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal error: the request failed (the server keeps running)",
    )
    .into_response()
}

/// Makes every page cross-origin isolated (`Cross-Origin-Opener-Policy:
/// same-origin`, `Cross-Origin-Embedder-Policy: require-corp`): the page
/// loads nothing from elsewhere, and so it gets shared memory, which lets
/// the browser's engine stop a search in place instead of ending its
/// worker.
async fn isolate(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(
        "cross-origin-opener-policy",
        header::HeaderValue::from_static("same-origin"),
    );
    headers.insert(
        "cross-origin-embedder-policy",
        header::HeaderValue::from_static("require-corp"),
    );
    response
}

/// `GET /config.json`: what the page runs on here: the server's engine
/// (`{"engine": "server", "threads", "tablebases", "books"}`, `books`
/// the presets with an opening book); the static bundle holds
/// `{"engine": "browser", "books"}` in its place (see [`crate::bundle`]).
async fn page_config(
    axum::extract::State(state): axum::extract::State<AppState>,
) -> axum::Json<crate::bundle::PageConfig> {
    axum::Json(crate::bundle::PageConfig {
        engine: "server",
        threads: Some(state.slots()),
        tablebases: Some(state.tablebases()),
        books: book::presets(&state),
    })
}

async fn index(state: axum::extract::State<AppState>) -> Response {
    asset(state, Path(String::new())).await
}

async fn asset(
    axum::extract::State(state): axum::extract::State<AppState>,
    Path(path): Path<String>,
) -> Response {
    // A book given to the server (`tama serve --book`) in place of the
    // embedded one, for the browser's engine.
    if let Some(bytes) = book::served_file(&state, &path) {
        return (
            [
                (header::CONTENT_TYPE, "application/octet-stream"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            bytes,
        )
            .into_response();
    }
    match assets::find(&path) {
        Some(a) => (
            [
                (header::CONTENT_TYPE, a.content_type),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            a.bytes,
        )
            .into_response(),
        None if path.starts_with("api/") => {
            ApiError::status(StatusCode::NOT_FOUND, format!("no such endpoint: /{path}"))
                .into_response()
        }
        None => ApiError::status(StatusCode::NOT_FOUND, format!("no such page: /{path}"))
            .into_response(),
    }
}

/// Serves `router(state)` on `listener` until `shutdown` completes, then
/// finishes the requests in flight: running searches are stopped (an
/// analysis stream ends with its `bestmove` event) and new ones refused.
///
/// # Errors
///
/// An I/O error of the listener.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    serve_with(listener, state, Router::new(), shutdown).await
}

/// [`serve`] with `extra` routes beside the server's own (the live games
/// of `tama-online`).
///
/// # Errors
///
/// An I/O error of the listener.
pub async fn serve_with(
    listener: TcpListener,
    state: AppState,
    extra: Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let closing = state.clone();
    // With the client's address: the live games' rate limits per address.
    let app = router(state)
        .merge(extra)
        .into_make_service_with_connect_info::<SocketAddr>();
    axum::serve(listener, app)
        .with_graceful_shutdown(async move {
            shutdown.await;
            closing.close();
        })
        .await
}

/// A server running on a background thread (see [`spawn`]).
#[derive(Debug)]
pub struct RunningServer {
    addr: SocketAddr,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<io::Result<()>>>,
}

impl RunningServer {
    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http://ADDR/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Stops the server and waits for its thread.
    pub fn shutdown(mut self) {
        self.stop();
    }

    fn stop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for RunningServer {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Starts a server for `config` on a background thread with its own
/// runtime and returns once it listens. Use port 0 for a free port; the
/// server stops when the handle is shut down or dropped.
///
/// ```
/// let server = tama_web::spawn(tama_web::Config { port: 0, ..Default::default() }).unwrap();
/// assert!(server.url().starts_with("http://127.0.0.1:"));
/// ```
///
/// # Errors
///
/// The runtime cannot start or the address cannot be bound.
pub fn spawn(config: Config) -> io::Result<RunningServer> {
    // Bound with the standard library so that this works from inside
    // another runtime too (an async test); the server's own runtime lives
    // and dies on its thread.
    let listener = std::net::TcpListener::bind((config.host, config.port))?;
    listener.set_nonblocking(true)?;
    let addr = listener.local_addr()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .thread_name("tama-web")
        .build()?;
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let state = AppState::new(&config);
    let extra = online_routes(&runtime, &config)?;
    let thread = std::thread::Builder::new()
        .name("tama-web-server".to_string())
        .spawn(move || {
            runtime.block_on(async move {
                let listener = TcpListener::from_std(listener)?;
                serve_with(listener, state, extra, async {
                    let _ = rx.await;
                })
                .await
            })
        })?;
    Ok(RunningServer {
        addr,
        shutdown: Some(tx),
        thread: Some(thread),
    })
}

/// The live games' routes for `config.online` (opened, migrated and
/// recovered on `runtime`), or none.
pub(crate) fn online_routes(
    runtime: &tokio::runtime::Runtime,
    config: &Config,
) -> io::Result<Router> {
    let Some(url) = &config.online else {
        return Ok(Router::new());
    };
    let online = runtime
        .block_on(tama_online::api::Online::open_with(
            url,
            tama_online::api::system_now(),
            config.online_options.clone(),
        ))
        .map_err(io::Error::other)?;
    Ok(online.router())
}
