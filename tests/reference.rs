//! A deliberately simple reference move generator, written straight from
//! `docs/RULES.md` and independent of `tama-core`.
//!
//! It uses a plain array board and a recursive capture search that follows
//! the text of the rules one sentence at a time. It is slow on purpose:
//! the point is that it is obviously right, so the fast generator in
//! `tama-core` can be checked against it.

/// The board: index = rank * 8 + file, so a1 = 0, b1 = 1, …, h1 = 7,
/// a2 = 8, …, h8 = 63.
pub type Board = [Option<(RColor, RRole)>; 64];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RColor {
    White,
    Black,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RRole {
    Man,
    King,
}

/// The rule switches that change move generation (the draw switches do not).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RRules {
    /// Men may also step one square diagonally forward.
    pub man_diagonal: bool,
    /// Kings' quiet moves may also go diagonally.
    pub king_diagonal: bool,
    /// Captured pieces stay on the board until the move ends.
    pub removal_end_of_move: bool,
    /// A 180° turn between two consecutive jumps is allowed.
    pub king_reversal_allowed: bool,
    /// A man reaching the promotion rank mid-capture becomes a king at once.
    pub promotion_midway: bool,
}

/// A move, identified by its effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RMove {
    pub from: u8,
    pub to: u8,
    /// Bit i set = the piece on square i is captured.
    pub captures: u64,
    pub promotes: bool,
}

pub const ARMENIAN: RRules = RRules {
    man_diagonal: true,
    king_diagonal: true,
    removal_end_of_move: false,
    king_reversal_allowed: false,
    promotion_midway: false,
};

pub const TURKISH: RRules = RRules {
    man_diagonal: false,
    king_diagonal: false,
    removal_end_of_move: false,
    king_reversal_allowed: false,
    promotion_midway: false,
};

pub const ARMENIAN_ORTHOGONAL: RRules = RRules {
    man_diagonal: false,
    king_diagonal: false,
    removal_end_of_move: true,
    king_reversal_allowed: false,
    promotion_midway: true,
};

/// Every combination of the five switches (32 of them).
pub fn all_switch_combinations() -> Vec<RRules> {
    (0..32u32)
        .map(|bits| RRules {
            man_diagonal: bits & 1 != 0,
            king_diagonal: bits & 2 != 0,
            removal_end_of_move: bits & 4 != 0,
            king_reversal_allowed: bits & 8 != 0,
            promotion_midway: bits & 16 != 0,
        })
        .collect()
}

impl RColor {
    fn opponent(self) -> RColor {
        match self {
            RColor::White => RColor::Black,
            RColor::Black => RColor::White,
        }
    }

    /// The rank step of "forward": towards rank 8 for White, rank 1 for Black.
    fn forward(self) -> i8 {
        match self {
            RColor::White => 1,
            RColor::Black => -1,
        }
    }

    /// The promotion rank (0-based): rank 8 for White, rank 1 for Black.
    fn promotion_rank(self) -> i8 {
        match self {
            RColor::White => 7,
            RColor::Black => 0,
        }
    }
}

/// A direction as (file step, rank step).
type Dir = (i8, i8);

