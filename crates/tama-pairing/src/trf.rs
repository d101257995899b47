//! FIDE's tournament report file: the `001` player lines of TRF-16 (kept
//! by TRF-2026), the header lines, and the extensions of JaVaFo's TRF(x):
//! `XXR` (rounds of the event), `XXC` (`white1` / `black1`: the initial
//! colour; `baku`: acceleration, a tama extension) and `XXS` (points).
//!
//! A round to be paired may carry requested byes already (`0000 - H`,
//! `0000 - F`, `0000 - Z`): those players are not paired.

use crate::dutch::RoundPairing;
use crate::model::{format_points, Colour, Outcome, Player, Points, RoundEntry};
use crate::state::{Entrant, SwissInput};
use crate::PairingError;

/// A tournament as a TRF file holds it.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Tournament {
    /// Header lines other than the players and the `XX` lines, in order:
    /// (code, text), as `("012", "Club Swiss")`.
    pub headers: Vec<(String, String)>,
    /// The players, by pairing number.
    pub players: Vec<Player>,
    /// `XXR`: the rounds of the event.
    pub total_rounds: Option<u32>,
    /// `XXC white1` / `black1`: the colour of player 1 (the initial
    /// colour) in round 1.
    pub initial_colour: Option<Colour>,
    /// `XXS`: the point system (default 1, ½, 0, bye 1).
    pub points: Points,
    /// `XXC baku`: Baku acceleration.
    pub baku: bool,
    /// Lines kept as they were (other `XX` codes).
    pub extra: Vec<String>,
}

fn err(line: usize, message: impl Into<String>) -> PairingError {
    PairingError::Trf {
        line,
        message: message.into(),
    }
}

/// The characters `from..to` (0-based, end exclusive) of `chars`, trimmed.
fn field(chars: &[char], from: usize, to: usize) -> String {
    let to = to.min(chars.len());
    if from >= to {
        return String::new();
    }
    chars[from..to]
        .iter()
        .collect::<String>()
        .trim()
        .to_string()
}

fn parse_tenths(s: &str) -> Option<u32> {
    let s = s.trim();
    let (int, frac) = s.split_once('.').unwrap_or((s, "0"));
    let int: u32 = int.parse().ok()?;
    let frac = frac.chars().next().map_or(Some(0), |c| c.to_digit(10))?;
    Some(int * 10 + frac)
}

/// Reads a TRF file.
///
/// # Errors
///
/// [`PairingError::Trf`] naming the line that could not be read.
pub fn parse(text: &str) -> Result<Tournament, PairingError> {
    let mut t = Tournament::default();
    for (idx, raw) in text.lines().enumerate() {
        let line_no = idx + 1;
        let line = raw.trim_end_matches('\r');
        if line.trim().is_empty() {
            continue;
        }
        let code: String = line.chars().take(3).collect();
        let rest = line.get(3..).unwrap_or("").trim();
        match code.as_str() {
            "001" => t.players.push(parse_player(line, line_no)?),
            "XXR" => {
                t.total_rounds = Some(
                    rest.parse()
                        .map_err(|_| err(line_no, "XXR needs a number of rounds"))?,
                )
            }
            "XXC" => {
                for word in rest.split_whitespace() {
                    match word.to_ascii_lowercase().as_str() {
                        "white1" => t.initial_colour = Some(Colour::White),
                        "black1" => t.initial_colour = Some(Colour::Black),
                        "baku" => t.baku = true,
                        _ => {}
                    }
                }
            }
            "XXS" => parse_points(rest, line_no, &mut t.points)?,
            c if c.starts_with("XX") => t.extra.push(line.to_string()),
            c if c.chars().all(|ch| ch.is_ascii_digit()) => {
                t.headers.push((code.clone(), rest.to_string()))
            }
            _ => t.extra.push(line.to_string()),
        }
    }
    t.players.sort_by_key(|p| p.number);
    for w in t.players.windows(2) {
        if w[0].number == w[1].number {
            return Err(PairingError::Invalid(format!(
                "pairing number {} appears twice",
                w[0].number
            )));
        }
    }
    Ok(t)
}

fn parse_points(rest: &str, line: usize, p: &mut Points) -> Result<(), PairingError> {
    for item in rest.split_whitespace() {
        let (key, value) = item
            .split_once('=')
            .ok_or_else(|| err(line, format!("XXS item `{item}` is not KEY=VALUE")))?;
        let v = parse_tenths(value)
            .ok_or_else(|| err(line, format!("XXS value `{value}` is not a number")))?;
        match key.to_ascii_uppercase().as_str() {
            "W" | "WW" | "BW" | "FW" => p.win = v,
            "D" | "WD" | "BD" => p.draw = v,
            "L" | "WL" | "BL" | "FL" => p.loss = v,
            "PAB" | "U" => p.pairing_bye = v,
            "HPB" | "H" => p.half_bye = v,
            "FPB" | "F" => p.full_bye = v,
            "ZPB" | "Z" => p.zero_bye = v,
            _ => {}
        }
    }
    Ok(())
}

