//! The files of tama, with the standard library alone: what every crate
//! that writes or reads a file of its own shares, so that none writes it
//! again.
//!
//! - [`write_atomically`]: a file appears whole or not at all (tablebases,
//!   books and their build state, self-play data, weights, puzzles, PDN
//!   rewritten in place, a match's SPRT state);
//! - [`fnv1a`] and [`Fnv1a`]: the 64-bit FNV-1a checksum of those files,
//!   and the stamp of the page's bundle and of the WebAssembly sources;
//! - [`frame`]: the frame every binary format of the workspace shares
//!   (magic, version, the format's header and body, a checksum), read with
//!   errors that name the byte offset;
//! - [`Shard`]: one part `I/N` of a job split over several machines.
//!
//! ```
//! use tama_files::frame::{FrameReader, FrameWriter};
//!
//! let mut w = FrameWriter::new(*b"EXAMPLE!", 1);
//! w.name("turkish").u32(7);
//! let bytes = w.finish();
//!
//! let mut r = FrameReader::open(&bytes, *b"EXAMPLE!", 1).unwrap();
//! assert_eq!(r.name("rules").unwrap(), "turkish");
//! assert_eq!(r.u32("count").unwrap(), 7);
//! r.checksum().unwrap();
//! ```

#![deny(missing_docs)]

mod atomic;
mod checksum;
pub mod frame;
mod shard;

pub use atomic::{tmp_path, write_atomically};
pub use checksum::{fnv1a, Fnv1a};
pub use shard::{Shard, ShardError};