const ORTHOGONAL: [Dir; 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAGONAL: [Dir; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn rank_of(sq: u8) -> i8 {
    (sq / 8) as i8
}

/// The square one step from `sq` in direction `dir`, if it is on the board.
fn step(sq: u8, dir: Dir) -> Option<u8> {
    let file = (sq % 8) as i8 + dir.0;
    let rank = rank_of(sq) + dir.1;
    if (0..8).contains(&file) && (0..8).contains(&rank) {
        Some((rank * 8 + file) as u8)
    } else {
        None
    }
}

fn is_enemy(board: &Board, sq: u8, color: RColor) -> bool {
    matches!(board[sq as usize], Some((c, _)) if c != color)
}

fn is_empty(board: &Board, sq: u8) -> bool {
    board[sq as usize].is_none()
}

/// Parses a square name such as `a1` or `h8`.
///
/// # Panics
///
/// Panics on anything that is not a square name.
pub fn square(name: &str) -> u8 {
    let bytes = name.as_bytes();
    assert!(bytes.len() == 2, "bad square name {name:?}");
    let (file, rank) = (bytes[0], bytes[1]);
    assert!(
        (b'a'..=b'h').contains(&file) && (b'1'..=b'8').contains(&rank),
        "bad square name {name:?}"
    );
    (rank - b'1') * 8 + (file - b'a')
}

/// The start position: White men on ranks 2 and 3, Black men on ranks 6
/// and 7, White to move.
pub fn start_position() -> (Board, RColor) {
    let mut board: Board = [None; 64];
    for (sq, slot) in board.iter_mut().enumerate() {
        match sq / 8 {
            1 | 2 => *slot = Some((RColor::White, RRole::Man)),
            5 | 6 => *slot = Some((RColor::Black, RRole::Man)),
            _ => {}
        }
    }
    (board, RColor::White)
}

/// Parses the canonical simple FEN, e.g. `W:Wa2,b2,Kd4:Ba7,Kh8` or `B:W:Bd1`.
///
/// # Panics
///
/// Panics on malformed input (this is test code).
pub fn parse_simple_fen(s: &str) -> (Board, RColor) {
    fn color(letter: Option<char>, s: &str) -> RColor {
        match letter {
            Some('W') => RColor::White,
            Some('B') => RColor::Black,
            _ => panic!("bad colour letter in FEN {s:?}"),
        }
    }

    let mut parts = s.split(':');
    let turn_part = parts.next().unwrap_or("");
    assert!(turn_part.len() == 1, "bad side to move in FEN {s:?}");
    let turn = color(turn_part.chars().next(), s);

    let mut board: Board = [None; 64];
    let mut sides = 0;
    for part in parts {
        sides += 1;
        let mut chars = part.chars();
        let piece_color = color(chars.next(), s);
        for token in chars.as_str().split(',').filter(|t| !t.is_empty()) {
            let (role, name) = match token.strip_prefix('K') {
                Some(rest) => (RRole::King, rest),
                None => (RRole::Man, token),
            };
            let sq = square(name) as usize;
            assert!(
                board[sq].is_none(),
                "square {name} given twice in FEN {s:?}"
            );
            board[sq] = Some((piece_color, role));
        }
    }
    assert!(sides == 2, "FEN {s:?} must have exactly two piece lists");
    (board, turn)
}

/// The recursive capture search for one piece.
struct CaptureSearch<'a> {
    rules: &'a RRules,
    color: RColor,
    from: u8,
    /// The moving piece was a man when the move started.
    was_man: bool,
    /// The board without the moving piece (its start square is empty during
    /// its move). Under immediate removal, captured pieces are taken off as
    /// they are jumped; under end-of-move removal they stay as obstacles.
    board: Board,
    found: Vec<RMove>,
}

impl CaptureSearch<'_> {
    /// The directions in which a piece of `role` may capture: a man forward,
    /// left or right; a king in all four orthogonal directions. Never
    /// diagonally, and a man never backward.
    fn capture_directions(&self, role: RRole) -> Vec<Dir> {
        match role {
            RRole::Man => vec![(0, self.color.forward()), (1, 0), (-1, 0)],
            RRole::King => ORTHOGONAL.to_vec(),
        }
    }

    /// The possible single jumps from `sq` in direction `dir`, as
    /// (captured square, landing square) pairs.
    fn jumps(&self, sq: u8, role: RRole, dir: Dir, captured: u64) -> Vec<(u8, u8)> {
        let victim = match role {
            // A man jumps only an orthogonally adjacent enemy.
            RRole::Man => step(sq, dir),
            // A king travels any number of empty squares to reach the enemy.
            RRole::King => {
                let mut s = step(sq, dir);
                while let Some(x) = s {
                    if !is_empty(&self.board, x) {
                        break;
                    }
                    s = step(x, dir);
                }
                s
            }
        };
        let Some(victim) = victim else {
            return Vec::new();
        };
        // The victim must be an enemy, and a piece is never jumped twice
        // (under end-of-move removal a captured piece is still standing).
        if !is_enemy(&self.board, victim, self.color) || captured & (1 << victim) != 0 {
            return Vec::new();
        }
        let mut result = Vec::new();
        let mut landing = step(victim, dir);
        while let Some(l) = landing {
            if !is_empty(&self.board, l) {
                break;
            }
            result.push((victim, l));
            if role == RRole::Man {
                // A man lands on the square directly beyond.
                break;
            }
            // A king may land on any square of the empty run beyond.
            landing = step(l, dir);
        }
        result
    }

    /// Continues a capture sequence with the piece (now of `role`) on `sq`,
    /// whose previous jump went in `last_dir` and which has taken `captured`.
    /// Records the move when the sequence cannot go on.
    fn extend(&mut self, sq: u8, role: RRole, last_dir: Option<Dir>, captured: u64) {
        let mut continued = false;
        for dir in self.capture_directions(role) {
            let reverses = last_dir == Some((-dir.0, -dir.1));
            if reverses && !self.rules.king_reversal_allowed {
                continue;
            }
            for (victim, landing) in self.jumps(sq, role, dir, captured) {
                continued = true;
                let victim_piece = self.board[victim as usize];
                if !self.rules.removal_end_of_move {
                    self.board[victim as usize] = None;
                }
                let reaches_last_rank = rank_of(landing) == self.color.promotion_rank();
                let new_role =
                    if role == RRole::Man && self.rules.promotion_midway && reaches_last_rank {
                        RRole::King
                    } else {
                        role
                    };
                self.extend(landing, new_role, Some(dir), captured | (1 << victim));
                self.board[victim as usize] = victim_piece;
            }
        }
        if !continued && captured != 0 {
            // A man ending on its last rank becomes a king; under midway
            // promotion it may already have become one earlier.
            let ends_on_last_rank = rank_of(sq) == self.color.promotion_rank();
            let promotes = self.was_man && (role == RRole::King || ends_on_last_rank);
            self.found.push(RMove {
                from: self.from,
                to: sq,
                captures: captured,
                promotes,
            });
        }
    }
}