fn parse_player(line: &str, line_no: usize) -> Result<Player, PairingError> {
    let c: Vec<char> = line.chars().collect();
    let number: u32 = field(&c, 4, 8)
        .parse()
        .map_err(|_| err(line_no, "the pairing number (columns 5-8) is not a number"))?;
    let rating = field(&c, 48, 52);
    let rating = if rating.is_empty() {
        0
    } else {
        rating
            .parse()
            .map_err(|_| err(line_no, "the rating (columns 49-52) is not a number"))?
    };
    let rank = field(&c, 85, 89).parse().ok();
    // `None`: a blank field (a round not paired for this player).
    let mut rounds: Vec<Option<RoundEntry>> = Vec::new();
    let mut start = 91;
    while start < c.len() {
        let opp = field(&c, start, start + 4);
        let col = c.get(start + 5).copied().unwrap_or(' ');
        let res = c.get(start + 7).copied().unwrap_or(' ');
        if opp.is_empty() && col == ' ' && res == ' ' {
            rounds.push(None);
            start += 10;
            continue;
        }
        let opponent: u32 = if opp.is_empty() {
            0
        } else {
            opp.parse().map_err(|_| {
                err(
                    line_no,
                    format!(
                        "round {}: opponent `{opp}` is not a number",
                        rounds.len() + 1
                    ),
                )
            })?
        };
        let colour = match col {
            'w' | 'W' => Some(Colour::White),
            'b' | 'B' => Some(Colour::Black),
            '-' | ' ' => None,
            other => {
                return Err(err(
                    line_no,
                    format!("round {}: colour `{other}`", rounds.len() + 1),
                ))
            }
        };
        let outcome = Outcome::from_code(res).ok_or_else(|| {
            err(
                line_no,
                format!("round {}: result `{res}`", rounds.len() + 1),
            )
        })?;
        rounds.push(Some(RoundEntry {
            opponent: (opponent != 0).then_some(opponent),
            colour,
            outcome,
        }));
        start += 10;
    }
    // Trailing blank rounds are rounds not yet paired; a blank round
    // before a played one was an absence.
    while rounds.last() == Some(&None) {
        rounds.pop();
    }
    let rounds = rounds
        .into_iter()
        .map(|e| e.unwrap_or(RoundEntry::bye(Outcome::ZeroBye)))
        .collect();
    Ok(Player {
        number,
        name: field(&c, 14, 47),
        sex: field(&c, 9, 10),
        title: field(&c, 10, 13),
        rating,
        federation: field(&c, 53, 56),
        id: field(&c, 57, 68),
        birth: field(&c, 69, 79),
        rank,
        rounds,
    })
}

impl Tournament {
    /// The rounds paired so far: the leading rounds in which some player
    /// has an opponent or the pairing-allocated bye.
    pub fn paired_rounds(&self) -> u32 {
        let mut r = 0;
        loop {
            let paired = self.players.iter().any(|p| {
                p.rounds
                    .get(r)
                    .is_some_and(|e| e.opponent.is_some() || e.outcome == Outcome::PairingBye)
            });
            if !paired {
                return r as u32;
            }
            r += 1;
        }
    }

    /// The Dutch system's input for round `round`: the rounds before it,
    /// and as unavailable the players in `absent` and those whose entry
    /// for `round` is a bye without an opponent other than the
    /// pairing-allocated one.
    ///
    /// # Errors
    ///
    /// [`PairingError::Invalid`] if an opponent is not a player or a game
    /// is not recorded on both sides.
    pub fn swiss_input(&self, round: u32, absent: &[u32]) -> Result<SwissInput, PairingError> {
        if round == 0 {
            return Err(PairingError::Invalid("rounds count from 1".into()));
        }
        let past = (round - 1) as usize;
        let numbers: std::collections::HashMap<u32, &Player> =
            self.players.iter().map(|p| (p.number, p)).collect();
        let mut players = Vec::new();
        for p in &self.players {
            let mut rounds: Vec<RoundEntry> = p.rounds.iter().take(past).copied().collect();
            rounds.resize(past, RoundEntry::bye(Outcome::ZeroBye));
            for (r, e) in rounds.iter().enumerate() {
                if let Some(o) = e.opponent {
                    let opp = numbers.get(&o).ok_or_else(|| {
                        PairingError::Invalid(format!(
                            "player {} meets {o} in round {}, who is not a player",
                            p.number,
                            r + 1
                        ))
                    })?;
                    if opp.rounds.get(r).and_then(|x| x.opponent) != Some(p.number) {
                        return Err(PairingError::Invalid(format!(
                            "round {}: player {} meets {o}, but {o}'s line says otherwise",
                            r + 1,
                            p.number
                        )));
                    }
                }
            }
            let now = p.rounds.get(past);
            let requested =
                now.is_some_and(|e| e.opponent.is_none() && e.outcome != Outcome::PairingBye);
            players.push(Entrant {
                number: p.number,
                rating: p.rating,
                rounds,
                available: !requested && !absent.contains(&p.number),
            });
        }
        Ok(SwissInput {
            players,
            points: self.points,
            round,
            total_rounds: self.total_rounds.unwrap_or(round).max(round),
            initial_colour: self.initial_colour.unwrap_or(Colour::White),
            baku: self.baku,
        })
    }

