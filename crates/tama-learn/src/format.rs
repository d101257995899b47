//! The data file: positions of self-play games with their labels.
//!
//! Layout (little-endian; docs/TRAINING.md has the same tables):
//!
//! | bytes | field |
//! | --- | --- |
//! | 8 | magic `TAMADATA` |
//! | 2 | version ([`DATA_VERSION`]) |
//! | 1 + n | rules text (length, then the text of docs/NOTATION.md) |
//! | 8 | seed of the run |
//! | 8 | index of the first game |
//! | 4 | number of games |
//! | 1 + 8 | search limit per move: kind (0 nodes, 1 depth), value |
//! | 1 | largest tablebase material used (0: none) |
//! | 4 | number of records |
//! | 24 × records | the records |
//! | 8 | checksum: FNV-1a (64 bits) of every byte before it |
//!
//! A record (24 bytes): the occupied squares (`u64`, bit `i` = square
//! `i`, a1 = 0); two `u32` with one bit per occupied square in square
//! order, the first one set for a Black piece, the second for a king; the
//! search score for the side to move in centi-men (`i16`); the ply of the
//! game (`u16`); the result (`u8`: 0 White lost, 1 draw, 2 White won); the
//! flags (`u8`: 1 Black to move, 2 the result is exact (from a
//! tablebase), 4 the first position of a game, 8 the score is a proven
//! win or loss); two bytes zero.

use core::fmt;

use tama_core::{Bitboard, Color, Position, Rules, Setup};
use tama_files::fnv1a as checksum;
use tama_notation::{parse_rules, write_rules};

/// The version of the data format this build reads and writes.
pub const DATA_VERSION: u16 = 1;
/// Bytes of one record.
pub const RECORD_BYTES: usize = 24;
const MAGIC: &[u8; 8] = b"TAMADATA";

/// A game's result from White's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Black won.
    BlackWon,
    /// A draw.
    Draw,
    /// White won.
    WhiteWon,
}

impl GameResult {
    /// The result of a game won by `winner` (`None`: a draw).
    pub fn from_winner(winner: Option<Color>) -> GameResult {
        match winner {
            Some(Color::White) => GameResult::WhiteWon,
            Some(Color::Black) => GameResult::BlackWon,
            None => GameResult::Draw,
        }
    }

    /// White's score: 1, ½ or 0.
    pub fn white_score(self) -> f64 {
        match self {
            GameResult::BlackWon => 0.0,
            GameResult::Draw => 0.5,
            GameResult::WhiteWon => 1.0,
        }
    }
}

/// One position with its labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// The position (quiet: the side to move has no capture).
    pub position: Position,
    /// The search score for the side to move, in centi-men (proven wins
    /// and losses as ±[`PROVEN_SCORE`]).
    pub score: i16,
    /// The ply of the game (0 = the start position).
    pub ply: u16,
    /// The game's result (exact when `exact`).
    pub result: GameResult,
    /// The result is the tablebase value of this position.
    pub exact: bool,
    /// The first position recorded of its game.
    pub game_start: bool,
    /// The search proved a win or loss.
    pub proven: bool,
}

/// The score stored for a proven win (negated for a loss).
pub const PROVEN_SCORE: i16 = 2000;

/// How the moves of the games were searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SearchLimit {
    /// A node count per move.
    Nodes(u64),
    /// A depth per move.
    Depth(u32),
}

/// What a data file says about the run that made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// The rules of the games.
    pub rules: Rules,
    /// The seed of the run.
    pub seed: u64,
    /// The index of the file's first game in the run.
    pub first_game: u64,
    /// How many games the file holds.
    pub games: u32,
    /// The search of each move.
    pub limit: SearchLimit,
    /// The most pieces of the tablebases that labelled games (0: none).
    pub egtb_pieces: u8,
}

