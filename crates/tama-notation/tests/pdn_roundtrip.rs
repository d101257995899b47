//! Round-trip properties of PDN game records on random legal games with
//! random annotations and variations:
//! - write → read gives the same game, and writing it again the same bytes;
//! - a lenient, messy rendering of a game reads to the same game (so
//!   read → write → read is the identity on what the reader accepts);
//! - JSON → game gives the same game;
//! - a stream of games with one bad game among them yields the others.

use proptest::prelude::*;
use tama_core::{Color, Game, Outcome, Position, Rules, Termination};
use tama_notation::fen::write_fen;
use tama_notation::pdn::{Line, PdnGame, PdnReader};
use tama_test_support::pdn::{random_game, Options};
use tama_test_support::Rng;

fn read_one(text: &str) -> PdnGame {
    match text.parse::<PdnGame>() {
        Ok(g) => g,
        Err(e) => panic!("{e}\n--- text ---\n{text}"),
    }
}

/// A lenient rendering: tags in another order with odd spacing and both
/// result forms, full capture paths with random separators and letter
/// case, detached strength marks, extra move numbers, comments with odd
/// white space, escape lines, line breaks anywhere.
struct Messy<'a> {
    rng: &'a mut Rng,
    out: String,
    game: &'a PdnGame,
}

