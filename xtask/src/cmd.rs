//! Running external commands: each one is printed before it runs and timed.

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

/// The workspace root (the folder above `xtask`).
pub fn project_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace root")
}

/// A `cargo` command, using the cargo that runs xtask when known.
pub fn cargo() -> Cmd {
    let program = std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
    Cmd::new(program).display_as("cargo")
}

/// The target directory of the workspace, as cargo reports it.
pub fn target_dir() -> Result<PathBuf> {
    let (stdout, _) = cargo()
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .capture_stdout()?;
    let metadata: serde_json::Value =
        serde_json::from_str(&stdout).context("cannot parse the output of `cargo metadata`")?;
    match metadata
        .get("target_directory")
        .and_then(|dir| dir.as_str())
    {
        Some(dir) => Ok(PathBuf::from(dir)),
        None => bail!("`cargo metadata` reported no target_directory"),
    }
}

/// A command line to run from the workspace root, with no standard input.
#[derive(Debug, Clone)]
pub struct Cmd {
    program: OsString,
    display_program: Option<String>,
    args: Vec<OsString>,
    env: Vec<(OsString, Option<OsString>)>,
}

impl Cmd {
    /// A command running `program` (looked up on the `PATH` unless a path).
    pub fn new(program: impl AsRef<OsStr>) -> Self {
        Self {
            program: program.as_ref().to_owned(),
            display_program: None,
            args: Vec::new(),
            env: Vec::new(),
        }
    }

    /// Show the program under this name when printing the command line.
    pub fn display_as(mut self, name: &str) -> Self {
        self.display_program = Some(name.to_owned());
        self
    }

    /// Adds an argument.
    pub fn arg(mut self, arg: impl AsRef<OsStr>) -> Self {
        self.args.push(arg.as_ref().to_owned());
        self
    }

    /// Adds arguments.
    pub fn args<I>(mut self, args: I) -> Self
    where
        I: IntoIterator,
        I::Item: AsRef<OsStr>,
    {
        self.args
            .extend(args.into_iter().map(|arg| arg.as_ref().to_owned()));
        self
    }

    /// Sets an environment variable of the command.
    pub fn env(mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> Self {
        self.env
            .push((key.as_ref().to_owned(), Some(value.as_ref().to_owned())));
        self
    }

    /// Removes an environment variable from the command's environment.
    pub fn env_remove(mut self, key: impl AsRef<OsStr>) -> Self {
        self.env.push((key.as_ref().to_owned(), None));
        self
    }

    fn command(&self) -> Command {
        let mut command = Command::new(&self.program);
        command
            .args(&self.args)
            .current_dir(project_root())
            .stdin(Stdio::null());
        for (key, value) in &self.env {
            match value {
                Some(value) => command.env(key, value),
                None => command.env_remove(key),
            };
        }
        command
    }

    fn spawn_error(&self) -> String {
        format!("cannot start `{self}`")
    }

    /// Runs the command with inherited output; fails unless it succeeds.
    pub fn run(&self) -> Result<Duration> {
        println!("$ {self}");
        let start = Instant::now();
        let status = self
            .command()
            .status()
            .with_context(|| self.spawn_error())?;
        self.finish(status, start.elapsed())
    }

    /// Runs the command and returns its standard output, which is not shown;
    /// standard error is inherited. Fails unless the command succeeds.
    pub fn capture_stdout(&self) -> Result<(String, Duration)> {
        println!("$ {self}");
        let start = Instant::now();
        let output = self
            .command()
            .stderr(Stdio::inherit())
            .output()
            .with_context(|| self.spawn_error())?;
        let elapsed = self.finish(output.status, start.elapsed())?;
        let stdout = String::from_utf8(output.stdout)
            .with_context(|| format!("`{self}` printed invalid UTF-8"))?;
        Ok((stdout, elapsed))
    }

    /// Runs the command capturing both outputs and returns them whatever the
    /// exit status: for probing what a program supports.
    pub fn probe(&self) -> Result<Output> {
        println!("$ {self}");
        let start = Instant::now();
        let output = self
            .command()
            .output()
            .with_context(|| self.spawn_error())?;
        println!(
            "  -> {} in {}",
            describe_status(output.status),
            format_duration(start.elapsed())
        );
        Ok(output)
    }

    /// Runs the command, echoing its standard output line by line and handing
    /// each line to `on_line`; fails unless the command succeeds.
    pub fn run_streaming(&self, mut on_line: impl FnMut(&str)) -> Result<Duration> {
        println!("$ {self}");
        let start = Instant::now();
        let mut child = self
            .command()
            .stdout(Stdio::piped())
            .spawn()
            .with_context(|| self.spawn_error())?;
        if let Some(stdout) = child.stdout.take() {
            for line in BufReader::new(stdout).split(b'\n') {
                let line = line.with_context(|| format!("cannot read the output of `{self}`"))?;
                let line = String::from_utf8_lossy(&line);
                let line = line.strip_suffix('\r').unwrap_or(&line);
                println!("{line}");
                on_line(line);
            }
        }
        let status = child
            .wait()
            .with_context(|| format!("cannot wait for `{self}`"))?;
        self.finish(status, start.elapsed())
    }

    /// Runs the command, echoing its standard error line by line and
    /// handing each line to `on_line`; returns the exit status, whatever it
    /// is (for programs that report on standard error, like libFuzzer).
    pub fn run_streaming_stderr(&self, mut on_line: impl FnMut(&str)) -> Result<ExitStatus> {
        println!("$ {self}");
        let start = Instant::now();
        let mut child = self
            .command()
            .stderr(Stdio::piped())
            .spawn()
            .with_context(|| self.spawn_error())?;
        if let Some(stderr) = child.stderr.take() {
            for line in BufReader::new(stderr).split(b'\n') {
                let line = line.with_context(|| format!("cannot read the output of `{self}`"))?;
                let line = String::from_utf8_lossy(&line);
                let line = line.strip_suffix('\r').unwrap_or(&line);
                eprintln!("{line}");
                on_line(line);
            }
        }
        let status = child
            .wait()
            .with_context(|| format!("cannot wait for `{self}`"))?;
        println!(
            "  -> {} after {}",
            describe_status(status),
            format_duration(start.elapsed())
        );
        Ok(status)
    }

    fn finish(&self, status: ExitStatus, elapsed: Duration) -> Result<Duration> {
        if status.success() {
            println!("  -> ok in {}", format_duration(elapsed));
            Ok(elapsed)
        } else {
            let status = describe_status(status);
            println!("  -> {status} after {}", format_duration(elapsed));
            bail!(
                "`{self}` failed ({status}) after {}",
                format_duration(elapsed)
            )
        }
    }
}

impl fmt::Display for Cmd {
    /// The command as it could be typed in a POSIX shell.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut words = Vec::new();
        let removed: Vec<_> = self.env.iter().filter(|(_, v)| v.is_none()).collect();
        if !removed.is_empty() {
            words.push("env".to_owned());
            for (key, _) in removed {
                words.push("-u".to_owned());
                words.push(shell_quote(&key.to_string_lossy()));
            }
        }
        for (key, value) in &self.env {
            if let Some(value) = value {
                words.push(format!(
                    "{}={}",
                    key.to_string_lossy(),
                    shell_quote(&value.to_string_lossy())
                ));
            }
        }
        words.push(match &self.display_program {
            Some(name) => name.clone(),
            None => shell_quote(&self.program.to_string_lossy()),
        });
        words.extend(self.args.iter().map(|a| shell_quote(&a.to_string_lossy())));
        f.write_str(&words.join(" "))
    }
}

