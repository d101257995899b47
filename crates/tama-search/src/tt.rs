//! The transposition table: a lock-free hash table shared by all search
//! threads.
//!
//! # Entry layout
//!
//! An entry is two `AtomicU64` words, `check` and `data`:
//!
//! ```text
//! data  bits  0..16  move code (from | to << 6 | captures fold << 12; 0 = none)
//!       bits 16..32  score (i16; wins and losses relative to this node)
//!       bits 32..48  static evaluation (i16; EVAL_NONE when not computed)
//!       bits 48..56  depth (u8, remaining plies; 0 for quiescence results)
//!       bits 56..58  bound (1 upper, 2 lower, 3 exact; 0 = empty entry)
//!       bits 58..64  generation (6 bits, the search that wrote it)
//! check = Zobrist key XOR data
//! ```
//!
//! Threads read and write the two words without locks. A torn entry (one
//! word from one write, one from another) fails the check `check ^ data ==
//! key` and is treated as a miss, so a probe never returns data of another
//! position except on a full 64-bit key collision — and even then the move
//! is only used after it is found in the position's legal move list.
//!
//! Entries are grouped in buckets of four (one 64-byte cache line). A store
//! replaces the entry of the same key, or else the entry with the lowest
//! `depth - 4 * age`.

use std::sync::atomic::{AtomicU64, Ordering};

use tama_core::Move;

/// Bound type of a stored score.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    /// The true score is at most the stored one (fail low).
    Upper = 1,
    /// The true score is at least the stored one (fail high).
    Lower = 2,
    /// The stored score is exact.
    Exact = 3,
}

/// Marks a missing static evaluation.
pub(crate) const EVAL_NONE: i32 = i16::MIN as i32;

