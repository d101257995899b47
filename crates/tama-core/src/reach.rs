//! Where pieces can go under the rules, for either side whoever is to move:
//! the building blocks of the move generator, public for evaluations.
//!
//! An evaluation asks questions the list of legal moves does not answer:
//! how many quiet moves the side *not* to move has, which pieces it could
//! jump if it were its turn, whether a man can be crowned with a quiet
//! move. The functions here answer them with whole-board shifts and ray
//! lookups, and the move generator is built on the same functions, so they
//! follow every switch of [`Rules`] exactly as the legal moves do (this is
//! tested against [`Position::legal_moves`] for every switch combination).
//! A new switch is honoured here and nowhere else.
//!
//! - Quiet moves: [`man_steps`] (forward, sideways, and diagonally forward
//!   under `man-diagonal`), [`king_steps`] (flying, orthogonally, and
//!   diagonally under `king-diagonal`); per position
//!   [`Position::quiet_move_counts`], [`Position::has_quiet_move`],
//!   [`Position::crowning_steps`].
//! - First jumps (the opening jump of a capture): [`man_jumps`],
//!   [`king_jump_victims`]; per position [`Position::capture_sources`] and
//!   [`Position::capture_victims`]. They take no [`Rules`]: every switch
//!   acts after the first jump (removal, the 180° turn, promotion during a
//!   capture) or on quiet moves only, so a piece that can start a capture
//!   under one switch combination can under all (docs/RULES.md).
//!
//! ```
//! use tama_core::{reach, Bitboard, Color, Position, Rules, Square};
//!
//! let pos = Position::start();
//! // White to move has 22 quiet moves under the default rules, Black would
//! // have as many; no king, so no king move.
//! assert_eq!(pos.quiet_move_counts(&Rules::ARMENIAN, Color::Black), (22, 0));
//! assert_eq!(pos.quiet_move_counts(&Rules::TURKISH, Color::Black), (8, 0));
//! // Nothing can be jumped at the start.
//! assert!(pos.capture_victims(Color::White).is_empty());
//!
//! // A king on a1 with a piece on a4 reaches a2, a3, and b1 … h1.
//! let occ = Bitboard::from_square(Square::A1).with(Square::A4);
//! let t = reach::king_steps(&Rules::TURKISH, Square::A1, occ);
//! assert_eq!(t.count(), 2 + 7);
//! ```

use crate::attacks::{
    nearest, ray_victim, slider_targets, EAST, NEIGHBOUR, NORTH, RAYS, SOUTH, WEST,
};
use crate::{Bitboard, Color, Move, Position, Rules, Square};

const FILE_A: u64 = Bitboard::FILE_A.0;
const FILE_H: u64 = Bitboard::FILE_H.0;
const FILE_AB: u64 = FILE_A | (FILE_A << 1);
const FILE_GH: u64 = FILE_H | (FILE_H >> 1);

/// `bb` moved `n` ranks towards `color`'s promotion rank (squares pushed
/// off the board are dropped).
#[inline(always)]
pub(crate) const fn forward_by(color: Color, bb: u64, n: u32) -> u64 {
    match color {
        Color::White => bb << (8 * n),
        Color::Black => bb >> (8 * n),
    }
}

/// The squares one rank ahead of `bb` for `color`'s men (towards its
/// promotion rank); squares pushed off the board are dropped.
///
/// ```
/// use tama_core::{reach, Bitboard, Color, Square};
///
/// let d4 = Bitboard::from_square(Square::D4);
/// assert_eq!(reach::forward(Color::White, d4), Bitboard::from_square(Square::D5));
/// assert_eq!(reach::forward(Color::Black, d4), Bitboard::from_square(Square::D3));
/// ```
#[inline(always)]
pub const fn forward(color: Color, bb: Bitboard) -> Bitboard {
    Bitboard(forward_by(color, bb.0, 1))
}

/// The squares one rank behind `bb` for `color`'s men (towards its own
/// first rank).
#[inline(always)]
pub const fn backward(color: Color, bb: Bitboard) -> Bitboard {
    forward(color.opponent(), bb)
}

