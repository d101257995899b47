//! Random legal PDN games for the notation's tests and bench: games played
//! with `tama_core`, annotated and branched at random.

use tama_core::{Color, Game, Move, Position, Rules};
use tama_notation::movetext::Annotation;
use tama_notation::pdn::{GameResult, Line, PdnGame};

use crate::Rng;

/// What to put in a random game.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// At most this many plies in the main line.
    pub max_plies: usize,
    /// Add comments, NAGs and strength marks.
    pub annotations: bool,
    /// Add variations (nested up to this depth; 0 = none).
    pub variation_depth: usize,
    /// Sometimes start from a set-up position.
    pub setups: bool,
    /// Sometimes use rules other than the two presets.
    pub odd_rules: bool,
}

impl Options {
    pub const PLAIN: Options = Options {
        max_plies: 200,
        annotations: false,
        variation_depth: 0,
        setups: false,
        odd_rules: false,
    };
    pub const RICH: Options = Options {
        max_plies: 80,
        annotations: true,
        variation_depth: 3,
        setups: true,
        odd_rules: true,
    };
}

const WORDS: &[&str] = &[
    "only",
    "move",
    "strong",
    "weak",
    "Արամ",
    "Ayşe",
    "50%",
    "%",
    "[x]",
    "[Event",
    "\"quoted\"",
    "back\\slash",
    "(paren)",
    "1-0",
    "*",
    "$5",
    "c3-c4",
    "{",
    "a",
    "long-word-long-word-long-word",
];

pub fn random_comment(rng: &mut Rng) -> String {
    let n = rng.below(12);
    let mut s = String::new();
    for i in 0..n {
        if i > 0 {
            s.push(' ');
        }
        let w: &&str = rng.pick(WORDS);
        s.push_str(w);
    }
    s.replace('{', "(")
}

/// A random legal move of `game`, or `None` when it is over.
pub fn random_move(rng: &mut Rng, game: &Game) -> Option<Move> {
    if game.outcome().is_some() {
        return None;
    }
    let moves = game.legal_moves();
    Some(*rng.pick(&moves))
}

fn random_rules(rng: &mut Rng, odd: bool) -> Rules {
    if odd && rng.chance(25) {
        let all: Vec<Rules> = Rules::all_move_combinations().collect();
        let mut r = *rng.pick(&all);
        r.draw_one_each = rng.chance(50);
        r
    } else if rng.chance(50) {
        Rules::ARMENIAN
    } else {
        Rules::TURKISH
    }
}

/// A random position reached by random play from the start.
pub fn random_setup(rng: &mut Rng, rules: &Rules) -> Position {
    let mut g = Game::new(*rules);
    let n = 4 + rng.below(60);
    for _ in 0..n {
        match random_move(rng, &g) {
            Some(m) => g.play(&m).unwrap(),
            None => break,
        }
    }
    if g.outcome().is_some() {
        g.undo();
    }
    *g.position()
}

fn annotate(rng: &mut Rng, node: &mut tama_notation::pdn::Node) {
    if rng.chance(15) {
        node.set_annotation(Some(*rng.pick(&Annotation::ALL)));
    }
    if rng.chance(10) {
        for _ in 0..1 + rng.below(2) {
            node.push_nag(rng.below(256) as u8);
        }
    }
    if rng.chance(8) {
        node.push_comment_before(&random_comment(rng)).unwrap();
    }
    if rng.chance(15) {
        node.push_comment_after(&random_comment(rng)).unwrap();
    }
}

/// Adds random variations (and annotations) to `line`, whose start is the
/// current position of `before`.
fn grow(rng: &mut Rng, line: &mut Line, before: &Game, opts: &Options, depth: usize) {
    let mut g = before.clone();
    let n = line.len();
    for i in 0..n {
        if opts.annotations {
            annotate(rng, line.node_mut(i).unwrap());
        }
        if depth < opts.variation_depth && rng.chance(if depth == 0 { 12 } else { 20 }) {
            let count = 1 + rng.below(2);
            for _ in 0..count {
                let var = line.add_variation(i);
                let mut vg = g.clone();
                let len = 1 + rng.below(8);
                for _ in 0..len {
                    let Some(m) = random_move(rng, &vg) else {
                        break;
                    };
                    vg.play(&m).unwrap();
                    var.push_move(before.rules(), m).unwrap();
                }
                grow(rng, var, &g, opts, depth + 1);
            }
        }
        let mv = line.nodes()[i].mv();
        g.play(&mv).unwrap();
    }
}

const NAMES: &[&str] = &[
    "Aram",
    "Ani",
    "Ayşe",
    "Mehmet",
    "O\"Brien",
    "back\\slash",
    "",
];

/// A random legal game.
pub fn random_game(rng: &mut Rng, opts: &Options) -> PdnGame {
    let rules = random_rules(rng, opts.odd_rules);
    let start = if opts.setups && rng.chance(25) {
        random_setup(rng, &rules)
    } else {
        Position::start()
    };
    let mut game = PdnGame::new(rules, start);
    if rng.chance(80) {
        game.set_tag("Event", "Random club").unwrap();
    }
    if rng.chance(50) {
        game.set_tag("Date", "2026.11.29").unwrap();
    }
    let (white, black): (&&str, &&str) = (rng.pick(NAMES), rng.pick(NAMES));
    game.set_tag("White", white).unwrap();
    game.set_tag("Black", black).unwrap();
    if rng.chance(30) {
        game.set_tag("Opening", "Center [test] \"x\"").unwrap();
    }
    if rng.chance(10) {
        game.set_first_move_number(1 + rng.below(40) as u32);
    }
    let mut g = Game::from_position(rules, start);
    let plies = rng.below(opts.max_plies + 1);
    for _ in 0..plies {
        let Some(m) = random_move(rng, &g) else { break };
        g.play(&m).unwrap();
        game.push_move(m).unwrap();
    }
    if game.main_line().is_empty() {
        game.set_first_move_number(1);
    }
    let start_game = Game::from_position(rules, start);
    grow(rng, game.main_line_mut(), &start_game, opts, 0);
    if game.outcome().is_none() {
        game.set_result(*rng.pick(&GameResult::ALL));
    }
    game
}

/// A random game played to its end (or `max_plies`), no annotations.
pub fn random_plain_game(rng: &mut Rng, rules: Rules, max_plies: usize) -> PdnGame {
    let mut game = PdnGame::new(rules, Position::start());
    game.set_tag("Event", "Bench").unwrap();
    game.set_tag("White", "A").unwrap();
    game.set_tag("Black", "B").unwrap();
    let mut g = Game::new(rules);
    for _ in 0..max_plies {
        let Some(m) = random_move(rng, &g) else { break };
        g.play(&m).unwrap();
        game.push_move(m).unwrap();
    }
    if game.outcome().is_none() {
        game.set_result(if g.position().turn() == Color::White {
            GameResult::BlackWins
        } else {
            GameResult::WhiteWins
        });
    }
    game
}
