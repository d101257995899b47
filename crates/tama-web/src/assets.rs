//! The page's files, embedded in the binary. The build script
//! (`build.rs`) writes the table: every file under `assets/`, the
//! JavaScript package's (`tama/`), the built-in puzzles (`puzzles/`) and
//! opening books (`books/<preset>.tbk`), with its content type by
//! extension.

/// One embedded file of the page.
#[derive(Clone, Copy, Debug)]
pub struct Asset {
    /// The URL path, without the leading `/` (`index.html` is also served
    /// at `/`).
    pub path: &'static str,
    /// The `Content-Type` header value.
    pub content_type: &'static str,
    /// The file's bytes.
    pub bytes: &'static [u8],
}

/// Every file of the page, sorted by path.
pub static ASSETS: &[Asset] = &include!(concat!(env!("OUT_DIR"), "/assets.rs"));

/// The embedded file served at `path` (without the leading `/`; the empty
/// path is `index.html`).
pub fn find(path: &str) -> Option<&'static Asset> {
    let path = if path.is_empty() { "index.html" } else { path };
    let i = ASSETS.binary_search_by(|a| a.path.cmp(path)).ok()?;
    Some(&ASSETS[i])
}

/// The presets whose opening book is served (`books/<preset>.tbk`): the
/// books built into the program, in the order of
/// [`Preset::ALL`](tama_core::Preset::ALL).
pub fn book_presets() -> Vec<&'static str> {
    tama_core::Preset::ALL
        .into_iter()
        .map(tama_core::Preset::name)
        .filter(|name| find(&format!("books/{name}.tbk")).is_some())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_of_the_page_is_embedded() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
        let mut on_disk = Vec::new();
        let mut stack = vec![dir.clone()];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).unwrap() {
                let p = e.unwrap().path();
                if p.file_name().unwrap().to_string_lossy().starts_with('.') {
                    continue;
                }
                if p.is_dir() {
                    stack.push(p);
                } else {
                    let rel = p.strip_prefix(&dir).unwrap().to_string_lossy();
                    on_disk.push((rel.replace('\\', "/"), std::fs::read(&p).unwrap()));
                }
            }
        }
        on_disk.sort();
        assert!(on_disk.iter().any(|(p, _)| p == "js/app.js"));
        let embedded: Vec<(String, Vec<u8>)> = ASSETS
            .iter()
            .filter(|a| {
                !["tama/", "puzzles/", "books/"]
                    .iter()
                    .any(|dir| a.path.starts_with(dir))
            })
            .map(|a| (a.path.to_string(), a.bytes.to_vec()))
            .collect();
        assert_eq!(embedded, on_disk);
        for a in ASSETS {
            assert_eq!(find(a.path).unwrap().path, a.path);
        }
        assert_eq!(find("").unwrap().path, "index.html");
        assert_eq!(
            find("style.css").unwrap().content_type,
            "text/css; charset=utf-8"
        );
        assert_eq!(
            find("js/app.js").unwrap().content_type,
            "text/javascript; charset=utf-8"
        );
        assert!(find("js/nothing.js").is_none());
        assert_eq!(
            find("tama/wasm/tama_wasm_bg.wasm").unwrap().content_type,
            "application/wasm"
        );
        assert!(find("../Cargo.toml").is_none());
    }

    /// Every built-in puzzle file is served under `puzzles/`, byte for
    /// byte, as text.
    #[test]
    fn the_puzzle_files_are_embedded() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/puzzles");
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".pdn"))
            .collect();
        names.sort();
        assert_eq!(
            names,
            ["armenian-orthogonal.pdn", "armenian.pdn", "turkish.pdn"]
        );
        for name in &names {
            let a = find(&format!("puzzles/{name}")).unwrap();
            assert_eq!(a.bytes, std::fs::read(dir.join(name)).unwrap());
            assert_eq!(a.content_type, "text/plain; charset=utf-8");
        }
        let served = ASSETS
            .iter()
            .filter(|a| a.path.starts_with("puzzles/"))
            .count();
        assert_eq!(served, names.len());
    }

    /// Every opening book built into the engine is served under `books/`,
    /// byte for byte, and no other: the browser's engine gets the same
    /// books as the server's.
    #[test]
    fn the_embedded_books_are_served() {
        let want: Vec<&str> = tama_search::book::embedded::presets()
            .into_iter()
            .map(tama_core::Preset::name)
            .collect();
        assert!(want.contains(&"armenian"), "{want:?}");
        assert_eq!(book_presets(), want);
        // And no other book file.
        let files = ASSETS
            .iter()
            .filter(|a| a.path.starts_with("books/"))
            .count();
        assert_eq!(files, want.len());
        for name in want {
            let a = find(&format!("books/{name}.tbk")).unwrap();
            assert_eq!(a.content_type, "application/octet-stream");
            let preset = tama_core::Preset::ALL
                .into_iter()
                .find(|p| p.name() == name)
                .unwrap();
            let book = tama_search::book::Book::from_bytes(a.bytes, Some(preset)).unwrap();
            assert_eq!(
                Some(book),
                tama_search::book::embedded::embedded(preset).map(|b| (*b).clone())
            );
        }
    }

    /// The package's runtime files (`package.json`'s `files` but the type
    /// declarations and the README) are all served under `tama/`, as they
    /// are on disk.
    #[test]
    fn the_package_the_page_runs_on_is_embedded() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tama-wasm/js");
        let manifest: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dir.join("package.json")).unwrap()).unwrap();
        let files: Vec<&str> = manifest["files"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|f| f.as_str())
            .filter(|f| f.ends_with(".js") || f.ends_with(".wasm"))
            .collect();
        assert!(files.len() >= 7, "{files:?}");
        let served: Vec<&str> = ASSETS
            .iter()
            .filter_map(|a| a.path.strip_prefix("tama/"))
            .collect();
        let mut want = files.clone();
        want.sort_unstable();
        assert_eq!(served, want);
        for f in files {
            let a = find(&format!("tama/{f}")).unwrap();
            assert_eq!(a.bytes, std::fs::read(dir.join(f)).unwrap(), "{f}");
        }
    }
}
