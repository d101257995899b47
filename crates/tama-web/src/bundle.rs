//! The static bundle (`tama web-bundle --out DIR`): the page, the
//! JavaScript package with its WebAssembly module, the built-in puzzle
//! files, a web app manifest and a service worker, as files any static
//! file host can serve. The page
//! then runs the engine in the browser (its `config.json` says so) and
//! works offline after the first visit; nothing of it asks a server
//! (docs/API.md's endpoints are `tama serve`'s only).

use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::assets::{Asset, ASSETS};

/// The `config.json` of the bundle: the browser's engine answers, and
/// the presets whose opening book it carries (`books/<preset>.tbk`):
/// `{"engine": "browser", "books": ["armenian"]}`.
pub fn config() -> String {
    let value = PageConfig {
        engine: "browser",
        threads: None,
        tablebases: None,
        books: crate::assets::book_presets(),
    };
    // Plain data: writing it cannot fail.
    format!("{}\n", serde_json::to_string(&value).unwrap_or_default())
}

/// What the page runs on (`config.json`): the engine (`server` or
/// `browser`), the server's search slots and tables, and the presets with
/// an opening book.
#[derive(Debug, serde::Serialize)]
pub struct PageConfig {
    /// `server` or `browser`.
    pub engine: &'static str,
    /// The server's search slots.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub threads: Option<usize>,
    /// The server's tables.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tablebases: Option<bool>,
    /// The presets whose opening book the page can use.
    pub books: Vec<&'static str>,
}

/// What [`write()`] wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bundle {
    /// The folder.
    pub dir: PathBuf,
    /// Each file's path in it and size in bytes, sorted by path.
    pub files: Vec<(String, u64)>,
    /// The bundle's version: a hash of every file's path and bytes (the
    /// service worker's cache name).
    pub version: String,
}

impl Bundle {
    /// The bytes of every file together.
    pub fn total_bytes(&self) -> u64 {
        self.files.iter().map(|(_, n)| n).sum()
    }
}

/// Every file of the bundle with its bytes: the embedded page and package
/// (`sw.js` with its file list and version written in), and `config.json`.
pub fn files() -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = ASSETS
        .iter()
        .filter(|a| a.path != "sw.js")
        .map(|a: &Asset| (a.path.to_owned(), a.bytes.to_vec()))
        .collect();
    files.push(("config.json".to_owned(), config().into_bytes()));
    files.sort();
    // FNV-1a: stable across builds and platforms.
    let mut version = tama_files::Fnv1a::new();
    for (path, bytes) in &files {
        version.write(path.as_bytes());
        version.write(&[0]);
        version.write(bytes);
    }
    let version = format!("{:016x}", version.finish());
    let mut list = String::from("[");
    for (i, (path, _)) in files.iter().enumerate() {
        let sep = if i == 0 { "" } else { ", " };
        // Paths are plain ASCII names of the assets folder: no escaping.
        let _ = write!(list, "{sep}\"{path}\"");
    }
    list.push(']');
    let template = crate::assets::find("sw.js").map_or(&[][..], |a| a.bytes);
    let sw = String::from_utf8_lossy(template)
        .replace(
            "const VERSION = \"unbundled\";",
            &format!("const VERSION = \"{version}\";"),
        )
        .replace("const FILES = [];", &format!("const FILES = {list};"));
    files.push(("sw.js".to_owned(), sw.into_bytes()));
    files.sort();
    files
}

