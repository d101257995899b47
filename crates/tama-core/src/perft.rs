//! perft: counting the leaves of the move tree, the standard test of a move
//! generator.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::{Move, MoveList, Position, Rules};

/// The number of leaves of the legal-move tree `depth` plies deep (unique
/// moves, so paths with the same effect count once).
///
/// The last ply is bulk-counted: quiet moves are counted without being
/// listed. Allocates one move list per ply up front and nothing after.
///
/// ```
/// use tama_core::{perft, Position, Rules};
///
/// assert_eq!(perft(&Position::start(), &Rules::ARMENIAN, 3), 12_174);
/// assert_eq!(perft(&Position::start(), &Rules::TURKISH, 3), 708);
/// ```
pub fn perft(pos: &Position, rules: &Rules, depth: u32) -> u64 {
    let mut stack = move_stack(depth);
    perft_inner(pos, rules, depth, &mut stack)
}

fn move_stack(depth: u32) -> Vec<MoveList> {
    (0..depth.max(1)).map(|_| MoveList::new()).collect()
}

fn perft_inner(pos: &Position, rules: &Rules, depth: u32, stack: &mut [MoveList]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some((list, rest)) = stack.split_first_mut() else {
        // The stack is sized for the depth; this cannot happen, but a
        // fresh list keeps the count right if it ever did.
        return perft(pos, rules, depth);
    };
    if depth == 1 {
        return pos.count_moves(rules, list) as u64;
    }
    pos.generate_moves(rules, list);
    let mut nodes = 0;
    for mv in list.iter() {
        nodes += perft_inner(&pos.play_board_only(mv), rules, depth - 1, rest);
    }
    nodes
}

/// perft for each legal move of `pos`: the move and the leaves below it
/// (`depth - 1` plies after it), in move generation order.
pub fn perft_divide(pos: &Position, rules: &Rules, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    let moves = pos.legal_moves(rules);
    let sub = depth.saturating_sub(1);
    let children: Vec<Position> = moves.iter().map(|m| pos.play_unchecked(m)).collect();
    let counts = parallel_counts(&children, rules, sub, threads);
    moves.iter().copied().zip(counts).collect()
}

/// perft on `threads` threads (1 or 0 means the calling thread only).
///
/// The tree is split two plies below `pos` and the subtrees are handed out
/// from a shared counter, so the threads stay busy until the end.
pub fn perft_parallel(pos: &Position, rules: &Rules, depth: u32, threads: usize) -> u64 {
    if threads <= 1 || depth < 4 {
        return perft(pos, rules, depth);
    }
    let mut roots = Vec::new();
    let mut list = MoveList::new();
    pos.generate_moves(rules, &mut list);
    let mut second = MoveList::new();
    for mv in list.iter() {
        let child = pos.play_unchecked(mv);
        child.generate_moves(rules, &mut second);
        for mv2 in second.iter() {
            roots.push(child.play_unchecked(mv2));
        }
    }
    parallel_counts(&roots, rules, depth - 2, threads)
        .iter()
        .sum()
}

/// perft of each position in `roots` at `depth`, computed on `threads`
/// threads; results in the order of `roots`.
fn parallel_counts(roots: &[Position], rules: &Rules, depth: u32, threads: usize) -> Vec<u64> {
    let threads = threads.clamp(1, roots.len().max(1));
    if threads == 1 {
        return roots.iter().map(|p| perft(p, rules, depth)).collect();
    }
    let next = AtomicUsize::new(0);
    let results = Mutex::new(vec![0u64; roots.len()]);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut stack = move_stack(depth);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(root) = roots.get(i) else { break };
                    let n = perft_inner(root, rules, depth, &mut stack);
                    if let Ok(mut r) = results.lock() {
                        r[i] = n;
                    }
                }
            });
        }
    });
    results.into_inner().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parallel_and_divide_agree_with_serial() {
        let pos = Position::start();
        let rules = Rules::ARMENIAN;
        let serial = perft(&pos, &rules, 4);
        assert_eq!(serial, 268_670);
        assert_eq!(perft_parallel(&pos, &rules, 4, 2), serial);
        let divide = perft_divide(&pos, &rules, 4, 2);
        assert_eq!(divide.len(), 22);
        assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), serial);
        assert_eq!(perft(&pos, &rules, 0), 1);
        assert_eq!(
            perft_divide(&pos, &rules, 1, 1)
                .iter()
                .map(|(_, n)| n)
                .sum::<u64>(),
            22
        );
    }
}