/// Why a data file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DataError {
    /// The file does not start with `TAMADATA`.
    Magic,
    /// A format version this build does not read.
    Version(u16),
    /// The file ends early, in the named part.
    Truncated(&'static str),
    /// The rules text does not parse.
    Rules(String),
    /// The header's search limit kind is unknown.
    Limit(u8),
    /// The stored checksum does not match the contents.
    Checksum {
        /// The checksum in the file.
        stored: u64,
        /// The checksum of the contents.
        computed: u64,
    },
    /// A record is not valid.
    Record {
        /// Its index in the file (from 0).
        index: usize,
        /// What is wrong.
        problem: String,
    },
    /// Bytes after the checksum.
    TrailingBytes(usize),
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::Magic => f.write_str("not a data file (no TAMADATA header)"),
            DataError::Version(v) => write!(
                f,
                "data file version {v}, this program reads version {DATA_VERSION}"
            ),
            DataError::Truncated(part) => write!(f, "data file cut short in its {part}"),
            DataError::Rules(e) => write!(f, "data file has bad rules: {e}"),
            DataError::Limit(k) => write!(f, "data file has unknown search limit kind {k}"),
            DataError::Checksum { stored, computed } => write!(
                f,
                "data file is damaged: checksum {computed:016x}, stored {stored:016x}"
            ),
            DataError::Record { index, problem } => write!(f, "record {index}: {problem}"),
            DataError::TrailingBytes(n) => {
                write!(f, "data file has {n} bytes after its checksum")
            }
        }
    }
}

impl std::error::Error for DataError {}

/// The bytes of a data file.
///
/// # Panics
///
/// When a record's position has more than 32 pieces (no valid position
/// has) or the rules text is longer than 255 bytes.
pub fn write_data(header: &Header, records: &[Record]) -> Vec<u8> {
    let rules = write_rules(&header.rules);
    let rules = rules.as_bytes();
    let mut out = Vec::with_capacity(64 + rules.len() + records.len() * RECORD_BYTES);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&DATA_VERSION.to_le_bytes());
    out.push(u8::try_from(rules.len()).expect("rules text under 256 bytes"));
    out.extend_from_slice(rules);
    out.extend_from_slice(&header.seed.to_le_bytes());
    out.extend_from_slice(&header.first_game.to_le_bytes());
    out.extend_from_slice(&header.games.to_le_bytes());
    let (kind, value) = match header.limit {
        SearchLimit::Nodes(n) => (0u8, n),
        SearchLimit::Depth(d) => (1u8, d as u64),
    };
    out.push(kind);
    out.extend_from_slice(&value.to_le_bytes());
    out.push(header.egtb_pieces);
    out.extend_from_slice(&(records.len() as u32).to_le_bytes());
    for r in records {
        encode(r, &mut out);
    }
    let sum = checksum(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

fn encode(r: &Record, out: &mut Vec<u8>) {
    let p = &r.position;
    let occupied = p.occupied().0;
    assert!(occupied.count_ones() <= 32, "at most 32 pieces");
    let black = p.pieces(Color::Black).0;
    let kings = p.kings().0;
    let (mut bl, mut kg) = (0u32, 0u32);
    let mut m = occupied;
    let mut k = 0;
    while m != 0 {
        let bit = m & m.wrapping_neg();
        bl |= ((black & bit != 0) as u32) << k;
        kg |= ((kings & bit != 0) as u32) << k;
        m ^= bit;
        k += 1;
    }
    out.extend_from_slice(&occupied.to_le_bytes());
    out.extend_from_slice(&bl.to_le_bytes());
    out.extend_from_slice(&kg.to_le_bytes());
    out.extend_from_slice(&r.score.to_le_bytes());
    out.extend_from_slice(&r.ply.to_le_bytes());
    out.push(r.result as u8);
    let flags = (p.turn() == Color::Black) as u8
        | (r.exact as u8) << 1
        | (r.game_start as u8) << 2
        | (r.proven as u8) << 3;
    out.push(flags);
    out.extend_from_slice(&[0, 0]);
}

fn decode(b: &[u8]) -> Result<Record, String> {
    let u64_at = |i: usize| u64::from_le_bytes(b[i..i + 8].try_into().expect("8 bytes"));
    let u32_at = |i: usize| u32::from_le_bytes(b[i..i + 4].try_into().expect("4 bytes"));
    let occupied = u64_at(0);
    let (bl, kg) = (u32_at(8), u32_at(12));
    let n = occupied.count_ones();
    if n > 32 {
        return Err(format!("{n} pieces"));
    }
    let unused = if n == 32 { 0 } else { !0u32 << n };
    if (bl | kg) & unused != 0 {
        return Err("colour or king bits beyond the pieces".into());
    }
    let (mut black, mut kings) = (0u64, 0u64);
    let mut m = occupied;
    let mut k = 0;
    while m != 0 {
        let bit = m & m.wrapping_neg();
        if bl >> k & 1 != 0 {
            black |= bit;
        }
        if kg >> k & 1 != 0 {
            kings |= bit;
        }
        m ^= bit;
        k += 1;
    }
    let result = match b[20] {
        0 => GameResult::BlackWon,
        1 => GameResult::Draw,
        2 => GameResult::WhiteWon,
        r => return Err(format!("result {r}")),
    };
    let flags = b[21];
    if flags & 0xf0 != 0 || b[22] != 0 || b[23] != 0 {
        return Err("reserved bits set".into());
    }
    let setup = Setup {
        white: Bitboard(occupied & !black),
        black: Bitboard(black),
        kings: Bitboard(kings),
        turn: if flags & 1 != 0 {
            Color::Black
        } else {
            Color::White
        },
    };
    let position = Position::from_setup(setup).map_err(|e| e.to_string())?;
    Ok(Record {
        position,
        score: i16::from_le_bytes([b[16], b[17]]),
        ply: u16::from_le_bytes([b[18], b[19]]),
        result,
        exact: flags & 2 != 0,
        game_start: flags & 4 != 0,
        proven: flags & 8 != 0,
    })
}

struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize, part: &'static str) -> Result<&'a [u8], DataError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or(DataError::Truncated(part))?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn u64(&mut self, part: &'static str) -> Result<u64, DataError> {
        Ok(u64::from_le_bytes(
            self.take(8, part)?.try_into().expect("8 bytes"),
        ))
    }

    fn u32(&mut self, part: &'static str) -> Result<u32, DataError> {
        Ok(u32::from_le_bytes(
            self.take(4, part)?.try_into().expect("4 bytes"),
        ))
    }
}

