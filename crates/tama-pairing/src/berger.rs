//! Round robins by the Berger tables (FIDE C.05, Annex 1): player `n`
//! (or the bye, for an odd count) is fixed, the others rotate.

/// The boards of round `round` (1-based) of a single round robin of
/// `players` players, as (white, black) pairing numbers, first board
/// first. With an odd count the player paired with the phantom `n + 1`
/// has the bye and is left out. `None` for a round out of range or fewer
/// than two players.
///
/// ```
/// // FIDE's table for 5 or 6 players, round 2: 6-4, 5-3, 1-2.
/// assert_eq!(tama_pairing::berger::round(6, 2), Some(vec![(6, 4), (5, 3), (1, 2)]));
/// ```
pub fn round(players: u32, round: u32) -> Option<Vec<(u32, u32)>> {
    if players < 2 {
        return None;
    }
    let n = players + players % 2;
    if round == 0 || round > n - 1 {
        return None;
    }
    let m = n - 1;
    // The player who meets `n`: 2p ≡ round + 1 (mod n − 1).
    let p = (1..=m).find(|&p| (2 * p) % m == (round + 1) % m)?;
    let wrap = |x: i64| -> u32 { ((x - 1).rem_euclid(m as i64) + 1) as u32 };
    let mut boards = Vec::with_capacity(n as usize / 2);
    boards.push(if round % 2 == 1 { (p, n) } else { (n, p) });
    for k in 1..n / 2 {
        let a = wrap(p as i64 + k as i64);
        let b = wrap(p as i64 - k as i64);
        let (lo, hi) = (a.min(b), a.max(b));
        boards.push(if (hi - lo) % 2 == 1 {
            (lo, hi)
        } else {
            (hi, lo)
        });
    }
    if players % 2 == 1 {
        boards.retain(|&(w, b)| w != n && b != n);
    }
    Some(boards)
}

/// The player of an odd-count round robin who sits out round `round`.
pub fn bye(players: u32, round: u32) -> Option<u32> {
    if players.is_multiple_of(2) {
        return None;
    }
    let n = players + 1;
    let m = n - 1;
    (1..=m).find(|&p| (2 * p) % m == (round + 1) % m)
}

/// Every round of a single (`cycles` 1) or double round robin (`cycles`
/// 2: the second cycle repeats the first with colours reversed).
pub fn schedule(players: u32, cycles: u32) -> Vec<Vec<(u32, u32)>> {
    let n = players + players % 2;
    let mut out = Vec::new();
    for c in 0..cycles {
        for r in 1..n {
            let boards = round(players, r).unwrap_or_default();
            out.push(if c % 2 == 1 {
                boards.into_iter().map(|(w, b)| (b, w)).collect()
            } else {
                boards
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pair_meets_once_and_colours_balance() {
        for players in 2..=16u32 {
            let n = players + players % 2;
            let mut met = std::collections::HashSet::new();
            let mut whites = vec![0i32; n as usize + 1];
            for r in 1..n {
                for (w, b) in round(players, r).unwrap() {
                    assert!(
                        met.insert((w.min(b), w.max(b))),
                        "{players} players: {w}-{b} twice"
                    );
                    whites[w as usize] += 1;
                    whites[b as usize] -= 1;
                }
            }
            let games = (players * (players - 1) / 2) as usize;
            assert_eq!(met.len(), games);
            // Each player's whites and blacks differ by at most one.
            assert!(whites.iter().all(|d| d.abs() <= 1), "{players}: {whites:?}");
        }
    }
}
