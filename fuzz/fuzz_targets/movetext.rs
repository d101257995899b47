//! Move text against a fixed set of positions: never panics; a resolved
//! move is legal, and its canonical text resolves to the same move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tama_core::{Position, Rules};
use tama_notation::fen::parse_fen;
use tama_notation::movetext::{parse_move, write_move};

const POSITIONS: &[(&str, Rules)] = &[
    ("W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7", Rules::ARMENIAN),
    ("W:WKd1:Bd3,d6,b4,f4", Rules::ARMENIAN),
    ("B:Wd2,c4,b3,c2:BKd1", Rules::ARMENIAN),
    ("B:Wd2,c4,b3,c2:BKd1", Rules::ARMENIAN_ORTHOGONAL),
    ("W:WKd4:Bf4,g6,e7,d5,a8", Rules::ARMENIAN),
    ("W:Wd6:Bd7,c8", Rules::ARMENIAN_ORTHOGONAL),
    ("W:Wc4,d4,e4:Bc5,d5,e5,c6,e6", Rules::TURKISH),
];

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let (fen, rules) = &POSITIONS[selector as usize % POSITIONS.len()];
    let pos: Position = parse_fen(fen).expect("fixed positions are valid").position;
    if let Ok(mv) = parse_move(text, &pos, rules) {
        assert!(pos.is_legal(rules, &mv));
        let canonical = write_move(&pos, rules, &mv);
        assert_eq!(parse_move(&canonical, &pos, rules).expect("canonical text reads back"), mv);
    }
});
