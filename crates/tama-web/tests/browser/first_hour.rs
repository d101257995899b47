//! A player's first hour (issue 47): what a new user hit, each point a
//! scenario of its own, seen in every language of the page on a laptop's
//! screen (1366×768) and a small phone's (360×740). The screenshots go to
//! `target/screenshots/serve/<scenario>-<language>-<width>.png`.

use fantoccini::Locator;
use serde_json::{json, Value};

use crate::page::*;

/// Every language on both screens, `body` run afresh for each.
async fn everywhere(p: &Page, mut body: impl AsyncFnMut(&Page, &str, (u32, u32)) -> Res) -> Res {
    for lang in LANGUAGES {
        for screen in SCREENS {
            p.fresh(lang, screen).await?;
            body(p, lang, screen)
                .await
                .map_err(|e| format!("{lang} at {}×{}: {e}", screen.0, screen.1))?;
        }
    }
    Ok(())
}

async fn tab(p: &Page, mode: &str) -> Res {
    p.click(&format!(".tabs button[data-mode='{mode}']"))
        .await?;
    p.wait(
        &format!("window.tamaState.mode === '{mode}'"),
        10,
        "the mode",
    )
    .await?;
    p.ready().await
}

async fn play(p: &Page, from: &str, to: &str, plies: usize) -> Res {
    p.square(from).await?;
    p.square(to).await?;
    p.wait(
        &format!("document.querySelectorAll('#record .mv').length === {plies}"),
        30,
        "the moves in the record",
    )
    .await?;
    p.ready().await
}

async fn puzzle_shown(p: &Page) -> Res {
    p.wait(
        "window.tamaState.puzzle.current && window.tamaState.puzzle.status === 'solving' && window.tamaState.game.tags.PuzzleId === window.tamaState.puzzle.current.id",
        30,
        "a puzzle",
    )
    .await?;
    Ok(())
}

const ANALYSIS_FEN: &str = "W:Wc3,e3:Bb6,h6";

/// Point 1: Puzzles take over the game no more. Play, Analysis and
/// Puzzles each keep their own game; back in Play the engine plays on in
/// its own game, and New game and Rules → Apply start from the start
/// position.
#[test]
fn each_mode_keeps_its_own_game_after_the_puzzles() {
    scenario(Kind::Serve, "own-game", async |p| {
        everywhere(p, async |p, lang, (width, _)| {
            tab(p, "play").await?;
            p.select("#level", "l:1").await?;
            p.click("#new-game").await?;
            p.ready().await?;
            play(p, "c3", "c4", 2).await?;
            let (play_fen, play_record) = (p.fen().await?, p.record().await?);
            tab(p, "analysis").await?;
            p.load_fen(ANALYSIS_FEN).await?;
            tab(p, "puzzles").await?;
            puzzle_shown(p).await?;
            let puzzle = p.fen().await?;
            tab(p, "play").await?;
            assert_eq!(p.record().await?, play_record, "Play's moves");
            assert_eq!(p.fen().await?, play_fen, "Play's position");
            p.view_shot("own-game-play", lang, width).await?;
            tab(p, "analysis").await?;
            assert_eq!(p.fen().await?, ANALYSIS_FEN, "Analysis's position");
            tab(p, "puzzles").await?;
            puzzle_shown(p).await?;
            assert_eq!(p.fen().await?, puzzle, "the same puzzle");
            // New game, after the puzzles: the start position.
            tab(p, "play").await?;
            p.click("#new-game").await?;
            p.ready().await?;
            assert_eq!(p.fen().await?, START, "New game");
            assert!(p.record().await?.is_empty());
            // Rules → Apply, after the puzzles: the start position too.
            tab(p, "puzzles").await?;
            puzzle_shown(p).await?;
            tab(p, "play").await?;
            p.click("#rules-btn").await?;
            p.wait(
                "document.querySelector('#rules-dialog').open",
                10,
                "the rules dialog",
            )
            .await?;
            p.click("#rules-apply").await?;
            p.ready().await?;
            assert_eq!(p.fen().await?, START, "Rules → Apply");
            assert_eq!(p.js("return window.tamaState.mode").await?, json!("play"));
            Ok(())
        })
        .await
    });
}

