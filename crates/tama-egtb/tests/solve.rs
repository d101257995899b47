//! The tables against an independent brute-force solver, symmetry,
//! determinism, verification and interrupted runs.

use std::collections::HashMap;
use std::path::Path;

use tama_core::{Bitboard, Color, Position, Rules, Setup};
use tama_egtb::{generate, GenOptions, Material, Plan, Tablebase, Wdl};

/// Every position of `m` (White to move as "us", then the same with
/// Black to move), men on ranks 2-7 only.
fn positions_of(m: Material) -> Vec<Position> {
    let mut out = Vec::new();
    let kinds: Vec<(Color, bool)> = std::iter::empty()
        .chain(std::iter::repeat((Color::White, false)).take(m.us_men as usize))
        .chain(std::iter::repeat((Color::White, true)).take(m.us_kings as usize))
        .chain(std::iter::repeat((Color::Black, false)).take(m.them_men as usize))
        .chain(std::iter::repeat((Color::Black, true)).take(m.them_kings as usize))
        .collect();
    let mut squares = vec![0u8; kinds.len()];
    fn rec(
        kinds: &[(Color, bool)],
        at: usize,
        squares: &mut Vec<u8>,
        out: &mut Vec<Position>,
    ) {
        if at == kinds.len() {
            for turn in [Color::White, Color::Black] {
                let mut s = Setup::empty(turn);
                for (k, &sq) in kinds.iter().zip(squares.iter()) {
                    let bit = Bitboard(1 << sq);
                    match k.0 {
                        Color::White => s.white = s.white | bit,
                        Color::Black => s.black = s.black | bit,
                    }
                    if k.1 {
                        s.kings = s.kings | bit;
                    }
                }
                let mut s = s;
                if turn == Color::Black {
                    // Material is "side to move first": swap the colours.
                    s = Setup {
                        white: s.black,
                        black: s.white,
                        kings: s.kings,
                        turn,
                    };
                }
                out.push(Position::from_setup(s).unwrap());
            }
            return;
        }
        for sq in 0..64u8 {
            let man = !kinds[at].1;
            if man && !(8..56).contains(&sq) {
                continue;
            }
            if squares[..at].contains(&sq) {
                continue;
            }
            // Identical pieces in increasing square order.
            if at > 0 && kinds[at - 1] == kinds[at] && squares[at - 1] >= sq {
                continue;
            }
            squares[at] = sq;
            rec(kinds, at + 1, squares, out);
        }
    }
    rec(&kinds, 0, &mut squares, &mut out);
    out
}

/// Distance-to-win values of every position reachable from `seeds`, by
/// plain iteration over `legal_moves`: a position is won in `p` when a
/// move leads to a loss in `p - 1`, lost in `p` when every move leads to
/// a win decided before; the rest are draws.
fn brute_force(rules: &Rules, seeds: Vec<Position>) -> HashMap<Position, (Wdl, u32)> {
    let mut index: HashMap<Position, usize> = HashMap::new();
    let mut all = Vec::new();
    let mut children: Vec<Vec<usize>> = Vec::new();
    let mut stack = seeds;
    while let Some(p) = stack.pop() {
        if index.contains_key(&p) {
            continue;
        }
        index.insert(p, all.len());
        all.push(p);
        for mv in p.legal_moves(rules).iter() {
            stack.push(p.play_unchecked(mv));
        }
    }
    for p in &all {
        children.push(p.legal_moves(rules).iter().map(|mv| index[&p.play_unchecked(mv)]).collect());
    }
    let mut value: Vec<Option<(Wdl, u32)>> = vec![None; all.len()];
    let one_each = |p: &Position| p.pieces(Color::White).count() == 1 && p.pieces(Color::Black).count() == 1;
    for (i, p) in all.iter().enumerate() {
        if children[i].is_empty() {
            value[i] = Some((Wdl::Loss, 0));
        } else if rules.draw_one_each && one_each(p) {
            value[i] = Some((Wdl::Draw, 0));
        }
    }
    // Values decided in this pass have distance `ply`, so reading the
    // table in place sees only earlier passes' decisions where it matters.
    let mut ply = 1;
    loop {
        let mut changed = false;
        for i in 0..all.len() {
            if value[i].is_some() {
                continue;
            }
            let kids = &children[i];
            if kids.iter().any(|&c| value[c] == Some((Wdl::Loss, ply - 1))) {
                value[i] = Some((Wdl::Win, ply));
                changed = true;
            } else if kids
                .iter()
                .all(|&c| matches!(value[c], Some((Wdl::Win, d)) if d < ply))
            {
                value[i] = Some((Wdl::Loss, ply));
                changed = true;
            }
        }
        if !changed && ply > 2 {
            break;
        }
        ply += 1;
    }
    all.into_iter()
        .zip(value)
        .map(|(p, v)| (p, v.unwrap_or((Wdl::Draw, 0))))
        .collect()
}

fn gen(dir: &Path, rules: &Rules, pieces: u32) {
    generate(dir, rules, &Plan::new(pieces), None, &GenOptions { threads: 2, ..GenOptions::default() }).unwrap();
}

fn check_against_brute_force(rules: Rules, materials: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let t = std::time::Instant::now();
    gen(dir.path(), &rules, 3);
    eprintln!("generated in {:?}", t.elapsed());
    let tb = Tablebase::open(dir.path(), &rules).unwrap();
    let seeds: Vec<Position> = materials
        .iter()
        .flat_map(|m| positions_of(m.parse().unwrap()))
        .collect();
    let t = std::time::Instant::now();
    let truth = brute_force(&rules, seeds);
    eprintln!("brute force in {:?}, {} positions", t.elapsed(), truth.len());
    let mut checked = 0;
    for (pos, (wdl, d)) in &truth {
        let m = Material::of(pos);
        if m.them() == 0 {
            continue;
        }
        let v = tb.probe(pos).unwrap().unwrap_or_else(|| panic!("{pos:?} not covered"));
        assert_eq!((v.wdl, v.distance), (*wdl, *d), "{}", tama_notation::write_fen(pos));
        checked += 1;
    }
    assert!(checked > 1000);
}

#[test]
fn armenian_tables_agree_with_brute_force() {
    check_against_brute_force(Rules::ARMENIAN, &["KvK", "KvM", "MvM", "KMvK", "KvKM", "KKvK", "MMvK", "KvMM", "KMvM"]);
}
