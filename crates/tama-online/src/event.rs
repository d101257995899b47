//! The numbered events of a game: what the referee decided, in order.
//!
//! Every change of a game is one [`Entry`]: its number (from 1, without
//! gaps), the server's time, and the [`Event`]. The log is the game:
//! [`Referee::replay`](crate::referee::Referee::replay) rebuilds a game from it,
//! which is how a server recovers its live games after a crash, and a
//! client that saw the events up to `n` resumes with those after `n`.

use serde::{Deserialize, Serialize};
use tama_core::{Color, Outcome};

/// Milliseconds on the server's clock (since the UNIX epoch for a real
/// server; any origin for a test).
pub type Millis = u64;

/// What a player may propose and the other accept or decline.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Proposal {
    /// A draw by agreement.
    Draw,
    /// Taking back the proposer's last move (and the reply to it).
    Takeback,
    /// A new game with the colours swapped, once this one is over.
    Rematch,
}

impl Proposal {
    /// The word of the API: `draw`, `takeback`, `rematch`.
    pub const fn name(self) -> &'static str {
        match self {
            Proposal::Draw => "draw",
            Proposal::Takeback => "takeback",
            Proposal::Rematch => "rematch",
        }
    }
}

/// One thing that happened in a game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum Event {
    /// A move, in canonical move text (docs/NOTATION.md), with both
    /// clocks after it (its increment included) when the game has a clock.
    Move {
        /// The move text.
        #[serde(rename = "move")]
        text: String,
        /// White's time left, in milliseconds.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        white_ms: Option<u64>,
        /// Black's time left, in milliseconds.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        black_ms: Option<u64>,
        /// The lag compensation the mover was given, in milliseconds.
        #[serde(default)]
        lag_ms: u64,
    },
    /// A player proposes.
    Offer {
        /// What.
        what: Proposal,
        /// Who.
        by: Color,
    },
    /// A player declines the other's proposal.
    Decline {
        /// What.
        what: Proposal,
        /// Who declined.
        by: Color,
    },
    /// A takeback was granted: `plies` moves were taken back, so that the
    /// player who asked (`by`) is to move again.
    Takeback {
        /// Who asked.
        by: Color,
        /// How many moves were taken back (1 or 2).
        plies: u8,
    },
    /// The game is over.
    End {
        /// How it ended.
        outcome: Outcome,
    },
    /// The game was called off before both players had moved.
    Abort {
        /// Who called it off.
        by: Color,
    },
    /// The server called the game off: `by`, to move, did not make a
    /// first move in time ([`NO_START_LIMIT`](crate::referee::NO_START_LIMIT)).
    NoStart {
        /// Who did not move.
        by: Color,
    },
    /// Both players agreed on a rematch: the next game's id.
    Rematch {
        /// The new game.
        id: String,
    },
    /// The server came back after being down: the running clock starts
    /// again now, without the time the server was down.
    Resume {
        /// How long the server was down, as far as it knows, in
        /// milliseconds.
        down_ms: u64,
    },
}

/// An [`Event`] with its number and time.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Entry {
    /// The event's number in its game, from 1.
    pub n: u64,
    /// When it happened, on the server's clock.
    pub at: Millis,
    /// What happened.
    #[serde(flatten)]
    pub event: Event,
}

#[cfg(test)]
mod tests {
    use super::*;
    use tama_core::Termination;

    #[test]
    fn entries_round_trip_through_json() {
        let entries = [
            Entry {
                n: 1,
                at: 5,
                event: Event::Move {
                    text: "c3-c4".into(),
                    white_ms: Some(1000),
                    black_ms: Some(2000),
                    lag_ms: 30,
                },
            },
            Entry {
                n: 2,
                at: 6,
                event: Event::Offer {
                    what: Proposal::Takeback,
                    by: Color::Black,
                },
            },
            Entry {
                n: 3,
                at: 7,
                event: Event::End {
                    outcome: Outcome::win(Color::White, Termination::Resignation),
                },
            },
        ];
        for e in entries {
            let text = serde_json::to_string(&e).unwrap();
            assert_eq!(serde_json::from_str::<Entry>(&text).unwrap(), e, "{text}");
        }
        let text = serde_json::to_string(&Entry {
            n: 4,
            at: 9,
            event: Event::Abort { by: Color::White },
        })
        .unwrap();
        assert_eq!(text, r#"{"n":4,"at":9,"type":"abort","by":"white"}"#);
    }
}
