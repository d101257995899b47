//! `tama serve`: the web board (the server lives in `tama-web`).

use std::net::IpAddr;

use crate::error::{CliError, CmdResult, EXIT_OK};
use crate::io::Io;

/// Serve the web board and its JSON API until Ctrl-C.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  tama serve
  tama serve --port 0 --threads 4
  tama serve --open

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
    #[arg(long, value_name = "MIB", default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=65536))]
    pub hash: u32,
    #[command(flatten)]
    pub egtb: crate::common::EgtbArgs,
    #[command(flatten)]
    pub eval: crate::common::EvalArgs,
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
            egtb: crate::common::EgtbArgs::default(),
            eval: crate::common::EvalArgs::default(),
        }
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
