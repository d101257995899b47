//! The page in a real browser: Debian's `chromium` driven by `chromedriver`
//! over WebDriver (fantoccini), twice: against `tama serve` (a server
//! started in-process on port 0, its native engine answering), and against
//! the static bundle (`tama web-bundle`) served by a plain static file
//! server (Python's `http.server`) with no tama process running, the
//! engine in the browser. Each step clicks and types as a person does and
//! checks what the page shows; a screenshot of each step goes to
//! `target/screenshots/serve/` and `target/screenshots/static/`.
//!
//! Skipped, with a message, when `/usr/bin/chromium` or `chromedriver` is
//! missing, except under `CI=true`, where a missing browser fails.

#[path = "browser/first_hour.rs"]
mod first_hour;
#[path = "browser/page.rs"]
mod page;

use std::path::Path;
use std::time::{Duration, Instant};

use fantoccini::actions::InputSource;
use fantoccini::Locator;
use page::*;
use serde_json::{json, Value};

#[test]
fn the_page_of_tama_serve_in_a_real_browser() {
    let Some(driver_exe) = browser() else { return };
    let server = tama_web::spawn(tama_web::Config {
        port: 0,
        threads: 2,
        hash_mib: 8,
        ..tama_web::Config::default()
    })
    .expect("start the server");
    let driver = start_driver(&driver_exe);
    let result = runtime().block_on(run(&server.url(), &driver, Kind::Serve, None));
    server.shutdown();
    drop(driver);
    if let Err(e) = result {
        panic!("{e}");
    }
}

#[test]
fn the_static_page_in_a_real_browser_with_no_server_of_tama() {
    let Some(driver_exe) = browser() else { return };
    let scratch = tempfile::tempdir().expect("a folder for the bundle");
    let site = scratch.path().join("site");
    tama_web::bundle::write(&site, false).expect("write the bundle");
    let files = FileServer::start(&site);
    let base = format!("http://127.0.0.1:{}/", files.port);
    let driver = start_driver(&driver_exe);
    let result = runtime().block_on(run(&base, &driver, Kind::Static, Some(files)));
    drop(driver);
    if let Err(e) = result {
        panic!("{e}");
    }
}

async fn run(base: &str, driver: &Driver, kind: Kind, files: Option<FileServer>) -> Res {
    let c = connect(driver, 1360, 960).await?;
    let page = Page {
        c,
        base: base.to_string(),
        shots: screenshots_dir(kind),
        kind,
    };
    let result = match files {
        None => steps(&page).await,
        Some(files) => static_steps(&page, files).await,
    };
    if result.is_err() {
        let _ = page.shot("failure").await;
    }
    let _ = page.c.close().await;
    result
}

/// The static page: every step of `tama serve`'s page, a whole game
/// against the browser's engine, no request to the API, and the page
/// again with the file server gone.
async fn static_steps(p: &Page, mut files: FileServer) -> Res {
    steps(p).await?;
    whole_game(p)
        .await
        .map_err(|e| format!("whole_game: {e}"))?;
    no_api_requests(p)
        .await
        .map_err(|e| format!("no_api_requests: {e}"))?;
    offline(p, &mut files)
        .await
        .map_err(|e| format!("offline: {e}"))?;
    Ok(())
}

async fn steps(p: &Page) -> Res {
    let t = Instant::now();
    open(p).await.map_err(|e| format!("open: {e}"))?;
    play_against_the_engine(p)
        .await
        .map_err(|e| format!("play_against_the_engine: {e}"))?;
    ambiguous_capture(p)
        .await
        .map_err(|e| format!("ambiguous_capture: {e}"))?;
    game_over_banner(p)
        .await
        .map_err(|e| format!("game_over_banner: {e}"))?;
    import_and_variations(p)
        .await
        .map_err(|e| format!("import_and_variations: {e}"))?;
    analysis(p).await.map_err(|e| format!("analysis: {e}"))?;
    book(p).await.map_err(|e| format!("book: {e}"))?;
    whole_game_analysis(p)
        .await
        .map_err(|e| format!("whole_game_analysis: {e}"))?;
    editor(p).await.map_err(|e| format!("editor: {e}"))?;
    keyboard_and_flip(p)
        .await
        .map_err(|e| format!("keyboard_and_flip: {e}"))?;
    rules(p).await.map_err(|e| format!("rules: {e}"))?;
    if p.kind == Kind::Serve {
        browser_engine_under_serve(p)
            .await
            .map_err(|e| format!("browser_engine_under_serve: {e}"))?;
    }
    clocks(p).await.map_err(|e| format!("clocks: {e}"))?;
    pondering(p).await.map_err(|e| format!("pondering: {e}"))?;
    narrow(p).await.map_err(|e| format!("narrow: {e}"))?;
    languages(p).await.map_err(|e| format!("languages: {e}"))?;
    puzzles(p).await.map_err(|e| format!("puzzles: {e}"))?;
    eprintln!("browser steps took {:.1} s", t.elapsed().as_secs_f64());
    Ok(())
}

async fn open(p: &Page) -> Res {
    p.c.goto(&p.base).await?;
    p.ready().await?;
    assert_eq!(p.count("#board rect.sq").await?, 64);
    assert_eq!(p.count("#board .piece.white").await?, 16);
    assert_eq!(p.count("#board .piece.black").await?, 16);
    assert_eq!(p.text("#status").await?, "White to move");
    // The page says which engine answers.
    let engine = p.text("#engine-name").await?;
    match p.kind {
        Kind::Serve => assert!(engine.starts_with("tama serve (native"), "{engine}"),
        Kind::Static => assert!(engine.starts_with("in this browser"), "{engine}"),
    }
    // Page weight: every file the page loaded, as transferred (with
    // headers), API calls aside. `tama serve` compresses: the WebAssembly
    // module (1.4 MB) goes as about 400 KB; the budget is 600 KB. A plain
    // file server sends the files as they are: 2 MB.
    let v = p
        .js("const e = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].filter(r => !r.name.includes('/api/')); return [e.length, e.reduce((s, r) => s + r.transferSize, 0), e.reduce((s, r) => s + r.decodedBodySize, 0)]")
        .await?;
    let [files, transferred, decoded]: [u64; 3] = serde_json::from_value(v)?;
    eprintln!(
        "{}: page weight: {files} files, {transferred} bytes transferred ({decoded} bytes uncompressed)",
        p.kind.name()
    );
    assert!(files >= 9, "{files} files");
    if p.kind == Kind::Serve {
        assert!(
            transferred < decoded,
            "the files are not compressed: {transferred} of {decoded} bytes"
        );
        assert!(transferred <= 600_000, "page weight {transferred} bytes");
    } else {
        assert!(transferred <= 2_000_000, "page weight {transferred} bytes");
    }
    p.shot("00-open").await?;
    Ok(())
}

async fn play_against_the_engine(p: &Page) -> Res {
    p.select("#level", "l:2").await?;
    // Select c3: its three destinations are shown.
    p.square("c3").await?;
    let mut dests: Vec<String> = serde_json::from_value(
        p.js("return [...document.querySelectorAll('[data-dest]')].map(e => e.dataset.dest)")
            .await?,
    )?;
    dests.sort();
    assert_eq!(dests, ["b4", "c4", "d4"]);
    p.square("c4").await?;
    // The engine answers with Black's move.
    p.wait(
        "document.querySelectorAll('#record .mv').length === 2",
        20,
        "the engine's answer",
    )
    .await?;
    p.ready().await?;
    let rec = p.record().await?;
    assert_eq!(rec[0], "c3-c4");
    assert_eq!(p.current().await?, rec[1]);
    assert_eq!(p.text("#status").await?, "White to move");
    // Drag a piece: pointer down on d3, move, up on d4.
    let d3 =
        p.c.find(Locator::Css("#board rect.sq[data-sq='d3']"))
            .await?;
    let d4 =
        p.c.find(Locator::Css("#board rect.sq[data-sq='d4']"))
            .await?;
    let actions = fantoccini::actions::MouseActions::new("mouse".to_string())
        .then(fantoccini::actions::PointerAction::MoveToElement {
            element: d3,
            duration: None,
            x: 0.0,
            y: 0.0,
        })
        .then(fantoccini::actions::PointerAction::Down {
            button: fantoccini::actions::MOUSE_BUTTON_LEFT,
        })
        .then(fantoccini::actions::PointerAction::MoveToElement {
            element: d4.clone(),
            duration: Some(Duration::from_millis(150)),
            x: 0.0,
            y: 0.0,
        })
        .then(fantoccini::actions::PointerAction::Up {
            button: fantoccini::actions::MOUSE_BUTTON_LEFT,
        });
    p.c.perform_actions(actions).await?;
    p.wait(
        "document.querySelectorAll('#record .mv').length === 4",
        20,
        "the dragged move and the engine's answer",
    )
    .await?;
    p.ready().await?;
    assert_eq!(p.record().await?[2], "d3-d4");
    // Select a piece that can move: its destinations are shown.
    let from = p
        .js("return window.tamaState.node.known.legal.moves[0].from")
        .await?;
    p.square(from.as_str().unwrap_or("a3")).await?;
    assert!(p.count("[data-dest]").await? >= 1);
    p.shot("01-play").await?;
    p.key("\u{E00C}").await?; // Escape: nothing selected
    assert_eq!(p.count("[data-dest]").await?, 0);
    // Take back: the engine's reply and my move go.
    p.click("#takeback").await?;
    p.ready().await?;
    assert_eq!(p.record().await?.len(), 2);
    assert_eq!(p.text("#status").await?, "White to move");
    // Play Black in a new game: the board turns and the engine opens.
    p.select("#human-color", "b").await?;
    p.click("#new-game").await?;
    p.wait(
        "document.querySelectorAll('#record .mv').length === 1",
        20,
        "the engine's first move as White",
    )
    .await?;
    p.ready().await?;
    assert_eq!(p.text("#status").await?, "Black to move");
    assert!(p.js("return window.tamaState.flip").await?.as_bool() == Some(true));
    p.shot("01b-play-black").await?;
    p.select("#human-color", "w").await?;
    Ok(())
}

