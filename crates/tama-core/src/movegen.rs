//! Legal move generation for every combination of rule switches.
//!
//! Quiet moves are produced with whole-board shifts (men) and ray lookups
//! (kings). Captures are found by a depth-first search from each piece that
//! has a first jump, which follows the switches (removal, 180° rule,
//! promotion) and keeps only the sequences that take the most pieces, one
//! move per effect. Nothing here allocates unless a move list overflows its
//! inline capacity.

use crate::attacks::{nearest, ray_victim, reverse, EAST, NEIGHBOUR, NORTH, RAYS, SOUTH, WEST};
use crate::reach::{king_steps, man_jumps, man_steps, FirstJumps};
use crate::{
    Bitboard, Color, KingReversal, Move, MoveList, Path, Position, Promotion, Removal, Rules,
    Square,
};

/// No previous jump direction.
const NO_DIR: usize = 8;

/// Receives complete capture sequences from the search.
trait Sink {
    /// A sequence ended on `to` having taken `captured`; `path` holds the
    /// squares visited when the sink asks for them.
    fn complete(&mut self, from: Square, to: Square, captured: u64, promotes: bool, path: &Path);
    /// Whether the search may stop now.
    fn done(&self) -> bool {
        false
    }
    /// Whether the sink needs the path.
    const WANTS_PATH: bool = false;
}

/// Keeps the moves that take the most pieces, one per effect.
struct MaxSink<'a> {
    max: u32,
    list: &'a mut MoveList,
}

impl Sink for MaxSink<'_> {
    #[inline]
    fn complete(&mut self, from: Square, to: Square, captured: u64, promotes: bool, _: &Path) {
        let n = captured.count_ones();
        if n < self.max {
            return;
        }
        let mv = Move::new(from, to, Bitboard(captured), promotes);
        if n > self.max {
            self.max = n;
            self.list.clear();
        } else if self.list.contains(&mv) {
            return;
        }
        self.list.push(mv);
    }
}

/// Looks for one path with a given effect.
struct PathSink {
    target: Move,
    found: Option<Path>,
}

impl Sink for PathSink {
    const WANTS_PATH: bool = true;

    fn complete(&mut self, from: Square, to: Square, captured: u64, promotes: bool, path: &Path) {
        if self.found.is_none() && Move::new(from, to, Bitboard(captured), promotes) == self.target
        {
            self.found = Some(*path);
        }
    }

    fn done(&self) -> bool {
        self.found.is_some()
    }
}

/// The fixed part of one capture search.
struct CaptureSearch<'a, S: Sink> {
    from: Square,
    was_man: bool,
    promo_rank: u8,
    /// The man's capture directions (forward, east, west).
    man_dirs: [usize; 3],
    /// Enemy pieces present at the start of the move.
    enemy: u64,
    immediate: bool,
    reversal_forbidden: bool,
    midway: bool,
    path: Path,
    sink: &'a mut S,
}

impl<S: Sink> CaptureSearch<'_, S> {
    /// Continues a capture from `sq`. `occ` holds every square that blocks
    /// (the moving piece excluded), `captured` the pieces taken so far.
    /// A sequence that cannot go on is handed to the sink.
    fn search(
        &mut self,
        sq: usize,
        king: bool,
        promoted: bool,
        last_dir: usize,
        captured: u64,
        occ: u64,
    ) {
        let jumpable = self.enemy & !captured;
        let mut any = false;
        if king {
            for d in [NORTH, EAST, SOUTH, WEST] {
                if self.reversal_forbidden && last_dir != NO_DIR && d == reverse(last_dir) {
                    continue;
                }
                let Some(victim) = ray_victim(d, sq, occ, jumpable) else {
                    continue;
                };
                let beyond = RAYS[d][victim];
                let next_occ = if self.immediate {
                    occ & !(1u64 << victim)
                } else {
                    occ
                };
                let far = beyond & next_occ;
                let landings = if far == 0 {
                    beyond
                } else {
                    let stop = nearest(d, far) as usize;
                    beyond ^ RAYS[d][stop] ^ (1u64 << stop)
                };
                if landings == 0 {
                    continue;
                }
                any = true;
                for land in Bitboard(landings) {
                    self.jump(
                        land.index(),
                        true,
                        promoted,
                        d,
                        captured | (1u64 << victim),
                        next_occ,
                    );
                    if self.sink.done() {
                        return;
                    }
                }
            }
        } else {
            for d in self.man_dirs {
                if self.reversal_forbidden && last_dir != NO_DIR && d == reverse(last_dir) {
                    continue;
                }
                let victim = NEIGHBOUR[d][sq];
                if victim >= 64 || jumpable & (1u64 << victim) == 0 {
                    continue;
                }
                let land = NEIGHBOUR[d][victim as usize];
                if land >= 64 || occ & (1u64 << land) != 0 {
                    continue;
                }
                let next_occ = if self.immediate {
                    occ & !(1u64 << victim)
                } else {
                    occ
                };
                any = true;
                let land = land as usize;
                let mut now_king = false;
                let mut now_promoted = promoted;
                if (land >> 3) as u8 == self.promo_rank {
                    now_promoted = true;
                    now_king = self.midway;
                }
                self.jump(
                    land,
                    now_king,
                    now_promoted,
                    d,
                    captured | (1u64 << victim),
                    next_occ,
                );
                if self.sink.done() {
                    return;
                }
            }
        }
        if !any && captured != 0 {
            let to = Square::from_index_unchecked(sq as u32);
            self.sink.complete(
                self.from,
                to,
                captured,
                self.was_man && promoted,
                &self.path,
            );
        }
    }

    #[inline]
    fn jump(&mut self, land: usize, king: bool, promoted: bool, d: usize, captured: u64, occ: u64) {
        if S::WANTS_PATH {
            self.path.push(Square::from_index_unchecked(land as u32));
        }
        self.search(land, king, promoted, d, captured, occ);
        if S::WANTS_PATH {
            self.path.pop();
        }
    }
}

