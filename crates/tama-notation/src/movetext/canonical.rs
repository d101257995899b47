//! The canonical (written) form of a move: start and end square, or the
//! PDN 3.0 path when other legal moves share them.

use tama_core::{Bitboard, Move, Position, Rules, Square};

use super::syntax::{MoveText, MAX_SQUARES};

/// The direction of one orthogonal or diagonal step from `a` towards `b`.
fn step(a: Square, b: Square) -> (i8, i8) {
    let df = b.file() as i8 - a.file() as i8;
    let dr = b.rank() as i8 - a.rank() as i8;
    (df.signum(), dr.signum())
}

/// The PDN 3.0 form of a capture path: the start square, then for each
/// jump but the last either its landing square (when the next jump turns)
/// or the square right behind its captured piece (when the next jump goes
/// on in the same direction), then the end square. This is itself a path
/// with the same effect, which is returned.
pub(super) fn pdn_path(path: &[Square], captures: Bitboard) -> Vec<Square> {
    let jumps = path.len().saturating_sub(1);
    let mut taken = Bitboard::EMPTY;
    let mut victims = Vec::with_capacity(jumps);
    let mut dirs = Vec::with_capacity(jumps);
    for pair in path.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let d = step(a, b);
        let mut sq = a.offset(d.0, d.1);
        let mut victim = None;
        while let Some(s) = sq {
            if s == b {
                break;
            }
            if captures.contains(s) && !taken.contains(s) {
                victim = Some(s);
                break;
            }
            sq = s.offset(d.0, d.1);
        }
        if let Some(v) = victim {
            taken.insert(v);
        }
        victims.push(victim);
        dirs.push(d);
    }
    let mut out = path.to_vec();
    for i in 1..jumps {
        if dirs[i - 1] == dirs[i] {
            let (df, dr) = dirs[i - 1];
            if let Some(behind) = victims[i - 1].and_then(|v| v.offset(df, dr)) {
                out[i] = behind;
            }
        }
    }
    out
}

/// The canonical text of `mv` among the legal moves `legal` of `pos`, and,
/// when `want_path` is set, a path of `mv` on which every written square
/// lies (otherwise the path may be empty). `legal` is not used for a quiet
/// move.
pub(crate) fn canonical(
    pos: &Position,
    rules: &Rules,
    legal: &[Move],
    mv: &Move,
    want_path: bool,
) -> (MoveText, Vec<Square>) {
    let short = [mv.from(), mv.to()];
    let text = |squares: &[Square]| {
        MoveText::new(squares, mv.is_capture()).unwrap_or_else(|| {
            MoveText::new(&short, mv.is_capture()).unwrap_or(MoveText {
                squares: [mv.from(); MAX_SQUARES],
                len: 2,
                capture: mv.is_capture(),
                annotation: None,
            })
        })
    };
    if !mv.is_capture() {
        return (text(&short), short.to_vec());
    }
    let rivals: Vec<Move> = legal
        .iter()
        .filter(|m| *m != mv && m.from() == mv.from() && m.to() == mv.to())
        .copied()
        .collect();
    if rivals.is_empty() && !want_path {
        return (text(&short), Vec::new());
    }
    let paths: Vec<Vec<Square>> = pos
        .paths(rules, mv)
        .iter()
        .map(|p| p.squares().to_vec())
        .collect();
    let Some(first) = paths.first() else {
        // Not a legal capture here: nothing better than start and end.
        return (text(&short), short.to_vec());
    };
    // The PDN form of a path, if it is itself a path of the move (it always
    // is; the check keeps the written squares on the returned path).
    let pdn = |p: &Vec<Square>| {
        let q = pdn_path(p, mv.captures());
        if paths.contains(&q) {
            q
        } else {
            p.clone()
        }
    };
    if rivals.is_empty() {
        return (text(&short), pdn(first));
    }
    let unique = |t: &MoveText| !rivals.iter().any(|r| t.matches(pos, rules, r));
    for p in &paths {
        let q = pdn(p);
        let t = text(&q);
        if unique(&t) {
            return (t, q);
        }
    }
    for p in &paths {
        let t = text(p);
        if unique(&t) {
            return (t, p.clone());
        }
    }
    // Unreachable for legal moves: a full path determines the captures.
    (text(first), first.clone())
}