async fn ambiguous_capture(p: &Page) -> Res {
    p.click(".tabs button[data-mode='two']").await?;
    // Two captures from b6 end on g8 (RULES.md's flying king): one takes
    // e1, the other e2.
    p.load_fen("W:Wf4,Kb6:BKe1,Ke2,b5,Ke7,g7").await?;
    p.square("b6").await?;
    assert_eq!(p.count("[data-dest]").await?, 1);
    p.square("g8").await?;
    // Not played yet: the landing squares that tell them apart are shown.
    assert_eq!(p.record().await?.len(), 0);
    let mut hints: Vec<String> = serde_json::from_value(
        p.js("return [...document.querySelectorAll('[data-hint]')].map(e => e.dataset.hint)")
            .await?,
    )?;
    hints.sort();
    assert_eq!(hints, ["b1", "b2", "g1", "g2"]);
    p.shot("02-ambiguous-capture").await?;
    p.square("b2").await?;
    p.ready().await?;
    assert_eq!(p.record().await?, ["b6xb2xg2xg8"]);
    let mut captured: Vec<String> = serde_json::from_value(
        p.js(
            "return [...document.querySelectorAll('[data-captured]')].map(e => e.dataset.captured)",
        )
        .await?,
    )?;
    captured.sort();
    assert_eq!(captured, ["b5", "e2", "g7"]);
    assert_eq!(p.fen().await?, "B:Wf4,Kg8:BKe1,Ke7");
    // RULES.md's flying king: five captures; d1xd8 passes over d7, where
    // d1xd7 ends: clicking d7 plays d1xd7.
    p.load_fen("W:WKd1:Bd3,b4,f4,d6").await?;
    p.square("d1").await?;
    let mut dests: Vec<String> = serde_json::from_value(
        p.js("return [...document.querySelectorAll('[data-dest]')].map(e => e.dataset.dest)")
            .await?,
    )?;
    dests.sort();
    assert_eq!(dests, ["a4", "d7", "d8", "g4", "h4"]);
    p.square("d7").await?;
    p.ready().await?;
    assert_eq!(p.record().await?, ["d1xd7"]);
    Ok(())
}

async fn game_over_banner(p: &Page) -> Res {
    p.load_fen("W:Wc6:Bc7").await?;
    let banner = p.c.find(Locator::Css("#banner")).await?;
    assert!(!banner.is_displayed().await?);
    p.square("c6").await?;
    p.square("c8").await?;
    p.ready().await?;
    p.wait(
        "!document.querySelector('#banner').hidden",
        10,
        "the game-over banner",
    )
    .await?;
    assert_eq!(
        p.text("#banner").await?,
        "Game over. White wins: no legal move"
    );
    p.shot("02b-game-over").await?;
    // The result and the set-up position go into the export.
    let pdn = p.export().await?;
    assert!(pdn.contains("[Result \"1-0\"]"), "{pdn}");
    assert!(pdn.contains("[SetUp \"1\"]\n[FEN \"W:Wc6:Bc7\"]"), "{pdn}");
    assert!(pdn.ends_with("1. c6xc8 1-0\n\n"), "{pdn}");
    p.click("#export-close").await?;
    Ok(())
}

const IMPORT: &str = r#"[Event "Browser test"]
[White "A"]
[Black "B"]
[Result "*"]

1. c3-c4 {a comment} f6-f5 (1... a6-a5 2. a3-a4) 2. b3-b4 *

[Event "Second game"]
[White "C"]
[Black "D"]
[Result "1-0"]

1. a3-a4 1-0
"#;

async fn import_and_variations(p: &Page) -> Res {
    // The PDN comes from a file chosen in the dialog.
    let dir = tempfile::tempdir()?;
    let file = dir.path().join("import.pdn");
    std::fs::write(&file, IMPORT)?;
    p.click("#import-btn").await?;
    p.c.find(Locator::Css("#import-file"))
        .await?
        .send_keys(&file.display().to_string())
        .await?;
    p.wait(
        "document.querySelector('#import-text').value.startsWith('[Event \"Browser test\"]')",
        10,
        "the file's text in the dialog",
    )
    .await?;
    drop(dir);
    p.click("#import-go").await?;
    // Two games: the page offers a choice.
    p.wait(
        "document.querySelectorAll('#import-games button').length === 2",
        10,
        "the list of games",
    )
    .await?;
    p.shot("03a-import-choice").await?;
    p.click("#import-games button[data-game='0']").await?;
    p.wait(
        "window.tamaState.game.tags.Event === 'Browser test'",
        10,
        "the chosen game",
    )
    .await?;
    p.ready().await?;
    assert_eq!(
        p.record().await?,
        ["c3-c4", "f6-f5", "a6-a5", "a3-a4", "b3-b4"]
    );
    // Step through the main line with the arrow keys.
    p.key(ARROW_RIGHT).await?;
    assert_eq!(p.current().await?, "c3-c4");
    p.key(ARROW_RIGHT).await?;
    assert_eq!(p.current().await?, "f6-f5");
    p.key(ARROW_RIGHT).await?;
    assert_eq!(p.current().await?, "b3-b4");
    p.key(ARROW_LEFT).await?;
    p.key(ARROW_LEFT).await?;
    // Into the variation: click its first move, then forward.
    p.click("#record .var .mv").await?;
    assert_eq!(p.current().await?, "a6-a5");
    p.key(ARROW_RIGHT).await?;
    assert_eq!(p.current().await?, "a3-a4");
    p.ready().await?;
    assert_eq!(
        p.fen().await?,
        "B:Wa2,b2,c2,d2,e2,f2,g2,h2,b3,d3,e3,f3,g3,h3,a4,c4:Ba5,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7"
    );
    // A different move after 1... f6-f5 makes a new variation; the main
    // line keeps b3-b4.
    p.click("#record .mv[data-id]").await?; // c3-c4
    p.key(ARROW_RIGHT).await?; // f6-f5
    p.ready().await?;
    p.square("d3").await?;
    p.square("d4").await?;
    p.ready().await?;
    assert_eq!(
        p.record().await?,
        ["c3-c4", "f6-f5", "a6-a5", "a3-a4", "b3-b4", "d3-d4"]
    );
    assert_eq!(p.current().await?, "d3-d4");
    p.shot("03-variations").await?;
    // Export: the canonical PDN (the package's writer), with the comment
    // and both variations.
    let pdn = p.export().await?;
    p.shot("03b-export").await?;
    assert_eq!(
        pdn,
        "[Event \"Browser test\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\
         [GameType \"44,W,8,8,A0,0\"]\n[Rules \"armenian\"]\n\n\
         1. c3-c4 {a comment} 1... f6-f5 ( 1... a6-a5 2. a3-a4 ) 2. b3-b4 ( 2. d3-d4 ) *\n\n"
    );
    p.click("#export-close").await?;
    Ok(())
}