impl Position {
    /// Whether every capture available is a single jump by a man (no king
    /// can capture and no man can jump again after its first jump), so the
    /// captures are exactly the first jumps.
    ///
    /// After a man jumps in direction `d` and lands on `l`, the only
    /// squares that changed are its start square and the captured one, both
    /// behind it in direction `-d`, which a man never jumps towards except
    /// sideways, where the start square is still occupied on the old board.
    /// So the old board decides whether a second jump exists.
    #[inline]
    fn only_single_jumps(&self, rules: &Rules, jumps: &FirstJumps) -> bool {
        if jumps.king_sources != 0 {
            return false;
        }
        let us = self.turn;
        let enemy = self.by_color[us as usize ^ 1];
        let landings = jumps.man.landings();
        if rules.promotion == Promotion::Midway
            && landings.intersects(Bitboard::rank(us.promotion_rank()))
        {
            return false;
        }
        man_jumps(us, landings, enemy, !self.occupied())
            .sources()
            .is_empty()
    }

    /// Whether the side to move has a capture (and so must capture).
    #[inline]
    pub fn has_capture(&self) -> bool {
        self.first_jumps(self.turn).sources() != 0
    }

    fn capture_search<S: Sink>(&self, rules: &Rules, sources: u64, sink: &mut S) {
        let us = self.turn;
        let own = self.by_color[us as usize].0;
        let enemy = self.by_color[us as usize ^ 1].0;
        let man_forward = match us {
            Color::White => NORTH,
            Color::Black => SOUTH,
        };
        for from in Bitboard(sources) {
            let king = self.kings.contains(from);
            let mut search = CaptureSearch {
                from,
                was_man: !king,
                promo_rank: us.promotion_rank(),
                man_dirs: [man_forward, EAST, WEST],
                enemy,
                immediate: rules.removal == Removal::Immediate,
                reversal_forbidden: rules.king_reversal == KingReversal::Forbidden,
                midway: rules.promotion == Promotion::Midway,
                path: Path::new(from),
                sink: &mut *sink,
            };
            let occ = (own | enemy) & !from.bit();
            search.search(from.index(), king, false, NO_DIR, 0, occ);
            if sink.done() {
                return;
            }
        }
    }

    /// Appends the single-jump captures of men (see `only_single_jumps`).
    fn single_jump_moves(&self, jumps: &FirstJumps, list: &mut MoveList) {
        let us = self.turn;
        let promo = Bitboard::rank(us.promotion_rank()).0;
        let fwd: i32 = match us {
            Color::White => 8,
            Color::Black => -8,
        };
        let m = &jumps.man;
        for (bb, step) in [(m.forward, fwd), (m.east, 1), (m.west, -1)] {
            for from in bb {
                let victim = (from.index() as i32 + step) as u32;
                let to = Square::from_index_unchecked((from.index() as i32 + 2 * step) as u32);
                list.push(Move::new(
                    from,
                    to,
                    Bitboard(1u64 << victim),
                    promo & to.bit() != 0,
                ));
            }
        }
    }

    /// The quiet moves the side to move would have if no capture were
    /// compulsory: its legal moves when it has no capture
    /// ([`Position::has_capture`]). For explaining why a move is illegal;
    /// play uses [`Position::legal_moves`].
    pub fn quiet_moves(&self, rules: &Rules) -> MoveList {
        let mut list = MoveList::new();
        self.push_quiet_moves(rules, &mut list);
        list
    }

    /// Appends the quiet moves of the side to move (ignoring captures).
    fn push_quiet_moves(&self, rules: &Rules, list: &mut MoveList) {
        let us = self.turn;
        let own = self.by_color[us as usize];
        let occ = self.occupied();
        let promo = Bitboard::rank(us.promotion_rank());
        for (targets, offset) in man_steps(rules, us, own - self.kings, !occ).by_direction() {
            for to in targets {
                let from = Square::from_index_unchecked((to.index() as i32 - offset as i32) as u32);
                list.push(Move::quiet(from, to, promo.contains(to)));
            }
        }
        for k in own & self.kings {
            for to in king_steps(rules, k, occ) {
                list.push(Move::quiet(k, to, false));
            }
        }
    }

