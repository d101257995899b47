//! A 256-bit signed integer: the edge weights of the Dutch pairing pack
//! more criteria than 128 bits hold (one digit per criterion).

use std::cmp::Ordering;
use std::ops::{Add, Sub};

/// A signed 256-bit integer in two's complement, least significant limb
/// first. Only what the matching needs: addition, subtraction, order,
/// halving, and building by digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct I256([u64; 4]);

impl I256 {
    /// Zero.
    pub const ZERO: I256 = I256([0; 4]);

    /// The value `v`.
    pub fn from_u64(v: u64) -> I256 {
        I256([v, 0, 0, 0])
    }

    fn negative(&self) -> bool {
        self.0[3] >> 63 == 1
    }

    /// `self * m + d` (for non-negative `self`), or `None` past 255 bits.
    pub fn mul_add(self, m: u64, d: u64) -> Option<I256> {
        let mut out = [0u64; 4];
        let mut carry: u128 = d as u128;
        for (o, &limb) in out.iter_mut().zip(self.0.iter()) {
            let v = limb as u128 * m as u128 + carry;
            *o = v as u64;
            carry = v >> 64;
        }
        let r = I256(out);
        (carry == 0 && !r.negative()).then_some(r)
    }

    /// `self · 2^k` (for non-negative `self`), or `None` past 255 bits.
    pub fn shifted(self, k: u32) -> Option<I256> {
        if k == 0 {
            return Some(self);
        }
        if self == I256::ZERO {
            return Some(self);
        }
        if k >= 255 || self.bits() + k > 255 {
            return None;
        }
        let (limbs, rest) = ((k / 64) as usize, k % 64);
        let mut out = [0u64; 4];
        for i in (limbs..4).rev() {
            let src = i - limbs;
            let mut v = self.0[src] << rest;
            if rest > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - rest);
            }
            out[i] = v;
        }
        Some(I256(out))
    }

    /// The number of significant bits of a non-negative value.
    pub fn bits(self) -> u32 {
        for i in (0..4).rev() {
            if self.0[i] != 0 {
                return 64 * i as u32 + 64 - self.0[i].leading_zeros();
            }
        }
        0
    }

    /// Half of an even value (an arithmetic shift right).
    pub fn halve(self) -> I256 {
        let mut out = [0u64; 4];
        let top = self.0[3] & (1 << 63);
        for (i, slot) in out.iter_mut().enumerate() {
            let hi = if i == 3 { top } else { self.0[i + 1] << 63 };
            *slot = (self.0[i] >> 1) | hi;
        }
        I256(out)
    }

    /// The value as an `i128`, if it fits (for tests and messages).
    pub fn to_i128(self) -> Option<i128> {
        let low = (self.0[0] as u128 | (self.0[1] as u128) << 64) as i128;
        let ext = if low < 0 { u64::MAX } else { 0 };
        (self.0[2] == ext && self.0[3] == ext).then_some(low)
    }
}

impl Add for I256 {
    type Output = I256;
    fn add(self, o: I256) -> I256 {
        let mut out = [0u64; 4];
        let mut carry = false;
        for (i, slot) in out.iter_mut().enumerate() {
            let (a, c1) = self.0[i].overflowing_add(o.0[i]);
            let (b, c2) = a.overflowing_add(carry as u64);
            *slot = b;
            carry = c1 || c2;
        }
        I256(out)
    }
}

impl Sub for I256 {
    type Output = I256;
    fn sub(self, o: I256) -> I256 {
        let mut out = [0u64; 4];
        let mut borrow = false;
        for (i, slot) in out.iter_mut().enumerate() {
            let (a, b1) = self.0[i].overflowing_sub(o.0[i]);
            let (b, b2) = a.overflowing_sub(borrow as u64);
            *slot = b;
            borrow = b1 || b2;
        }
        I256(out)
    }
}

impl Ord for I256 {
    fn cmp(&self, o: &I256) -> Ordering {
        match (self.negative(), o.negative()) {
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        for i in (0..4).rev() {
            match self.0[i].cmp(&o.0[i]) {
                Ordering::Equal => {}
                other => return other,
            }
        }
        Ordering::Equal
    }
}

impl PartialOrd for I256 {
    fn partial_cmp(&self, o: &I256) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_agrees_with_i128() {
        let vals: [i128; 7] = [0, 1, -1, 7, -9, i64::MAX as i128 * 3, -(1 << 100)];
        for &a in &vals {
            for &b in &vals {
                let ia = from(a);
                let ib = from(b);
                assert_eq!((ia + ib).to_i128(), Some(a + b));
                assert_eq!((ia - ib).to_i128(), Some(a - b));
                assert_eq!(ia.cmp(&ib), a.cmp(&b), "{a} {b}");
            }
            if a % 2 == 0 {
                assert_eq!(from(a).halve().to_i128(), Some(a / 2));
            }
        }
        assert_eq!(
            I256::from_u64(5).mul_add(10, 3).and_then(I256::to_i128),
            Some(53)
        );
        assert_eq!(
            I256::from_u64(3).shifted(70).and_then(I256::to_i128),
            Some(3 << 70)
        );
        assert_eq!(I256::from_u64(1).shifted(200).map(I256::bits), Some(201));
        assert_eq!(I256::from_u64(1).shifted(255), None);
    }

    fn from(v: i128) -> I256 {
        let mag = v.unsigned_abs();
        let m = I256([mag as u64, (mag >> 64) as u64, 0, 0]);
        if v < 0 {
            I256::ZERO - m
        } else {
            m
        }
    }
}