/// Reads only the header of a data file (and checks nothing else).
///
/// # Errors
///
/// [`DataError`] for a header that is not one.
pub fn read_header(bytes: &[u8]) -> Result<(Header, u32), DataError> {
    let mut c = Cursor { bytes, at: 0 };
    header(&mut c)
}

fn header(c: &mut Cursor<'_>) -> Result<(Header, u32), DataError> {
    if c.take(8, "header").ok() != Some(MAGIC.as_slice()) {
        return Err(DataError::Magic);
    }
    let version = u16::from_le_bytes(c.take(2, "header")?.try_into().expect("2 bytes"));
    if version != DATA_VERSION {
        return Err(DataError::Version(version));
    }
    let len = c.take(1, "header")?[0] as usize;
    let text = String::from_utf8_lossy(c.take(len, "header")?).into_owned();
    let rules = parse_rules(&text).map_err(|e| DataError::Rules(format!("{text:?}: {e}")))?;
    let seed = c.u64("header")?;
    let first_game = c.u64("header")?;
    let games = c.u32("header")?;
    let kind = c.take(1, "header")?[0];
    let value = c.u64("header")?;
    let limit = match kind {
        0 => SearchLimit::Nodes(value),
        1 => SearchLimit::Depth(value.min(u32::MAX as u64) as u32),
        k => return Err(DataError::Limit(k)),
    };
    let egtb_pieces = c.take(1, "header")?[0];
    let count = c.u32("header")?;
    let header = Header {
        rules,
        seed,
        first_game,
        games,
        limit,
        egtb_pieces,
    };
    Ok((header, count))
}

