//! `tama serve`: the web board (the server lives in `tama-web`).

use std::net::IpAddr;
use std::sync::Arc;

use tama_search::book::Book;

use crate::error::{CliError, CmdResult, EXIT_OK};
use crate::io::Io;

/// Serve the web board and its JSON API until Ctrl-C.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  tama serve
  tama serve --port 0 --threads 4
  tama serve --open
  tama serve --book my-armenian.tbk --book my-turkish.tbk

The first line on standard output is the address, e.g.
`tama serve: http://127.0.0.1:8080/`. Logs go to standard error
(RUST_LOG=tower_http=debug shows every request).

Exit codes: 0 stopped by Ctrl-C, 2 bad option or the address cannot be used.")]
pub struct Args {
    /// The address to listen on. Anything but a loopback address lets
    /// anyone on that network use the server.
    #[arg(long, value_name = "IP", default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// The port (0: any free port, printed on the first line).
    #[arg(long, value_name = "PORT", default_value_t = 8080)]
    pub port: u16,
    /// Open the page in the browser (with `xdg-open`; failure is ignored).
    #[arg(long)]
    pub open: bool,
    /// Search slots: how many analyses and engine moves can run at once
    /// (one thread each); more get 503 until one ends.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
    /// Transposition table size of each search slot, in MiB (allocated
    /// once at start).
    #[arg(long, value_name = "MIB", default_value_t = tama_api::bounds::DEFAULT_HASH_MIB, value_parser = clap::value_parser!(u32).range(tama_api::bounds::hash_mib()))]
    pub hash: u32,
    /// An opening book file (`tama book build`) played, shown and served
    /// for its preset instead of the built-in one; repeat for other
    /// presets (one book a preset).
    #[arg(long, value_name = "FILE")]
    pub book: Vec<std::path::PathBuf>,
    /// Serve no live games between people (the Board API, docs/ONLINE.md).
    #[arg(long)]
    pub no_online: bool,
    /// The database of live games: `sqlite://FILE`, `postgres://…`
    /// (default: online.sqlite in the data folder, $XDG_DATA_HOME/tama
    /// or ~/.local/share/tama, created and migrated on first run).
    #[arg(long, value_name = "URL", conflicts_with = "no_online")]
    pub database: Option<String>,
    /// Searches of the engine as an opponent in live games that may run
    /// at once (one thread each); more wait in a queue.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub online_engines: u32,
    /// Behind a reverse proxy: take the client's address (for the rate
    /// limits per address) from the last X-Forwarded-For entry.
    #[arg(long)]
    pub trust_proxy: bool,
    #[command(flatten)]
    pub egtb: crate::common::EgtbArgs,
    #[command(flatten)]
    pub eval: crate::common::EvalArgs,
}

/// The database URL of the live games, `None` with `--no-online`.
fn database(args: &Args) -> Result<Option<String>, CliError> {
    if args.no_online {
        return Ok(None);
    }
    if let Some(url) = &args.database {
        return Ok(Some(url.clone()));
    }
    let env = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(std::path::PathBuf::from)
    };
    let dir = env("XDG_DATA_HOME")
        .or_else(|| env("HOME").map(|h| h.join(".local/share")))
        .or_else(|| env("APPDATA"))
        .ok_or_else(|| {
            CliError::usage(
                "no data folder for the live games (no HOME); give --database or --no-online",
            )
        })?
        .join("tama");
    std::fs::create_dir_all(&dir).map_err(|e| {
        CliError::usage(format!(
            "cannot create the data folder {}: {e}",
            dir.display()
        ))
    })?;
    Ok(Some(tama_online::store::sqlite_url(
        &dir.join("online.sqlite"),
    )))
}

/// The books of `--book`, each read with its name in the error; two for
/// one preset are refused.
fn books(files: &[std::path::PathBuf]) -> Result<Vec<Arc<Book>>, CliError> {
    let mut books: Vec<(Arc<Book>, &std::path::Path)> = Vec::new();
    for file in files {
        let book = crate::cmd::book::open(file, None)?;
        if let Some((_, first)) = books.iter().find(|(b, _)| b.preset() == book.preset()) {
            return Err(CliError::usage(format!(
                "--book {}: a second book for {} (the first is {}); one book a preset",
                file.display(),
                book.preset(),
                first.display()
            )));
        }
        books.push((Arc::new(book), file));
    }
    Ok(books.into_iter().map(|(b, _)| b).collect())
}

