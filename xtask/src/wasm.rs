//! `cargo xtask wasm`: builds the WebAssembly module (`crates/tama-wasm`)
//! and the JavaScript package around it, packs the package with `npm pack`
//! and prints the tarball's path as its last line; `--test` runs the
//! package's tests (`node --test`) and installs the tarball in a fresh
//! folder to import it from there.
//!
//! The rustup toolchain has no standard library for
//! `wasm32-unknown-unknown`, and none can be downloaded here, so the module
//! is built by Debian's `cargo-web` and `rustc-web` (1.96) from the library
//! source of `rust-web-src`, with `-Zbuild-std` (`RUSTC_BOOTSTRAP=1`), and
//! linked by the `rust-lld` of the rustup toolchain. Nothing else (the
//! native build, the README's commands) uses that toolchain.
//!
//! The module and its bindings (`crates/tama-wasm/js/wasm/`) are
//! committed: `tama serve` embeds them and the static bundle copies them,
//! so neither a native build nor a user needs the web toolchain. Beside
//! them, `SOURCES` holds an FNV-1a hash of the root `Cargo.toml` and of
//! the manifest and every file under `src/` of the crates that go into the
//! module (`SOURCE_CRATES`); `--check`, and CI's `wasm` step before it
//! builds, fail when those sources changed (comments included) and the
//! module was not built again.

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};

use crate::cmd::{project_root, Cmd};
use anyhow::{bail, Context, Result};

/// The target triple of the module.
const TARGET: &str = "wasm32-unknown-unknown";
/// Debian's cargo and rustc for the web (`apt-get install cargo-web rustc-web rust-web-src`).
const DEBIAN_CARGO: &str = "/usr/bin/cargo";
const DEBIAN_RUSTC: &str = "/usr/bin/rustc";
const DEBIAN_RUSTDOC: &str = "/usr/bin/rustdoc";
/// Where the package's sources are, from the project root.
const PACKAGE_DIR: &str = "crates/tama-wasm/js";

/// Binaryen's optimiser, from the npm registry (Debian's binaryen 108 is
/// too old: it breaks wasm-bindgen's reference-typed table).
const BINARYEN: &str = "binaryen@132.0.0";

/// The file beside the generated module that names the sources it was
/// built from (a hash of them), so that a stale committed module is seen
/// without the web toolchain.
const STAMP: &str = "crates/tama-wasm/js/wasm/SOURCES";

/// The crates whose sources go into the module.
const SOURCE_CRATES: [&str; 7] = [
    "crates/tama-core",
    "crates/tama-notation",
    "crates/tama-search",
    "crates/tama-api",
    "crates/tama-puzzle",
    "crates/tama-files",
    "crates/tama-wasm",
];

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Only check that the committed module was built from the current
    /// sources (no build; needs no web toolchain).
    #[arg(long, conflicts_with_all = ["test", "bench"])]
    pub check: bool,
    /// Also run the package's tests with Node (`node --test`) and install
    /// the tarball in a fresh folder.
    #[arg(long)]
    pub test: bool,
    /// Also measure the module's speed against the native `tama` on one
    /// thread: perft leaves and engine nodes per second, in Node and in
    /// headless Chromium (Debian's chromium and chromedriver).
    #[arg(long)]
    pub bench: bool,
}

pub fn run(args: Args) -> Result<()> {
    if args.check {
        check_stamp()?;
        println!("the committed WebAssembly module is built from the current sources");
        return Ok(());
    }
    let package = build()?;
    if args.test {
        let tally = test(&package)?;
        println!(
            "node tests: {} passed, {} failed",
            tally.passed, tally.failed
        );
    }
    if args.bench {
        bench(&package)?;
    }
    println!("{}", package.tarball.display());
    Ok(())
}

/// What `build` made.
pub struct Package {
    /// The package's folder (sources and the generated `wasm/`).
    pub dir: PathBuf,
    /// The `npm pack` tarball.
    pub tarball: PathBuf,
}