/// The geometry of an element: [left, top, right, bottom], or null when
/// it is not drawn.
const RECT: &str = "const box = (css) => { const e = document.querySelector(css); if (!e || !e.getClientRects().length) return null; const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };";

/// Point 3: a bad position text is said beside its field, in the page's
/// language with the column it names, the field keeps what was typed,
/// and the text corrected loads.
#[test]
fn a_bad_position_text_is_said_beside_its_field() {
    scenario(Kind::Serve, "fen-error", async |p| {
        everywhere(p, async |p, lang, (width, _)| {
            tab(p, "analysis").await?;
            let field = p.c.find(Locator::Css("#fen")).await?;
            let bad = "W:Wc3,z9:Bb6";
            field.clear().await?;
            field.send_keys(bad).await?;
            p.click("#fen-load").await?;
            p.wait(
                "document.querySelector('#fen-error') && document.querySelector('#fen-error').textContent",
                10,
                "the message beside the field",
            )
            .await?;
            let msg = p.text("#fen-error").await?;
            // In the page's language, with the column and the square
            // named: the catalogue's words for the package's FenError kind.
            let problem = Page::word(lang, "fen.error.unknown-square")
                .replace("{column}", "7")
                .replace("{token}", "z9");
            let want = Page::word(lang, "error.fen").replace("{error}", &problem);
            assert_eq!(msg, want);
            assert!(msg.contains("7") && msg.contains("z9"), "{msg}");
            if lang != "en" {
                assert!(!msg.contains("unknown square"), "English in {lang}: {msg}");
            }
            assert_eq!(p.value("#fen").await?, bad, "the field keeps the text");
            assert!(
                !p.c.find(Locator::Css("#error")).await?.is_displayed().await?,
                "the message is said beside the field, not under the board"
            );
            // In view with the field: just below it, inside the screen.
            p.js("document.querySelector('#fen').scrollIntoView({block: 'center'})")
                .await?;
            let v = p
                .js(&format!("{RECT} return [box('#fen'), box('#fen-error'), window.innerWidth, window.innerHeight];"))
                .await?;
            let (f, e, w, h): ([f64; 4], [f64; 4], f64, f64) = serde_json::from_value(v)?;
            assert!(e[1] >= f[3] - 1.0 && e[1] - f[3] < 60.0, "field {f:?}, message {e:?}");
            assert!(e[0] >= 0.0 && e[2] <= w && e[3] <= h, "message {e:?} on a {w}×{h} screen");
            p.view_shot("fen-error", lang, width).await?;
            // Redrawn while the engine thinks, the field still keeps it.
            p.wait(
                "window.tamaState.analysis.depth >= 2",
                20,
                "the engine's lines",
            )
            .await?;
            assert_eq!(p.value("#fen").await?, bad);
            // Corrected, with the Enter key: it loads, the message goes.
            field.clear().await?;
            field.send_keys(&format!("{ANALYSIS_FEN}{ENTER}")).await?;
            p.wait(
                &format!("window.tamaState.game.fen === {}", json!(ANALYSIS_FEN)),
                10,
                "the corrected position",
            )
            .await?;
            assert_eq!(p.text("#fen-error").await?, "");
            Ok(())
        })
        .await
    });
}

/// What the page keeps of the games: the mode, each mode's moves and
/// current position, and the clock of Play.
async fn kept(p: &Page) -> Res<Value> {
    p.js("const s = window.tamaState; const c = s.clock && s.clock.board.clock(); return {mode: s.mode, fen: s.game.fen, record: [...document.querySelectorAll('#record .mv')].map(e => e.textContent), at: document.querySelector('#fen').value, clock: c && {control: c.control.text, times: c.times, running: c.running}};")
        .await
}