/// Quotes a word for a POSIX shell when it needs quoting.
pub fn shell_quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
    if plain {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// "exit code 1", or the signal that ended the process.
pub fn describe_status(status: ExitStatus) -> String {
    match status.code() {
        Some(0) => "ok".to_owned(),
        Some(code) => format!("exit code {code}"),
        None => status.to_string(),
    }
}

/// A short human form of a duration: `850ms`, `12.3s`, `4m05s`, `1h02m03s`.
pub fn format_duration(duration: Duration) -> String {
    let millis = duration.as_millis();
    if millis < 1000 {
        format!("{millis}ms")
    } else if millis < 59_950 {
        format!("{:.1}s", duration.as_secs_f64())
    } else {
        let total = (duration.as_secs_f64()).round() as u64;
        let (hours, minutes, seconds) = (total / 3600, total / 60 % 60, total % 60);
        if hours > 0 {
            format!("{hours}h{minutes:02}m{seconds:02}s")
        } else {
            format!("{minutes}m{seconds:02}s")
        }
    }
}

/// Groups the digits of a count by thousands: `3,039,217,438`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(format_duration(Duration::from_millis(0)), "0ms");
        assert_eq!(format_duration(Duration::from_millis(999)), "999ms");
        assert_eq!(format_duration(Duration::from_millis(1000)), "1.0s");
        assert_eq!(format_duration(Duration::from_millis(12_345)), "12.3s");
        assert_eq!(format_duration(Duration::from_millis(59_940)), "59.9s");
        assert_eq!(format_duration(Duration::from_millis(59_960)), "1m00s");
        assert_eq!(format_duration(Duration::from_secs(245)), "4m05s");
        assert_eq!(format_duration(Duration::from_secs(3723)), "1h02m03s");
    }

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(268_670), "268,670");
        assert_eq!(thousands(3_039_217_438), "3,039,217,438");
    }

    #[test]
    fn quoting() {
        assert_eq!(shell_quote("--check"), "--check");
        assert_eq!(shell_quote("-D warnings"), "'-D warnings'");
        assert_eq!(shell_quote("*"), "'*'");
        assert_eq!(shell_quote(""), "''");
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
    }

    #[test]
    fn display_shows_environment() {
        let cmd = cargo()
            .args(["doc", "--workspace"])
            .env("RUSTDOCFLAGS", "-D warnings")
            .env_remove("INSTA_FORCE_PASS");
        assert_eq!(
            cmd.to_string(),
            "env -u INSTA_FORCE_PASS RUSTDOCFLAGS='-D warnings' cargo doc --workspace"
        );
    }
}
