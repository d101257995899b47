//! Building the `tama` binary and talking to it.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use serde::de::DeserializeOwned;

use crate::cmd::{cargo, Cmd};

/// Builds `tama` with the release profile and returns the path of the binary.
pub fn build_release() -> Result<PathBuf> {
    // The JSON messages name the binary wherever the target directory is;
    // diagnostics are still rendered for humans on standard error.
    let (messages, _) = cargo()
        .args([
            "build",
            "--release",
            "-p",
            "tama-cli",
            "--message-format=json-render-diagnostics",
        ])
        .capture_stdout()?;
    find_executable(&messages, "tama")
}

/// Finds the executable of binary target `name` in cargo's JSON messages.
fn find_executable(messages: &str, name: &str) -> Result<PathBuf> {
    let found = messages
        .lines()
        .rev()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|msg| msg["reason"] == "compiler-artifact")
        .filter(|msg| msg["target"]["name"] == name)
        .filter_map(|msg| msg["executable"].as_str().map(PathBuf::from))
        .next();
    found.with_context(|| format!("cargo built no `{name}` executable"))
}

/// A `tama` command line.
pub fn command(exe: &Path) -> Cmd {
    let shown = exe
        .strip_prefix(crate::cmd::project_root())
        .unwrap_or(exe)
        .display()
        .to_string();
    Cmd::new(exe).display_as(&shown)
}

/// Whether `tama` has the subcommand `name`.
///
/// `tama NAME --help` succeeding means yes. When it fails, the answer is no
/// only if `tama --help` works and lists no such subcommand; anything else
/// (a crash, a listed subcommand whose help fails) is an error, so a broken
/// binary is never mistaken for a missing subcommand.
pub fn has_subcommand(exe: &Path, name: &str) -> Result<bool> {
    let sub = command(exe).args([name, "--help"]).probe()?;
    if sub.status.success() {
        return Ok(true);
    }
    let top = command(exe).arg("--help").probe()?;
    if !top.status.success() {
        bail!(
            "`tama --help` failed: {}",
            String::from_utf8_lossy(&top.stderr).trim()
        );
    }
    if lists_subcommand(&String::from_utf8_lossy(&top.stdout), name) {
        bail!(
            "`tama --help` lists `{name}` but `tama {name} --help` failed: {}",
            String::from_utf8_lossy(&sub.stderr).trim()
        );
    }
    Ok(false)
}

/// Whether a clap-style help text lists `name` in its subcommand section.
fn lists_subcommand(help: &str, name: &str) -> bool {
    let mut in_commands = false;
    for line in help.lines() {
        let trimmed = line.trim_start();
        if trimmed.len() == line.len() {
            // An unindented line starts a section (or ends one).
            let heading = trimmed.trim_end().to_ascii_lowercase();
            in_commands = heading == "commands:" || heading == "subcommands:";
        } else if in_commands && trimmed.split_whitespace().next() == Some(name) {
            return true;
        }
    }
    false
}

/// Parses a program's JSON output: the whole text, or else its last line
/// that is a JSON value of the right shape (to tolerate chatter before it).
pub fn parse_json_output<T: DeserializeOwned>(stdout: &str) -> Result<T> {
    if let Ok(value) = serde_json::from_str(stdout) {
        return Ok(value);
    }
    let last = stdout
        .lines()
        .rev()
        .filter(|line| !line.trim().is_empty())
        .find_map(|line| serde_json::from_str(line).ok());
    match last {
        Some(value) => Ok(value),
        None => {
            // Report the error of parsing the whole output.
            serde_json::from_str::<T>(stdout)
                .with_context(|| format!("expected JSON output, got:\n{}", stdout.trim_end()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HELP: &str = "\
Armenian draughts toolkit

Usage: tama <COMMAND>

Commands:
  perft  Count leaf nodes of the move tree
  play   Play a game
  help   Print this message or the help of the given subcommand(s)

Options:
  -h, --help     Print help
  -V, --version  Print version
";

    #[test]
    fn finds_listed_subcommands() {
        assert!(lists_subcommand(HELP, "perft"));
        assert!(lists_subcommand(HELP, "play"));
        assert!(!lists_subcommand(HELP, "bench"));
        assert!(!lists_subcommand(HELP, "Print"));
        assert!(!lists_subcommand("Usage: tama [OPTIONS]\n", "bench"));
    }

    #[test]
    fn finds_executable_in_cargo_messages() {
        let messages = r#"{"reason":"compiler-artifact","target":{"name":"tama_core","kind":["lib"]},"executable":null}
{"reason":"compiler-artifact","target":{"name":"tama","kind":["bin"]},"executable":"/w/target/release/tama"}
{"reason":"build-finished","success":true}
"#;
        assert_eq!(
            find_executable(messages, "tama").unwrap(),
            PathBuf::from("/w/target/release/tama")
        );
        assert!(find_executable(messages, "other").is_err());
    }

    #[test]
    fn parses_json_after_chatter() {
        #[derive(serde::Deserialize)]
        struct Nodes {
            nodes: u64,
        }
        let n: Nodes = parse_json_output("{\"nodes\": 5}\n").unwrap();
        assert_eq!(n.nodes, 5);
        let n: Nodes = parse_json_output("searching...\n{\"nodes\": 7, \"nps\": 1}\n\n").unwrap();
        assert_eq!(n.nodes, 7);
        let n: Nodes = parse_json_output("{\n  \"nodes\": 9\n}\n").unwrap();
        assert_eq!(n.nodes, 9);
        assert!(parse_json_output::<Nodes>("no json here").is_err());
    }
}