    /// The pairing of round `round` as the file records it: each game once
    /// (white first, in the order of the white player's number) and the
    /// pairing-allocated bye.
    pub fn recorded_pairing(&self, round: u32) -> RoundPairing {
        let r = round.saturating_sub(1) as usize;
        let mut pairs = Vec::new();
        let mut bye = None;
        for p in &self.players {
            match p.rounds.get(r) {
                Some(e) if e.outcome == Outcome::PairingBye && e.opponent.is_none() => {
                    bye = Some(p.number)
                }
                Some(RoundEntry {
                    opponent: Some(o),
                    colour,
                    ..
                }) => {
                    let white = match colour {
                        Some(Colour::White) => true,
                        Some(Colour::Black) => false,
                        None => p.number < *o,
                    };
                    if white {
                        pairs.push((p.number, *o));
                    }
                }
                _ => {}
            }
        }
        RoundPairing { pairs, bye }
    }

    /// Records `pairing` as round `round` (games pending, the bye scored),
    /// and the players in neither as absent with `absent` (a requested bye
    /// keeps its entry if the round already has one).
    pub fn record_pairing(&mut self, round: u32, pairing: &RoundPairing) {
        let r = round.saturating_sub(1) as usize;
        for p in self.players.iter_mut() {
            let existing = p.rounds.get(r).copied();
            p.rounds.resize(r, RoundEntry::bye(Outcome::ZeroBye));
            let entry = if let Some(&(w, b)) = pairing
                .pairs
                .iter()
                .find(|&&(w, b)| w == p.number || b == p.number)
            {
                let white = w == p.number;
                RoundEntry {
                    opponent: Some(if white { b } else { w }),
                    colour: Some(if white { Colour::White } else { Colour::Black }),
                    outcome: Outcome::Pending,
                }
            } else if pairing.bye == Some(p.number) {
                RoundEntry::bye(Outcome::PairingBye)
            } else {
                existing.unwrap_or(RoundEntry::bye(Outcome::ZeroBye))
            };
            p.rounds.push(entry);
        }
    }

    /// The score of `player` after `rounds` rounds, in tenths.
    pub fn score(&self, player: &Player, rounds: usize) -> u32 {
        player.score_after(rounds, &self.points)
    }

    /// Writes the tournament as a TRF file.
    pub fn write(&self) -> String {
        let mut out = String::new();
        for (code, text) in &self.headers {
            out.push_str(&format!("{code} {text}\n"));
        }
        if let Some(r) = self.total_rounds {
            out.push_str(&format!("XXR {r}\n"));
        }
        let mut xxc = Vec::new();
        match self.initial_colour {
            Some(Colour::White) => xxc.push("white1"),
            Some(Colour::Black) => xxc.push("black1"),
            None => {}
        }
        if self.baku {
            xxc.push("baku");
        }
        if !xxc.is_empty() {
            out.push_str(&format!("XXC {}\n", xxc.join(" ")));
        }
        if self.points != Points::default() {
            let p = &self.points;
            out.push_str(&format!(
                "XXS W={} D={} L={} PAB={} HPB={} FPB={} ZPB={}\n",
                format_points(p.win),
                format_points(p.draw),
                format_points(p.loss),
                format_points(p.pairing_bye),
                format_points(p.half_bye),
                format_points(p.full_bye),
                format_points(p.zero_bye)
            ));
        }
        for line in &self.extra {
            out.push_str(line);
            out.push('\n');
        }
        for p in &self.players {
            out.push_str(&self.player_line(p));
            out.push('\n');
        }
        out
    }

    fn player_line(&self, p: &Player) -> String {
        let score = p.score_after(p.rounds.len(), &self.points);
        let mut s = format!(
            "001 {:>4} {:1}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
            p.number,
            p.sex,
            p.title,
            truncate(&p.name, 33),
            if p.rating == 0 {
                String::new()
            } else {
                p.rating.min(9999).to_string()
            },
            truncate(&p.federation, 3),
            truncate(&p.id, 11),
            truncate(&p.birth, 10),
            format!("{}.{}", score / 10, score % 10),
            p.rank.map(|r| r.to_string()).unwrap_or_default(),
        );
        for e in &p.rounds {
            let opp = e.opponent.map_or("0000".to_string(), |o| format!("{o:>4}"));
            let col = match e.colour {
                Some(Colour::White) => 'w',
                Some(Colour::Black) => 'b',
                None => '-',
            };
            s.push_str(&format!("  {opp} {col} {}", e.outcome.code()));
        }
        s.trim_end().to_string()
    }
}

fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}
