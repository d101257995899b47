//! Embeds the page: writes `assets.rs` into `OUT_DIR`, one `Asset` row per
//! file under `assets/` (its URL path, its content type by extension, its
//! bytes), so that a new file of the page is served without a hand-kept
//! list, and one per file of the JavaScript package the page runs on
//! (`crates/tama-wasm/js`, the module built by `cargo xtask wasm` and
//! committed), served under `tama/`, one per built-in puzzle file
//! (`data/puzzles/<preset>.pdn`), served under `puzzles/`, and one per
//! opening book built into the program (tama-search's
//! `src/book/books/<preset>.tbk`, whatever files are there), served under
//! `books/`. `src/assets.rs` includes the table.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    // A directory makes Cargo rerun the script when anything under it
    // changes (a file added, removed or edited).
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    walk(&root, &mut files);
    let package = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tama-wasm/js");
    let mut rows: Vec<(String, PathBuf)> = PACKAGE_FILES
        .iter()
        .map(|name| {
            let file = package.join(name);
            println!("cargo:rerun-if-changed={}", file.display());
            assert!(
                file.exists(),
                "{}: missing; build the package with `cargo xtask wasm`",
                file.display()
            );
            (format!("tama/{name}"), file)
        })
        .collect();
    // The built-in puzzles (`data/puzzles/<preset>.pdn`, docs/PUZZLES.md),
    // served under `puzzles/` for the page's Puzzles mode.
    let puzzles = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/puzzles");
    println!("cargo:rerun-if-changed={}", puzzles.display());
    let mut pdn = Vec::new();
    walk(&puzzles, &mut pdn);
    for file in pdn {
        let name = file
            .file_name()
            .and_then(|n| n.to_str())
            .expect("puzzle file names are UTF-8")
            .to_owned();
        if name.ends_with(".pdn") {
            println!("cargo:rerun-if-changed={}", file.display());
            rows.push((format!("puzzles/{name}"), file));
        }
    }
    // The opening books built into the engine (tama-search's feature
    // `books`), served under `books/` for the browser's engine, which is
    // built without them.
    let books = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tama-search/src/book/books");
    println!("cargo:rerun-if-changed={}", books.display());
    let mut tbk = Vec::new();
    walk(&books, &mut tbk);
    for file in tbk {
        let name = file
            .file_name()
            .and_then(|n| n.to_str())
            .expect("book file names are UTF-8")
            .to_owned();
        if name.ends_with(".tbk") {
            println!("cargo:rerun-if-changed={}", file.display());
            rows.push((format!("books/{name}"), file));
        }
    }
    rows.extend(files.iter().map(|file| {
        let url = file
            .strip_prefix(&root)
            .expect("walked under the root")
            .components()
            .map(|c| c.as_os_str().to_str().expect("asset names are UTF-8"))
            .collect::<Vec<_>>()
            .join("/");
        (url, file.clone())
    }));
    // Sorted by URL path: `assets::find` searches by halves.
    rows.sort();
    let mut table = String::from("[\n");
    for (url, file) in rows {
        let _ = writeln!(
            table,
            "    Asset {{ path: {url:?}, content_type: {:?}, bytes: include_bytes!({:?}) }},",
            content_type(&url),
            file.display().to_string()
        );
    }
    table.push(']');
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("assets.rs"), table).expect("write OUT_DIR/assets.rs");
}

/// The files of the JavaScript package that run in a browser (its
/// `package.json` lists them with the type declarations; a test of
/// `src/assets.rs` checks that every one is here).
const PACKAGE_FILES: [&str; 8] = [
    "index.js",
    "errors.js",
    "engine.js",
    "load.js",
    "puzzle.js",
    "worker.js",
    "wasm/tama_wasm.js",
    "wasm/tama_wasm_bg.wasm",
];

/// The `Content-Type` of a page file by its extension; a file of another
/// kind stops the build (add its type here).
fn content_type(url: &str) -> &'static str {
    let ext = url.rsplit_once('.').map_or("", |(_, e)| e);
    match ext {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "wasm" => "application/wasm",
        "webmanifest" => "application/manifest+json",
        "ico" => "image/x-icon",
        "txt" | "pdn" => "text/plain; charset=utf-8",
        "tbk" => "application/octet-stream",
        _ => panic!("assets/{url}: no content type for this extension (add it in build.rs)"),
    }
}

/// Every file under `dir`, skipping hidden ones (editor and system files).
fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    for entry in entries {
        let entry = entry.unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
        let path = entry.path();
        if entry.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        if path.is_dir() {
            walk(&path, files);
        } else {
            files.push(path);
        }
    }
}
