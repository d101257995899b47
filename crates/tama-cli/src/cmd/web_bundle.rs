//! `tama web-bundle`: the web board as static files (tama-web's
//! `bundle`), for any static file host; the engine then runs in the
//! browser.

use std::path::PathBuf;

use crate::error::{CliError, CmdResult, EXIT_OK};
use crate::io::Io;

/// Write the web board as a static site: the page, the engine in
/// WebAssembly, a web app manifest and a service worker.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  tama web-bundle --out site
  python3 -m http.server --directory site 8000   # then open http://127.0.0.1:8000/

Any static file host serves the folder (it needs no server of tama); the
engine runs in the browser, and after the first visit the page works
offline. The last line printed is the folder.

Exit codes: 0 written, 1 the files could not be written, 2 the folder is
not empty (without --force) or bad option.")]
pub struct Args {
    /// The folder to write (made if missing; it must be empty unless
    /// --force).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Replace the folder's content.
    #[arg(long)]
    pub force: bool,
}

/// Runs `tama web-bundle`.
pub fn run(args: &Args, io: &mut Io<'_>) -> CmdResult {
    let bundle = tama_web::bundle::write(&args.out, args.force).map_err(|e| {
        if e.kind() == std::io::ErrorKind::AlreadyExists {
            CliError::usage(e)
        } else {
            CliError::io(&e)
        }
    })?;
    let out = &mut *io.out;
    writeln!(
        out,
        "{} files, {} bytes, version {}",
        bundle.files.len(),
        bundle.total_bytes(),
        bundle.version
    )?;
    writeln!(out, "{}", bundle.dir.display())?;
    Ok(EXIT_OK)
}