/// Runs `tama serve`; the server's logs go to `err`.
pub fn run(args: &Args, io: &mut Io<'_>) -> CmdResult {
    let Io { out, err, term, .. } = io;
    let (out, err, term) = (&mut **out, &mut **err, *term);
    let mut engine = tama_search::EngineConfig::default();
    args.eval.apply(&mut engine, None)?;
    let config = tama_web::Config {
        host: args.host,
        port: args.port,
        threads: args.threads as usize,
        hash_mib: args.hash as usize,
        oracle: args.egtb.oracle(None, err)?,
        eval_kind: engine.eval_kind,
        eval_weights: engine.eval_weights,
        books: books(&args.book)?,
        online: database(args)?,
        online_options: tama_online::limits::Options {
            engine_budget: args.online_engines as usize,
            trust_proxy: args.trust_proxy,
            ..tama_online::limits::Options::default()
        },
    };
    let mut printed: Result<(), std::io::Error> = Ok(());
    let open = args.open;
    let ansi = term.stderr && term.color_allowed;
    let result = tama_web::run(
        &config,
        |addr| {
            let url = format!("http://{addr}/");
            printed = writeln!(out, "tama serve: {url}").and_then(|()| out.flush());
            if open {
                // Best effort: no browser, no desktop or no xdg-open is fine.
                let _ = std::process::Command::new("xdg-open")
                    .arg(&url)
                    .stdin(std::process::Stdio::null())
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::null())
                    .spawn();
            }
        },
        err,
        ansi,
    );
    printed?;
    result.map_err(|e| {
        CliError::usage(format!(
            "cannot serve on {}:{}: {e}",
            config.host, config.port
        ))
    })?;
    Ok(EXIT_OK)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(host: &str, port: u16) -> Args {
        Args {
            host: host.parse().unwrap(),
            port,
            open: false,
            threads: 1,
            hash: 1,
            book: Vec::new(),
            no_online: true,
            database: None,
            online_engines: 1,
            trust_proxy: false,
            egtb: crate::common::EgtbArgs::default(),
            eval: crate::common::EvalArgs::default(),
        }
    }

    #[test]
    fn a_bad_book_or_two_for_one_preset_is_one_clear_error() {
        use tama_core::{Position, Preset, Rules};
        use tama_search::book::Entry;
        let tmp = tempfile::tempdir().unwrap();
        let start = Position::start();
        let rules = Rules::TURKISH;
        let write = |name: &str, index: usize| {
            let mv = start.legal_moves(&rules)[index];
            let entry = Entry::new(&start, &rules, &mv, tama_search::Score::centi_men(0), 1);
            let book = Book::from_entries(Preset::Turkish, vec![entry.unwrap()]);
            let path = tmp.path().join(name);
            std::fs::write(&path, book.to_bytes()).unwrap();
            path
        };
        let (a, b) = (write("a.tbk", 0), write("b.tbk", 1));
        let damaged = tmp.path().join("damaged.tbk");
        std::fs::write(&damaged, b"TAMABOOK but not one").unwrap();
        let read = books(std::slice::from_ref(&a)).unwrap();
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].preset(), Preset::Turkish);

        let run_with = |files: Vec<std::path::PathBuf>| {
            let mut input: &[u8] = b"";
            let (mut out, mut log) = (Vec::new(), Vec::new());
            let mut io = Io::new(&mut input, &mut out, &mut log);
            let a = Args {
                book: files,
                ..args("127.0.0.1", 0)
            };
            let err = run(&a, &mut io).unwrap_err();
            assert!(out.is_empty(), "nothing served");
            err
        };
        let err = run_with(vec![damaged.clone()]);
        assert_eq!(err.code, crate::error::EXIT_USAGE);
        assert!(
            err.message.starts_with(&damaged.display().to_string()),
            "{}",
            err.message
        );
        let err = run_with(vec![a.clone(), b.clone()]);
        assert_eq!(err.code, crate::error::EXIT_USAGE);
        assert_eq!(
            err.message,
            format!(
                "--book {}: a second book for turkish (the first is {}); one book a preset",
                b.display(),
                a.display()
            )
        );
    }

    #[test]
    fn a_port_in_use_is_one_clear_error() {
        let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = taken.local_addr().unwrap().port();
        let mut input: &[u8] = b"";
        let mut out = Vec::new();
        let mut log = Vec::new();
        let mut io = Io::new(&mut input, &mut out, &mut log);
        let err = run(&args("127.0.0.1", port), &mut io).unwrap_err();
        assert_eq!(err.code, crate::error::EXIT_USAGE);
        assert!(
            err.message
                .starts_with(&format!("cannot serve on 127.0.0.1:{port}: ")),
            "{}",
            err.message
        );
        assert!(!err.message.contains('\n'));
        // Nothing was announced.
        assert!(out.is_empty());
    }
}
