//! `cargo xtask web-bundle --out DIR`: the web board as a static site
//! (`tama web-bundle`), with its size raw and compressed (gzip -9, as a
//! static host would send it); `--measure` also times how long the page
//! takes to answer a click, cold and warm, in headless Chromium
//! (`crates/tama-web/bench/click.mjs`). The last line printed is the
//! folder.

use std::path::PathBuf;

use anyhow::{Context, Result};

use crate::cmd::{cargo, shell_quote, Cmd};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The folder to write (replaced if it exists).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Also measure the time until the page answers a click, cold (a new
    /// browser profile) and warm (loaded again), median of five.
    #[arg(long)]
    pub measure: bool,
}

pub fn run(args: Args) -> Result<()> {
    let out = std::path::absolute(&args.out).context("cannot resolve --out")?;
    cargo()
        .args([
            "run",
            "--quiet",
            "-p",
            "tama-cli",
            "--",
            "web-bundle",
            "--force",
            "--out",
        ])
        .arg(&out)
        .run()?;
    let mut files = Vec::new();
    let mut stack = vec![out.clone()];
    while let Some(dir) = stack.pop() {
        for entry in
            std::fs::read_dir(&dir).with_context(|| format!("cannot read {}", dir.display()))?
        {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    let (mut raw, mut packed) = (0u64, 0u64);
    println!("{:<44} {:>10} {:>10}", "file", "bytes", "gzip -9");
    for f in &files {
        let size = std::fs::metadata(f)?.len();
        let script = format!("gzip -9 -c {} | wc -c", shell_quote(&f.to_string_lossy()));
        let (gz, _) = Cmd::new("sh").args(["-c", &script]).capture_stdout()?;
        let gz: u64 = gz.trim().parse().context("gzip | wc printed no number")?;
        raw += size;
        packed += gz;
        let rel = f.strip_prefix(&out).unwrap_or(f).display().to_string();
        println!("{rel:<44} {size:>10} {gz:>10}");
    }
    println!(
        "{:<44} {raw:>10} {packed:>10}",
        format!("total ({} files)", files.len())
    );
    if args.measure {
        Cmd::new("node")
            .arg(crate::cmd::project_root().join("crates/tama-web/bench/click.mjs"))
            .arg(&out)
            .arg("5")
            .run()?;
    }
    println!("{}", out.display());
    Ok(())
}
