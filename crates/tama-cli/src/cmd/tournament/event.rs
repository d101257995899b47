//! The saved state of an event (one JSON file, rewritten whole after
//! every step) and its view as a TRF tournament for pairing and reports.

use std::path::Path;

use serde::{Deserialize, Serialize};
use tama_pairing::tiebreak::TieBreak;
use tama_pairing::trf::Tournament;
use tama_pairing::{Colour, Outcome, Player, Points, RoundEntry, RoundPairing};

use crate::error::CliError;

/// The pairing system.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum System {
    /// FIDE's Dutch Swiss system.
    Swiss,
    /// A round robin by the Berger tables (double with two cycles).
    Robin,
}

/// A registered player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// "Surname, Given".
    pub name: String,
    /// The rating (0: none).
    #[serde(default)]
    pub rating: u32,
    /// The federation (three letters).
    #[serde(default)]
    pub federation: String,
    /// The title.
    #[serde(default)]
    pub title: String,
    /// The federation's identifier.
    #[serde(default)]
    pub id: String,
    /// The first round he does not play in (withdrawn), if any.
    #[serde(default)]
    pub withdrawn_from: Option<u32>,
}

/// One board of a round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Board {
    /// White's pairing number.
    pub white: u32,
    /// Black's pairing number.
    pub black: u32,
    /// `1-0`, `0-1`, `1/2-1/2`, `1-0f`, `0-1f`, `0-0f` (forfeits), or
    /// none yet.
    #[serde(default)]
    pub result: Option<String>,
    /// The game (canonical PDN), when entered.
    #[serde(default)]
    pub pdn: Option<String>,
}

/// One paired round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Default)]
pub struct Round {
    /// The boards, first board first.
    pub boards: Vec<Board>,
    /// The pairing-allocated bye.
    #[serde(default)]
    pub bye: Option<u32>,
    /// Players not paired this round and their TRF code (`H`, `F`, `Z`).
    #[serde(default)]
    pub absent: Vec<(u32, char)>,
}

/// The event: everything an arbiter enters, saved after every step.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// The format's version (1).
    pub tama_tournament: u32,
    /// The event's name.
    pub name: String,
    /// Where it is played.
    #[serde(default)]
    pub city: String,
    /// The rules of the games (`armenian`, `turkish`).
    #[serde(default)]
    pub rules: String,
    /// Swiss or round robin.
    pub system: System,
    /// The rounds (a round robin: its cycles times its rounds).
    pub rounds: u32,
    /// Round robin cycles (1 single, 2 double).
    #[serde(default = "one")]
    pub cycles: u32,
    /// The tie-breaks' codes, in order.
    pub tiebreaks: Vec<String>,
    /// The initial colour (`white`: player 1 has White in round 1).
    pub initial_white: bool,
    /// Baku acceleration.
    #[serde(default)]
    pub baku: bool,
    /// The players, by pairing number (index + 1).
    pub players: Vec<Entry>,
    /// Requested byes of rounds not paired yet: (round, player, code).
    #[serde(default)]
    pub requests: Vec<(u32, u32, char)>,
    /// The paired rounds.
    pub round_list: Vec<Round>,
}

fn one() -> u32 {
    1
}

/// A result's outcome for white, forfeits included.
pub fn white_outcome(result: &str) -> Option<Outcome> {
    Some(match result {
        "1-0" => Outcome::Win,
        "0-1" => Outcome::Loss,
        "1/2-1/2" | "1/2" | "=" | "½-½" => Outcome::Draw,
        "1-0f" | "+-" => Outcome::ForfeitWin,
        "0-1f" | "-+" => Outcome::ForfeitLoss,
        "0-0f" | "--" => Outcome::ForfeitLoss,
        _ => return None,
    })
}

/// The canonical spelling of a result the arbiter typed.
pub fn canonical_result(result: &str) -> Option<&'static str> {
    Some(match result {
        "1-0" => "1-0",
        "0-1" => "0-1",
        "1/2-1/2" | "1/2" | "=" | "½-½" => "1/2-1/2",
        "1-0f" | "+-" => "1-0f",
        "0-1f" | "-+" => "0-1f",
        "0-0f" | "--" => "0-0f",
        _ => return None,
    })
}

