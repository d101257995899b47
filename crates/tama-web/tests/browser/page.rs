//! What the browser tests share: chromedriver and chromium, the servers
//! the page comes from, and the page as a person uses it (clicks, keys,
//! what it shows, screenshots).
#![allow(dead_code)] // each test file uses part of it

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::actions::InputSource;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

pub const CHROMIUM: &str = "/usr/bin/chromium";

pub type Res<T = ()> = Result<T, Box<dyn std::error::Error>>;

pub fn find_chromedriver() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join("chromedriver"))
        .find(|p| p.is_file())
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// chromedriver as a child process, killed on drop; with the browser's
/// profile directory, removed on drop once the child has ended (`drop`
/// runs before the fields are dropped).
pub struct Driver {
    child: Child,
    pub port: u16,
    pub profile: tempfile::TempDir,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn start_driver(exe: &Path) -> Driver {
    let port = free_port();
    let child = Command::new(exe)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chromedriver");
    let profile = tempfile::Builder::new()
        .prefix("tama-browser-")
        .tempdir()
        .expect("a profile directory");
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    Driver {
        child,
        port,
        profile,
    }
}

pub fn screenshots_dir(kind: Kind) -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"));
    let dir = target.join("screenshots").join(kind.name());
    std::fs::create_dir_all(&dir).expect("create target/screenshots");
    dir
}

/// Which page the browser opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `tama serve`'s page: the native engine answers.
    Serve,
    /// The static bundle on a plain file server: the browser's engine.
    Static,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Serve => "serve",
            Kind::Static => "static",
        }
    }
}

/// A plain static file server (Python's `http.server`) for a folder, on a
/// free loopback port; stopped on drop.
pub struct FileServer {
    child: Child,
    pub port: u16,
}