async fn analysis(p: &Page) -> Res {
    p.key(ARROW_LEFT).await?; // after 1... f6-f5
    p.click(".tabs button[data-mode='analysis']").await?;
    p.wait(
        "document.querySelectorAll('#engine-lines .line .score').length >= 1",
        20,
        "an engine line",
    )
    .await?;
    p.wait(
        "!document.querySelector('#evalbar').hidden && document.querySelector('#evalbar .num').textContent",
        10,
        "the evaluation bar",
    )
    .await?;
    p.wait(
        "/^depth [0-9]+$/.test(document.querySelector('#engine-depth').textContent)",
        10,
        "the depth",
    )
    .await?;
    let score = p.text("#engine-lines .line .score").await?;
    assert!(
        score.starts_with('+') || score.starts_with('-') || score.contains('#'),
        "{score}"
    );
    // Five lines (multi-PV 5): the analysis restarts with them.
    p.select("#multipv", "5").await?;
    p.wait(
        "document.querySelectorAll('#engine-lines .line .score').length === 5",
        20,
        "five lines (multi-PV 5)",
    )
    .await?;
    p.shot("04-analysis").await?;
    // Clicking a line's first move plays it. The lines are redrawn at
    // every iteration: try again when the element went stale.
    let mut first = String::new();
    for attempt in 0.. {
        let el =
            p.c.find(Locator::Css("#engine-lines .line .pv-move"))
                .await?;
        let clicked = async {
            first = el.text().await?;
            el.click().await
        }
        .await;
        match clicked {
            Ok(()) => break,
            Err(e) if attempt < 20 && e.to_string().contains("stale") => continue,
            Err(e) => return Err(e.into()),
        }
    }
    p.wait(
        &format!(
            "document.querySelector('#record .mv.current') && document.querySelector('#record .mv.current').textContent === {}",
            json!(first)
        ),
        10,
        "the clicked engine move on the board",
    )
    .await?;
    p.click("#engine-toggle + span").await?;
    assert!(
        !p.c.find(Locator::Css("#engine-toggle"))
            .await?
            .is_selected()
            .await?
    );
    Ok(())
}

/// The Book list of the engine's panel, as the page shows it: each move's
/// text, score (from White's side) and weight.
async fn book_list(p: &Page) -> Res<Vec<(String, String, String)>> {
    let v = p
        .js("return [...document.querySelectorAll('#book-moves .book-move')].map(e => [e.querySelector('.pv').textContent, e.querySelector('.score').textContent, e.querySelector('.weight').textContent])")
        .await?;
    Ok(serde_json::from_value(v)?)
}

/// Turns the play option "Opening book" on or off (it is remembered).
async fn book_option(p: &Page, on: bool) -> Res {
    if p.js("return document.querySelector('#book-opt').checked")
        .await?
        != json!(on)
    {
        p.click("#book-opt").await?;
    }
    assert_eq!(p.js("return window.tamaState.book.on").await?, json!(on));
    Ok(())
}

/// The opening book with the page's engine (the server's under `tama
/// serve`, the browser's in the static page): the start position's book
/// moves with their values and weights in the analysis panel, a click
/// playing one; in play the engine's first move comes from the book and
/// is marked so, unless the option "Opening book" is off.
async fn book(p: &Page) -> Res {
    p.click(".tabs button[data-mode='analysis']").await?;
    p.load_fen(START).await?;
    assert_eq!(
        p.js("return window.tamaState.game.rules").await?,
        "armenian"
    );
    p.wait(
        "document.querySelectorAll('#engine-book:not([hidden]) #book-moves .book-move').length >= 2",
        30,
        "the start position's book moves",
    )
    .await?;
    let list = book_list(p).await?;
    let legal: Vec<String> = serde_json::from_value(
        p.js("return window.tamaState.node.known.legal.moves.map(m => m.move)")
            .await?,
    )?;
    let mut last = f64::INFINITY;
    for (mv, score, weight) in &list {
        assert!(legal.contains(mv), "{mv} is not legal: {list:?}");
        // White to move: the values are White's, best first.
        let value: f64 = score.parse().map_err(|_| format!("score {score}"))?;
        assert!(value <= last, "not best first: {list:?}");
        last = value;
        assert!(weight.starts_with("weight "), "{weight}");
    }
    // The same moves as the engine's source gives: the API under `tama
    // serve`, the package's Book over books/armenian.tbk in the static page.
    let source = match p.kind {
        Kind::Serve => "return fetch('api/book?rules=armenian').then(r => r.json()).then(b => b.moves.map(m => m.move.move))",
        Kind::Static => "return import('./js/tama.js').then(async (t) => new t.Book(await (await fetch('books/armenian.tbk')).arrayBuffer()).moves(new t.Board()).map(m => String(m.move)))",
    };
    let want: Vec<String> = serde_json::from_value(p.js(source).await?)?;
    let shown: Vec<String> = list.iter().map(|(m, _, _)| m.clone()).collect();
    assert_eq!(shown, want);
    // With the engine's lines beside it.
    p.click("#engine-toggle + span").await?;
    p.wait(
        "document.querySelectorAll('#engine-lines .line .score').length >= 1 && window.tamaState.analysis.depth >= 3",
        30,
        "the engine's lines beside the book",
    )
    .await?;
    p.shot("05-book").await?;
    // On a phone's screen the list fits the page's width.
    p.c.set_window_size(390, 844).await?;
    p.wait("window.innerWidth < 500", 5, "the narrow window")
        .await?;
    let v = p
        .js("return [document.documentElement.scrollWidth, window.innerWidth, document.querySelector('#book-moves').getBoundingClientRect().right]")
        .await?;
    let [scroll_width, width, right]: [f64; 3] = serde_json::from_value(v)?;
    assert!(
        scroll_width <= width && right <= width,
        "page {scroll_width} px, book list to {right} px, in a {width} px window"
    );
    p.js("document.querySelector('#engine-book').scrollIntoView()")
        .await?;
    p.shot("05c-book-phone").await?;
    p.c.set_window_size(1360, 960).await?;
    p.js("window.scrollTo(0, 0)").await?;
    p.click("#engine-toggle + span").await?;
    // A click on a book move plays it; the book goes on after it.
    p.click("#book-moves .book-move").await?;
    p.wait(
        &format!(
            "document.querySelector('#record .mv.current') && document.querySelector('#record .mv.current').textContent === {}",
            json!(list[0].0)
        ),
        10,
        "the clicked book move on the board",
    )
    .await?;
    p.wait(
        "window.tamaState.book.forNode === window.tamaState.node && document.querySelectorAll('#book-moves .book-move').length >= 1",
        30,
        "the book's answers to its move",
    )
    .await?;
    // Out of the book: no list.
    p.load_fen("W:Wc3,e3:Bd6,f6").await?;
    p.wait(
        "window.tamaState.book.forNode === window.tamaState.node && document.querySelector('#engine-book').hidden",
        10,
        "no book list out of the book",
    )
    .await?;
    // In play, the engine (White) opens from the book, and the record says so.
    p.load_fen(START).await?;
    p.click(".tabs button[data-mode='play']").await?;
    book_option(p, true).await?;
    p.select("#human-color", "b").await?;
    p.click("#new-game").await?;
    p.wait(
        "document.querySelectorAll('#record .mv').length === 1 && !window.tamaState.thinking",
        30,
        "the engine's first move",
    )
    .await?;
    let first = p.record().await?.remove(0);
    assert!(
        want.contains(&first),
        "{first} is not a book move: {want:?}"
    );
    assert_eq!(
        p.js("return window.tamaState.node.book === true").await?,
        true
    );
    assert_eq!(p.count("#record .book-tag").await?, 1);
    assert_eq!(p.text("#record .book-tag").await?, "book");
    p.shot("05b-book-move").await?;
    // The option off (and remembered): a search, no mark.
    book_option(p, false).await?;
    assert_eq!(
        p.js("return localStorage.getItem('tama.book')").await?,
        "off"
    );
    p.click("#new-game").await?;
    p.wait(
        "document.querySelectorAll('#record .mv').length === 1 && !window.tamaState.thinking",
        30,
        "the engine's first move, searched",
    )
    .await?;
    assert_eq!(
        p.js("return window.tamaState.node.book === true").await?,
        false
    );
    assert_eq!(p.count("#record .book-tag").await?, 0);
    book_option(p, true).await?;
    p.select("#human-color", "w").await?;
    p.click(".tabs button[data-mode='analysis']").await?;
    Ok(())
}

async fn whole_game_analysis(p: &Page) -> Res {
    p.click("#import-btn").await?;
    p.set_value(
        "#import-text",
        "[Event \"Review\"]\n[Result \"*\"]\n\n1. a3-b4 e6-e5 2. f3-g4 g6-h5 3. b4-c5 c6xc4 4. c3xc5 e5-f5 5. d3-c3 h5-g5 6. g4xc8 d7-e6 *\n",
    )
    .await?;
    p.click("#import-go").await?;
    p.wait(
        "window.tamaState.game.tags.Event === 'Review'",
        10,
        "the imported game",
    )
    .await?;
    p.ready().await?;
    let moves = p.record().await?.len();
    assert_eq!(moves, 12);
    p.select("#review-level", "d:2").await?;
    p.click("#review-btn").await?;
    // One review by the engine in use: the progress bar while it runs,
    // then the summary; the graph grows as the verdicts arrive.
    p.wait(
        "!document.querySelector('#review-summary').hidden",
        60,
        "the review's summary",
    )
    .await?;
    assert!(
        p.js("return document.querySelector('#review-progress').hidden")
            .await?
            .as_bool()
            == Some(true)
    );
    assert!(
        p.js("return document.querySelector('#graph').hasAttribute('hidden')")
            .await?
            .as_bool()
            == Some(false)
    );
    assert_eq!(p.count("#graph polyline.g-line").await?, 1);
    let summary = p.text("#review-summary").await?;
    assert!(
        summary.starts_with("White: ") && summary.contains("blunder"),
        "{summary}"
    );
    // A point per position: the start and the twelve moves.
    let points = p
        .js("return document.querySelector('#graph polyline').getAttribute('points').split(' ').length")
        .await?;
    assert_eq!(points, json!(13));
    // h5-g5 gives away three men: a blunder.
    p.wait(
        "[...document.querySelectorAll('#record .mv')].some(e => e.textContent === 'h5-g5??')",
        5,
        "the blunder mark",
    )
    .await?;
    // Every move has the engine's comment.
    assert_eq!(p.count("#record .comment").await?, moves);
    p.click("#graph").await?; // the middle of the game
    p.wait(
        "document.querySelector('#record .mv.current')",
        5,
        "a move chosen by the graph",
    )
    .await?;
    p.shot("05-game-analysis").await?;
    let pdn = p.export().await?;
    assert!(pdn.contains("1. a3-b4 {"), "{pdn}");
    assert!(pdn.contains(" line "), "{pdn}");
    assert!(pdn.contains("h5-g5?? {"), "{pdn}");
    p.click("#export-close").await?;
    Ok(())
}