/// Point 4: the game in progress survives a reload and a closed tab:
/// each mode's moves, the mode, and Play's clock (its times after each
/// move; the time the page was away is not charged).
#[test]
fn the_games_survive_a_reload_and_a_closed_tab() {
    scenario(Kind::Serve, "reload", async |p| {
        everywhere(p, async |p, lang, (width, _)| {
            tab(p, "two").await?;
            play(p, "c3", "c4", 1).await?;
            play(p, "f6", "f5", 2).await?;
            p.click("#record .mv").await?; // back at the first move
            let two = kept(p).await?;
            tab(p, "play").await?;
            p.select("#level", "l:1").await?;
            p.select("#clock-control", "5m").await?;
            p.click("#new-game").await?;
            p.ready().await?;
            play(p, "c3", "c4", 2).await?;
            let before = kept(p).await?;
            assert_eq!(before["clock"]["times"].as_array().map(Vec::len), Some(2));
            p.c.refresh().await?;
            p.ready().await?;
            let after = kept(p).await?;
            assert_eq!(after, before, "Play after a reload");
            assert_eq!(after["clock"]["running"], json!("white"));
            assert!(
                p.c.find(Locator::Css("#clock-top"))
                    .await?
                    .is_displayed()
                    .await?
            );
            p.view_shot("reload-play", lang, width).await?;
            tab(p, "two").await?;
            assert_eq!(kept(p).await?, two, "Two players after a reload");
            // A closed tab: the page opened again in a new one.
            let old = p.c.window().await?;
            let new = p.c.new_window(true).await?;
            p.c.switch_to_window(old).await?;
            p.c.close_window().await?;
            p.c.switch_to_window(new.handle).await?;
            p.c.goto(&p.base).await?;
            p.ready().await?;
            assert_eq!(kept(p).await?, two, "Two players in a new tab");
            tab(p, "play").await?;
            let again = kept(p).await?;
            assert_eq!(again["record"], before["record"]);
            assert_eq!(again["clock"]["times"], before["clock"]["times"]);
            p.view_shot("reload-new-tab", lang, width).await?;
            Ok(())
        })
        .await
    });
}

/// Point 5: the presets are named in the page's language (the rules
/// button, the rules dialog, the puzzles' choice); their code words stay
/// the values.
#[test]
fn the_presets_are_named_in_every_language() {
    scenario(Kind::Serve, "presets", async |p| {
        everywhere(p, async |p, lang, (width, _)| {
            let codes = ["armenian", "turkish", "armenian-orthogonal"];
            let names: Vec<String> = codes
                .iter()
                .map(|c| Page::word(lang, &format!("preset.{c}")))
                .collect();
            for (code, name) in codes.iter().zip(&names) {
                assert_ne!(name, code, "{lang}: the preset {code} has no name");
            }
            assert_eq!(p.text("#rules-label").await?, names[0]);
            p.click("#rules-btn").await?;
            p.wait(
                "document.querySelector('#rules-dialog').open && document.querySelectorAll('#preset option').length",
                10,
                "the rules dialog",
            )
            .await?;
            let options = p
                .js("return [...document.querySelectorAll('#preset option')].map(o => [o.value, o.textContent])")
                .await?;
            let want: Vec<(&str, &str)> = codes.iter().copied().zip(names.iter().map(String::as_str)).collect();
            assert_eq!(options, json!(want));
            p.view_shot("presets-rules", lang, width).await?;
            p.select("#preset", "turkish").await?;
            p.click("#rules-apply").await?;
            p.ready().await?;
            assert_eq!(p.text("#rules-label").await?, names[1]);
            tab(p, "puzzles").await?;
            puzzle_shown(p).await?;
            let options = p
                .js("return [...document.querySelectorAll('#puzzle-preset option')].map(o => [o.value, o.textContent])")
                .await?;
            assert_eq!(options, json!(want));
            p.view_shot("presets-puzzles", lang, width).await?;
            Ok(())
        })
        .await
    });
}