/// All complete capture sequences of the piece on `from`.
pub fn captures_from(board: &Board, from: u8, rules: &RRules) -> Vec<RMove> {
    let (color, role) = board[from as usize].expect("no piece on the from square");
    let mut search = CaptureSearch {
        rules,
        color,
        from,
        was_man: role == RRole::Man,
        board: *board,
        found: Vec::new(),
    };
    search.board[from as usize] = None;
    search.extend(from, role, None, 0);
    search.found
}

/// All quiet (non-capturing) moves of the piece on `from`.
pub fn quiet_moves_from(board: &Board, from: u8, rules: &RRules) -> Vec<RMove> {
    let (color, role) = board[from as usize].expect("no piece on the from square");
    let mut moves = Vec::new();
    match role {
        RRole::Man => {
            let fwd = color.forward();
            let mut dirs = vec![(0, fwd), (1, 0), (-1, 0)];
            if rules.man_diagonal {
                dirs.extend([(1, fwd), (-1, fwd)]);
            }
            for dir in dirs {
                if let Some(to) = step(from, dir) {
                    if is_empty(board, to) {
                        moves.push(RMove {
                            from,
                            to,
                            captures: 0,
                            promotes: rank_of(to) == color.promotion_rank(),
                        });
                    }
                }
            }
        }
        RRole::King => {
            let mut dirs = ORTHOGONAL.to_vec();
            if rules.king_diagonal {
                dirs.extend(DIAGONAL);
            }
            for dir in dirs {
                let mut s = step(from, dir);
                while let Some(to) = s {
                    if !is_empty(board, to) {
                        break;
                    }
                    moves.push(RMove {
                        from,
                        to,
                        captures: 0,
                        promotes: false,
                    });
                    s = step(to, dir);
                }
            }
        }
    }
    moves
}

/// The legal moves of `turn`, sorted and deduplicated by effect.
pub fn legal_moves(board: &Board, turn: RColor, rules: &RRules) -> Vec<RMove> {
    let own_squares: Vec<u8> = (0..64u8)
        .filter(|&sq| matches!(board[sq as usize], Some((c, _)) if c == turn))
        .collect();

    let mut captures: Vec<RMove> = own_squares
        .iter()
        .flat_map(|&sq| captures_from(board, sq, rules))
        .collect();

    let mut moves = if captures.is_empty() {
        own_squares
            .iter()
            .flat_map(|&sq| quiet_moves_from(board, sq, rules))
            .collect()
    } else {
        // Capturing is mandatory, and only the sequences taking the most
        // pieces (over all pieces) are legal.
        let most = captures
            .iter()
            .map(|m| m.captures.count_ones())
            .max()
            .unwrap_or(0);
        captures.retain(|m| m.captures.count_ones() == most);
        captures
    };
    moves.sort();
    moves.dedup();
    moves
}

/// Applies the effect of `mv`: moves the piece, removes the captured
/// pieces, promotes.
///
/// # Panics
///
/// Panics if `from` does not hold a piece of `turn`.
pub fn play(board: &Board, turn: RColor, mv: &RMove) -> Board {
    let mut next = *board;
    let (color, role) = next[mv.from as usize]
        .take()
        .expect("no piece on the from square");
    assert_eq!(color, turn, "moving a piece of the wrong colour");
    for (sq, slot) in next.iter_mut().enumerate() {
        if mv.captures & (1 << sq) != 0 {
            *slot = None;
        }
    }
    let role = if mv.promotes { RRole::King } else { role };
    next[mv.to as usize] = Some((color, role));
    next
}

/// Counts the leaf nodes of the move tree of the given depth.
pub fn perft(board: &Board, turn: RColor, rules: &RRules, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    legal_moves(board, turn, rules)
        .iter()
        .map(|mv| perft(&play(board, turn, mv), turn.opponent(), rules, depth - 1))
        .sum()
}
