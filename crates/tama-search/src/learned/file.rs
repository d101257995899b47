//! The weights file: what a trainer writes and the engine reads.
//!
//! Layout (little-endian; docs/TRAINING.md has the same table):
//!
//! | bytes | field |
//! | --- | --- |
//! | 8 | magic `TAMAEVAL` |
//! | 2 | version ([`WEIGHTS_VERSION`]) |
//! | 1 + n | the rules preset's name (length, then ASCII) |
//! | 1 | base ([`Base`]): 0 none (the patterns alone), 1 classic (a correction to the classic evaluation) |
//! | 8 | with base classic, the fingerprint of the classic evaluation trained on ([`Evaluator::classic_fingerprint`]); 0 with base none |
//! | 4 | features ([`FEATURES`]) |
//! | 1 | phases (2: middlegame, endgame) |
//! | 2 | scale ([`SCALE`], weight units per centi-man) |
//! | 4 × features | weights: per feature the middlegame then the endgame value, `i16` each |
//! | 8 | checksum: FNV-1a (64 bits) of every byte before it |
//!
//! Version 1 (no base, no fingerprint: the patterns alone) is refused as
//! another version; no version-1 file was shipped.

use core::fmt;

use tama_core::{Preset, Rules};
use tama_files::frame::{FrameError, FrameErrorKind, FrameReader, FrameWriter};

use super::{Base, FEATURES, SCALE};
use crate::eval::Evaluator;

/// The version of the weights file format this build reads and writes.
pub const WEIGHTS_VERSION: u16 = 2;

const MAGIC: [u8; 8] = *b"TAMAEVAL";

/// The fingerprint of this build's default classic evaluation, which
/// files with base classic store and must match.
fn classic_fingerprint() -> u64 {
    Evaluator::default().classic_fingerprint()
}

/// Why a weights file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// The file does not start with `TAMAEVAL`.
    Magic,
    /// The file ends early (in the named part).
    Truncated(&'static str),
    /// A format version this build does not read.
    Version(u16),
    /// The preset name is not one of tama-core's presets.
    UnknownRules(String),
    /// The weights are for other rules than the ones asked for.
    WrongRules {
        /// The file's preset.
        file: String,
        /// The rules the weights are wanted for (a preset name, or
        /// `custom` for switches that are no preset).
        wanted: String,
    },
    /// Another number of features, phases or another scale than this
    /// build's evaluation.
    Shape(String),
    /// The stored checksum does not match the contents.
    Checksum {
        /// The checksum in the file.
        stored: u64,
        /// The checksum of the contents.
        computed: u64,
    },
    /// Bytes after the checksum.
    TrailingBytes(usize),
    /// A base byte that is neither none (0) nor classic (1).
    UnknownBase(u8),
    /// Weights with base classic trained on a classic evaluation other
    /// than this build's (another fingerprint).
    OtherClassic {
        /// The fingerprint in the file.
        file: u64,
        /// This build's ([`Evaluator::classic_fingerprint`] of the
        /// default evaluator).
        build: u64,
    },
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsError::Magic => f.write_str("not a weights file (no TAMAEVAL header)"),
            WeightsError::Truncated(part) => write!(f, "weights file cut short in its {part}"),
            WeightsError::Version(v) => write!(
                f,
                "weights file version {v}, this program reads version {WEIGHTS_VERSION}"
            ),
            WeightsError::UnknownRules(name) => {
                write!(f, "weights file for unknown rules {name:?}")
            }
            WeightsError::WrongRules { file, wanted } => {
                write!(f, "weights file is for {file} rules, not {wanted}")
            }
            WeightsError::Shape(s) => write!(f, "weights file has another shape: {s}"),
            WeightsError::Checksum { stored, computed } => write!(
                f,
                "weights file is damaged: checksum {computed:016x}, stored {stored:016x}"
            ),
            WeightsError::TrailingBytes(n) => {
                write!(f, "weights file has {n} bytes after its checksum")
            }
            WeightsError::UnknownBase(b) => {
                write!(f, "weights file has an unknown base {b} (0 none, 1 classic)")
            }
            WeightsError::OtherClassic { file, build } => write!(
                f,
                "weights file was trained on another classic evaluation (fingerprint {file:016x}, this program's {build:016x})"
            ),
        }
    }
}

impl std::error::Error for WeightsError {}

/// The weights of the learned evaluation for one rules preset: per
/// feature a middlegame and an endgame value, in sixteenths of a
/// centi-man, and the [`Base`] they are added to.
#[derive(Clone, PartialEq, Eq)]
pub struct Weights {
    preset: Preset,
    base: Base,
    table: Box<[[i16; 2]]>,
}

impl fmt::Debug for Weights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let nonzero = self.table.iter().filter(|w| **w != [0, 0]).count();
        write!(
            f,
            "Weights({}, base {}, {nonzero} of {FEATURES} non-zero)",
            self.preset, self.base
        )
    }
}

impl From<FrameError> for WeightsError {
    fn from(e: FrameError) -> WeightsError {
        match e.kind {
            FrameErrorKind::Magic { .. } => WeightsError::Magic,
            FrameErrorKind::Version { found, .. } => WeightsError::Version(found),
            FrameErrorKind::Truncated { what } | FrameErrorKind::Text { what } => {
                WeightsError::Truncated(what)
            }
            FrameErrorKind::Checksum { stored, computed } => {
                WeightsError::Checksum { stored, computed }
            }
            FrameErrorKind::Trailing { extra } => WeightsError::TrailingBytes(extra as usize),
        }
    }
}