/// The quiet steps of a set of men, one target set per direction: forward,
/// east, west, forward-east, forward-west. The diagonal ones are empty
/// unless the rules have `man-diagonal`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ManSteps {
    targets: [Bitboard; 5],
    offsets: [i8; 5],
}

impl ManSteps {
    /// Every square some man steps to.
    #[inline]
    pub const fn targets(&self) -> Bitboard {
        let t = &self.targets;
        Bitboard(t[0].0 | t[1].0 | t[2].0 | t[3].0 | t[4].0)
    }

    /// The number of quiet moves (a square reached from two men counts
    /// twice).
    #[inline]
    pub const fn count(&self) -> u32 {
        let t = &self.targets;
        t[0].0.count_ones()
            + t[1].0.count_ones()
            + t[2].0.count_ones()
            + t[3].0.count_ones()
            + t[4].0.count_ones()
    }

    /// Each direction's targets with the square-index offset of the step
    /// (`to = from + offset`: `+8` forward for White, `+1` east, …).
    #[inline]
    pub fn by_direction(&self) -> impl Iterator<Item = (Bitboard, i8)> + '_ {
        self.targets.iter().copied().zip(self.offsets)
    }
}

/// The empty squares that `color`'s men on `men` step to with quiet moves
/// under `rules`, given the empty squares `empty`.
///
/// ```
/// use tama_core::{reach, Bitboard, Color, Rules, Square};
///
/// let man = Bitboard::from_square(Square::A2);
/// let steps = reach::man_steps(&Rules::ARMENIAN, Color::White, man, !man);
/// // a3, b2, and b3 diagonally.
/// assert_eq!(steps.count(), 3);
/// let steps = reach::man_steps(&Rules::TURKISH, Color::White, man, !man);
/// assert!(!steps.targets().contains(Square::B3));
/// ```
#[inline]
pub const fn man_steps(rules: &Rules, color: Color, men: Bitboard, empty: Bitboard) -> ManSteps {
    let (men, empty) = (men.0, empty.0);
    let not_h = men & !FILE_H;
    let not_a = men & !FILE_A;
    let (fwd, fwd_east, fwd_west) = match color {
        Color::White => (8, 9, 7),
        Color::Black => (-8, -7, -9),
    };
    let (diag_east, diag_west) = if rules.man_diagonal {
        (
            forward_by(color, not_h << 1, 1),
            forward_by(color, not_a >> 1, 1),
        )
    } else {
        (0, 0)
    };
    ManSteps {
        targets: [
            Bitboard(forward_by(color, men, 1) & empty),
            Bitboard((not_h << 1) & empty),
            Bitboard((not_a >> 1) & empty),
            Bitboard(diag_east & empty),
            Bitboard(diag_west & empty),
        ],
        offsets: [fwd, 1, -1, fwd_east, fwd_west],
    }
}

/// The empty squares a king on `from` reaches with a quiet move under
/// `rules`: any distance along a free line, orthogonally, and diagonally
/// too when the rules have `king-diagonal`. `occupied` holds every piece.
#[inline]
pub fn king_steps(rules: &Rules, from: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(slider_targets(
        from.index(),
        occupied.0,
        rules.king_diagonal,
    ))
}

/// The first piece of `occupied` strictly between `from` and `to` when
/// `to` lies on a line a king on `from` moves along under `rules`
/// (orthogonally, and diagonally under `king-diagonal`): the piece that
/// blocks a king's quiet move from `from` to `to`. `None` when the line is
/// free or there is no such line.
///
/// ```
/// use tama_core::{reach, Bitboard, Rules, Square};
///
/// let occ = Bitboard::from_square(Square::C3).with(Square::A4);
/// assert_eq!(reach::king_move_blocker(&Rules::ARMENIAN, Square::A1, Square::E5, occ), Some(Square::C3));
/// assert_eq!(reach::king_move_blocker(&Rules::TURKISH, Square::A1, Square::E5, occ), None);
/// assert_eq!(reach::king_move_blocker(&Rules::TURKISH, Square::A1, Square::A8, occ), Some(Square::A4));
/// ```
pub fn king_move_blocker(
    rules: &Rules,
    from: Square,
    to: Square,
    occupied: Bitboard,
) -> Option<Square> {
    let lines = if rules.king_diagonal { 8 } else { 4 };
    let (from, to) = (from.index(), to.index());
    (0..lines).find_map(|d| {
        let ray = RAYS[d][from];
        if ray & (1u64 << to) == 0 {
            return None;
        }
        let blockers = ray & !RAYS[d][to] & !(1u64 << to) & occupied.0;
        (blockers != 0).then(|| Square::from_index_unchecked(nearest(d, blockers)))
    })
}