/// What does not fit the screen: every drawn element of the page (SVG
/// drawings aside) that reaches past the screen's edges or past its card,
/// dialog or header, a button whose words are wider than it, a select
/// narrower than its longest choice (its words cut), a tab or
/// the engine's figures on more than one line; the page wider than the
/// screen.
const MISFITS: &str = r#"
const W = document.documentElement.clientWidth;
const out = [];
const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\s+/).join('.') : '') + (e.textContent ? ` "${e.textContent.trim().slice(0, 30)}"` : '');
if (document.documentElement.scrollWidth > W) out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
// A select's width when nothing narrows it: its longest choice, the arrow
// and the padding (a hidden copy beside it, styled as it is).
const natural = (e) => { const c = e.cloneNode(true); Object.assign(c.style, { position: 'absolute', visibility: 'hidden', width: 'auto', minWidth: '0', maxWidth: 'none', left: '0', top: '0' }); e.after(c); const w = c.getBoundingClientRect().width; c.remove(); return w; };
const scrolls = (e) => { for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) { if (getComputedStyle(a).overflowX !== 'visible') return true; } return false; };
const oneLine = (e) => { const cs = getComputedStyle(e); const lh = parseFloat(cs.lineHeight) || parseFloat(cs.fontSize) * 1.4; const pad = parseFloat(cs.paddingTop) + parseFloat(cs.paddingBottom) + parseFloat(cs.borderTopWidth) + parseFloat(cs.borderBottomWidth); return e.getBoundingClientRect().height - pad < lh * 1.6; };
for (const e of document.querySelectorAll('body *')) {
  if (!e.getClientRects().length || e.closest('svg') && e.tagName.toLowerCase() !== 'svg') continue;
  const dialog = e.closest('dialog');
  if (dialog && !dialog.open) continue;
  const r = e.getBoundingClientRect();
  if (!r.width || !r.height || scrolls(e)) continue;
  if (r.left < -0.5 || r.right > W + 0.5) out.push(`${name(e)} spans ${r.left.toFixed(0)}…${r.right.toFixed(0)} px`);
  const box = e.parentElement && e.parentElement.closest('.card, dialog, header, .controls');
  if (box) { const b = box.getBoundingClientRect(); if (r.left < b.left - 0.5 || r.right > b.right + 0.5) out.push(`${name(e)} spans ${r.left.toFixed(0)}…${r.right.toFixed(0)} px, past its ${name(box).split(' ')[0]} (${b.left.toFixed(0)}…${b.right.toFixed(0)})`); }
  if (e.tagName === 'BUTTON' && e.scrollWidth > e.clientWidth + 1) out.push(`${name(e)}: words ${e.scrollWidth} px in ${e.clientWidth} px`);
  if (e.tagName === 'SELECT') { const w = natural(e); if (w > r.width + 1) out.push(`${name(e).split(' ')[0]}: its longest choice needs ${w.toFixed(0)} px, ${r.width.toFixed(0)} px shown`); }
  if ((e.matches('.tabs button') || e.id === 'engine-stats') && !oneLine(e)) out.push(`${name(e)} on more than one line`);
}
return out;
"#;

async fn misfits(p: &Page, state: &str, lang: &str, width: u32, found: &mut Vec<String>) -> Res {
    let v = p.js(MISFITS).await?;
    let list: Vec<String> = serde_json::from_value(v)?;
    found.extend(
        list.into_iter()
            .map(|m| format!("{lang}, {width} px, {state}: {m}")),
    );
    p.view_shot(&format!("fits-{state}"), lang, width).await
}

