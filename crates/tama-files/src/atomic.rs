//! Files that appear whole or not at all: the one way the workspace
//! writes a file that a crash, an error or Ctrl-C must not leave half
//! written (tablebase files, books, self-play data, trained weights, PDN
//! rewritten in place, a match's SPRT state, a tournament between rounds).

use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};

/// Writes the file `path` so that it appears whole or not at all: `write`
/// fills a new file beside it (`<name>.tmp` in the same directory, so the
/// rename stays on one file system), which is synced and renamed over
/// `path` only when `write` succeeded. When `write` fails, or creating,
/// syncing or renaming fails (`io_error` makes the caller's error of the
/// path and the I/O error), the temporary file is removed and `path` is
/// as before: absent, or the old file.
///
/// ```
/// use std::io::Write;
///
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("out.txt");
/// tama_files::write_atomically(&path, |f| f.write_all(b"whole"), |_, e| e).unwrap();
/// assert_eq!(std::fs::read(&path).unwrap(), b"whole");
/// ```
///
/// # Errors
///
/// `write`'s error, or `io_error` of the failed step.
pub fn write_atomically<T, E>(
    path: &Path,
    write: impl FnOnce(&mut File) -> Result<T, E>,
    io_error: impl Fn(&Path, io::Error) -> E,
) -> Result<T, E> {
    let tmp = tmp_path(path);
    let result = (|| {
        let mut f = File::create(&tmp).map_err(|e| io_error(&tmp, e))?;
        let value = write(&mut f)?;
        f.sync_all().map_err(|e| io_error(&tmp, e))?;
        drop(f);
        fs::rename(&tmp, path).map_err(|e| io_error(path, e))?;
        Ok(value)
    })();
    match result {
        Ok(value) => {
            if let Some(dir) = path.parent() {
                // Make the rename durable; not every platform can sync a
                // directory, so a failure here is not an error.
                if let Ok(d) = File::open(dir) {
                    let _ = d.sync_all();
                }
            }
            Ok(value)
        }
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            Err(e)
        }
    }
}

/// The temporary name [`write_atomically`] writes `path` under:
/// `<name>.tmp` beside it (a writer that names the file in its own
/// errors names this one while writing).
pub fn tmp_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".tmp");
    path.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn an_interrupted_write_leaves_no_file_under_the_final_name() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("table.egtb");
        let failed = write_atomically(
            &path,
            |f| {
                f.write_all(&[7; 4096])?;
                Err::<(), _>(io::Error::new(io::ErrorKind::Interrupted, "stopped"))
            },
            |_, e| e,
        );
        assert_eq!(failed.unwrap_err().kind(), io::ErrorKind::Interrupted);
        assert!(!path.exists(), "a half-written file under the final name");
        assert!(!tmp_path(&path).exists(), "the temporary file is left");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);

        // An old file stays as it was through a failed rewrite, and is
        // replaced whole by a successful one.
        fs::write(&path, b"old").unwrap();
        let failed = write_atomically(
            &path,
            |f| {
                f.write_all(b"new, but not all of it").map_err(|_| "io")?;
                Err::<(), _>("interrupted")
            },
            |_, _| "io",
        );
        assert_eq!(failed, Err("interrupted"));
        assert_eq!(fs::read(&path).unwrap(), b"old");
        let n = write_atomically(&path, |f| f.write_all(b"new").map(|()| 3), |_, e| e).unwrap();
        assert_eq!(n, 3);
        assert_eq!(fs::read(&path).unwrap(), b"new");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_failed_step_names_its_path() {
        let dir = tempfile::tempdir().expect("tempdir");
        // The directory does not exist: creating the temporary file fails.
        let path = dir.path().join("missing").join("out");
        let err =
            write_atomically(&path, |_| Ok(()), |p, e| (p.to_path_buf(), e.kind())).unwrap_err();
        assert_eq!(err, (tmp_path(&path), io::ErrorKind::NotFound));
    }
}