impl FileServer {
    pub fn start(dir: &Path) -> FileServer {
        let port = free_port();
        let child = Command::new("python3")
            .args(["-m", "http.server", "--bind", "127.0.0.1"])
            .arg(port.to_string())
            .arg("--directory")
            .arg(dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start python3 -m http.server");
        let deadline = Instant::now() + Duration::from_secs(20);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "the file server did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
        FileServer { child, port }
    }

    pub fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for FileServer {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The browser session and what the steps share.
pub struct Page {
    pub c: Client,
    pub base: String,
    pub shots: PathBuf,
    pub kind: Kind,
}

impl Page {
    pub async fn js(&self, script: &str) -> Res<Value> {
        Ok(self.c.execute(script, vec![]).await?)
    }

    /// Waits until the JavaScript expression is truthy; fails with `what`
    /// and the page's errors when it is not within `secs`.
    pub async fn wait(&self, expr: &str, secs: u64, what: &str) -> Res<Value> {
        let deadline = Instant::now() + Duration::from_secs(secs);
        let script = format!("return ({expr});");
        loop {
            let v = self.js(&script).await?;
            let truthy = match &v {
                Value::Null => false,
                Value::Bool(b) => *b,
                Value::Number(n) => n.as_f64() != Some(0.0),
                Value::String(s) => !s.is_empty(),
                _ => true,
            };
            if truthy {
                return Ok(v);
            }
            if Instant::now() > deadline {
                let errors = self.js("return window.__errors || []").await?;
                let shown = self
                    .js("return document.querySelector('#error').textContent")
                    .await?;
                return Err(format!(
                    "timed out waiting for {what} ({expr}); page errors: {errors}; error box: {shown}"
                )
                .into());
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Clicks the element; when the page redrew it between finding and
    /// clicking (the engine lines do, many times a second), finds it again.
    pub async fn click(&self, css: &str) -> Res {
        let mut attempt = 0;
        loop {
            match self.c.find(Locator::Css(css)).await?.click().await {
                Err(e) if attempt < 20 && e.to_string().contains("stale") => attempt += 1,
                r => return Ok(r?),
            }
        }
    }

    pub async fn square(&self, sq: &str) -> Res {
        self.click(&format!("#board rect.sq[data-sq='{sq}']")).await
    }

    pub async fn text(&self, css: &str) -> Res<String> {
        let mut attempt = 0;
        loop {
            match self.c.find(Locator::Css(css)).await?.text().await {
                Err(e) if attempt < 20 && e.to_string().contains("stale") => attempt += 1,
                r => return Ok(r?),
            }
        }
    }

    pub async fn value(&self, css: &str) -> Res<String> {
        Ok(self
            .c
            .find(Locator::Css(css))
            .await?
            .prop("value")
            .await?
            .unwrap_or_default())
    }

    pub async fn set_value(&self, css: &str, value: &str) -> Res {
        self.c
            .execute(
                "document.querySelector(arguments[0]).value = arguments[1];",
                vec![json!(css), json!(value)],
            )
            .await?;
        Ok(())
    }

    pub async fn select(&self, css: &str, value: &str) -> Res {
        self.c
            .find(Locator::Css(css))
            .await?
            .select_by_value(value)
            .await?;
        Ok(())
    }

    pub async fn count(&self, css: &str) -> Res<usize> {
        Ok(self.c.find_all(Locator::Css(css)).await?.len())
    }

    /// The move texts of the record, in order.
    pub async fn record(&self) -> Res<Vec<String>> {
        let v = self
            .js("return [...document.querySelectorAll('#record .mv')].map(e => e.textContent)")
            .await?;
        Ok(serde_json::from_value(v)?)
    }

    pub async fn current(&self) -> Res<String> {
        let v = self
            .js("const e = document.querySelector('#record .mv.current'); return e ? e.textContent : ''")
            .await?;
        Ok(v.as_str().unwrap_or_default().to_string())
    }

    pub async fn fen(&self) -> Res<String> {
        self.value("#fen").await
    }

    /// Waits until the page has started (its engine chosen) and no engine
    /// move is being thought about.
    pub async fn ready(&self) -> Res {
        self.wait(
            "window.tamaState && window.tamaState.engine && !window.tamaState.thinking",
            30,
            "the page, ready for a move",
        )
        .await?;
        Ok(())
    }

    /// Opens the export dialog and returns its PDN.
    pub async fn export(&self) -> Res<String> {
        self.click("#export-btn").await?;
        self.wait(
            "document.querySelector('#export-dialog').open && document.querySelector('#export-text').value",
            10,
            "the exported PDN",
        )
        .await?;
        self.value("#export-text").await
    }

    pub async fn shot(&self, name: &str) -> Res {
        let png = self.c.screenshot().await?;
        std::fs::write(self.shots.join(format!("{name}.png")), png)?;
        Ok(())
    }

    /// Presses and releases one key on whatever has the focus.
    pub async fn key(&self, key: &str) -> Res {
        let ch = key.chars().next().expect("a key");
        let keys = fantoccini::actions::KeyActions::new("keyboard".to_string())
            .then(fantoccini::actions::KeyAction::Down { value: ch })
            .then(fantoccini::actions::KeyAction::Up { value: ch });
        self.c.perform_actions(keys).await?;
        Ok(())
    }

    pub async fn load_fen(&self, fen: &str) -> Res {
        self.set_value("#fen", fen).await?;
        self.click("#fen-load").await?;
        self.wait(
            &format!("window.tamaState.game.fen === {}", json!(fen)),
            10,
            "the position from the FEN box",
        )
        .await?;
        self.ready().await
    }
}

pub const ARROW_RIGHT: &str = "\u{E014}";
pub const ARROW_UP: &str = "\u{E013}";
pub const ARROW_DOWN: &str = "\u{E015}";
pub const ENTER: &str = "\u{E007}";
pub const START: &str = "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7";
pub const ARROW_LEFT: &str = "\u{E012}";

/// The browser and its driver, or `None` (with a message) when they are
/// missing outside CI.
pub fn browser() -> Option<PathBuf> {
    let chromium = Path::new(CHROMIUM);
    let driver_exe = find_chromedriver();
    let Some(driver_exe) = driver_exe.filter(|_| chromium.exists()) else {
        if std::env::var("CI").as_deref() == Ok("true") {
            panic!("CI=true but {CHROMIUM} or chromedriver is missing: install chromium and chromium-driver");
        }
        eprintln!("SKIPPED the browser tests: {CHROMIUM} or chromedriver not found (apt-get install chromium chromium-driver)");
        return None;
    };
    Some(driver_exe)
}

pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

/// chromium's options: headless, its profile in the driver's folder, the
/// window `width` × `height`.
pub fn capabilities(driver: &Driver, width: u32, height: u32) -> serde_json::Map<String, Value> {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".to_string(),
        json!({
            "binary": CHROMIUM,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", format!("--window-size={width},{height}"),
                format!("--user-data-dir={}", driver.profile.path().display()),
            ],
        }),
    );
    caps
}

/// A session of chromium through the driver.
pub async fn connect(driver: &Driver, width: u32, height: u32) -> Res<Client> {
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    Ok(ClientBuilder::new(connector)
        .capabilities(capabilities(driver, width, height))
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await?)
}

/// Where a scenario's page comes from.
pub enum Site {
    /// `tama serve`, in process.
    Serve(tama_web::RunningServer),
    /// The static bundle on a plain file server (the folder removed on drop).
    Static(FileServer, tempfile::TempDir),
}

impl Site {
    pub fn start(kind: Kind) -> Site {
        match kind {
            Kind::Serve => Site::Serve(
                tama_web::spawn(tama_web::Config {
                    port: 0,
                    threads: 2,
                    hash_mib: 8,
                    ..tama_web::Config::default()
                })
                .expect("start the server"),
            ),
            Kind::Static => {
                let scratch = tempfile::tempdir().expect("a folder for the bundle");
                let site = scratch.path().join("site");
                tama_web::bundle::write(&site, false).expect("write the bundle");
                Site::Static(FileServer::start(&site), scratch)
            }
        }
    }

    pub fn url(&self) -> String {
        match self {
            Site::Serve(s) => s.url(),
            Site::Static(f, _) => format!("http://127.0.0.1:{}/", f.port),
        }
    }
}

/// The languages of the page, and the two screens every scenario is seen
/// on: a laptop's and a small phone's.
pub const LANGUAGES: [&str; 4] = ["en", "hy", "ru", "tr"];
pub const SCREENS: [(u32, u32); 2] = [(1366, 768), (360, 740)];

/// One scenario of the page: its own server (of `kind`), driver and
/// browser, the page opened at `base`; `body` runs on it, and on failure
/// a screenshot `<name>-failure.png` is kept. Skipped as `browser()` says.
pub fn scenario(kind: Kind, name: &str, body: impl AsyncFnOnce(&Page) -> Res) {
    let Some(driver_exe) = browser() else { return };
    let site = Site::start(kind);
    let driver = start_driver(&driver_exe);
    let result = runtime().block_on(async {
        let c = connect(&driver, SCREENS[0].0, SCREENS[0].1).await?;
        let page = Page {
            c,
            base: site.url(),
            shots: screenshots_dir(kind),
            kind,
        };
        let result = body(&page).await;
        if result.is_err() {
            let _ = page.shot(&format!("{name}-failure")).await;
        }
        let _ = page.c.close().await;
        result
    });
    drop(driver);
    if let Site::Serve(server) = site {
        server.shutdown();
    }
    if let Err(e) = result {
        panic!("{name}: {e}");
    }
}

impl Page {
    /// Makes the page's viewport `width` × `height` CSS pixels (the
    /// window's frame, if any, added).
    pub async fn screen(&self, width: u32, height: u32) -> Res {
        self.c.set_window_size(width, height).await?;
        let v = self
            .js("return [window.innerWidth, window.innerHeight]")
            .await?;
        let [w, h]: [u32; 2] = serde_json::from_value(v)?;
        if (w, h) != (width, height) {
            self.c
                .set_window_size(
                    width + (width - w.min(width)),
                    height + (height - h.min(height)),
                )
                .await?;
        }
        self.wait(
            &format!("window.innerWidth === {width}"),
            5,
            "the window's width",
        )
        .await?;
        Ok(())
    }

    /// The page afresh: nothing remembered but the language `lang`, on a
    /// screen of `width` × `height`.
    pub async fn fresh(&self, lang: &str, (width, height): (u32, u32)) -> Res {
        self.c.goto(&self.base).await?;
        self.js(&format!(
            "localStorage.clear(); localStorage.setItem('tama.language', {});",
            json!(lang)
        ))
        .await?;
        self.c.goto(&self.base).await?;
        self.screen(width, height).await?;
        self.ready().await?;
        self.wait(
            &format!("document.documentElement.lang === {}", json!(lang)),
            10,
            "the page's language",
        )
        .await?;
        Ok(())
    }

    /// A screenshot named for the scenario, language and screen width.
    pub async fn view_shot(&self, name: &str, lang: &str, width: u32) -> Res {
        self.shot(&format!("{name}-{lang}-{width}")).await
    }

    /// The page's word `key` in language `lang` (its catalogue).
    pub fn word(lang: &str, key: &str) -> String {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("assets/i18n")
            .join(format!("{lang}.json"));
        let text = std::fs::read_to_string(path).expect("the catalogue");
        let words: Value = serde_json::from_str(&text).expect("its JSON");
        words[key]
            .as_str()
            .unwrap_or_else(|| panic!("{lang}.json has no {key}"))
            .to_owned()
    }
}