impl Event {
    /// Reads the event file.
    pub fn load(path: &Path) -> Result<Event, CliError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError::usage(format!("cannot read {}: {e}", path.display())))?;
        serde_json::from_str(&text)
            .map_err(|e| CliError::usage(format!("{}: not a tama tournament: {e}", path.display())))
    }

    /// Writes the event file whole (a crash leaves the old one).
    pub fn save(&self, path: &Path) -> Result<(), CliError> {
        let mut text = serde_json::to_string_pretty(self).expect("the event serialises");
        text.push('\n');
        let cannot = |p: &Path, e: std::io::Error| {
            CliError::usage(format!("cannot write {}: {e}", p.display()))
        };
        tama_files::write_atomically(
            path,
            |f| std::io::Write::write_all(f, text.as_bytes()).map_err(|e| cannot(path, e)),
            cannot,
        )
    }

    /// The tie-breaks, parsed.
    pub fn tiebreak_list(&self) -> Result<Vec<TieBreak>, CliError> {
        self.tiebreaks
            .iter()
            .map(|t| t.parse().map_err(CliError::usage))
            .collect()
    }

    /// The number of a player, checked.
    pub fn player(&self, number: u32) -> Result<&Entry, CliError> {
        number
            .checked_sub(1)
            .and_then(|i| self.players.get(i as usize))
            .ok_or_else(|| {
                CliError::usage(format!(
                    "no player {number} (the event has {})",
                    self.players.len()
                ))
            })
    }

    /// Whether every board of every paired round has a result.
    pub fn unfinished(&self) -> Vec<(u32, usize)> {
        let mut out = Vec::new();
        for (r, round) in self.round_list.iter().enumerate() {
            for (b, board) in round.boards.iter().enumerate() {
                if board.result.is_none() {
                    out.push((r as u32 + 1, b + 1));
                }
            }
        }
        out
    }

    /// The event as a TRF tournament (its rounds so far; with the
    /// requested byes of the next round written as `0000 - H`).
    pub fn to_trf(&self) -> Tournament {
        let paired = self.round_list.len();
        let mut players: Vec<Player> = self
            .players
            .iter()
            .enumerate()
            .map(|(i, e)| Player {
                number: i as u32 + 1,
                name: e.name.clone(),
                title: e.title.clone(),
                rating: e.rating,
                federation: e.federation.clone(),
                id: e.id.clone(),
                rounds: vec![RoundEntry::bye(Outcome::ZeroBye); paired],
                ..Player::default()
            })
            .collect();
        for (r, round) in self.round_list.iter().enumerate() {
            for &(p, code) in &round.absent {
                if let Some(pl) = players.get_mut(p as usize - 1) {
                    pl.rounds[r] =
                        RoundEntry::bye(Outcome::from_code(code).unwrap_or(Outcome::ZeroBye));
                }
            }
            if let Some(b) = round.bye {
                players[b as usize - 1].rounds[r] = RoundEntry::bye(Outcome::PairingBye);
            }
            for board in &round.boards {
                let w = board
                    .result
                    .as_deref()
                    .and_then(white_outcome)
                    .unwrap_or(Outcome::Pending);
                let b = if board.result.as_deref() == Some("0-0f") {
                    Outcome::ForfeitLoss
                } else {
                    w.reversed()
                };
                players[board.white as usize - 1].rounds[r] = RoundEntry {
                    opponent: Some(board.black),
                    colour: Some(Colour::White),
                    outcome: w,
                };
                players[board.black as usize - 1].rounds[r] = RoundEntry {
                    opponent: Some(board.white),
                    colour: Some(Colour::Black),
                    outcome: b,
                };
            }
        }
        let next = paired as u32 + 1;
        for (i, e) in self.players.iter().enumerate() {
            let code = self
                .requests
                .iter()
                .find(|&&(r, p, _)| r == next && p == i as u32 + 1)
                .map(|&(_, _, c)| c)
                .or_else(|| e.withdrawn_from.filter(|&w| w <= next).map(|_| 'Z'));
            if let Some(c) = code {
                players[i].rounds.push(RoundEntry::bye(
                    Outcome::from_code(c).unwrap_or(Outcome::ZeroBye),
                ));
            }
        }
        let mut headers = vec![("012".to_string(), self.name.clone())];
        if !self.city.is_empty() {
            headers.push(("022".to_string(), self.city.clone()));
        }
        headers.push(("062".to_string(), self.players.len().to_string()));
        Tournament {
            headers,
            players,
            total_rounds: Some(self.rounds),
            initial_colour: Some(if self.initial_white {
                Colour::White
            } else {
                Colour::Black
            }),
            points: Points::default(),
            baku: self.baku,
            extra: Vec::new(),
        }
    }

    /// Records a new round.
    pub fn push_round(&mut self, pairing: &RoundPairing, absent: Vec<(u32, char)>) {
        self.round_list.push(Round {
            boards: pairing
                .pairs
                .iter()
                .map(|&(white, black)| Board {
                    white,
                    black,
                    result: None,
                    pdn: None,
                })
                .collect(),
            bye: pairing.bye,
            absent,
        });
    }
}