/// Whether the tools of the WebAssembly build are installed; `Err` with
/// what is missing and how to install it.
pub fn tools() -> Result<Tools> {
    let mut missing = Vec::new();
    for (path, package) in [(DEBIAN_CARGO, "cargo-web"), (DEBIAN_RUSTC, "rustc-web")] {
        if !Path::new(path).exists() {
            missing.push(format!("{path} (apt-get install {package})"));
        }
    }
    let src = Path::new("/usr/lib/rustlib/src/rust/library");
    if !src.exists() {
        missing.push(format!("{} (apt-get install rust-web-src)", src.display()));
    }
    let lld = rust_lld()?;
    if !lld.exists() {
        missing.push(format!(
            "{} (the rustup toolchain's rust-lld)",
            lld.display()
        ));
    }
    let bindgen_version = locked_version("wasm-bindgen")?;
    match Cmd::new("wasm-bindgen").arg("--version").probe() {
        Ok(out) if out.status.success() => {
            let printed = String::from_utf8_lossy(&out.stdout);
            if !printed.split_whitespace().any(|w| w == bindgen_version) {
                missing.push(format!(
                    "wasm-bindgen {bindgen_version} (found {}; cargo install wasm-bindgen-cli --version {bindgen_version})",
                    printed.trim()
                ));
            }
        }
        _ => missing.push(format!(
            "wasm-bindgen (cargo install wasm-bindgen-cli --version {bindgen_version})"
        )),
    }
    if !missing.is_empty() {
        bail!("the WebAssembly build needs: {}", missing.join("; "));
    }
    Ok(Tools { lld })
}

/// The tools found by [`tools`].
pub struct Tools {
    lld: PathBuf,
}

/// The `rust-lld` of the rustup toolchain (the one running this xtask).
fn rust_lld() -> Result<PathBuf> {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| OsString::from("rustc"));
    let (sysroot, _) = Cmd::new(&rustc)
        .args(["--print", "sysroot"])
        .capture_stdout()?;
    let (host, _) = Cmd::new(&rustc)
        .args(["--print", "host-tuple"])
        .capture_stdout()?;
    Ok(Path::new(sysroot.trim())
        .join("lib/rustlib")
        .join(host.trim())
        .join("bin/rust-lld"))
}

/// The version of `crate_name` in Cargo.lock.
fn locked_version(crate_name: &str) -> Result<String> {
    let lock =
        fs::read_to_string(project_root().join("Cargo.lock")).context("cannot read Cargo.lock")?;
    let needle = format!("name = \"{crate_name}\"\nversion = \"");
    let start = lock
        .find(&needle)
        .with_context(|| format!("Cargo.lock has no {crate_name}"))?
        + needle.len();
    let end = lock[start..]
        .find('"')
        .context("Cargo.lock: unterminated version")?;
    Ok(lock[start..start + end].to_owned())
}

