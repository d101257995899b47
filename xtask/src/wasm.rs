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

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use xtask_util::cmd::{project_root, Cmd};

/// The target triple of the module.
const TARGET: &str = "wasm32-unknown-unknown";
/// Debian's cargo and rustc for the web (`apt-get install cargo-web rustc-web rust-web-src`).
const DEBIAN_CARGO: &str = "/usr/bin/cargo";
const DEBIAN_RUSTC: &str = "/usr/bin/rustc";
const DEBIAN_RUSTDOC: &str = "/usr/bin/rustdoc";
/// Where the package's sources are, from the project root.
const PACKAGE_DIR: &str = "crates/tama-wasm/js";

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Also run the package's tests with Node (`node --test`) and install
    /// the tarball in a fresh folder.
    #[arg(long)]
    pub test: bool,
}

pub fn run(args: Args) -> Result<()> {
    let package = build()?;
    if args.test {
        test(&package)?;
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
    let size = fs::metadata(out.join("tama_wasm_bg.wasm"))
        .context("wasm-bindgen wrote no module")?
        .len();
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

/// Runs the package's tests, then installs the tarball in a fresh folder
/// and imports it there.
pub fn test(package: &Package) -> Result<()> {
    Cmd::new("node")
        .args(["--test", "--test-reporter=spec"])
        .arg(package.dir.join("test"))
        .run()?;
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
    Ok(())
}
