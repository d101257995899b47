//! What the project's automation binaries share (`cargo xtask` and
//! `cargo egtb-shard`, after cargo's own `xtask-*` crates): running
//! external commands, each printed before it runs and timed ([`cmd`]),
//! and building and talking to the `tama` binary ([`tama`]), and how an
//! automation binary ends ([`exit_code`]).
#![deny(missing_docs)]

pub mod cmd;
pub mod tama;

/// The exit code of an automation binary's run: success, or the error and
/// its causes written to standard error (one line each) and failure.
pub fn exit_code(result: anyhow::Result<()>) -> std::process::ExitCode {
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            for cause in error.chain().skip(1) {
                eprintln!("  caused by: {cause}");
            }
            std::process::ExitCode::FAILURE
        }
    }
}