/// A 64-bit FNV-1a hash.
fn fnv1a(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The stamp of the module's sources: a hash of every file under `src/`
/// of the crates that go into it, their `Cargo.toml`s and the wasm
/// profile's root `Cargo.toml`, by path and bytes (tests, benches and
/// examples do not go into the module).
pub fn source_stamp() -> Result<String> {
    let root = project_root();
    let mut files = vec![root.join("Cargo.toml")];
    for krate in SOURCE_CRATES {
        files.push(root.join(krate).join("Cargo.toml"));
        let mut stack = vec![root.join(krate).join("src")];
        while let Some(dir) = stack.pop() {
            for entry in
                fs::read_dir(&dir).with_context(|| format!("cannot read {}", dir.display()))?
            {
                let path = entry?.path();
                if path.is_dir() {
                    stack.push(path);
                } else {
                    files.push(path);
                }
            }
        }
    }
    let mut named: Vec<(String, PathBuf)> = files
        .into_iter()
        .map(|p| {
            let rel = p
                .strip_prefix(root)
                .unwrap_or(&p)
                .to_string_lossy()
                .replace('\\', "/");
            (rel, p)
        })
        .collect();
    named.sort();
    let mut hash = 0xcbf2_9ce4_8422_2325_u64;
    for (rel, path) in &named {
        let bytes = fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
        hash = fnv1a(hash, rel.as_bytes());
        hash = fnv1a(hash, &[0]);
        hash = fnv1a(hash, &bytes);
    }
    Ok(format!("fnv1a64 {hash:016x} over {} files\n", named.len()))
}

/// Checks that the committed module's stamp names the current sources.
pub fn check_stamp() -> Result<()> {
    let path = project_root().join(STAMP);
    let committed =
        fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
    let current = source_stamp()?;
    if committed != current {
        bail!(
            "the committed WebAssembly module (crates/tama-wasm/js/wasm) was built from other sources \
             ({}; now {}): run `cargo xtask wasm` and commit it",
            committed.trim(),
            current.trim()
        );
    }
    Ok(())
}

/// Builds the module, generates its bindings into the package folder, and
/// packs the package.
pub fn build() -> Result<Package> {
    let tools = tools()?;
    let root = project_root();
    let target_dir = root.join("target/wasm");
    // Paths are remapped so that the module does not depend on where the
    // checkout or Cargo's home is (panic messages name source files).
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
        .unwrap_or_else(|| PathBuf::from("/root/.cargo"));
    let rustflags = format!(
        "--remap-path-prefix={}=/tama --remap-path-prefix={}=/cargo",
        root.display(),
        cargo_home.display()
    );
    Cmd::new(DEBIAN_CARGO)
        .display_as("cargo-web")
        .args([
            "build",
            "--locked",
            "-p",
            "tama-wasm",
            "--target",
            TARGET,
            "--profile",
            "wasm",
            "-Zbuild-std=std,panic_abort",
        ])
        .env("RUSTC", DEBIAN_RUSTC)
        .env("RUSTDOC", DEBIAN_RUSTDOC)
        .env("RUSTC_BOOTSTRAP", "1")
        .env("CARGO_TARGET_DIR", &target_dir)
        .env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER", &tools.lld)
        .env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS", &rustflags)
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .run()?;
    let module = target_dir.join(TARGET).join("wasm/tama_wasm.wasm");
    let dir = root.join(PACKAGE_DIR);
    let out = dir.join("wasm");
    if out.exists() {
        fs::remove_dir_all(&out).with_context(|| format!("cannot remove {}", out.display()))?;
    }
    Cmd::new("wasm-bindgen")
        .arg("--target")
        .arg("web")
        .arg("--weak-refs")
        .arg("--out-name")
        .arg("tama_wasm")
        .arg("--out-dir")
        .arg(&out)
        .arg(&module)
        .run()?;
    let bindgen_size = fs::metadata(out.join("tama_wasm_bg.wasm"))
        .context("wasm-bindgen wrote no module")?
        .len();
    optimise(&target_dir, &out.join("tama_wasm_bg.wasm"))?;
    let size = fs::metadata(out.join("tama_wasm_bg.wasm"))
        .context("wasm-opt wrote no module")?
        .len();
    println!("wasm-opt -O3: {bindgen_size} -> {size} bytes");
    // wasm-bindgen's `.gitignore` would keep the module out of the
    // repository, where the web server and the static bundle take it.
    let _ = fs::remove_file(out.join(".gitignore"));
    fs::write(root.join(STAMP), source_stamp()?).context("cannot write the module's stamp")?;
    println!("module: {size} bytes");
    let packs = target_dir.join("pkg");
    fs::create_dir_all(&packs).with_context(|| format!("cannot create {}", packs.display()))?;
    let (printed, _) = Cmd::new("npm")
        .args(["pack", "--silent", "--pack-destination"])
        .arg(&packs)
        .arg(&dir)
        .capture_stdout()?;
    let name = printed
        .lines()
        .last()
        .map(str::trim)
        .filter(|n| n.ends_with(".tgz"))
        .with_context(|| format!("npm pack printed no tarball name: {printed:?}"))?;
    Ok(Package {
        dir,
        tarball: packs.join(name),
    })
}

/// Runs Binaryen's `wasm-opt -O3` on the module in place (installed with
/// npm into `target/wasm/binaryen` on first use, at the pinned version).
/// It drops the function names and optimises what the LLVM backend left:
/// the module is 0.80 MB instead of 1.41 MB raw (0.41 MB gzipped either
/// way), perft and search speed the same within this machine's noise.
fn optimise(target_dir: &Path, module: &Path) -> Result<()> {
    let tools = target_dir.join("binaryen");
    let exe = tools.join("node_modules/.bin/wasm-opt");
    if !exe.exists() {
        fs::create_dir_all(&tools).with_context(|| format!("cannot create {}", tools.display()))?;
        Cmd::new("npm")
            .args(["install", "--silent", "--no-audit", "--no-fund", "--prefix"])
            .arg(&tools)
            .arg(BINARYEN)
            .run()?;
    }
    // wasm-opt reads the whole module before it writes its output.
    Cmd::new(&exe)
        .args([
            "-O3",
            "--enable-bulk-memory",
            "--enable-sign-ext",
            "--enable-mutable-globals",
            "--enable-nontrapping-float-to-int",
            "--enable-reference-types",
            "--enable-multivalue",
        ])
        .arg(module)
        .arg("-o")
        .arg(module)
        .run()?;
    Ok(())
}

/// The counts of a `node --test` run.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct NodeTally {
    /// Tests that passed.
    pub passed: u64,
    /// Tests that failed.
    pub failed: u64,
    /// Tests skipped.
    pub skipped: u64,
}