impl Messy<'_> {
    fn sep(&mut self) {
        let s = match self.rng.below(20) {
            0 => "\n",
            1 => "  \t",
            2 => "\n% an escape line { ( [Event\n",
            3 => "\r\n",
            _ => " ",
        };
        self.out.push_str(s);
    }

    fn comment(&mut self, text: &str) {
        self.out.push('{');
        if self.rng.chance(30) {
            self.out.push_str("  ");
        }
        for (i, w) in text.split(' ').enumerate() {
            if i > 0 {
                let s = match self.rng.below(6) {
                    0 if !w.starts_with('[') => "\n",
                    1 => "  ",
                    2 => "\t",
                    _ => " ",
                };
                self.out.push_str(s);
            }
            self.out.push_str(w);
        }
        if self.rng.chance(30) {
            self.out.push('\n');
        }
        self.out.push('}');
        self.sep();
    }

    fn move_text(&mut self, pos: &Position, mv: &tama_core::Move) -> String {
        let rules = *self.game.rules();
        if self.rng.chance(30) {
            return tama_notation::movetext::write_move(pos, &rules, mv);
        }
        let path = pos.path(&rules, mv);
        let sep = if mv.is_capture() {
            *self.rng.pick(&["x", ":", "X"])
        } else {
            *self.rng.pick(&["-", "", ":"])
        };
        let mut s = String::new();
        for (i, sq) in path.squares().iter().enumerate() {
            if i > 0 {
                s.push_str(sep);
            }
            let t = sq.to_string();
            if self.rng.chance(20) {
                s.push_str(&t.to_uppercase());
            } else {
                s.push_str(&t);
            }
        }
        s
    }

    fn line(&mut self, line: &Line, ply0: usize, main: bool) {
        let offset = usize::from(self.game.start().turn() == Color::Black);
        let first = self.game.first_move_number() as usize;
        let mut pos = *line.start();
        for (i, n) in line.nodes().iter().enumerate() {
            let ply = ply0 + i;
            let number = first + (ply + offset) / 2;
            // A comment right after a move is that move's: a comment before
            // this move must follow its number.
            if !n.comments_before().is_empty() {
                let dots = if pos.turn() == Color::White {
                    "."
                } else {
                    "..."
                };
                self.out.push_str(&format!("{number}{dots}"));
                self.sep();
                for c in n.comments_before() {
                    self.comment(c);
                }
            }
            let must = main && i == 0 && n.comments_before().is_empty();
            if pos.turn() == Color::White {
                if must || self.rng.chance(90) {
                    self.out.push_str(&format!("{number}."));
                    if self.rng.chance(50) {
                        self.sep();
                    }
                }
            } else if must || self.rng.chance(30) {
                self.out.push_str(&format!("{number}..."));
                if self.rng.chance(70) {
                    self.sep();
                }
            }
            let text = self.move_text(&pos, &n.mv());
            self.out.push_str(&text);
            if let Some(a) = n.annotation() {
                if self.rng.chance(30) {
                    self.sep();
                }
                self.out.push_str(a.as_str());
            }
            self.sep();
            for nag in n.nags() {
                self.out.push_str(&format!("${nag}"));
                self.sep();
            }
            for c in n.comments_after() {
                self.comment(c);
            }
            for v in n.variations() {
                self.out.push('(');
                if self.rng.chance(50) {
                    self.sep();
                }
                self.line(v, ply, false);
                self.out.push(')');
                self.sep();
            }
            pos = pos.play_unchecked(&n.mv());
        }
    }

    fn tag(&mut self, name: &str, value: &str) {
        let mut v = String::new();
        let chars: Vec<char> = value.chars().collect();
        for (i, &c) in chars.iter().enumerate() {
            match c {
                '"' => v.push_str("\\\""),
                '\\' => {
                    // A backslash before anything but `"` or `\` may stand alone.
                    let next = chars.get(i + 1);
                    if next.is_some_and(|n| *n != '"' && *n != '\\') && self.rng.chance(50) {
                        v.push('\\');
                    } else {
                        v.push_str("\\\\");
                    }
                }
                c => v.push(c),
            }
        }
        let open = if self.rng.chance(20) { "[ " } else { "[" };
        let gap = if self.rng.chance(20) { "   " } else { " " };
        let close = if self.rng.chance(20) { " ]" } else { "]" };
        self.out
            .push_str(&format!("{open}{name}{gap}\"{v}\"{close}"));
        self.out
            .push_str(if self.rng.chance(15) { " " } else { "\n" });
    }

    fn render(mut self) -> String {
        let g = self.game;
        let mut tags: Vec<(String, String)> = g
            .tags()
            .iter()
            .filter(|(n, _)| !tama_notation::pdn::SEVEN_TAG_ROSTER.contains(n))
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect();
        let mut extra: Vec<(String, String)> = g
            .tags()
            .iter()
            .filter(|(n, _)| tama_notation::pdn::SEVEN_TAG_ROSTER.contains(n))
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect();
        let result = g.result();
        let points = self.rng.chance(50);
        extra.push((
            "Result".into(),
            if points {
                result.as_points_str()
            } else {
                result.as_str()
            }
            .into(),
        ));
        let rules = *g.rules();
        let preset = rules == Rules::ARMENIAN || rules == Rules::TURKISH;
        if preset && self.rng.chance(50) {
            let n = if rules == Rules::TURKISH { 30 } else { 44 };
            extra.push(("GameType".into(), format!("{n},W,8,8,A0,0")));
        } else {
            if self.rng.chance(50) {
                extra.push(("GameType".into(), "20,W,10,10,N2,0".into()));
            }
            let text = tama_notation::rules_text::write_rules(&rules);
            extra.push(("Rules".into(), text));
        }
        if g.is_setup() {
            extra.push(("SetUp".into(), "1".into()));
            extra.push(("FEN".into(), write_fen(g.start())));
        }
        for t in extra {
            let at = self.rng.below(tags.len() + 1);
            tags.insert(at, t);
        }
        for (n, v) in &tags {
            self.tag(n, v);
        }
        self.out.push('\n');
        if self.rng.chance(30) {
            self.out.push_str("%escape at the start\n");
        }
        self.line(g.main_line(), 0, true);
        let marker = if self.rng.chance(50) {
            result.as_points_str()
        } else {
            result.as_str()
        };
        self.out.push_str(marker);
        self.out.push('\n');
        self.out
    }
}