impl Weights {
    /// All weights zero, with base none (the patterns alone: every
    /// position is worth 0).
    pub fn zero(preset: Preset) -> Weights {
        Weights {
            preset,
            base: Base::None,
            table: vec![[0; 2]; FEATURES].into_boxed_slice(),
        }
    }

    /// The same weights added to `base`.
    #[must_use]
    pub fn with_base(self, base: Base) -> Weights {
        Weights { base, ..self }
    }

    /// The preset the weights are for.
    pub fn preset(&self) -> Preset {
        self.preset
    }

    /// What the pattern sum is added to.
    pub fn base(&self) -> Base {
        self.base
    }

    /// The middlegame and endgame weights of every feature.
    pub fn table(&self) -> &[[i16; 2]] {
        &self.table
    }

    /// The weights of one feature.
    ///
    /// # Panics
    ///
    /// When `feature` is not below [`FEATURES`].
    pub fn get(&self, feature: usize) -> [i16; 2] {
        self.table[feature]
    }

    /// Sets the weights of one feature.
    ///
    /// # Panics
    ///
    /// When `feature` is not below [`FEATURES`].
    pub fn set(&mut self, feature: usize, value: [i16; 2]) {
        self.table[feature] = value;
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut w = FrameWriter::with_capacity(MAGIC, WEIGHTS_VERSION, 32 + FEATURES * 4);
        let fingerprint = match self.base {
            Base::None => 0,
            Base::Classic => classic_fingerprint(),
        };
        w.name(self.preset.name())
            .u8(self.base.byte())
            .u64(fingerprint)
            .u32(FEATURES as u32)
            .u8(2)
            .u16(SCALE as u16);
        for &[mg, eg] in self.table.iter() {
            w.i16(mg).i16(eg);
        }
        w.finish()
    }

    /// Reads a weights file and checks that it is for `rules`.
    ///
    /// # Errors
    ///
    /// [`WeightsError`]: not a weights file, cut short, another version,
    /// shape or rules, an unknown base, base classic trained on another
    /// classic evaluation, or a checksum that does not match.
    pub fn from_bytes(bytes: &[u8], rules: &Rules) -> Result<Weights, WeightsError> {
        let weights = Weights::read(bytes)?;
        if rules.preset() != Some(weights.preset) {
            return Err(WeightsError::WrongRules {
                file: weights.preset.name().to_string(),
                wanted: rules.preset().map_or("custom", Preset::name).to_string(),
            });
        }
        Ok(weights)
    }

    /// Reads the weights file at `path`. With `rules`, the file must be
    /// for them; without, the preset it names says where it applies.
    ///
    /// # Errors
    ///
    /// The file's path and why: it cannot be read, or any error of
    /// [`Weights::from_bytes`].
    pub fn open(path: &std::path::Path, rules: Option<&Rules>) -> Result<Weights, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        match rules {
            Some(rules) => Weights::from_bytes(&bytes, rules),
            None => Weights::read(&bytes),
        }
        .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Reads a weights file for whichever preset it names.
    ///
    /// # Errors
    ///
    /// As [`Weights::from_bytes`], except for the rules check.
    pub fn read(bytes: &[u8]) -> Result<Weights, WeightsError> {
        let mut r = match FrameReader::open(bytes, MAGIC, WEIGHTS_VERSION) {
            // A file shorter than the magic is no weights file either.
            Err(FrameError {
                kind: FrameErrorKind::Truncated { .. },
                offset: 0,
            }) => return Err(WeightsError::Magic),
            r => r?,
        };
        let len = usize::from(r.u8("header")?);
        let name = String::from_utf8_lossy(r.take(len, "header")?).into_owned();
        let preset = Preset::ALL
            .into_iter()
            .find(|p| p.name() == name)
            .ok_or(WeightsError::UnknownRules(name))?;
        let base_byte = r.u8("header")?;
        let base = Base::from_byte(base_byte).ok_or(WeightsError::UnknownBase(base_byte))?;
        let fingerprint = r.u64("header")?;
        let features = r.u32("header")? as usize;
        let phases = r.u8("header")?;
        let scale = r.u16("header")?;
        if (features, phases, scale as i32) != (FEATURES, 2, SCALE) {
            return Err(WeightsError::Shape(format!(
                "{features} features, {phases} phases, scale {scale}; expected {FEATURES}, 2, {SCALE}"
            )));
        }
        let body = r.take(FEATURES * 4, "weights")?;
        r.checksum()?;
        if base == Base::Classic && fingerprint != classic_fingerprint() {
            return Err(WeightsError::OtherClassic {
                file: fingerprint,
                build: classic_fingerprint(),
            });
        }
        let table = body
            .chunks_exact(4)
            .map(|c| {
                [
                    i16::from_le_bytes([c[0], c[1]]),
                    i16::from_le_bytes([c[2], c[3]]),
                ]
            })
            .collect();
        Ok(Weights {
            preset,
            base,
            table,
        })
    }
}