async fn editor(p: &Page) -> Res {
    p.click(".tabs button[data-mode='edit']").await?;
    p.click("#editor-clear").await?;
    p.select("#editor-turn", "w").await?;
    p.click("#palette button[data-piece='wm']").await?;
    p.square("h8").await?; // a man on its own promotion rank
    p.click("#palette button[data-piece='bk']").await?;
    p.square("a1").await?;
    p.click("#editor-done").await?;
    p.wait(
        "document.querySelector('#editor-error').textContent",
        10,
        "the FEN reader's message",
    )
    .await?;
    let msg = p.text("#editor-error").await?;
    assert!(msg.contains("h8"), "{msg}");
    p.shot("06-editor").await?;
    // Make it a king: accepted, the analysis board shows it.
    p.click("#palette button[data-piece='wk']").await?;
    p.square("h8").await?;
    p.click("#editor-done").await?;
    p.wait(
        "window.tamaState.mode === 'analysis' && window.tamaState.game.fen === 'W:WKh8:BKa1'",
        10,
        "the edited position",
    )
    .await?;
    p.click("#engine-toggle + span").await?;
    Ok(())
}

async fn rules(p: &Page) -> Res {
    p.click(".tabs button[data-mode='two']").await?;
    p.load_fen(START).await?;
    open_rules(p).await?;
    // The dialog is built from the package's table (rulesTable()).
    let presets: Vec<String> = serde_json::from_value(
        p.js("return [...document.querySelectorAll('#preset option')].map(e => e.value)")
            .await?,
    )?;
    assert_eq!(presets, ["armenian", "turkish", "armenian-orthogonal"]);
    assert_eq!(p.count("#switches select").await?, 7);
    assert!(p
        .text("#switches label")
        .await?
        .contains("Men may also step diagonally forward"));
    p.select("#preset", "turkish").await?;
    // The preset's switches come from the table too.
    assert_eq!(p.value("#sw-man-diagonal").await?, "no");
    assert_eq!(p.value("#sw-draw-one-each").await?, "yes");
    p.click("#rules-apply").await?;
    p.wait(
        "window.tamaState.game.rules === 'turkish'",
        10,
        "the Turkish rules",
    )
    .await?;
    p.ready().await?;
    assert_eq!(p.text("#rules-label").await?, "Turkish");
    // Turkish men do not step diagonally: c3 has one destination.
    p.square("c3").await?;
    let dests: Vec<String> = serde_json::from_value(
        p.js("return [...document.querySelectorAll('[data-dest]')].map(e => e.dataset.dest)")
            .await?,
    )?;
    assert_eq!(dests, ["c4"]);
    p.square("c4").await?;
    p.ready().await?;
    let pdn = p.export().await?;
    assert!(
        pdn.contains("[GameType \"30,W,8,8,A0,0\"]\n[Rules \"turkish\"]\n"),
        "{pdn}"
    );
    assert!(pdn.contains("1. c3-c4 *"), "{pdn}");
    p.shot("09-rules-turkish").await?;
    p.click("#export-close").await?;
    // Switches on top of a preset: the package writes the rules text (its
    // canonical PDN carries the same text).
    open_rules(p).await?;
    // The dialog shows the game's rules, read by the package.
    assert_eq!(p.value("#preset").await?, "turkish");
    assert_eq!(p.value("#sw-draw-one-each").await?, "yes");
    p.shot("10-rules-dialog").await?;
    p.select("#preset", "armenian").await?;
    p.select("#sw-promotion", "midway").await?;
    p.select("#sw-removal", "end-of-move").await?;
    p.click("#rules-apply").await?;
    let rules = "armenian,removal=end-of-move,promotion=midway";
    p.wait(
        &format!("window.tamaState.game.rules === {}", json!(rules)),
        10,
        "the rules with two switches",
    )
    .await?;
    p.ready().await?;
    // RULES.md: with promotion=midway the man goes on capturing as a king.
    p.load_fen("W:Wd6:BKa1,d7,f8").await?;
    p.square("d6").await?;
    p.square("h8").await?;
    p.ready().await?;
    assert_eq!(p.record().await?, ["d6xh8"]);
    let pdn = p.export().await?;
    assert!(pdn.contains(&format!("[Rules \"{rules}\"]")), "{pdn}");
    p.click("#export-close").await?;
    Ok(())
}

/// Opens the rules dialog and waits for the table in it.
async fn open_rules(p: &Page) -> Res {
    p.click("#rules-btn").await?;
    p.wait(
        "document.querySelector('#rules-dialog').open && document.querySelectorAll('#switches select').length",
        10,
        "the rules dialog",
    )
    .await?;
    Ok(())
}

/// At a phone's width the panel goes below the board.
async fn narrow(p: &Page) -> Res {
    p.c.set_window_size(420, 900).await?;
    p.wait("window.innerWidth < 500", 5, "the narrow window")
        .await?;
    let v = p
        .js("const b = document.querySelector('#board').getBoundingClientRect(); const a = document.querySelector('.panel').getBoundingClientRect(); return [b.bottom, a.top, b.width, document.documentElement.scrollWidth, window.innerWidth]")
        .await?;
    let [board_bottom, panel_top, board_width, scroll_width, width]: [f64; 5] =
        serde_json::from_value(v)?;
    assert!(
        panel_top >= board_bottom,
        "panel at {panel_top}, board ends at {board_bottom}"
    );
    assert!(board_width > 300.0, "board {board_width} px wide");
    assert!(
        scroll_width <= width,
        "page {scroll_width} px wide in a {width} px window"
    );
    p.shot("07-narrow").await?;
    // A phone's screen: the page still plays.
    p.c.set_window_size(390, 844).await?;
    p.click(".tabs button[data-mode='two']").await?;
    p.load_fen(START).await?;
    p.square("c3").await?;
    p.square("c4").await?;
    p.ready().await?;
    assert_eq!(p.record().await?, ["c3-c4"]);
    p.shot("07b-phone").await?;
    p.c.set_window_size(1360, 960).await?;
    Ok(())
}

/// Chooses the time control of the next game: a preset's value, or a
/// text typed into the custom field.
async fn choose_clock(p: &Page, control: &str, flag_rule: &str) -> Res {
    let preset: bool = serde_json::from_value(
        p.js(&format!(
            "return [...document.querySelectorAll('#clock-control option')].some(o => o.value === {})",
            json!(control)
        ))
        .await?,
    )?;
    if preset || control.is_empty() {
        p.select("#clock-control", control).await?;
    } else {
        p.select("#clock-control", "custom").await?;
        p.c.execute(
            "const e = document.querySelector('#clock-custom'); e.value = arguments[0]; e.dispatchEvent(new Event('change'));",
            vec![json!(control)],
        )
        .await?;
    }
    if !control.is_empty() {
        p.select("#flag-rule", flag_rule).await?;
    }
    Ok(())
}

/// The state of the two clocks: `[[side, text, running, low, flagged]; 2]`,
/// the top one first, or `null` when they are hidden.
async fn clocks_shown(p: &Page) -> Res<Value> {
    p.js("const c = ['#clock-top', '#clock-bottom'].map(id => document.querySelector(id)); if (c.some(e => e.hidden)) return null; return c.map(e => [e.dataset.side, e.querySelector('.time').textContent, e.classList.contains('running'), e.classList.contains('low'), e.classList.contains('flagged')])")
        .await
}

