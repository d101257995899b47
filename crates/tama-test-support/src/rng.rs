//! Small seeded generators: reproducible, no dependency, good enough to
//! pick moves, squares and bytes. Not for anything that needs real
//! randomness.

/// A seeded generator of one of four algorithms, chosen by its
/// constructor; every draw below is made from [`Rng::next_u64`].
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
    step: Step,
}

#[derive(Clone, Copy, Debug)]
enum Step {
    SplitMix,
    XorShift,
    XorShiftStar,
    /// A 64-bit linear congruential generator with this increment, whose
    /// draws are the high 31 bits.
    Lcg(u64),
}

impl Rng {
    /// splitmix64 (the generator most tests use).
    pub fn new(seed: u64) -> Rng {
        Rng {
            state: seed,
            step: Step::SplitMix,
        }
    }

    /// xorshift64 (shifts 13, 7, 17). A zero seed stays zero.
    pub fn xorshift(seed: u64) -> Rng {
        Rng {
            state: seed,
            step: Step::XorShift,
        }
    }

    /// xorshift64* (shifts 12, 25, 27, then a multiplication).
    pub fn xorshift_star(seed: u64) -> Rng {
        Rng {
            state: seed,
            step: Step::XorShiftStar,
        }
    }

    /// The linear congruential generator `x * 6364136223846793005 +
    /// increment`, drawing the high 31 bits (`x >> 33`).
    pub fn lcg(seed: u64, increment: u64) -> Rng {
        Rng {
            state: seed,
            step: Step::Lcg(increment),
        }
    }

    /// The state, unchanged by reading it (a test that once drew from the
    /// bare state keeps its numbers).
    pub fn state(&self) -> u64 {
        self.state
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        match self.step {
            Step::SplitMix => {
                self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = self.state;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                z ^ (z >> 31)
            }
            Step::XorShift => {
                self.state ^= self.state << 13;
                self.state ^= self.state >> 7;
                self.state ^= self.state << 17;
                self.state
            }
            Step::XorShiftStar => {
                self.state ^= self.state >> 12;
                self.state ^= self.state << 25;
                self.state ^= self.state >> 27;
                self.state.wrapping_mul(0x2545_f491_4f6c_dd1d)
            }
            Step::Lcg(increment) => {
                self.state = self
                    .state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(increment);
                self.state >> 33
            }
        }
    }

    /// A number in `0..n` (`n > 0`), the next number modulo `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with a chance of `percent` in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    /// One of `items` (not empty).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// `n` bytes drawn from `alphabet` (not empty).
    pub fn bytes(&mut self, n: usize, alphabet: &[u8]) -> Vec<u8> {
        (0..n).map(|_| *self.pick(alphabet)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    /// The first numbers of each algorithm, computed independently: a
    /// change to any of them would change the positions the tests test.
    #[test]
    fn each_algorithm_gives_its_known_numbers() {
        let first = |mut r: Rng| [r.next_u64(), r.next_u64()];
        // splitmix64 of seed 0 (the reference values of its author).
        assert_eq!(
            first(Rng::new(0)),
            [0xe220_a839_7b1d_cdaf, 0x6e78_9e6a_a1b9_65f4]
        );
        // xorshift64 of seed 1: 1 ^ 1<<13 = 0x2001, ^ >>7 (0x40) = 0x2041,
        // ^ <<17 = 0x4082_2041.
        assert_eq!(first(Rng::xorshift(1))[0], 0x4082_2041);
        // The linear congruential generator from 0: the increment, then
        // its high bits.
        let inc = 1_442_695_040_888_963_407u64;
        assert_eq!(first(Rng::lcg(0, inc))[0], inc >> 33);
        assert_eq!(first(Rng::lcg(0, 1))[0], 0);
        // xorshift64* of seed 1: 1 ^ 0 = 1, ^ 1<<25, ^ >>27 (0), times the
        // constant.
        assert_eq!(
            first(Rng::xorshift_star(1))[0],
            (1u64 | 1 << 25).wrapping_mul(0x2545_f491_4f6c_dd1d)
        );
    }

    #[test]
    fn draws_stay_in_range() {
        let mut r = Rng::new(7);
        for n in 1..50 {
            assert!(r.below(n) < n);
        }
        assert!(!r.chance(0));
        assert!(r.chance(100));
        let b = r.bytes(30, b"ab");
        assert!(b.iter().all(|c| b"ab".contains(c)));
        assert_eq!(b.len(), 30);
    }
}
