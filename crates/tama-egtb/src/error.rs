//! The error type of the crate.

use std::path::PathBuf;

/// What went wrong, and with which file.
#[derive(Debug)]
pub enum Error {
    /// A file or directory could not be read or written.
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// A file is not a table of this format, or is damaged (wrong magic,
    /// version, header, truncated, checksum mismatch).
    Format {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        what: String,
    },
    /// A table that generation needs (a capture or a promotion leads into
    /// it) is not in the directory.
    MissingDependency {
        /// The directory.
        dir: PathBuf,
        /// The missing material.
        material: String,
    },
    /// The material has more pieces in one group than the index supports.
    Unsupported(String),
    /// Generation was stopped before it finished; no finished-looking file
    /// was left behind.
    Interrupted,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Io { path, source } => write!(f, "{}: {source}", path.display()),
            Error::Format { path, what } => write!(f, "{}: {what}", path.display()),
            Error::MissingDependency { dir, material } => write!(
                f,
                "{}: table {material} is missing (generate it first; `tama egtb plan` lists the order)",
                dir.display()
            ),
            Error::Unsupported(m) => write!(
                f,
                "material {m} is not supported (at most 8 men or kings of one colour)"
            ),
            Error::Interrupted => f.write_str("generation interrupted"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

impl Error {
    pub(crate) fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Error {
        Error::Io {
            path: path.into(),
            source,
        }
    }

    pub(crate) fn format(path: impl Into<PathBuf>, what: impl Into<String>) -> Error {
        Error::Format {
            path: path.into(),
            what: what.into(),
        }
    }
}