fn messy(rng: &mut Rng, game: &PdnGame) -> String {
    Messy {
        rng,
        out: String::new(),
        game,
    }
    .render()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn write_read_write_is_stable(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let game = random_game(&mut rng, &Options::RICH);
        let text = game.to_pdn();
        let back = read_one(&text);
        prop_assert_eq!(&back, &game, "{}", text);
        prop_assert_eq!(back.to_pdn(), text);
    }

    #[test]
    fn messy_text_reads_to_the_same_game(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let game = random_game(&mut rng, &Options::RICH);
        let text = messy(&mut rng, &game);
        let back = read_one(&text);
        prop_assert_eq!(&back, &game, "{}", text);
        // read → write → read is the identity, and writing is stable.
        let written = back.to_pdn();
        let again = read_one(&written);
        prop_assert_eq!(&again, &back);
        prop_assert_eq!(again.to_pdn(), written);
    }

    #[test]
    fn games_round_trip_through_pdn(seed in any::<u64>()) {
        // A random game, often ended off the board, → record → text →
        // record → game: the same rules, start, moves and outcome.
        let mut rng = Rng::new(seed);
        let record = random_game(&mut rng, &Options::RICH);
        let mut game = Game::from_position(*record.rules(), *record.start());
        for mv in record.moves() {
            game.play(&mv).unwrap();
        }
        if game.outcome().is_none() {
            let side = if rng.chance(50) { Color::White } else { Color::Black };
            let _ = match rng.below(6) {
                0 => game.resign(side),
                1 => game.agree_draw(),
                2 => game.adjudicate(None),
                3 => game.adjudicate(Some(side)),
                4 => game.lose_on_time(side),
                _ => Ok(Outcome::draw(Termination::Agreement)),
            };
        }
        let pdn = PdnGame::from_game(&game, record.tags().iter()).unwrap();
        let text = pdn.to_pdn();
        let back = read_one(&text).to_game().unwrap();
        prop_assert_eq!(back.rules(), game.rules());
        prop_assert_eq!(back.start(), game.start());
        prop_assert_eq!(back.moves(), game.moves());
        prop_assert_eq!(back.outcome(), game.outcome(), "{}", text);
        // And the record's own main line gives the game it describes.
        let from_record = record.to_game().unwrap();
        prop_assert_eq!(from_record.moves(), game.moves());
    }

    #[test]
    fn json_round_trips(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let game = random_game(&mut rng, &Options::RICH);
        let json = serde_json::to_string(&game).unwrap();
        let back: PdnGame = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&back, &game, "{}", json);
        prop_assert_eq!(serde_json::to_string(&back).unwrap(), json);
    }

    #[test]
    fn one_bad_game_among_many(seed in any::<u64>(), bad_at in 0usize..20) {
        let mut rng = Rng::new(seed);
        let games: Vec<PdnGame> =
            (0..20).map(|_| random_game(&mut rng, &Options::RICH)).collect();
        let mut text = String::new();
        let mut bad_line = 0;
        for (i, g) in games.iter().enumerate() {
            if i == bad_at {
                bad_line = text.lines().count() + 1;
                text.push_str(BAD_GAMES[rng.below(BAD_GAMES.len())]);
                text.push_str("\n\n");
            }
            text.push_str(&g.to_pdn());
        }
        let results: Vec<_> = PdnReader::new(text.as_bytes()).collect();
        let good: Vec<&PdnGame> = results.iter().filter_map(|r| r.as_ref().ok()).collect();
        let bad: Vec<_> = results.iter().filter_map(|r| r.as_ref().err()).collect();
        prop_assert_eq!(bad.len(), 1, "{:?}", bad);
        prop_assert!(bad[0].line >= bad_line);
        prop_assert_eq!(good, games.iter().collect::<Vec<_>>());
    }
}

/// Bad games that end cleanly (at a result or before a tag line), each
/// with exactly one error.
const BAD_GAMES: &[&str] = &[
    "[Event \"bad move\"]\n\n1. c3-c5 *",
    "[Event \"garbage\"]\n\n1. c3-c4 hello world 1-0",
    "[Event \"unclosed comment\"]\n\n1. c3-c4 {never closed *",
    "[Event \"unclosed variation\"]\n\n1. c3-c4 ( 1. b3-b4 *",
    "[Event \"no result\"]\n\n1. c3-c4 f6-f5",
    "[Event \"bad tag]\n[Site \"x\"]\n\n1. c3-c4 *",
    "[Event \"bytes \u{fffd}\"]\n\n1. c3-c4 $300 *",
    "[FEN \"W:Wz9\"]\n\n*",
    "[Result \"1-0\"]\n\n0-1",
    "1. c3-c4 ) *",
];