/// Reads a data file: its header and records, after checking its length,
/// its checksum and every record.
///
/// # Errors
///
/// [`DataError`]: not a data file, another version, cut short, damaged
/// (checksum), or a record that is no valid position.
pub fn read_data(bytes: &[u8]) -> Result<(Header, Vec<Record>), DataError> {
    let mut c = Cursor { bytes, at: 0 };
    let (header, count) = header(&mut c)?;
    let body = c.take(count as usize * RECORD_BYTES, "records")?;
    let end = c.at;
    let stored = c.u64("checksum")?;
    let computed = checksum(&bytes[..end]);
    if stored != computed {
        return Err(DataError::Checksum { stored, computed });
    }
    if c.at != bytes.len() {
        return Err(DataError::TrailingBytes(bytes.len() - c.at));
    }
    let records = body
        .chunks_exact(RECORD_BYTES)
        .enumerate()
        .map(|(index, b)| decode(b).map_err(|problem| DataError::Record { index, problem }))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((header, records))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tama_core::Preset;

    fn sample() -> (Header, Vec<Record>) {
        let rules = Rules::TURKISH;
        let mut records = Vec::new();
        let mut p = Position::start();
        let mut rng = tama_test_support::Rng::lcg(5, 1);
        for ply in 0..200u16 {
            let moves = p.legal_moves(&rules);
            if moves.is_empty() {
                break;
            }
            if !p.has_capture() {
                records.push(Record {
                    position: p,
                    score: (ply as i16 - 100) * 7,
                    ply,
                    result: [GameResult::BlackWon, GameResult::Draw, GameResult::WhiteWon]
                        [ply as usize % 3],
                    exact: ply % 5 == 0,
                    game_start: records.is_empty(),
                    proven: ply % 7 == 0,
                });
            }
            p = p.play_unchecked(&moves[rng.below(moves.len())]);
        }
        let header = Header {
            rules,
            seed: 42,
            first_game: 128,
            games: 1,
            limit: SearchLimit::Depth(3),
            egtb_pieces: 4,
        };
        (header, records)
    }

    #[test]
    fn round_trips() {
        let (header, records) = sample();
        assert!(records.len() > 30);
        assert!(records.iter().any(|r| r.position.kings().0 != 0) || records.len() > 50);
        let bytes = write_data(&header, &records);
        let text = write_rules(&header.rules).len();
        assert_eq!(
            bytes.len() - records.len() * RECORD_BYTES,
            8 + 2 + 1 + text + 8 + 8 + 4 + 9 + 1 + 4 + 8
        );
        assert_eq!(read_data(&bytes), Ok((header, records.clone())));
        let nodes = Header {
            limit: SearchLimit::Nodes(1 << 40),
            rules: Preset::Armenian.rules(),
            ..header
        };
        assert_eq!(
            read_data(&write_data(&nodes, &records)),
            Ok((nodes, records))
        );
    }

    #[test]
    fn damage_is_refused() {
        let (header, records) = sample();
        let bytes = write_data(&header, &records);
        // Every single-bit change is caught.
        for at in [
            0,
            9,
            12,
            30,
            60,
            bytes.len() / 2,
            bytes.len() - 9,
            bytes.len() - 1,
        ] {
            let mut bad = bytes.clone();
            bad[at] ^= 0x10;
            assert!(read_data(&bad).is_err(), "byte {at}");
        }
        let mut bad = bytes.clone();
        bad[bytes.len() / 2] ^= 1;
        let err = read_data(&bad).unwrap_err();
        assert!(matches!(err, DataError::Checksum { .. }));
        assert!(
            err.to_string()
                .starts_with("data file is damaged: checksum "),
            "{err}"
        );
        assert_eq!(
            read_data(&bytes[..bytes.len() - 30]),
            Err(DataError::Truncated("records"))
        );
        assert_eq!(read_data(b"TAMAEVAL"), Err(DataError::Magic));
        let mut bad = bytes.clone();
        bad[8] = 2;
        assert_eq!(read_data(&bad), Err(DataError::Version(2)));
        let mut long = bytes;
        long.extend_from_slice(b"xy");
        assert_eq!(read_data(&long), Err(DataError::TrailingBytes(2)));
    }

    #[test]
    fn invalid_records_are_named() {
        let (header, mut records) = sample();
        records.truncate(3);
        let mut bytes = write_data(&header, &records);
        let start = bytes.len() - 8 - 3 * RECORD_BYTES;
        // Record 1: a result of 3, with a checksum that matches.
        bytes[start + RECORD_BYTES + 20] = 3;
        let end = bytes.len() - 8;
        let sum = checksum(&bytes[..end]);
        bytes[end..].copy_from_slice(&sum.to_le_bytes());
        assert_eq!(
            read_data(&bytes).unwrap_err().to_string(),
            "record 1: result 3"
        );
        // Record 2: a White man on rank 8.
        bytes[start + RECORD_BYTES + 20] = 1;
        bytes[start + 2 * RECORD_BYTES + 7] |= 0x80;
        let sum = checksum(&bytes[..end]);
        bytes[end..].copy_from_slice(&sum.to_le_bytes());
        let err = read_data(&bytes).unwrap_err().to_string();
        assert!(err.starts_with("record 2: "), "{err}");
    }
}