    /// Fills `list` with the legal moves of the side to move (it is cleared
    /// first). This is the allocation-free entry point for hot loops.
    pub fn generate_moves(&self, rules: &Rules, list: &mut MoveList) {
        list.clear();
        let jumps = self.first_jumps(self.turn);
        let sources = jumps.sources();
        if sources == 0 {
            self.push_quiet_moves(rules, list);
        } else if self.only_single_jumps(rules, &jumps) {
            self.single_jump_moves(&jumps, list);
        } else {
            let mut sink = MaxSink { max: 0, list };
            self.capture_search(rules, sources, &mut sink);
        }
    }

    /// The legal moves of the side to move.
    ///
    /// When a capture is possible only the captures that take the most
    /// pieces are legal; capture paths with the same effect are one move.
    pub fn legal_moves(&self, rules: &Rules) -> MoveList {
        let mut list = MoveList::new();
        self.generate_moves(rules, &mut list);
        list
    }

    /// The number of legal moves, counted without listing quiet moves.
    /// `scratch` is used for captures (which must be de-duplicated).
    pub fn count_moves(&self, rules: &Rules, scratch: &mut MoveList) -> usize {
        let jumps = self.first_jumps(self.turn);
        let sources = jumps.sources();
        if sources == 0 {
            let (men, kings) = self.quiet_move_counts(rules, self.turn);
            (men + kings) as usize
        } else if self.only_single_jumps(rules, &jumps) {
            let m = &jumps.man;
            (m.forward.count() + m.east.count() + m.west.count()) as usize
        } else {
            scratch.clear();
            let mut sink = MaxSink {
                max: 0,
                list: scratch,
            };
            self.capture_search(rules, sources, &mut sink);
            scratch.len()
        }
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, rules: &Rules, mv: &Move) -> bool {
        self.legal_moves(rules).contains(mv)
    }

    /// Plays `mv` after checking that it is legal.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`] when `mv` is not one of the legal moves.
    pub fn play(&self, rules: &Rules, mv: &Move) -> Result<Position, IllegalMoveError> {
        if self.is_legal(rules, mv) {
            Ok(self.play_unchecked(mv))
        } else {
            Err(IllegalMoveError { mv: *mv })
        }
    }

    /// The squares a legal move visits, start square first, then every
    /// landing square (one path among those with the move's effect).
    /// For a quiet move it is the start and end square.
    pub fn path(&self, rules: &Rules, mv: &Move) -> Path {
        if !mv.is_capture() {
            let mut p = Path::new(mv.from());
            p.push(mv.to());
            return p;
        }
        let mut sink = PathSink {
            target: *mv,
            found: None,
        };
        self.capture_search(rules, mv.from().bit(), &mut sink);
        sink.found.unwrap_or_else(|| {
            let mut p = Path::new(mv.from());
            p.push(mv.to());
            p
        })
    }

    /// Every capture path (start square, then landing squares) with the
    /// effect of the legal capture `mv`, in search order. Notation uses it
    /// to decide how much of a path must be written.
    pub fn paths(&self, rules: &Rules, mv: &Move) -> Vec<Path> {
        struct AllPaths {
            target: Move,
            found: Vec<Path>,
        }
        impl Sink for AllPaths {
            const WANTS_PATH: bool = true;
            fn complete(&mut self, from: Square, to: Square, c: u64, p: bool, path: &Path) {
                if Move::new(from, to, Bitboard(c), p) == self.target {
                    self.found.push(*path);
                }
            }
        }
        if !mv.is_capture() {
            return vec![self.path(rules, mv)];
        }
        let mut sink = AllPaths {
            target: *mv,
            found: Vec::new(),
        };
        self.capture_search(rules, mv.from().bit(), &mut sink);
        sink.found
    }
}

#[cfg(test)]
impl Position {
    /// Every capture sequence of the side to move, not only the longest:
    /// start square, first landing square and the pieces taken. For testing
    /// the first-jump primitives of `reach`.
    pub(crate) fn all_capture_sequences(&self, rules: &Rules) -> Vec<(Square, Square, Bitboard)> {
        struct All(Vec<(Square, Square, Bitboard)>);
        impl Sink for All {
            const WANTS_PATH: bool = true;
            fn complete(&mut self, from: Square, _: Square, c: u64, _: bool, path: &Path) {
                self.0.push((from, path.squares()[1], Bitboard(c)));
            }
        }
        let mut sink = All(Vec::new());
        self.capture_search(rules, self.by_color[self.turn as usize].0, &mut sink);
        sink.0
    }
}

/// A move that is not legal in the position it was played in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct IllegalMoveError {
    /// The move.
    pub mv: Move,
}

impl core::fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "illegal move {:?}", self.mv)
    }
}

impl std::error::Error for IllegalMoveError {}