/// Games on a clock: a bad custom control is refused; two players at 5
/// seconds each until a flag falls (both clocks shown, the running one
/// marked, the last seconds a warning, the result and the PDN's
/// `TimeControl` tag and clock comments); then a game against the engine
/// at 1 minute, the engine keeping to its clock; and the clocks on a
/// phone's screen.
async fn clocks(p: &Page) -> Res {
    p.click(".tabs button[data-mode='two']").await?;
    p.load_fen(START).await?;
    // A text that is no time control is said, and no clock is kept.
    choose_clock(p, "5 minutes", "lose").await?;
    p.wait(
        "!document.querySelector('#error').hidden",
        5,
        "the bad control's error",
    )
    .await?;
    let error = p.text("#error").await?;
    assert!(error.starts_with("Invalid time control: "), "{error}");
    assert_eq!(
        p.js("return window.tamaState.play.clock.control").await?,
        Value::Null
    );
    choose_clock(p, "5s", "lose").await?;
    assert_eq!(
        p.js("return window.tamaState.play.clock.control").await?,
        "5s"
    );
    p.click("#new-game").await?;
    p.ready().await?;
    let shown = clocks_shown(p).await?;
    assert_eq!(shown[0][0], "black", "{shown}");
    assert_eq!(shown[1][0], "white", "{shown}");
    assert_eq!(shown[1][2], true, "White's clock runs first: {shown}");
    assert_eq!(shown[0][1], "0:05.0", "{shown}");
    p.square("c3").await?;
    p.square("c4").await?;
    p.wait(
        "document.querySelector('#clock-top').classList.contains('running')",
        5,
        "Black's clock to run",
    )
    .await?;
    // White's time stopped where the move was made; Black's goes down.
    let white: f64 = serde_json::from_value(
        p.js("return window.tamaState.clock.board.clock().white")
            .await?,
    )?;
    assert!((0.0..5000.0).contains(&white), "{white}");
    tokio::time::sleep(Duration::from_millis(700)).await;
    let shown = clocks_shown(p).await?;
    assert_eq!(
        shown[0][3], true,
        "the last ten seconds are a warning: {shown}"
    );
    assert_ne!(shown[0][1], "0:05.0", "Black's clock runs: {shown}");
    assert_eq!(shown[1][2], false, "{shown}");
    p.shot("12-clock-warning").await?;
    // Black does not move: the flag falls.
    p.wait(
        "!document.querySelector('#banner').hidden",
        10,
        "Black's flag",
    )
    .await?;
    assert_eq!(
        p.text("#banner").await?,
        "Game over. White wins: time forfeit"
    );
    let shown = clocks_shown(p).await?;
    assert_eq!(shown[0][4], true, "Black's flag is shown: {shown}");
    assert_eq!(shown[0][1], "0:00.0", "{shown}");
    // No move after the flag.
    p.square("f6").await?;
    p.square("f5").await?;
    assert_eq!(p.record().await?, ["c3-c4"]);
    p.shot("12b-flag").await?;
    let pdn = p.export().await?;
    for part in [
        "[Result \"1-0\"]",
        "[TimeControl \"5\"]",
        "[Termination \"time forfeit\"]",
        "1. c3-c4 {[%clock w0:00:0",
        " B0:00:05]} 1-0",
    ] {
        assert!(pdn.contains(part), "{part} in {pdn}");
    }
    p.click("#export-close").await?;

    // Against the engine at one minute: it answers on its own clock.
    p.click(".tabs button[data-mode='play']").await?;
    p.select("#human-color", "w").await?;
    p.select("#level", "l:3").await?;
    choose_clock(p, "1m", "draw-if-no-win").await?;
    p.click("#new-game").await?;
    p.ready().await?;
    p.square("c3").await?;
    p.square("c4").await?;
    p.wait(
        "window.tamaState.game.root.children[0] && window.tamaState.game.root.children[0].children.length === 1 && !window.tamaState.thinking",
        30,
        "the engine's answer",
    )
    .await?;
    p.wait(
        "document.querySelector('#clock-bottom').classList.contains('running')",
        5,
        "White's clock to run again",
    )
    .await?;
    let v = p.js("const c = window.tamaState.clock.board.clock(); return [c.white, c.black, c.times.length, c.flagRule, c.control.text]").await?;
    let (white, black): (f64, f64) = (v[0].as_f64().unwrap(), v[1].as_f64().unwrap());
    assert!(white < 60000.0 && white > 40000.0, "{v}");
    assert!(
        black < 60000.0 && black > 50000.0,
        "the engine kept to its clock: {v}"
    );
    assert_eq!(v[2], 2, "{v}");
    assert_eq!(v[3], "draw-if-no-win", "{v}");
    assert_eq!(v[4], "1m", "{v}");
    p.shot("12c-clock-engine").await?;
    // A phone's screen: the clocks above and below the board.
    p.c.set_window_size(390, 844).await?;
    p.wait("window.innerWidth < 500", 5, "the phone's window")
        .await?;
    let v = p
        .js("const r = id => document.querySelector(id).getBoundingClientRect(); const b = r('#board'), t = r('#clock-top'), d = r('#clock-bottom'); return [t.bottom <= b.top + 1, d.top >= b.bottom - 1, t.width > 200, document.documentElement.scrollWidth <= window.innerWidth]")
        .await?;
    assert_eq!(
        v,
        json!([true, true, true, true]),
        "clocks beside the board on a phone"
    );
    p.shot("12d-clock-phone").await?;
    p.c.set_window_size(1360, 960).await?;
    choose_clock(p, "", "lose").await?;
    p.select("#level", "l:2").await?;
    Ok(())
}

/// Plays the move the engine expects (its ponder move) or, with `hit`
/// false, another legal move, by clicking its squares; returns it.
async fn answer_ponder(p: &Page, hit: bool) -> Res<Option<String>> {
    let script = format!(
        "const s = window.tamaState; const k = s.node.known; const want = s.ponder.predicted; \
         const m = k.legal.moves.find(m => (m.move === want) === {hit} && \
         k.legal.moves.filter(o => o.from === m.from && o.to === m.to).length === 1); \
         return m ? [m.move, m.from, m.to] : null"
    );
    let v = p.js(&script).await?;
    // None: no such move here (a single legal move, or the predicted one
    // only as one of two captures with the same squares).
    let Some([mv, from, to]): Option<[String; 3]> = serde_json::from_value(v)? else {
        return Ok(None);
    };
    p.square(&from).await?;
    p.square(&to).await?;
    Ok(Some(mv))
}

/// Thinking on the player's time against the engine, on a clock: after
/// its move the engine searches the position after the move it expects;
/// that move played (a hit), the same search gives its answer; another
/// move (a miss) stops it and the engine thinks anew. The game goes on.
async fn pondering(p: &Page) -> Res {
    p.click(".tabs button[data-mode='play']").await?;
    p.select("#human-color", "w").await?;
    p.select("#level", "l:3").await?;
    choose_clock(p, "3m+2s", "lose").await?;
    // Searched moves: their lines give the move to ponder on.
    book_option(p, false).await?;
    p.click("#ponder").await?;
    assert_eq!(p.js("return window.tamaState.play.ponder").await?, true);
    p.click("#new-game").await?;
    p.ready().await?;
    let before: Value = p.js("return {...window.tamaPonder}").await?;
    let mut played = Vec::new();
    p.square("c3").await?;
    p.square("c4").await?;
    // Two hits and a miss, in the moves where each is possible (a
    // position may leave only the predicted move, or only others).
    let (mut hits, mut misses) = (0, 0);
    while hits < 2 || misses < 1 {
        if played.len() >= 10 {
            return Err(format!("no two hits and a miss in 10 moves: {played:?}").into());
        }
        let plies = 2 * (played.len() + 1);
        p.wait(
            &format!("document.querySelectorAll('#record .mv').length === {plies} && !window.tamaState.thinking && !!window.tamaState.ponder"),
            30,
            "the engine's move, then its thinking on our time",
        )
        .await?;
        let want_hit = hits < 2;
        let (mv, hit) = match answer_ponder(p, want_hit).await? {
            Some(mv) => (mv, want_hit),
            None => match answer_ponder(p, !want_hit).await? {
                Some(mv) => (mv, !want_hit),
                None => return Err("no move to answer with".into()),
            },
        };
        if hit {
            hits += 1;
        } else {
            misses += 1;
        }
        played.push(mv);
    }
    let plies = 2 * played.len() + 2;
    p.wait(
        &format!("document.querySelectorAll('#record .mv').length === {plies} && !window.tamaState.thinking"),
        30,
        "the engine's answer to the last move",
    )
    .await?;
    let after: Value = p.js("return {...window.tamaPonder}").await?;
    let count = |v: &Value, k: &str| v[k].as_u64().unwrap_or(0);
    assert!(
        count(&after, "hits") >= count(&before, "hits") + 2,
        "{before} {after}"
    );
    assert!(
        count(&after, "misses") > count(&before, "misses"),
        "{before} {after}"
    );
    let record = p.record().await?;
    assert_eq!(record.len(), plies, "{record:?}");
    for (k, mv) in played.iter().enumerate() {
        assert_eq!(&record[2 * k + 2], mv, "{record:?}");
    }
    assert_eq!(p.text("#status").await?, "White to move");
    // The engine kept to its clock: its time is above two minutes.
    let black: f64 = serde_json::from_value(
        p.js("return window.tamaState.clock.board.clock().black")
            .await?,
    )?;
    assert!(black > 120_000.0, "{black}");
    p.shot("13-pondering").await?;
    // A new game without the clock; pondering off again.
    book_option(p, true).await?;
    p.click("#ponder").await?;
    choose_clock(p, "", "lose").await?;
    p.select("#level", "l:2").await?;
    Ok(())
}