/// Calls `f` with every quiet, non-crowning move of `color` that ends on
/// one of its pieces: the moves that can be taken back from a board where
/// `color` has the pieces `own` (its kings among `kings`, which may hold
/// the other side's too) and `occupied` holds every piece. Each move's
/// `to` holds a piece of `color`, its `from` is empty; taking it back puts
/// the piece on `from`. The men's moves come first, by direction, then
/// each king's.
///
/// A man's step runs backward along the geometry of the other side's
/// forward steps (from behind, from beside, and from diagonally behind
/// under `man-diagonal`), so the origins are [`man_steps`] of the opponent
/// from the same squares; a king's quiet move runs back along the same
/// free line, so its origins are its own [`king_steps`]. A crowning move
/// changed the piece and a capture removed one: neither is taken back
/// here. Whether the move was legal before it was played (no capture
/// pending) is the caller's question.
///
/// ```
/// use tama_core::{reach, Bitboard, Color, Rules, Square};
///
/// // A White man on d4 came from d3, c4 or e4, or diagonally from c3 or
/// // e3 under `man-diagonal`.
/// let d4 = Bitboard::from_square(Square::D4);
/// let mut from = Vec::new();
/// reach::quiet_unmoves(&Rules::ARMENIAN, Color::White, d4, Bitboard::EMPTY, d4, |mv| {
///     assert_eq!(mv.to(), Square::D4);
///     from.push(mv.from());
/// });
/// from.sort();
/// assert_eq!(from, [Square::C3, Square::D3, Square::E3, Square::C4, Square::E4]);
/// let mut n = 0;
/// reach::quiet_unmoves(&Rules::TURKISH, Color::White, d4, Bitboard::EMPTY, d4, |_| n += 1);
/// assert_eq!(n, 3);
/// ```
#[inline]
pub fn quiet_unmoves(
    rules: &Rules,
    color: Color,
    own: Bitboard,
    kings: Bitboard,
    occupied: Bitboard,
    mut f: impl FnMut(Move),
) {
    let men = own - kings;
    for (origins, offset) in man_steps(rules, color.opponent(), men, !occupied).by_direction() {
        for from in origins {
            let to = Square::from_index_unchecked((from.index() as i32 - i32::from(offset)) as u32);
            f(Move::quiet(from, to, false));
        }
    }
    for k in own & kings {
        for from in king_steps(rules, k, occupied) {
            f(Move::quiet(from, k, false));
        }
    }
}

/// The men that can make a first jump, by direction: each set holds the
/// men with an enemy piece on the adjacent square in that direction and an
/// empty square beyond it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ManJumps {
    /// The colour of the men.
    pub color: Color,
    /// Men that jump forward.
    pub forward: Bitboard,
    /// Men that jump east (towards file h).
    pub east: Bitboard,
    /// Men that jump west (towards file a).
    pub west: Bitboard,
}

impl ManJumps {
    /// Every man that can jump.
    #[inline]
    pub const fn sources(&self) -> Bitboard {
        Bitboard(self.forward.0 | self.east.0 | self.west.0)
    }

    /// Every piece some man can jump.
    #[inline]
    pub const fn victims(&self) -> Bitboard {
        Bitboard(
            forward_by(self.color, self.forward.0, 1) | (self.east.0 << 1) | (self.west.0 >> 1),
        )
    }

