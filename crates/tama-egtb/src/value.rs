//! The stored value code of a position.
//!
//! One number per position: `0` a draw, an odd `d` a win in `d` plies, an
//! even `d + 2` a loss in `d` plies. Under the distance-to-win metric a win
//! always takes an odd number of plies and a loss an even number, so the
//! code is unambiguous.
//!
//! `Best` is the successor rule over these codes (a win if some child is
//! lost, the quickest; else a draw if some child is drawn; else a loss one
//! ply after the slowest won child), the one rule the prober and the
//! verification both apply.

use tama_search::{OracleValue, Wdl};

/// The code of a draw.
pub(crate) const DRAW: u16 = 0;

/// The code of `v`.
#[cfg(test)]
///
/// # Panics
///
/// When the distance does not fit the metric's parity (a win in an even
/// number of plies, a loss in an odd number) or the code's range.
pub(crate) fn encode(v: OracleValue) -> u16 {
    match v.wdl {
        Wdl::Draw => DRAW,
        Wdl::Win => {
            assert!(
                v.distance % 2 == 1 && v.distance < 0xfff0,
                "bad win distance"
            );
            v.distance as u16
        }
        Wdl::Loss => {
            assert!(
                v.distance.is_multiple_of(2) && v.distance < 0xfff0,
                "bad loss distance"
            );
            v.distance as u16 + 2
        }
    }
}

/// The value of a code.
#[inline]
pub(crate) fn decode(code: u16) -> OracleValue {
    if code == DRAW {
        OracleValue::counted(Wdl::Draw, 0)
    } else if code % 2 == 1 {
        OracleValue::counted(Wdl::Win, u32::from(code))
    } else {
        OracleValue::counted(Wdl::Loss, u32::from(code) - 2)
    }
}

/// The code of `v`, or `None` when its distance does not fit a code or
/// the metric's parity (a win in an even number of plies, a loss in an
/// odd number).
#[inline]
pub(crate) fn code_of(v: OracleValue) -> Option<u16> {
    match v.wdl {
        Wdl::Draw => Some(DRAW),
        Wdl::Win => (v.distance % 2 == 1 && v.distance < 0xfff0).then_some(v.distance as u16),
        Wdl::Loss => {
            (v.distance.is_multiple_of(2) && v.distance < 0xfff0).then_some(v.distance as u16 + 2)
        }
    }
}

/// Win in `d` plies.
#[inline]
pub(crate) const fn win(d: u32) -> u16 {
    d as u16
}

/// Loss in `d` plies.
#[inline]
pub(crate) const fn loss(d: u32) -> u16 {
    d as u16 + 2
}

/// The value of a position from its children's values (from the side to
/// move of each child), taken one at a time: a win in one more ply than
/// the quickest lost child, else a draw if any child is drawn, else a
/// loss in one more ply than the slowest won child; `None` for no
/// children.
#[derive(Clone, Copy, Default, Debug)]
pub(crate) struct Best {
    any: bool,
    quickest_win: Option<u32>,
    draw: bool,
    slowest_loss: u32,
}

impl Best {
    /// Takes a child's value into account.
    #[inline]
    pub fn add(&mut self, c: OracleValue) {
        self.any = true;
        match c.wdl {
            Wdl::Loss => {
                self.quickest_win =
                    Some(self.quickest_win.map_or(c.distance, |b| b.min(c.distance)));
            }
            Wdl::Draw => self.draw = true,
            Wdl::Win => self.slowest_loss = self.slowest_loss.max(c.distance),
        }
    }

    /// The value given the children so far (`None`: no child).
    #[inline]
    pub fn value(&self) -> Option<OracleValue> {
        if !self.any {
            return None;
        }
        Some(if let Some(d) = self.quickest_win {
            OracleValue::counted(Wdl::Win, d + 1)
        } else if self.draw {
            OracleValue::counted(Wdl::Draw, 0)
        } else {
            OracleValue::counted(Wdl::Loss, self.slowest_loss + 1)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for d in [1, 3, 99] {
            let v = OracleValue::counted(Wdl::Win, d);
            assert_eq!(decode(encode(v)), v);
            let v = OracleValue::counted(Wdl::Loss, d - 1);
            assert_eq!(decode(encode(v)), v);
        }
        assert_eq!(decode(DRAW).wdl, Wdl::Draw);
        assert_eq!(decode(loss(0)).wdl, Wdl::Loss);
        assert_eq!(decode(win(5)).distance, 5);
    }

    #[test]
    fn the_best_child_decides() {
        let v = |wdl, distance| OracleValue::counted(wdl, distance);
        let mut b = Best::default();
        assert_eq!(b.value(), None);
        b.add(v(Wdl::Win, 7));
        assert_eq!(b.value(), Some(v(Wdl::Loss, 8)));
        b.add(v(Wdl::Win, 3));
        assert_eq!(b.value(), Some(v(Wdl::Loss, 8)), "the slowest loss");
        b.add(v(Wdl::Draw, 0));
        assert_eq!(b.value(), Some(v(Wdl::Draw, 0)));
        b.add(v(Wdl::Loss, 4));
        b.add(v(Wdl::Loss, 2));
        assert_eq!(b.value(), Some(v(Wdl::Win, 3)), "the quickest win");
    }
}