/// The board reached with the keyboard: Shift+Tab from the first button
/// below it, arrows move the cursor, Enter selects and plays. Then flip.
async fn keyboard_and_flip(p: &Page) -> Res {
    p.click(".tabs button[data-mode='two']").await?;
    p.load_fen(START).await?;
    p.click("[data-nav='first']").await?;
    let keys = fantoccini::actions::KeyActions::new("keyboard".to_string())
        .then(fantoccini::actions::KeyAction::Down { value: '\u{E008}' })
        .then(fantoccini::actions::KeyAction::Down { value: '\u{E004}' })
        .then(fantoccini::actions::KeyAction::Up { value: '\u{E004}' })
        .then(fantoccini::actions::KeyAction::Up { value: '\u{E008}' });
    p.c.perform_actions(keys).await?;
    p.wait(
        "document.activeElement === document.querySelector('#board')",
        5,
        "the focused board",
    )
    .await?;
    p.key(ARROW_DOWN).await?; // the cursor starts on d4: now d3
    p.key(ENTER).await?;
    assert_eq!(p.count("[data-dest]").await?, 3);
    p.key(ARROW_UP).await?;
    p.key(ENTER).await?;
    p.ready().await?;
    assert_eq!(p.record().await?, ["d3-d4"]);
    p.shot("08-keyboard").await?;
    // Flip: a1 goes to the top right.
    let a1_y = "document.querySelector(\"#board rect.sq[data-sq='a1']\").getBoundingClientRect().y";
    let h8_y = "document.querySelector(\"#board rect.sq[data-sq='h8']\").getBoundingClientRect().y";
    let before: f64 = serde_json::from_value(p.js(&format!("return {a1_y} - {h8_y}")).await?)?;
    p.click("#flip").await?;
    let after: f64 = serde_json::from_value(p.js(&format!("return {a1_y} - {h8_y}")).await?)?;
    assert!(before > 0.0 && after < 0.0, "{before} {after}");
    p.click("#flip").await?;
    Ok(())
}

/// Under `tama serve` the player may choose the browser's engine: it
/// analyses with the module, and the page says so.
async fn browser_engine_under_serve(p: &Page) -> Res {
    p.select("#engine-source", "browser").await?;
    p.wait(
        "document.querySelector('#engine-name').textContent.startsWith('in this browser')",
        5,
        "the browser's engine named",
    )
    .await?;
    p.click(".tabs button[data-mode='analysis']").await?;
    // Each mode keeps its own game and rules (issue 47): Analysis is given
    // the rules step's switches here.
    open_rules(p).await?;
    p.select("#preset", "armenian").await?;
    p.select("#sw-promotion", "midway").await?;
    p.select("#sw-removal", "end-of-move").await?;
    p.click("#rules-apply").await?;
    p.load_fen(START).await?;
    p.wait(
        "document.querySelectorAll('#engine-lines .line .score').length >= 1 && window.tamaState.analysis.depth >= 4",
        30,
        "a line of the browser's engine",
    )
    .await?;
    // Rules with switches of their own (the rules step's) are no preset:
    // no book, so no Book list, as the server says too.
    p.wait(
        "window.tamaState.book.forNode === window.tamaState.node && window.tamaState.book.preset === null",
        30,
        "the browser engine's answer: no book for these rules",
    )
    .await?;
    assert_eq!(
        p.js("return document.querySelector('#engine-book').hidden")
            .await?,
        true
    );
    let rules = p.js("return window.tamaState.game.rules").await?;
    let v = p
        .js(&format!(
            "return fetch('api/book?rules=' + encodeURIComponent({rules})).then(r => r.json())"
        ))
        .await?;
    assert_eq!((&v["type"], &v["preset"]), (&json!("book"), &json!(null)));
    assert_eq!(v["moves"], json!([]));
    p.shot("11-browser-engine-under-serve").await?;
    p.click("#engine-toggle + span").await?;
    // The browser's engine thinks on our time too, and (the page being
    // cross-origin isolated) is told of the hit in place.
    assert_eq!(p.js("return window.crossOriginIsolated").await?, true);
    p.click(".tabs button[data-mode='play']").await?;
    p.select("#human-color", "w").await?;
    p.select("#level", "l:3").await?;
    choose_clock(p, "3m+2s", "lose").await?;
    book_option(p, false).await?;
    p.click("#ponder").await?;
    p.click("#new-game").await?;
    p.ready().await?;
    let hits = p
        .js("return window.tamaPonder.hits")
        .await?
        .as_u64()
        .unwrap_or(0);
    p.square("c3").await?;
    p.square("c4").await?;
    p.wait(
        "document.querySelectorAll('#record .mv').length === 2 && !window.tamaState.thinking && !!window.tamaState.ponder",
        30,
        "the browser engine's move, then its thinking on our time",
    )
    .await?;
    // After c3-c4 and the engine's reply White has several moves: the
    // predicted one is playable.
    let mv = answer_ponder(p, true)
        .await?
        .ok_or("the predicted move is not playable by its squares")?;
    p.wait(
        "document.querySelectorAll('#record .mv').length === 4 && !window.tamaState.thinking",
        30,
        "the browser engine's answer to the expected move",
    )
    .await?;
    assert_eq!(p.record().await?[2], mv);
    let now = p
        .js("return window.tamaPonder.hits")
        .await?
        .as_u64()
        .unwrap_or(0);
    assert_eq!(now, hits + 1);
    p.shot("11b-browser-engine-ponders").await?;
    book_option(p, true).await?;
    p.click("#ponder").await?;
    choose_clock(p, "", "lose").await?;
    p.select("#level", "l:2").await?;
    p.select("#engine-source", "server").await?;
    Ok(())
}

/// A whole game against the browser's engine, to its end: the person
/// plays the first legal move each time (clicking its start and every
/// landing square), the engine answers at level 1.
async fn whole_game(p: &Page) -> Res {
    p.click(".tabs button[data-mode='play']").await?;
    p.select("#human-color", "w").await?;
    p.select("#level", "l:1").await?;
    p.click("#new-game").await?;
    p.ready().await?;
    let t = Instant::now();
    let mut plies = 0;
    loop {
        p.ready().await?;
        let v = p
            .js("const k = window.tamaState.node.known; return [k.legal.outcome, k.pos.turn, k.legal.moves[0] ? k.legal.moves[0].path : null]")
            .await?;
        let (outcome, turn, path): (Value, String, Option<Vec<String>>) =
            serde_json::from_value(v)?;
        if !outcome.is_null() {
            break;
        }
        assert!(plies < 400, "no end after {plies} plies");
        assert_eq!(turn, "w", "the engine did not answer");
        let path = path.ok_or("no legal move and no outcome")?;
        let before = p.record().await?.len();
        for sq in &path {
            p.square(sq).await?;
        }
        p.wait(
            &format!("document.querySelectorAll('#record .mv').length > {before}"),
            10,
            "the move played",
        )
        .await?;
        plies += 1;
    }
    let banner = p.text("#banner").await?;
    assert!(banner.starts_with("Game over."), "{banner}");
    let moves = p.record().await?.len();
    eprintln!(
        "static: a whole game against the browser's engine: {moves} plies in {:.1} s ({banner})",
        t.elapsed().as_secs_f64()
    );
    p.shot("12-whole-game").await?;
    let pdn = p.export().await?;
    let result = ["1-0", "0-1", "1/2-1/2"]
        .into_iter()
        .find(|r| pdn.contains(&format!("[Result \"{r}\"]")))
        .ok_or_else(|| format!("no result in {pdn}"))?;
    assert!(pdn.trim_end().ends_with(result), "{pdn}");
    p.click("#export-close").await?;
    Ok(())
}

/// Nothing the static page did asked for an API address.
async fn no_api_requests(p: &Page) -> Res {
    let v = p
        .js("return performance.getEntriesByType('resource').map(r => r.name).filter(n => n.includes('/api/'))")
        .await?;
    let asked: Vec<String> = serde_json::from_value(v)?;
    assert!(asked.is_empty(), "the static page asked {asked:?}");
    let errors = p.js("return window.__errors").await?;
    assert_eq!(errors, json!([]), "page errors");
    Ok(())
}

