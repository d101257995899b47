//! The rule switches and their presets (docs/RULES.md, "Presets and switches").

use core::fmt;

/// When captured pieces leave the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Removal {
    /// Each captured piece is removed as it is jumped: its square can be
    /// crossed or landed on later in the same move.
    Immediate,
    /// Captured pieces stay on the board until the move ends: they block
    /// sliding and landing and cannot be jumped twice.
    EndOfMove,
}

/// Whether a capturing piece may turn straight back between two jumps.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum KingReversal {
    /// The 180° turn between consecutive jumps is not allowed.
    Forbidden,
    /// The 180° turn is allowed.
    Allowed,
}

/// When a man that reaches its last rank during a capture becomes a king.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Promotion {
    /// It goes on capturing as a man and is crowned when the move ends.
    EndOfMove,
    /// It becomes a king at once and goes on with the king's capture powers.
    Midway,
}

/// A named set of switches.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Preset {
    /// Armenian draughts as the English-language sources describe it.
    Armenian,
    /// Turkish draughts (Dama).
    Turkish,
    /// The Russian-language reading of Tama: orthogonal moves only,
    /// end-of-move removal, promotion in the middle of a capture.
    ArmenianOrthogonal,
}

impl Preset {
    /// Every preset, the default first.
    pub const ALL: [Preset; 3] = [
        Preset::Armenian,
        Preset::Turkish,
        Preset::ArmenianOrthogonal,
    ];

    /// The preset's name in rules text: `armenian`, `turkish`,
    /// `armenian-orthogonal`.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Armenian => "armenian",
            Preset::Turkish => "turkish",
            Preset::ArmenianOrthogonal => "armenian-orthogonal",
        }
    }

    /// The preset's switches.
    pub const fn rules(self) -> Rules {
        match self {
            Preset::Armenian => Rules::ARMENIAN,
            Preset::Turkish => Rules::TURKISH,
            Preset::ArmenianOrthogonal => Rules::ARMENIAN_ORTHOGONAL,
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Every rule switch of docs/RULES.md as a typed field.
///
/// Any combination is valid; the presets are names for three of them.
///
/// ```
/// use tama_core::{Rules, Promotion};
///
/// let rules = Rules { promotion: Promotion::Midway, ..Rules::ARMENIAN };
/// assert!(rules.man_diagonal);
/// assert_eq!(Rules::default(), Rules::ARMENIAN);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    /// `man-diagonal`: men may also step one square diagonally forward.
    pub man_diagonal: bool,
    /// `king-diagonal`: kings' quiet moves may also run diagonally.
    pub king_diagonal: bool,
    /// `removal`: when captured pieces leave the board.
    pub removal: Removal,
    /// `king-reversal`: whether a 180° turn between jumps is allowed.
    pub king_reversal: KingReversal,
    /// `promotion`: when a man crowned during a capture becomes a king.
    pub promotion: Promotion,
    /// `draw-one-each`: a position with one piece on each side is a draw.
    pub draw_one_each: bool,
    /// `draw-repetition`: the third occurrence of a position is a draw.
    pub draw_repetition: bool,
}

impl Rules {
    /// The `armenian` preset (the default).
    pub const ARMENIAN: Rules = Rules {
        man_diagonal: true,
        king_diagonal: true,
        removal: Removal::Immediate,
        king_reversal: KingReversal::Forbidden,
        promotion: Promotion::EndOfMove,
        draw_one_each: false,
        draw_repetition: true,
    };

    /// The `turkish` preset.
    pub const TURKISH: Rules = Rules {
        man_diagonal: false,
        king_diagonal: false,
        removal: Removal::Immediate,
        king_reversal: KingReversal::Forbidden,
        promotion: Promotion::EndOfMove,
        draw_one_each: true,
        draw_repetition: true,
    };

    /// The `armenian-orthogonal` preset.
    pub const ARMENIAN_ORTHOGONAL: Rules = Rules {
        man_diagonal: false,
        king_diagonal: false,
        removal: Removal::EndOfMove,
        king_reversal: KingReversal::Forbidden,
        promotion: Promotion::Midway,
        draw_one_each: false,
        draw_repetition: true,
    };

    /// The preset whose switches these are exactly, if any.
    pub fn preset(&self) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.rules() == *self)
    }

    /// Every combination of the five switches that affect move generation
    /// (32 in all), with the draw switches as in `armenian`.
    pub fn all_move_combinations() -> impl Iterator<Item = Rules> {
        (0u8..32).map(|bits| Rules {
            man_diagonal: bits & 1 != 0,
            king_diagonal: bits & 2 != 0,
            removal: if bits & 4 != 0 {
                Removal::EndOfMove
            } else {
                Removal::Immediate
            },
            king_reversal: if bits & 8 != 0 {
                KingReversal::Allowed
            } else {
                KingReversal::Forbidden
            },
            promotion: if bits & 16 != 0 {
                Promotion::Midway
            } else {
                Promotion::EndOfMove
            },
            ..Rules::ARMENIAN
        })
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::ARMENIAN
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_distinct_and_named() {
        for p in Preset::ALL {
            assert_eq!(p.rules().preset(), Some(p));
        }
        let custom = Rules {
            king_reversal: KingReversal::Allowed,
            ..Rules::ARMENIAN
        };
        assert_eq!(custom.preset(), None);
        assert_eq!(Rules::all_move_combinations().count(), 32);
    }
}