/// Point 2: every state of the page fits a phone's screen of 360 px (and
/// a laptop's) in all four languages: nothing past the screen's edge or
/// its card, no button's or select's words cut (Armenian's level of play
/// was), the tabs and the engine's figures on one line each.
#[test]
fn every_state_of_the_page_fits_the_screen_in_every_language() {
    scenario(Kind::Serve, "fits", async |p| {
        let mut found = Vec::new();
        everywhere(p, async |p, lang, (width, _)| {
            let mut here = Vec::new();
            tab(p, "play").await?;
            p.select("#clock-control", "custom").await?;
            misfits(p, "play", lang, width, &mut here).await?;
            p.select("#clock-control", "5m").await?;
            p.click("#new-game").await?;
            p.ready().await?;
            play(p, "c3", "c4", 2).await?;
            misfits(p, "play-clock", lang, width, &mut here).await?;
            tab(p, "two").await?;
            misfits(p, "two", lang, width, &mut here).await?;
            tab(p, "analysis").await?;
            p.wait(
                "window.tamaState.analysis.depth >= 3 && window.tamaState.analysis.nps > 0",
                20,
                "the engine's figures",
            )
            .await?;
            misfits(p, "analysis", lang, width, &mut here).await?;
            p.click("#engine-toggle + span").await?;
            tab(p, "edit").await?;
            misfits(p, "editor", lang, width, &mut here).await?;
            tab(p, "puzzles").await?;
            puzzle_shown(p).await?;
            misfits(p, "puzzles", lang, width, &mut here).await?;
            p.click("#puzzle-solution").await?;
            p.wait(
                "window.tamaState.puzzle.status === 'shown'",
                10,
                "the solution",
            )
            .await?;
            misfits(p, "puzzle-solution", lang, width, &mut here).await?;
            tab(p, "two").await?;
            for (button, dialog, close) in [
                ("#rules-btn", "rules", "#rules-cancel"),
                ("#import-btn", "import", "#import-cancel"),
                ("#export-btn", "export", "#export-close"),
            ] {
                p.click(button).await?;
                p.wait(
                    &format!("document.querySelector('#{dialog}-dialog').open"),
                    10,
                    "the dialog",
                )
                .await?;
                misfits(p, dialog, lang, width, &mut here).await?;
                p.click(close).await?;
            }
            found.extend(here);
            Ok(())
        })
        .await?;
        assert!(found.is_empty(), "what does not fit:\n{}", found.join("\n"));
        Ok(())
    });
}