    /// Every square some man lands on after its first jump.
    #[inline]
    pub const fn landings(&self) -> Bitboard {
        Bitboard(
            forward_by(self.color, self.forward.0, 2) | (self.east.0 << 2) | (self.west.0 >> 2),
        )
    }
}

/// The first jumps of `color`'s men on `men` over the pieces `enemy`, with
/// the empty squares `empty`: forward, east or west, never backward nor
/// diagonally, under every switch.
#[inline(always)]
pub const fn man_jumps(color: Color, men: Bitboard, enemy: Bitboard, empty: Bitboard) -> ManJumps {
    let (men, enemy, empty) = (men.0, enemy.0, empty.0);
    let forward = match color {
        Color::White => men & (enemy >> 8) & (empty >> 16),
        Color::Black => men & (enemy << 8) & (empty << 16),
    };
    ManJumps {
        color,
        forward: Bitboard(forward),
        east: Bitboard(men & !FILE_GH & (enemy >> 1) & (empty >> 2)),
        west: Bitboard(men & !FILE_AB & (enemy << 1) & (empty << 2)),
    }
}

/// The pieces of `enemy` that a king on `from` can take with a first jump:
/// the nearest piece along a rank or file, if it is an enemy with an empty
/// square right behind it (captures are orthogonal under every switch).
/// `occupied` holds every piece.
#[inline]
pub fn king_jump_victims(from: Square, occupied: Bitboard, enemy: Bitboard) -> Bitboard {
    let mut victims = 0;
    for d in [NORTH, EAST, SOUTH, WEST] {
        if let Some(v) = king_first_jump(d, from.index(), occupied.0, enemy.0) {
            victims |= 1u64 << v;
        }
    }
    Bitboard(victims)
}

/// The victim of a king's first jump from `sq` in direction `d`, if any.
#[inline(always)]
fn king_first_jump(d: usize, sq: usize, occ: u64, enemy: u64) -> Option<usize> {
    let victim = ray_victim(d, sq, occ, enemy)?;
    let land = NEIGHBOUR[d][victim];
    (land < 64 && occ & (1u64 << land) == 0).then_some(victim)
}

/// The first jumps of one side: its men's, and the kings that can capture.
pub(crate) struct FirstJumps {
    pub(crate) man: ManJumps,
    pub(crate) king_sources: u64,
}

impl FirstJumps {
    /// Every piece that can start a capture.
    #[inline]
    pub(crate) fn sources(&self) -> u64 {
        self.man.sources().0 | self.king_sources
    }
}

impl Position {
    /// The first jumps `color` could make here if it were its turn.
    #[inline]
    pub(crate) fn first_jumps(&self, color: Color) -> FirstJumps {
        let own = self.by_color[color as usize].0;
        let enemy = self.by_color[color as usize ^ 1].0;
        let occ = own | enemy;
        let kings = self.kings.0;
        let man = man_jumps(
            color,
            Bitboard(own & !kings),
            Bitboard(enemy),
            Bitboard(!occ),
        );
        let mut king_sources = 0;
        for k in Bitboard(own & kings) {
            let sq = k.index();
            if [NORTH, EAST, SOUTH, WEST]
                .into_iter()
                .any(|d| king_first_jump(d, sq, occ, enemy).is_some())
            {
                king_sources |= 1u64 << sq;
            }
        }
        FirstJumps { man, king_sources }
    }

    /// The pieces of `color` that could start a capture here if it were
    /// `color`'s turn. For the side to move these are exactly the start
    /// squares of its capture sequences (of any length: the maximum rule
    /// may leave only some of them legal).
    #[inline]
    pub fn capture_sources(&self, color: Color) -> Bitboard {
        Bitboard(self.first_jumps(color).sources())
    }

    /// The pieces of `color`'s opponent that `color` could take with the
    /// first jump of a capture here if it were `color`'s turn: the pieces
    /// under threat. Empty exactly when `color` has no capture.
    #[inline]
    pub fn capture_victims(&self, color: Color) -> Bitboard {
        let own = self.by_color[color as usize];
        let enemy = self.by_color[color as usize ^ 1];
        let occ = own | enemy;
        let mut victims = man_jumps(color, own - self.kings, enemy, !occ).victims();
        for k in own & self.kings {
            victims |= king_jump_victims(k, occ, enemy);
        }
        victims
    }

