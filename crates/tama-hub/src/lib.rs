//! The Hub protocol for the tama engine: the text protocol of Scan 3.1
//! (Hub version 2) that the Hub GUI and pydraughts use to run draughts
//! engines. `tama hub` runs [`run`] on its standard streams; docs/HUB.md
//! says how to use it.
//!
//! - [`syntax`]: lines `<command> <arg>=<value> …` (quotes, flags), read
//!   and written;
//! - [`command`]: the client's commands, typed ([`Command::parse`]);
//! - [`squares`]: Hub's numbering of the 64 squares for positions and
//!   moves (docs/NOTATION.md, "Hub numbering");
//! - [`session`]: the engine loop over any reader and writer, the search on
//!   its own thread.
//!
//! ```
//! use tama_hub::{run, Identity};
//!
//! let input = "hub\nset-param name=variant value=turkish\ninit\n\
//!              pos pos=Weeeeeeeebbbbbbbbbbbbbbbbeeeeeeeeeeeeeeeewwwwwwwwwwwwwwwweeeeeeee\n\
//!              level depth=2\ngo think\nquit\n";
//! let mut out = Vec::new();
//! run(input.as_bytes(), &mut out, Identity::default()).unwrap();
//! let out = String::from_utf8(out).unwrap();
//! assert!(out.contains("ready\n"));
//! assert!(out.lines().any(|l| l.starts_with("done move=")));
//! ```

#![deny(missing_docs)]

pub mod command;
pub mod session;
pub mod squares;
pub mod syntax;

pub use command::{Command, GoMode, Level};
pub use session::{run, Identity, VARIANTS};
pub use squares::{parse_move, parse_position, write_move, write_position, NotationError};
pub use syntax::{parse_line, Message, SyntaxError};