/// A 16-bit code for a move: from, to and a fold of the captured squares.
/// Found again by comparing with the codes of the legal moves.
#[inline]
pub(crate) fn move_code(mv: &Move) -> u16 {
    let caps = mv.captures().0;
    let fold = (caps.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 60) as u16;
    (mv.from().index() as u16) | ((mv.to().index() as u16) << 6) | (fold << 12)
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TtHit {
    pub(crate) mv: u16,
    pub(crate) score: i32,
    pub(crate) eval: i32,
    pub(crate) depth: i32,
    pub(crate) bound: Bound,
}

#[repr(align(64))]
struct Bucket([AtomicU64; 8]);

impl Bucket {
    fn new() -> Bucket {
        Bucket(Default::default())
    }
}

const ENTRIES: usize = 4;

/// The shared table.
pub(crate) struct Tt {
    buckets: Vec<Bucket>,
    generation: u8,
}

impl Tt {
    /// A table of about `mib` MiB (at least one bucket). When the system
    /// refuses that much memory, the size is halved until it does not.
    pub(crate) fn new(mib: usize) -> Tt {
        let bytes = mib.saturating_mul(1 << 20);
        let mut n = (bytes / core::mem::size_of::<Bucket>()).max(1);
        let mut buckets = Vec::new();
        while buckets.try_reserve_exact(n).is_err() && n > 1 {
            n /= 2;
        }
        buckets.resize_with(n, Bucket::new);
        Tt {
            buckets,
            generation: 0,
        }
    }

    /// The size in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.buckets.len() * core::mem::size_of::<Bucket>()
    }

    /// Empties the table and resets the generation.
    pub(crate) fn clear(&mut self) {
        for b in &self.buckets {
            for w in &b.0 {
                w.store(0, Ordering::Relaxed);
            }
        }
        self.generation = 0;
    }

    /// Starts a new search: entries of older searches become replaceable.
    pub(crate) fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        let i = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[i]
    }

    /// Looks up `key`.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<TtHit> {
        let b = self.bucket(key);
        for e in 0..ENTRIES {
            let check = b.0[2 * e].load(Ordering::Relaxed);
            let data = b.0[2 * e + 1].load(Ordering::Relaxed);
            if data != 0 && check ^ data == key {
                let bound = match (data >> 56) & 3 {
                    1 => Bound::Upper,
                    2 => Bound::Lower,
                    3 => Bound::Exact,
                    _ => continue,
                };
                return Some(TtHit {
                    mv: data as u16,
                    score: (data >> 16) as u16 as i16 as i32,
                    eval: (data >> 32) as u16 as i16 as i32,
                    depth: ((data >> 48) & 0xff) as i32,
                    bound,
                });
            }
        }
        None
    }

    /// Stores a result for `key`. `depth` is clamped to 0..=255; `score`
    /// and `eval` must fit in an i16.
    #[inline]
    pub(crate) fn store(&self, key: u64, mv: u16, score: i32, eval: i32, depth: i32, bound: Bound) {
        let b = self.bucket(key);
        let depth = depth.clamp(0, 255) as u64;
        let gen = self.generation as u64;
        let mut victim = 0;
        let mut victim_value = i32::MAX;
        let mut old_move = 0u16;
        for e in 0..ENTRIES {
            let check = b.0[2 * e].load(Ordering::Relaxed);
            let data = b.0[2 * e + 1].load(Ordering::Relaxed);
            if data == 0 {
                if victim_value > i32::MIN {
                    victim = e;
                    victim_value = i32::MIN;
                }
                continue;
            }
            if check ^ data == key {
                let old_depth = (data >> 48) & 0xff;
                let old_gen = (data >> 58) & 63;
                // Keep a deeper result of this search unless the new one is
                // exact.
                if bound != Bound::Exact && old_gen == gen && old_depth > depth + 2 {
                    return;
                }
                victim = e;
                old_move = data as u16;
                break;
            }
            let age = ((gen + 64 - ((data >> 58) & 63)) & 63) as i32;
            let value = ((data >> 48) & 0xff) as i32 - 4 * age;
            if value < victim_value {
                victim = e;
                victim_value = value;
            }
        }
        let mv = if mv == 0 { old_move } else { mv };
        let data = mv as u64
            | ((score as i16 as u16 as u64) << 16)
            | ((eval as i16 as u16 as u64) << 32)
            | (depth << 48)
            | ((bound as u64) << 56)
            | (gen << 58);
        b.0[2 * victim].store(key ^ data, Ordering::Relaxed);
        b.0[2 * victim + 1].store(data, Ordering::Relaxed);
    }

    /// How full the table is, in permille: the share of the first 1000
    /// entries written by the current search.
    pub(crate) fn hashfull(&self) -> u32 {
        let buckets = self.buckets.len().min(250);
        let mut used = 0;
        for b in &self.buckets[..buckets] {
            for e in 0..ENTRIES {
                let data = b.0[2 * e + 1].load(Ordering::Relaxed);
                if data != 0 && (data >> 58) & 63 == self.generation as u64 {
                    used += 1;
                }
            }
        }
        (used * 1000 / (buckets * ENTRIES).max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tama_core::{Bitboard, Square};

    #[test]
    fn store_then_probe() {
        let tt = Tt::new(1);
        assert!(tt.bytes() >= 1 << 20);
        let key = 0x1234_5678_9abc_def1;
        assert!(tt.probe(key).is_none());
        tt.store(key, 777, -1234, 56, 9, Bound::Lower);
        let hit = tt.probe(key).unwrap();
        assert_eq!(hit.mv, 777);
        assert_eq!(hit.score, -1234);
        assert_eq!(hit.eval, 56);
        assert_eq!(hit.depth, 9);
        assert_eq!(hit.bound, Bound::Lower);
        // Another key of the same bucket is not confused with it.
        assert!(tt.probe(key ^ 1).is_none());
        // A shallower store without a move keeps the move; exact replaces.
        tt.store(key, 0, 99, EVAL_NONE, 10, Bound::Exact);
        let hit = tt.probe(key).unwrap();
        assert_eq!(
            (hit.mv, hit.score, hit.eval, hit.depth),
            (777, 99, EVAL_NONE, 10)
        );
        assert_eq!(hit.bound, Bound::Exact);
    }

    #[test]
    fn buckets_keep_several_keys_and_clear_empties() {
        let mut tt = Tt::new(0); // one bucket: every key collides
        for k in 1..=4u64 {
            tt.store(k * 0x1111, k as u16, k as i32, 0, k as i32, Bound::Exact);
        }
        for k in 1..=4u64 {
            assert_eq!(tt.probe(k * 0x1111).unwrap().mv, k as u16);
        }
        // A fifth key replaces the shallowest entry.
        tt.store(0x5555, 5, 5, 0, 20, Bound::Exact);
        assert!(tt.probe(0x1111).is_none());
        assert!(tt.probe(0x5555).is_some());
        assert_eq!(tt.hashfull(), 1000);
        tt.clear();
        assert!(tt.probe(0x5555).is_none());
        assert_eq!(tt.hashfull(), 0);
    }

    #[test]
    fn move_codes_separate_captures() {
        let a = Move::new(Square::D1, Square::D5, Bitboard::from(Square::D3), false);
        let b = Move::new(Square::D1, Square::D5, Bitboard::from(Square::D4), false);
        let q = Move::quiet(Square::D1, Square::D5, false);
        assert_ne!(move_code(&a), 0);
        assert_ne!(move_code(&q), 0);
        assert_ne!(move_code(&a), move_code(&q));
        assert_eq!(
            move_code(&q),
            (Square::D1.index() | Square::D5.index() << 6) as u16
        );
        assert_eq!(move_code(&a) & 0xfff, move_code(&b) & 0xfff);
    }
}