    /// The number of quiet moves `color`'s men and `color`'s kings would
    /// have here under `rules` if it were `color`'s turn and captures were
    /// not compulsory: `(men, kings)`. For the side to move without a
    /// capture their sum is the number of legal moves.
    #[inline]
    pub fn quiet_move_counts(&self, rules: &Rules, color: Color) -> (u32, u32) {
        let own = self.by_color[color as usize];
        let occ = self.occupied();
        let men = man_steps(rules, color, own - self.kings, !occ).count();
        let mut kings = 0;
        for k in own & self.kings {
            kings += king_steps(rules, k, occ).count();
        }
        (men, kings)
    }

    /// Whether `color` would have a quiet move here under `rules` (a side
    /// to move with neither a capture nor a quiet move has lost).
    #[inline]
    pub fn has_quiet_move(&self, rules: &Rules, color: Color) -> bool {
        let own = self.by_color[color as usize];
        let occ = self.occupied();
        man_steps(rules, color, own - self.kings, !occ)
            .targets()
            .any()
            || (own & self.kings)
                .into_iter()
                .any(|k| king_steps(rules, k, occ).any())
    }

    /// Calls `f` with every quiet, non-crowning move that can have led to
    /// this position: [`quiet_unmoves`] of the side that just moved (the
    /// opponent of the side to move). [`Position::unplay`] takes each back;
    /// the move is legal there unless a capture is pending.
    #[inline]
    pub fn for_each_unmove(&self, rules: &Rules, f: impl FnMut(Move)) {
        let mover = self.turn.opponent();
        quiet_unmoves(
            rules,
            mover,
            self.by_color[mover as usize],
            self.kings,
            self.occupied(),
            f,
        );
    }

    /// The position before the quiet move `mv` of the side that just moved
    /// (a move [`Position::for_each_unmove`] gives): its piece on `mv.to()`
    /// back on `mv.from()`, that side to move. `None` when `mv` is not a
    /// quiet move of that side onto one of its pieces from an empty square,
    /// or would put a man on its promotion rank.
    pub fn unplay(&self, mv: &Move) -> Option<Position> {
        let mover = self.turn.opponent();
        let (from, to) = (mv.from(), mv.to());
        if mv.is_capture()
            || mv.promotes()
            || !self.by_color[mover as usize].contains(to)
            || self.occupied().contains(from)
        {
            return None;
        }
        let mut setup = self.to_setup();
        let piece = self.piece_at(to)?;
        setup.remove(to);
        setup.put(from, piece);
        setup.turn = mover;
        Position::from_setup(setup).ok()
    }

    /// The squares on which a man of `color` would be crowned by a quiet
    /// move here under `rules` (straight ahead onto the promotion rank, or
    /// diagonally under `man-diagonal`).
    #[inline]
    pub fn crowning_steps(&self, rules: &Rules, color: Color) -> Bitboard {
        let last = Bitboard::rank(color.promotion_rank());
        let ready = self.pieces_of(color, crate::Role::Man) & backward(color, last);
        if ready.is_empty() {
            return Bitboard::EMPTY;
        }
        man_steps(rules, color, ready, !self.occupied()).targets() & last
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Piece, Role, Setup};

    use tama_test_support::Rng;

    /// Positions from random games under `rules`, and random placements
    /// with kings of both sides.
    fn positions(rules: &Rules, rng: &mut Rng) -> Vec<Position> {
        let mut out = Vec::new();
        for _ in 0..6 {
            let mut p = Position::start();
            for _ in 0..90 {
                let moves = p.legal_moves(rules);
                if moves.is_empty() {
                    break;
                }
                out.push(p);
                p = p.play_unchecked(&moves[rng.below(moves.len())]);
            }
        }
        while out.len() < 900 {
            let mut s = Setup::empty(if rng.below(2) == 0 {
                Color::White
            } else {
                Color::Black
            });
            for sq in Square::all() {
                let role = if rng.below(3) == 0 {
                    Role::King
                } else {
                    Role::Man
                };
                match rng.below(8) {
                    0 => s.put(sq, Piece::new(Color::White, role)),
                    1 => s.put(sq, Piece::new(Color::Black, role)),
                    _ => {}
                }
            }
            // Men on their promotion rank would be kings.
            s.kings |= (s.white & Bitboard::RANK_8) | (s.black & Bitboard::RANK_1);
            if let Ok(p) = Position::from_setup(s) {
                out.push(p);
            }
        }
        out
    }