impl NodeTally {
    /// Reads the summary lines of the spec reporter (`ℹ pass 28`).
    fn add_line(&mut self, line: &str) {
        let mut words = line.split_whitespace();
        let (Some("ℹ"), Some(what), Some(n), None) =
            (words.next(), words.next(), words.next(), words.next())
        else {
            return;
        };
        let Ok(n) = n.parse::<u64>() else { return };
        match what {
            "pass" => self.passed += n,
            "fail" => self.failed += n,
            "skipped" => self.skipped += n,
            _ => {}
        }
    }
}

/// Runs the package's tests, then installs the tarball in a fresh folder
/// and imports it there.
pub fn test(package: &Package) -> Result<NodeTally> {
    let mut tally = NodeTally::default();
    Cmd::new("node")
        .args(["--test", "--test-reporter=spec"])
        .arg(package.dir.join("test"))
        .run_streaming(|line| tally.add_line(line))?;
    if tally.passed == 0 {
        bail!("node --test ran no test");
    }
    let scratch = tempfile::tempdir().context("cannot create a temporary folder")?;
    let folder = scratch.path();
    fs::write(
        folder.join("package.json"),
        "{\"name\": \"tama-install-check\", \"private\": true, \"type\": \"module\"}\n",
    )
    .context("cannot write the check's package.json")?;
    Cmd::new("npm")
        .args(["install", "--silent", "--no-audit", "--no-fund", "--prefix"])
        .arg(folder)
        .arg(&package.tarball)
        .run()?;
    let check = folder.join("check.js");
    fs::write(
        &check,
        "import { Board, Engine } from \"tama\";\n\
         const board = new Board(undefined, { rules: \"turkish\" });\n\
         if (board.perft(3) !== 708) throw new Error(`perft 3: ${board.perft(3)}`);\n\
         const engine = new Engine({ hash: 1 });\n\
         const move = await engine.bestMove(board, { depth: 3 });\n\
         engine.close();\n\
         if (!board.legalMoves().some((m) => m.text === move)) throw new Error(`bestmove ${move}`);\n\
         console.log(`installed package: perft 3 = 708, bestmove ${move}`);\n",
    )
    .context("cannot write the check's script")?;
    Cmd::new("node").arg(&check).run()?;
    Ok(tally)
}