#[test]
fn invalid_utf8_in_a_stream_is_one_error() {
    let mut rng = Rng::new(7);
    let a = random_game(&mut rng, &Options::PLAIN).to_pdn();
    let b = random_game(&mut rng, &Options::PLAIN).to_pdn();
    let mut bytes = a.clone().into_bytes();
    bytes.extend_from_slice(b"[Event \"caf\xe9\"]\n\n1. c3-c4 {\xff} *\n\n");
    bytes.extend_from_slice(b.as_bytes());
    let results: Vec<_> = PdnReader::new(&bytes[..]).collect();
    assert_eq!(results.len(), 3);
    assert!(results[0].is_ok() && results[2].is_ok());
    let e = results[1].as_ref().unwrap_err();
    assert!(e.to_string().contains("invalid UTF-8 (byte 0xe9)"), "{e}");
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let mut text = String::from("1. c3-c4 ");
    for _ in 0..100_000 {
        text.push_str("( 1. b3-b4 ");
    }
    text.push_str("*\n\n1. c3-c4 *\n");
    let results: Vec<_> = PdnReader::new(text.as_bytes()).collect();
    assert_eq!(results.len(), 2);
    let e = results[0].as_ref().unwrap_err();
    assert!(e.to_string().contains("nested deeper than 32"), "{e}");
    assert!(results[1].is_ok());
}

#[test]
fn huge_tokens_are_errors_in_bounded_memory() {
    let mut text = String::from("1. c3-c4 {");
    text.push_str(&"x".repeat(3 << 20));
    text.push_str("} *\n\n1. ");
    text.push_str(&"a".repeat(1 << 20));
    text.push_str(" *\n\n[Event \"ok\"]\n1. c3-c4 *\n");
    let results: Vec<_> = PdnReader::new(text.as_bytes()).collect();
    assert_eq!(results.len(), 3, "{results:?}");
    assert!(results[0]
        .as_ref()
        .unwrap_err()
        .to_string()
        .contains("comment longer"));
    assert!(results[1]
        .as_ref()
        .unwrap_err()
        .to_string()
        .contains("word longer"));
    assert!(results[2].is_ok());
}

/// Regression (found while profiling the PDN fuzz target): every tag
/// looked up and inserted by scanning the tags before it, so reading a
/// record of n tags cost n² (40,000 tags, half a megabyte, took about
/// 15 s; 80,000 took 95 s).
#[test]
fn many_tags_read_in_linear_time() {
    const TAGS: usize = 40_000;
    let mut text = String::new();
    for i in 0..TAGS {
        text.push_str(&format!("[Tag{i} \"value {i}\"]\n"));
    }
    text.push_str("[Event \"last\"]\n\n1. c3-c4 *\n");
    let start = std::time::Instant::now();
    let game = read_one(&text);
    let written = game.to_pdn();
    assert_eq!(read_one(&written), game);
    let elapsed = start.elapsed();
    assert_eq!(game.tags().len(), TAGS + 1);
    assert_eq!(game.tag("Tag12345").as_deref(), Some("value 12345"));
    assert!(written.starts_with("[Event \"last\"]\n[Result \"*\"]\n"));
    assert!(
        elapsed < std::time::Duration::from_secs(5),
        "{TAGS} tags took {elapsed:?} to read, write and read again"
    );
    // A name given twice is still found, however many tags came before.
    text.insert_str(0, "[Tag39999 \"again\"]\n");
    let e = text.parse::<PdnGame>().unwrap_err();
    assert!(e.to_string().contains("Tag39999"), "{e}");
    assert_eq!(e.line, TAGS + 1);
}