    /// `pos` with `color` to move.
    fn with_turn(pos: &Position, color: Color) -> Position {
        let setup = Setup {
            turn: color,
            ..pos.to_setup()
        };
        Position::from_setup(setup).expect("same placement")
    }

    /// The square among `captured` strictly between `a` and `b` on their
    /// rank or file: the piece a jump from `a` to `b` takes.
    fn jumped(a: Square, b: Square, captured: Bitboard) -> Square {
        let inside = |x: u8, y: u8, z: u8| x.min(y) < z && z < x.max(y);
        let mut on = captured.into_iter().filter(|s| {
            (a.file() == b.file() && s.file() == a.file() && inside(a.rank(), b.rank(), s.rank()))
                || (a.rank() == b.rank()
                    && s.rank() == a.rank()
                    && inside(a.file(), b.file(), s.file()))
        });
        let victim = on.next().expect("a jump takes a piece");
        assert_eq!(on.next(), None, "one piece between {a} and {b}");
        victim
    }

    #[test]
    fn first_jumps_are_the_starts_of_every_capture_sequence() {
        let mut rng = Rng::lcg(0x72_6561_6368, 1);
        let mut kings_jumping = 0;
        for rules in Rules::all_move_combinations() {
            for pos in positions(&rules, &mut rng) {
                for color in Color::ALL {
                    let p = with_turn(&pos, color);
                    let mut sources = Bitboard::EMPTY;
                    let mut victims = Bitboard::EMPTY;
                    for (from, first, captured) in p.all_capture_sequences(&rules) {
                        sources.insert(from);
                        victims.insert(jumped(from, first, captured));
                    }
                    assert_eq!(pos.capture_sources(color), sources, "{rules:?} {p:?}");
                    assert_eq!(pos.capture_victims(color), victims, "{rules:?} {p:?}");
                    let legal = p.legal_moves(&rules);
                    assert_eq!(
                        legal.first().is_some_and(|m| m.is_capture()),
                        sources.any(),
                        "{rules:?} {p:?}"
                    );
                    // A man has a capture exactly when some legal-or-not
                    // sequence starts on it; each legal capture starts on
                    // a source.
                    for mv in legal.iter().filter(|m| m.is_capture()) {
                        assert!(sources.contains(mv.from()));
                    }
                    kings_jumping += (sources & pos.kings()).count();
                }
            }
        }
        assert!(kings_jumping > 1000, "the positions exercise kings");
    }

    #[test]
    fn steps_are_the_quiet_moves() {
        let mut rng = Rng::lcg(0x7374_6570, 1);
        for rules in Rules::all_move_combinations() {
            for pos in positions(&rules, &mut rng) {
                for color in Color::ALL {
                    let p = with_turn(&pos, color);
                    let quiet = p.quiet_moves(&rules);
                    let men = pos.pieces_of(color, Role::Man);
                    let occ = pos.occupied();
                    let steps = man_steps(&rules, color, men, !occ);
                    let man_moves: Vec<_> =
                        quiet.iter().filter(|m| men.contains(m.from())).collect();
                    assert_eq!(steps.count() as usize, man_moves.len(), "{rules:?} {p:?}");
                    assert_eq!(
                        steps.targets(),
                        man_moves.iter().map(|m| m.to()).collect::<Bitboard>()
                    );
                    for (targets, offset) in steps.by_direction() {
                        for to in targets {
                            let from = to.index() as i32 - i32::from(offset);
                            assert!(men.0 & (1u64 << from) != 0, "{to} {offset}");
                        }
                    }
                    let mut king_moves = 0;
                    for k in pos.pieces_of(color, Role::King) {
                        let tos: Bitboard = quiet
                            .iter()
                            .filter(|m| m.from() == k)
                            .map(|m| m.to())
                            .collect();
                        assert_eq!(king_steps(&rules, k, occ), tos, "{rules:?} {p:?} {k}");
                        king_moves += tos.count();
                    }
                    let counts = pos.quiet_move_counts(&rules, color);
                    assert_eq!(counts, (man_moves.len() as u32, king_moves));
                    assert_eq!(pos.has_quiet_move(&rules, color), !quiet.is_empty());
                    let crowning: Bitboard = quiet
                        .iter()
                        .filter(|m| m.promotes())
                        .map(|m| m.to())
                        .collect();
                    assert_eq!(pos.crowning_steps(&rules, color), crowning);
                    if !p.has_capture() {
                        assert_eq!(p.legal_moves(&rules).len() as u32, counts.0 + counts.1);
                    }
                }
            }
        }
    }