/// Point 9 (and issue 41 point 4): the page's trainer is `tama puzzle`'s,
/// in the package. A rating the page kept before (JSON, on the same
/// scale) carries over into the rating file's text; a new player starts
/// at 1000 and is set the puzzle nearest it, not the first by id; a wrong
/// move fails the puzzle once, and the player tries again and plays it
/// out.
#[test]
fn the_puzzle_trainer_is_the_terminals() {
    scenario(Kind::Serve, "trainer", async |p| {
        p.fresh("en", SCREENS[1]).await?;
        p.js("localStorage.setItem('tama.puzzles.rating', JSON.stringify({rating: 1432.25, played: 3, solved: 2}));")
            .await?;
        tab(p, "puzzles").await?;
        puzzle_shown(p).await?;
        let kept = p
            .js("return [localStorage.getItem('tama.puzzles.rating-file'), localStorage.getItem('tama.puzzles.rating')]")
            .await?;
        assert_eq!(
            kept,
            json!([
                "tama puzzle rating 1\nrating 1432.2\nplayed 3\nsolved 2\n",
                null
            ])
        );
        let line = p.text("#puzzle-rating").await?;
        assert!(
            line.starts_with("Your rating: 1432 · solved 2 · failed 1"),
            "{line}"
        );
        // Chosen for that rating: the nearest of the file.
        let file = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../data/puzzles/armenian.pdn"),
        )?;
        let ratings: Vec<f64> = file
            .lines()
            .filter_map(|l| l.strip_prefix("[Difficulty \""))
            .map(|d| {
                let field = |k: &str| {
                    d.split([' ', '"'])
                        .find_map(|w| w.strip_prefix(k))
                        .unwrap_or("x")
                        .to_owned()
                };
                let depth: f64 = field("depth=").parse().unwrap_or(16.0);
                let failed: f64 = field("failed=").split('/').next().unwrap().parse().unwrap();
                800.0 + 25.0 * depth + 150.0 * failed
            })
            .collect();
        assert!(ratings.len() >= 1000);
        let nearest = |to: f64| {
            ratings
                .iter()
                .map(|r| (r - to).abs())
                .fold(f64::MAX, f64::min)
        };
        let v = p
            .js("return window.tamaState.puzzle.current.rating")
            .await?;
        let rating = v.as_f64().expect("a rating");
        assert_eq!((rating - 1432.2).abs(), nearest(1432.2), "chosen for 1432");
        // A new player: 1000, the puzzle nearest it (the first by id is
        // not: most of the file's first puzzles are rated 825).
        p.fresh("en", SCREENS[1]).await?;
        tab(p, "puzzles").await?;
        puzzle_shown(p).await?;
        let v = p
            .js("const x = window.tamaState.puzzle.current; return [x.id, x.rating, x.solution.map(m => m.move)]")
            .await?;
        let (id, rating, solution): (String, f64, Vec<String>) = serde_json::from_value(v)?;
        assert_eq!(
            (rating - 1000.0).abs(),
            nearest(1000.0),
            "{id} is not the nearest to 1000"
        );
        assert!(p
            .text("#puzzle-rating")
            .await?
            .starts_with("Your rating: 1000 · solved 0 · failed 0"));
        // A wrong move: failed once, then tried again and played out.
        let wrong: String = serde_json::from_value(
            p.js(&format!(
                "return window.tamaState.node.known.legal.moves.map(m => m.move).find(m => m !== {})",
                json!(solution[0])
            ))
            .await?,
        )?;
        move_by_clicks(p, &wrong).await?;
        p.wait(
            "window.tamaState.puzzle.status === 'wrong'",
            10,
            "the wrong move",
        )
        .await?;
        p.js("document.querySelector('#puzzle-card').scrollIntoView({block: 'end'})")
            .await?;
        p.view_shot("trainer-wrong", "en", SCREENS[1].0).await?;
        assert!(p
            .text("#puzzle-rating")
            .await?
            .contains("solved 0 · failed 1"));
        p.click("#puzzle-retry").await?;
        p.wait(
            "window.tamaState.puzzle.status === 'retrying'",
            10,
            "the retry",
        )
        .await?;
        for k in (0..solution.len()).step_by(2) {
            p.wait(
                &format!("window.tamaState.puzzle.at === window.tamaState.node && !window.tamaState.puzzle.timer && window.tamaState.puzzle.ply === {k}"),
                10,
                "the player's turn",
            )
            .await?;
            move_by_clicks(p, &solution[k]).await?;
            if k + 1 < solution.len() {
                p.wait(
                    &format!("window.tamaState.puzzle.ply === {}", k + 2),
                    10,
                    "the reply",
                )
                .await?;
            }
        }
        p.wait(
            "window.tamaState.puzzle.status === 'solved-after'",
            10,
            "played out",
        )
        .await?;
        // Rated once: still one failure, none solved.
        let line = p.text("#puzzle-rating").await?;
        assert!(line.contains("solved 0 · failed 1"), "{line}");
        p.js("document.querySelector('#puzzle-card').scrollIntoView({block: 'end'})")
            .await?;
        p.view_shot("trainer-played-out", "en", SCREENS[1].0)
            .await?;
        Ok(())
    })
}

/// Plays move text by clicking its start, then its squares until the
/// page has played it.
async fn move_by_clicks(p: &Page, text: &str) -> Res {
    let plies =
        "let n = 0; for (let x = window.tamaState.node; x.parent; x = x.parent) n++; return n;";
    let before = p.js(plies).await?;
    for sq in text.split(['-', 'x']) {
        if p.js(plies).await? != before {
            break;
        }
        p.square(sq).await?;
    }
    assert_ne!(p.js(plies).await?, before, "{text} was not played");
    Ok(())
}