/// After the first visit the page works with its server gone: reloaded
/// from the service worker's cache, it plays against the browser's
/// engine.
async fn offline(p: &Page, files: &mut FileServer) -> Res {
    p.c.execute_async(
        "const done = arguments[arguments.length - 1]; navigator.serviceWorker.ready.then(() => caches.keys()).then(k => { window.__caches = k; done(k); });",
        vec![],
    )
    .await?;
    p.wait(
        "window.__caches && window.__caches.some(k => k.startsWith('tama-'))",
        30,
        "the service worker's cache",
    )
    .await?;
    files.stop();
    assert!(
        std::net::TcpStream::connect(("127.0.0.1", files.port)).is_err(),
        "the file server still answers"
    );
    p.c.refresh().await?;
    p.ready().await?;
    // The page restores the games kept before the reload (issue 47): a
    // board is drawn, whichever mode was last open.
    assert_eq!(p.count("#board rect.sq").await?, 64);
    // Play White: the engine answers, offline.
    p.click(".tabs button[data-mode='play']").await?;
    p.click("#new-game").await?;
    p.ready().await?;
    assert_eq!(p.count("#board .piece.white").await?, 16);
    p.square("c3").await?;
    p.square("c4").await?;
    p.wait(
        "document.querySelectorAll('#record .mv').length === 2",
        30,
        "the engine's answer, offline",
    )
    .await?;
    p.shot("13-offline").await?;
    // The puzzles too: their file comes from the service worker's cache.
    p.click(".tabs button[data-mode='puzzles']").await?;
    p.wait(
        "window.tamaState.puzzle.current && window.tamaState.puzzle.status === 'solving'",
        30,
        "a puzzle, offline",
    )
    .await?;
    p.shot("13b-offline-puzzle").await?;
    let errors = p.js("return window.__errors").await?;
    assert_eq!(errors, json!([]), "page errors offline");
    Ok(())
}

/// The page in its players' languages: chosen in the header, remembered
/// across a reload, and a game played in Russian.
async fn languages(p: &Page) -> Res {
    let codes: Vec<String> = serde_json::from_value(
        p.js("return [...document.querySelectorAll('#language option')].map(e => e.value)")
            .await?,
    )?;
    assert_eq!(codes, ["en", "hy", "ru", "tr"]);
    p.select("#language", "ru").await?;
    p.wait(
        "document.documentElement.lang === 'ru'",
        10,
        "the Russian page",
    )
    .await?;
    // Remembered: the page comes back in Russian.
    p.c.refresh().await?;
    p.ready().await?;
    p.wait(
        "document.documentElement.lang === 'ru'",
        10,
        "Russian after a reload",
    )
    .await?;
    assert_eq!(p.text(".tabs button[data-mode='play']").await?, "Игра");
    p.click(".tabs button[data-mode='play']").await?;
    p.select("#level", "l:1").await?;
    p.click("#new-game").await?;
    p.ready().await?;
    assert_eq!(p.text("#status").await?, "Ход белых");
    p.square("c3").await?;
    p.square("c4").await?;
    p.wait(
        "document.querySelectorAll('#record .mv').length === 2",
        30,
        "the engine's answer",
    )
    .await?;
    p.ready().await?;
    assert_eq!(p.text("#status").await?, "Ход белых");
    let level = p.text("#level option:checked").await?;
    assert!(level.starts_with("уровень 1"), "{level}");
    p.shot("14-russian").await?;
    for (code, status) in [("tr", "Sıra beyazda"), ("hy", "Քայլում են սպիտակները")]
    {
        p.select("#language", code).await?;
        p.wait(
            &format!("document.documentElement.lang === '{code}'"),
            10,
            "the language",
        )
        .await?;
        assert_eq!(p.text("#status").await?, status);
        p.shot(&format!("15-{code}")).await?;
    }
    p.select("#language", "en").await?;
    p.wait(
        "document.documentElement.lang === 'en'",
        10,
        "English again",
    )
    .await?;
    assert_eq!(p.text("#status").await?, "White to move");
    Ok(())
}

/// The built-in puzzles of a preset as the file has them: id, difficulty
/// label, the solution's moves and the puzzle's rating (docs/PUZZLES.md:
/// `800 + 25 × depth + 150 × failed`, the depth 16 when `none`), read from
/// `data/puzzles/<preset>.pdn` by hand (tags and movetext), in the file's
/// order.
fn puzzle_file(preset: &str) -> Vec<(String, String, Vec<String>, f64)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/puzzles")
        .join(format!("{preset}.pdn"));
    let text = std::fs::read_to_string(&path).expect("the puzzle file");
    let mut out = Vec::new();
    for game in text.split("[Event ").skip(1) {
        let tag = |name: &str| {
            let key = format!("[{name} \"");
            let at = game.find(&key).expect("the tag") + key.len();
            game[at..].split('"').next().unwrap().to_owned()
        };
        let movetext = game
            .lines()
            .skip(1)
            .filter(|l| !l.starts_with('[') && !l.trim().is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        let moves = movetext
            .split_whitespace()
            .filter(|w| !w.ends_with('.') && !["*", "1-0", "0-1", "1/2-1/2"].contains(w))
            .map(str::to_owned)
            .collect();
        let difficulty = tag("Difficulty");
        let field = |name: &str| {
            difficulty
                .split(' ')
                .find_map(|w| w.strip_prefix(name))
                .unwrap()
                .to_owned()
        };
        let depth: f64 = field("depth=").parse().unwrap_or(16.0);
        let failed: f64 = field("failed=").split('/').next().unwrap().parse().unwrap();
        let label = difficulty.split(' ').next().unwrap().to_owned();
        out.push((
            tag("PuzzleId"),
            label,
            moves,
            800.0 + 25.0 * depth + 150.0 * failed,
        ));
    }
    out
}

/// The puzzle `tama puzzle` sets next (docs/PUZZLES.md): of `label`, not
/// in `seen`, the one whose rating is nearest `rating`, the first in the
/// file on a tie.
fn nearest<'f>(
    file: &'f [(String, String, Vec<String>, f64)],
    rating: f64,
    label: &str,
    seen: &[&str],
) -> &'f (String, String, Vec<String>, f64) {
    file.iter()
        .filter(|p| p.1 == label && !seen.contains(&p.0.as_str()))
        .min_by(|a, b| (a.3 - rating).abs().total_cmp(&(b.3 - rating).abs()))
        .expect("a puzzle left")
}

/// The number of moves from the game's start to the current node.
async fn plies(p: &Page) -> Res<u64> {
    let v = p
        .js("let n = 0; for (let x = window.tamaState.node; x.parent; x = x.parent) n++; return n;")
        .await?;
    Ok(v.as_u64().unwrap_or_default())
}

/// Plays a move by clicking its squares (the start, then each square of
/// its path until the page has played it).
async fn click_move(p: &Page, text: &str) -> Res {
    let before = plies(p).await?;
    for sq in text.split(['-', 'x']) {
        if plies(p).await? != before {
            break;
        }
        p.square(sq).await?;
    }
    assert_eq!(plies(p).await?, before + 1, "{text} was not played");
    Ok(())
}

/// Plays the solver's moves of `solution` on the board; the opponent's
/// replies come by themselves.
async fn solve(p: &Page, solution: &[String]) -> Res {
    assert!(solution.len() % 2 == 1, "{solution:?}");
    for (k, mv) in solution.iter().enumerate().step_by(2) {
        p.wait(
            &format!("window.tamaState.puzzle.at === window.tamaState.node && !window.tamaState.puzzle.timer && window.tamaState.puzzle.ply === {k}"),
            10,
            "the player's turn",
        )
        .await?;
        click_move(p, mv).await?;
        if k + 1 < solution.len() {
            p.wait(
                &format!("window.tamaState.puzzle.ply === {}", k + 2),
                10,
                "the opponent's reply",
            )
            .await?;
            let fb = p.text("#puzzle-feedback").await?;
            assert_eq!(
                fb,
                format!(
                    "Right. The reply was {}: find the next move.",
                    solution[k + 1]
                )
            );
        }
    }
    Ok(())
}

/// The player's rating as the page keeps it: the text of the terminal's
/// rating file (`rating 1020.0` its second line), 1000 before any.
async fn puzzle_rating(p: &Page) -> Res<f64> {
    let v = p
        .js("const r = localStorage.getItem('tama.puzzles.rating-file'); return r ? Number(r.split('\\n')[1].split(' ')[1]) : 1000;")
        .await?;
    Ok(v.as_f64().expect("a number"))
}