    fn position(white: &[(Square, Role)], black: &[(Square, Role)]) -> Position {
        let mut s = Setup::empty(Color::White);
        for &(sq, r) in white {
            s.put(sq, Piece::new(Color::White, r));
        }
        for &(sq, r) in black {
            s.put(sq, Piece::new(Color::Black, r));
        }
        Position::from_setup(s).expect("valid")
    }

    #[test]
    fn kings_jump_the_nearest_piece_with_room_behind_it() {
        use Role::{King, Man};
        let p = position(
            &[(Square::D1, King)],
            &[(Square::D5, Man), (Square::D6, Man), (Square::A1, King)],
        );
        // d5 has d6 behind it, a1 the edge: nothing to take.
        assert!(p.capture_victims(Color::White).is_empty());
        assert!(p.capture_sources(Color::White).is_empty());
        let p = position(
            &[(Square::D1, King), (Square::D3, Man)],
            &[(Square::B1, King), (Square::D4, Man)],
        );
        // The king takes b1 (its own man blocks it northwards); the man on
        // d3 takes d4, landing on d5.
        assert_eq!(
            king_jump_victims(Square::D1, p.occupied(), p.pieces(Color::Black)),
            Bitboard::from_square(Square::B1)
        );
        assert_eq!(
            p.capture_victims(Color::White),
            Bitboard::from_square(Square::B1).with(Square::D4)
        );
        // Black, were it to move: its man jumps d3 southwards (forward for
        // Black), its king jumps d1 eastwards.
        assert_eq!(
            p.capture_victims(Color::Black),
            Bitboard::from_square(Square::D3).with(Square::D1)
        );
        assert_eq!(
            p.capture_sources(Color::Black),
            Bitboard::from_square(Square::B1).with(Square::D4)
        );
    }

    #[test]
    fn men_jump_forward_and_sideways_only() {
        let men = Bitboard::from_square(Square::D4);
        let around = [Square::D5, Square::D3, Square::C4, Square::E4, Square::E5]
            .into_iter()
            .collect::<Bitboard>();
        let empty = !(men | around);
        let white = man_jumps(Color::White, men, around, empty);
        assert_eq!(white.forward, men);
        assert_eq!(white.east, men);
        assert_eq!(white.west, men);
        assert_eq!(
            white.victims(),
            [Square::D5, Square::C4, Square::E4].into_iter().collect()
        );
        assert_eq!(
            white.landings(),
            [Square::D6, Square::B4, Square::F4].into_iter().collect()
        );
        let black = man_jumps(Color::Black, men, around, empty);
        assert_eq!(
            black.victims(),
            [Square::D3, Square::C4, Square::E4].into_iter().collect()
        );
        // At the edge there is no room behind the victim.
        let h = Bitboard::from_square(Square::G4);
        let jumps = man_jumps(
            Color::White,
            h,
            Bitboard::from_square(Square::H4),
            !Bitboard::from_square(Square::H4),
        );
        assert!(jumps.sources().is_empty());
        assert_eq!(backward(Color::White, forward(Color::White, men)), men);
    }
}
