//! The page's files, embedded in the binary. The build script
//! (`build.rs`) writes the table: every file under `assets/`, with its
//! content type by extension.

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
        assert!(find("../Cargo.toml").is_none());
    }
}