/// The Puzzles mode (no engine and no API request: the solutions are in
/// the file; the trainer is the package's, as `tama puzzle`'s): the easy
/// puzzle nearest the new player's rating solved by its solution's moves, the
/// rating up; a wrong move on the next, the rating down; the hints, the
/// solution; the card at a phone's size and in Russian.
async fn puzzles(p: &Page) -> Res {
    let api =
        "performance.getEntriesByType('resource').filter(r => r.name.includes('/api/')).length";
    let asked_before = p.js(&format!("return {api}")).await?;
    p.js("localStorage.removeItem('tama.puzzles.rating-file'); localStorage.removeItem('tama.puzzles.seen');")
        .await?;
    p.click(".tabs button[data-mode='puzzles']").await?;
    p.wait(
        "window.tamaState.puzzle.current && window.tamaState.puzzle.status === 'solving'",
        30,
        "the first puzzle",
    )
    .await?;
    assert!(
        p.c.find(Locator::Css("#puzzle-card"))
            .await?
            .is_displayed()
            .await?
    );
    p.select("#puzzle-preset", "armenian").await?;
    p.wait(
        "window.tamaState.puzzle.current.id.startsWith('armenian-')",
        30,
        "an armenian puzzle",
    )
    .await?;
    // Nothing seen: the easy puzzle nearest a new player's rating (1000).
    p.js("localStorage.removeItem('tama.puzzles.seen');")
        .await?;
    p.select("#puzzle-filter", "easy").await?;
    p.wait(
        "window.tamaState.puzzle.filter === 'easy' && window.tamaState.puzzle.current && window.tamaState.puzzle.current.label === 'easy'",
        30,
        "an easy puzzle",
    )
    .await?;
    let file = puzzle_file("armenian");
    // Elo against the puzzle's rating, K = 40 for the first 30 puzzles
    // (kept to a tenth, as the rating file is).
    let elo = |rating: f64, puzzle: f64, score: f64| {
        rating + 40.0 * (score - 1.0 / (1.0 + 10f64.powf((puzzle - rating) / 400.0)))
    };
    let expected = nearest(&file, 1000.0, "easy", &[]);
    let id = p.js("return window.tamaState.puzzle.current.id").await?;
    assert_eq!(id, json!(expected.0));
    let turn = p.js("return window.tamaState.node.known.pos.turn").await?;
    let task = p.text("#puzzle-task").await?;
    assert_eq!(
        task,
        if turn == json!("w") {
            "White to move: find the winning move"
        } else {
            "Black to move: find the winning move"
        }
    );
    let info = p.text("#puzzle-info").await?;
    assert!(info.starts_with("easy (puzzle rating "), "{info}");
    assert!(info.ends_with(&expected.0), "{info}");
    let solution = &expected.2;
    solve(p, solution).await?;
    p.wait(
        "window.tamaState.puzzle.status === 'solved'",
        10,
        "the puzzle solved",
    )
    .await?;
    assert_eq!(p.text("#puzzle-feedback").await?, "Solved!");
    let played: Vec<String> = serde_json::from_value(
        p.js("const out = []; for (let x = window.tamaState.node; x.parent; x = x.parent) out.unshift(x.move.move); return out;")
            .await?,
    )?;
    assert_eq!(&played, solution);
    let after_solve = puzzle_rating(p).await?;
    assert!(after_solve > 1000.0, "{after_solve}");
    assert!((after_solve - elo(1000.0, expected.3, 1.0)).abs() <= 0.05);
    let line = p.text("#puzzle-rating").await?;
    assert!(
        line.starts_with(&format!(
            "Your rating: {} · solved 1 · failed 0",
            after_solve.round()
        )),
        "{line}"
    );
    p.shot("16-puzzle-solved").await?;
    // The next one: a wrong move.
    p.click("#puzzle-next").await?;
    let next = nearest(&file, after_solve, "easy", &[&expected.0]);
    p.wait(
        &format!(
            "window.tamaState.puzzle.current.id === {} && window.tamaState.puzzle.status === 'solving'",
            json!(next.0)
        ),
        10,
        "the next unseen puzzle",
    )
    .await?;
    let wrong: String = serde_json::from_value(
        p.js(&format!(
            "return window.tamaState.node.known.legal.moves.map(m => m.move).find(m => m !== {})",
            json!(next.2[0])
        ))
        .await?,
    )?;
    click_move(p, &wrong).await?;
    p.wait(
        "window.tamaState.puzzle.status === 'wrong'",
        10,
        "the wrong move judged",
    )
    .await?;
    assert_eq!(
        p.text("#puzzle-feedback").await?,
        format!("{wrong} is not the winning move.")
    );
    let after_fail = puzzle_rating(p).await?;
    assert!(after_fail < after_solve, "{after_fail} after {after_solve}");
    assert!((after_fail - elo(after_solve, next.3, 0.0)).abs() <= 0.05);
    let line = p.text("#puzzle-rating").await?;
    assert!(line.contains("solved 1 · failed 1"), "{line}");
    p.shot("16b-puzzle-wrong").await?;
    // The hints: the piece (selected on the board), then the move (an arrow).
    p.click("#puzzle-hint").await?;
    let from = next.2[0].split(['-', 'x']).next().unwrap();
    p.wait(
        "window.tamaState.puzzle.status === 'retrying' && window.tamaState.puzzle.hint === 1",
        10,
        "the first hint",
    )
    .await?;
    assert_eq!(
        p.text("#puzzle-feedback").await?,
        format!("Hint: the piece on {from}.")
    );
    assert_eq!(plies(p).await?, 0, "the wrong move was taken back");
    p.click("#puzzle-hint").await?;
    p.wait("window.tamaState.puzzle.hint === 2", 10, "the second hint")
        .await?;
    assert_eq!(
        p.text("#puzzle-feedback").await?,
        format!("Hint: {}.", next.2[0])
    );
    assert_eq!(p.count("#board .arrow").await?, 1);
    p.shot("16c-puzzle-hint").await?;
    // The solution, played out; the puzzle was rated once.
    p.click("#puzzle-solution").await?;
    p.wait(
        &format!(
            "window.tamaState.puzzle.status === 'shown' && !window.tamaState.puzzle.timer && window.tamaState.puzzle.ply === {}",
            next.2.len()
        ),
        20,
        "the solution played out",
    )
    .await?;
    assert_eq!(plies(p).await?, next.2.len() as u64);
    assert_eq!(puzzle_rating(p).await?, after_fail);
    // Analyse: the position in the Analysis mode, the puzzle's game loaded.
    p.click("#puzzle-analyse").await?;
    p.wait(
        "window.tamaState.mode === 'analysis' && window.tamaState.game.tags.PuzzleId",
        10,
        "the Analysis mode",
    )
    .await?;
    p.click(".tabs button[data-mode='puzzles']").await?;
    p.wait(
        "window.tamaState.mode === 'puzzles'",
        10,
        "the puzzles again",
    )
    .await?;
    // Nothing of the mode asked the server.
    let asked_after = p.js(&format!("return {api}")).await?;
    // (The Analysis mode's engine, under tama serve, may have.)
    if p.kind == Kind::Static {
        assert_eq!(asked_after, asked_before);
    }
    // At a phone's size, and in Russian.
    p.click("#puzzle-next").await?;
    p.wait(
        "window.tamaState.puzzle.status === 'solving'",
        10,
        "a third puzzle",
    )
    .await?;
    p.c.set_window_size(390, 844).await?;
    p.wait("window.innerWidth < 420", 5, "the phone's width")
        .await?;
    let v = p
        .js("return [document.documentElement.scrollWidth, window.innerWidth]")
        .await?;
    let [scroll, width]: [f64; 2] = serde_json::from_value(v)?;
    assert!(
        scroll <= width,
        "page {scroll} px wide in a {width} px window"
    );
    p.js("document.querySelector('#puzzle-card').scrollIntoView({block: 'end'})")
        .await?;
    p.shot("16d-puzzle-phone").await?;
    p.c.set_window_size(1360, 960).await?;
    // Solved after a hint: half a point.
    let third = nearest(&file, after_fail, "easy", &[&expected.0, &next.0]);
    let id = p.js("return window.tamaState.puzzle.current.id").await?;
    assert_eq!(id, json!(third.0));
    p.click("#puzzle-hint").await?;
    solve(p, &third.2).await?;
    p.wait(
        "window.tamaState.puzzle.status === 'solved'",
        10,
        "the third puzzle solved",
    )
    .await?;
    assert_eq!(p.text("#puzzle-feedback").await?, "Solved, with a hint.");
    let after_hint = puzzle_rating(p).await?;
    assert!((after_hint - elo(after_fail, third.3, 0.5)).abs() <= 0.05);
    let line = p.text("#puzzle-rating").await?;
    assert!(line.contains("solved 2 · failed 1"), "{line}");
    p.select("#language", "ru").await?;
    p.wait(
        "document.documentElement.lang === 'ru'",
        10,
        "the Russian page",
    )
    .await?;
    assert_eq!(p.text(".tabs button[data-mode='puzzles']").await?, "Задачи");
    let task = p.text("#puzzle-task").await?;
    assert!(task.ends_with("найдите выигрывающий ход"), "{task}");
    p.shot("16e-puzzle-russian").await?;
    p.select("#language", "en").await?;
    p.wait(
        "document.documentElement.lang === 'en'",
        10,
        "English again",
    )
    .await?;
    let errors = p.js("return window.__errors").await?;
    assert_eq!(errors, json!([]), "page errors");
    p.click(".tabs button[data-mode='two']").await?;
    Ok(())
}