/// Writes the bundle into `dir`, which must not exist or be empty unless
/// `replace` is set (then its old content goes). The files are written
/// into a folder beside `dir` first and renamed into place at the end, so
/// an interrupted run leaves no folder that looks like a bundle.
///
/// # Errors
///
/// `dir` not empty (without `replace`), or an I/O error naming the path.
pub fn write(dir: &Path, replace: bool) -> io::Result<Bundle> {
    let named =
        |path: &Path, e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", path.display()));
    if dir.exists() {
        let empty = fs::read_dir(dir)
            .map_err(|e| named(dir, e))?
            .next()
            .is_none();
        if !empty && !replace {
            return Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                format!("{}: not empty (--force replaces it)", dir.display()),
            ));
        }
    }
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&parent).map_err(|e| named(&parent, e))?;
    let name = dir
        .file_name()
        .map_or_else(|| "bundle".into(), |n| n.to_string_lossy().into_owned());
    let staging = parent.join(format!(".{name}.partial-{}", std::process::id()));
    if staging.exists() {
        fs::remove_dir_all(&staging).map_err(|e| named(&staging, e))?;
    }
    let files = files();
    let result = (|| {
        for (path, bytes) in &files {
            let target = staging.join(path);
            if let Some(p) = target.parent() {
                fs::create_dir_all(p).map_err(|e| named(p, e))?;
            }
            fs::write(&target, bytes).map_err(|e| named(&target, e))?;
        }
        if dir.exists() {
            fs::remove_dir_all(dir).map_err(|e| named(dir, e))?;
        }
        fs::rename(&staging, dir).map_err(|e| named(dir, e))
    })();
    if let Err(e) = result {
        let _ = fs::remove_dir_all(&staging);
        return Err(e);
    }
    let sw = files
        .iter()
        .find(|(p, _)| p == "sw.js")
        .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
        .unwrap_or_default();
    let version = sw
        .split("const VERSION = \"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap_or_default()
        .to_owned();
    Ok(Bundle {
        dir: dir.to_path_buf(),
        files: files
            .into_iter()
            .map(|(p, b)| (p, b.len() as u64))
            .collect(),
        version,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundle_holds_the_page_the_package_and_a_filled_service_worker() {
        let scratch = tempfile::tempdir().unwrap();
        let dir = scratch.path().join("site");
        let bundle = write(&dir, false).unwrap();
        for f in [
            "index.html",
            "js/app.js",
            "tama/index.js",
            "tama/puzzle.js",
            "tama/wasm/tama_wasm_bg.wasm",
            "manifest.webmanifest",
            "config.json",
            "sw.js",
            "puzzles/armenian.pdn",
            "puzzles/turkish.pdn",
            "puzzles/armenian-orthogonal.pdn",
        ] {
            assert!(dir.join(f).is_file(), "{f} missing");
        }
        assert_eq!(
            fs::read_to_string(dir.join("config.json")).unwrap(),
            config()
        );
        let config: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(dir.join("config.json")).unwrap()).unwrap();
        assert_eq!(config["engine"], "browser");
        assert!(config["books"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!("armenian")));
        assert!(dir.join("books/armenian.tbk").is_file());
        let sw = fs::read_to_string(dir.join("sw.js")).unwrap();
        assert!(sw.contains(&format!("const VERSION = \"{}\";", bundle.version)));
        assert_eq!(bundle.version.len(), 16);
        // Every file but the worker itself is in its list, and nothing else.
        for (path, size) in &bundle.files {
            assert_eq!(fs::metadata(dir.join(path)).unwrap().len(), *size);
            assert_eq!(
                sw.contains(&format!("\"{path}\"")),
                path != "sw.js",
                "{path}"
            );
        }
        // Only the server's engine names the server's API.
        for (path, _) in &bundle.files {
            if path.starts_with("js/") && path != "js/engines/server.js" {
                let text = fs::read_to_string(dir.join(path)).unwrap();
                assert!(
                    !text.contains("\"api/") && !text.contains("`api/"),
                    "{path} names the API"
                );
            }
        }
        // The same content gives the same version; a second write needs
        // --force, and leaves no staging folder.
        assert!(write(&dir, false).is_err());
        let again = write(&dir, true).unwrap();
        assert_eq!(again.version, bundle.version);
        let left: Vec<_> = fs::read_dir(scratch.path()).unwrap().collect();
        assert_eq!(left.len(), 1);
    }
}
