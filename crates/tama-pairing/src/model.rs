//! The data a pairing program reads: players, their rounds, the points.
//!
//! Scores are kept in tenths of a point (a win 10, a draw 5 by default),
//! so every point system of TRF files (`XXS`) is exact.

/// A side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// White (moves first).
    White,
    /// Black.
    Black,
}

impl Colour {
    /// The other colour.
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// What a round was for one player: the result codes of FIDE's TRF.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `1`: a win over the board.
    Win,
    /// `=`: a draw.
    Draw,
    /// `0`: a loss.
    Loss,
    /// `+`: a win because the opponent did not appear.
    ForfeitWin,
    /// `-`: a loss by not appearing.
    ForfeitLoss,
    /// `W`: a win not rated.
    UnratedWin,
    /// `D`: a draw not rated.
    UnratedDraw,
    /// `L`: a loss not rated.
    UnratedLoss,
    /// `U`: the pairing-allocated bye (no opponent, a win's points).
    PairingBye,
    /// `H`: a requested half-point bye.
    HalfBye,
    /// `F`: a full-point bye.
    FullBye,
    /// `Z`: a zero-point bye (absent, withdrawn).
    ZeroBye,
    /// A blank result: paired, game not finished.
    Pending,
}

impl Outcome {
    /// The TRF character.
    pub fn code(self) -> char {
        match self {
            Outcome::Win => '1',
            Outcome::Draw => '=',
            Outcome::Loss => '0',
            Outcome::ForfeitWin => '+',
            Outcome::ForfeitLoss => '-',
            Outcome::UnratedWin => 'W',
            Outcome::UnratedDraw => 'D',
            Outcome::UnratedLoss => 'L',
            Outcome::PairingBye => 'U',
            Outcome::HalfBye => 'H',
            Outcome::FullBye => 'F',
            Outcome::ZeroBye => 'Z',
            Outcome::Pending => ' ',
        }
    }

    /// The outcome of a TRF character, if it is one.
    pub fn from_code(c: char) -> Option<Outcome> {
        Some(match c {
            '1' => Outcome::Win,
            '=' | '½' => Outcome::Draw,
            '0' => Outcome::Loss,
            '+' => Outcome::ForfeitWin,
            '-' => Outcome::ForfeitLoss,
            'W' | 'w' => Outcome::UnratedWin,
            'D' | 'd' => Outcome::UnratedDraw,
            'L' | 'l' => Outcome::UnratedLoss,
            'U' | 'u' => Outcome::PairingBye,
            'H' | 'h' => Outcome::HalfBye,
            'F' | 'f' => Outcome::FullBye,
            'Z' | 'z' => Outcome::ZeroBye,
            ' ' | '*' => Outcome::Pending,
            _ => return None,
        })
    }

    /// Whether a game was played over the board (it counts for colours,
    /// for "not twice against the same opponent" and for floats).
    pub fn played(self) -> bool {
        matches!(
            self,
            Outcome::Win
                | Outcome::Draw
                | Outcome::Loss
                | Outcome::UnratedWin
                | Outcome::UnratedDraw
                | Outcome::UnratedLoss
                | Outcome::Pending
        )
    }

    /// The outcome seen from the opponent.
    pub fn reversed(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            Outcome::ForfeitWin => Outcome::ForfeitLoss,
            Outcome::ForfeitLoss => Outcome::ForfeitWin,
            Outcome::UnratedWin => Outcome::UnratedLoss,
            Outcome::UnratedLoss => Outcome::UnratedWin,
            other => other,
        }
    }
}

/// What each outcome scores, in tenths of a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Points {
    /// A win (also `+` and `W`).
    pub win: u32,
    /// A draw (also `D`).
    pub draw: u32,
    /// A loss (also `-` and `L`).
    pub loss: u32,
    /// The pairing-allocated bye (`U`).
    pub pairing_bye: u32,
    /// A requested half-point bye (`H`).
    pub half_bye: u32,
    /// A full-point bye (`F`).
    pub full_bye: u32,
    /// A zero-point bye (`Z`).
    pub zero_bye: u32,
}

impl Default for Points {
    fn default() -> Points {
        Points {
            win: 10,
            draw: 5,
            loss: 0,
            pairing_bye: 10,
            half_bye: 5,
            full_bye: 10,
            zero_bye: 0,
        }
    }
}

impl Points {
    /// The points of `o`, in tenths.
    pub fn of(&self, o: Outcome) -> u32 {
        match o {
            Outcome::Win | Outcome::ForfeitWin | Outcome::UnratedWin => self.win,
            Outcome::Draw | Outcome::UnratedDraw => self.draw,
            Outcome::Loss | Outcome::ForfeitLoss | Outcome::UnratedLoss => self.loss,
            Outcome::PairingBye => self.pairing_bye,
            Outcome::HalfBye => self.half_bye,
            Outcome::FullBye => self.full_bye,
            Outcome::ZeroBye | Outcome::Pending => 0,
        }
    }
}

/// One round of one player: opponent (a pairing number), colour, outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundEntry {
    /// The opponent's pairing number; `None` for byes and absences.
    pub opponent: Option<u32>,
    /// The colour played, if a game was paired.
    pub colour: Option<Colour>,
    /// The outcome.
    pub outcome: Outcome,
}

impl RoundEntry {
    /// A round without an opponent (a bye of the given kind).
    pub fn bye(outcome: Outcome) -> RoundEntry {
        RoundEntry {
            opponent: None,
            colour: None,
            outcome,
        }
    }

    /// Whether a game was played over the board this round.
    pub fn played(&self) -> bool {
        self.opponent.is_some() && self.outcome.played()
    }
}

/// A player: the TRF `001` line's fields and the rounds.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Player {
    /// The pairing number (1, 2, …; the initial ranking order).
    pub number: u32,
    /// The name, "Surname, Given".
    pub name: String,
    /// `m`, `w` or blank.
    pub sex: String,
    /// The title (GM, IM, …; in draughts GMI, MI, MF, …).
    pub title: String,
    /// The rating (0: none).
    pub rating: u32,
    /// The federation (three letters).
    pub federation: String,
    /// The federation's identifier of the player.
    pub id: String,
    /// The birth date, `YYYY/MM/DD` or the year.
    pub birth: String,
    /// The rank written in the file, if any.
    pub rank: Option<u32>,
    /// The rounds so far (index 0 is round 1).
    pub rounds: Vec<RoundEntry>,
}

impl Player {
    /// The score after the first `rounds` rounds, in tenths.
    pub fn score_after(&self, rounds: usize, points: &Points) -> u32 {
        self.rounds
            .iter()
            .take(rounds)
            .map(|r| points.of(r.outcome))
            .sum()
    }
}

/// Tenths of a point as text: `3`, `3.5`, `2.7`.
pub fn format_points(tenths: u32) -> String {
    if tenths.is_multiple_of(10) {
        format!("{}", tenths / 10)
    } else {
        format!("{}.{}", tenths / 10, tenths % 10)
    }
}
