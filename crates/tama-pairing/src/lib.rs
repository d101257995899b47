//! Tournament pairings without I/O: the FIDE Dutch Swiss system
//! (C.04.3) by maximum-weight matching, round robins by Berger tables
//! (C.05), the tie-breaks of FIDE's regulations (C.07), and FIDE's
//! tournament report file (TRF-2026 and JaVaFo's TRF(x)).
//!
//! Everything is data in, data out: a [`SwissInput`] (the players, their
//! past rounds, who is available) gives a [`RoundPairing`], so a file
//! tool (`tama swiss`), an arbiter's event (`tama tournament`) or a server
//! can drive it alike. docs/SWISS.md says which articles are implemented
//! and how.
//!
//! ```
//! use tama_pairing::{pair_dutch, trf};
//!
//! let text = "\
//! 012 Club Swiss
//! XXR 3
//! 001    1      Ayan, Ara                         2100 ARM                         0.0
//! 001    2      Baran, Bek                        2000 ARM                         0.0
//! 001    3      Ceren, Can                        1900 ARM                         0.0
//! 001    4      Demir, Dan                        1800 ARM                         0.0
//! ";
//! let t = trf::parse(text).unwrap();
//! let round = pair_dutch(&t.swiss_input(1, &[]).unwrap()).unwrap();
//! // Round 1: the top half against the bottom half, 1–3 and 4–2 (white first).
//! assert_eq!(round.pairs, vec![(1, 3), (4, 2)]);
//! assert_eq!(round.bye, None);
//! ```

#![deny(missing_docs)]

pub mod berger;
pub mod check;
mod dutch;
mod matching;
pub mod model;
mod order;
mod state;
pub mod tiebreak;
pub mod trf;
mod wide;

pub use dutch::{pair_dutch, RoundPairing};
pub use matching::max_weight_matching;
pub use model::{Colour, Outcome, Player, Points, RoundEntry};
pub use state::{baku_points, cards, Card, Entrant, Float, Strength, SwissInput};
pub use wide::I256;

/// Why a round could not be paired or a file not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairingError {
    /// No pairing of this round meets the absolute criteria C.1–C.3.
    Unpairable {
        /// The round.
        round: u32,
    },
    /// Too many players for the edge weights (beyond 256 bits).
    TooLarge,
    /// A line of a TRF file that could not be read.
    Trf {
        /// The line number (1-based).
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A tournament that contradicts itself (an opponent who does not
    /// exist, a round out of range).
    Invalid(String),
}

impl std::fmt::Display for PairingError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PairingError::Unpairable { round } => write!(
                f,
                "round {round} cannot be paired: no pairing meets the absolute criteria (C.1-C.3)"
            ),
            PairingError::TooLarge => write!(f, "too many players for the pairing weights"),
            PairingError::Trf { line, message } => write!(f, "trf line {line}: {message}"),
            PairingError::Invalid(m) => write!(f, "invalid tournament: {m}"),
        }
    }
}

impl std::error::Error for PairingError {}
