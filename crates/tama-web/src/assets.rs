//! The page's files, embedded in the binary: one row per file, with the
//! URL path it is served at and its content type.

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

/// Every file of the page.
pub static ASSETS: &[Asset] = &[
    Asset {
        path: "index.html",
        content_type: "text/html; charset=utf-8",
        bytes: include_bytes!("../assets/index.html"),
    },
    Asset {
        path: "style.css",
        content_type: "text/css; charset=utf-8",
        bytes: include_bytes!("../assets/style.css"),
    },
    Asset {
        path: "js/app.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../assets/js/app.js"),
    },
    Asset {
        path: "js/api.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../assets/js/api.js"),
    },
    Asset {
        path: "js/board.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../assets/js/board.js"),
    },
    Asset {
        path: "js/position.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../assets/js/position.js"),
    },
    Asset {
        path: "js/review.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../assets/js/review.js"),
    },
    Asset {
        path: "js/rules.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../assets/js/rules.js"),
    },
    Asset {
        path: "js/tree.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../assets/js/tree.js"),
    },
];

/// The embedded file served at `path` (without the leading `/`; the empty
/// path is `index.html`).
pub fn find(path: &str) -> Option<&'static Asset> {
    let path = if path.is_empty() { "index.html" } else { path };
    ASSETS.iter().find(|a| a.path == path)
}