/// One figure of the speed suite (crates/tama-wasm/js/bench/suite.js).
#[derive(Debug, Clone, serde::Deserialize)]
struct Figure {
    rules: String,
    depth: u32,
    #[serde(rename = "perSecond")]
    per_second: f64,
}

/// The suite's answer in one host.
#[derive(Debug, serde::Deserialize)]
struct Suite {
    host: String,
    perft: Vec<Figure>,
    search: Vec<Figure>,
}

/// Runs the speed suite in Node and Chromium and the same runs of the
/// native binary, best of three each, and prints the ratios.
fn bench(package: &Package) -> Result<()> {
    let tama = crate::tama::build_release()?;
    let mut hosts = Vec::new();
    for script in ["bench/node.mjs", "bench/chromium.mjs"] {
        let (out, _) = Cmd::new("node")
            .arg(package.dir.join(script))
            .capture_stdout()?;
        let last = out.lines().last().unwrap_or_default();
        let suite: Suite = serde_json::from_str(last)
            .with_context(|| format!("{script} printed no result: {out:?}"))?;
        hosts.push(suite);
    }
    let Some(first) = hosts.first() else {
        bail!("no host ran the suite");
    };
    println!();
    println!(
        "{:<34} {:>14} {:>14} {:>8} {:>14} {:>8}",
        "run", "native/s", "node/s", "ratio", "chromium/s", "ratio"
    );
    for (kind, figures) in [("perft", &first.perft), ("search", &first.search)] {
        for (i, f) in figures.iter().enumerate() {
            let native = best_of_three(|| native_rate(&tama, kind, &f.rules, f.depth))?;
            let mut row = format!(
                "{:<34} {:>14.0}",
                format!("{kind} {} depth {}", f.rules, f.depth),
                native
            );
            for host in &hosts {
                let list = if kind == "perft" {
                    &host.perft
                } else {
                    &host.search
                };
                let wasm = list.get(i).map_or(0.0, |g| g.per_second);
                row.push_str(&format!(" {:>14.0} {:>7.2}x", wasm, wasm / native));
            }
            println!("{row}");
        }
    }
    for host in &hosts {
        println!("host: {}", host.host);
    }
    Ok(())
}

fn best_of_three(mut f: impl FnMut() -> Result<f64>) -> Result<f64> {
    let mut best: f64 = 0.0;
    for _ in 0..3 {
        best = best.max(f()?);
    }
    Ok(best)
}

/// Leaves or nodes per second of one native run on one thread.
fn native_rate(tama: &Path, kind: &str, rules: &str, depth: u32) -> Result<f64> {
    let depth = depth.to_string();
    if kind == "perft" {
        let (out, _) = crate::tama::command(tama)
            .args([
                "perft",
                &depth,
                "--rules",
                rules,
                "--threads",
                "1",
                "--json",
            ])
            .capture_stdout()?;
        let v: serde_json::Value = serde_json::from_str(out.trim()).context("tama perft --json")?;
        return v["nps"].as_f64().context("tama perft printed no nps");
    }
    let (out, _) = crate::tama::command(tama)
        .args([
            "analyse",
            "--depth",
            &depth,
            "--rules",
            rules,
            "--threads",
            "1",
            "--hash",
            "16",
            "--json",
        ])
        .capture_stdout()?;
    let last = out.lines().last().unwrap_or_default();
    let v: serde_json::Value = serde_json::from_str(last).context("tama analyse --json")?;
    let nodes = v["nodes"].as_f64().context("no nodes")?;
    let ms = v["time_ms"].as_f64().context("no time_ms")?.max(1.0);
    Ok(nodes / ms * 1000.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tallies_the_node_summary() {
        let mut tally = NodeTally::default();
        for line in [
            "ℹ tests 30",
            "ℹ pass 28",
            "ℹ fail 2",
            "ℹ skipped 0",
            "✔ pass 3 (1ms)",
        ] {
            tally.add_line(line);
        }
        assert_eq!(
            tally,
            NodeTally {
                passed: 28,
                failed: 2,
                skipped: 0
            }
        );
    }
}
