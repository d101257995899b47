//! Reading data sets: every data file of some directories.

use std::fs;
use std::path::{Path, PathBuf};

use tama_core::Rules;

use crate::format::{read_data, Record};

/// The records of a set of data files.
#[derive(Clone, Debug, PartialEq)]
pub struct Dataset {
    /// The rules of every file.
    pub rules: Rules,
    /// The files read, in the order read.
    pub files: Vec<PathBuf>,
    /// Their records, file after file.
    pub records: Vec<Record>,
}

/// Why a data set could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// The file or directory.
    pub path: PathBuf,
    /// What is wrong with it.
    pub problem: String,
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.problem)
    }
}

impl std::error::Error for LoadError {}

/// The data files of `paths`: a file as itself, a directory as its
/// `.tdat` files in name order.
///
/// # Errors
///
/// A path that cannot be listed.
pub fn data_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, LoadError> {
    let mut files = Vec::new();
    for path in paths {
        let err = |e: std::io::Error| LoadError {
            path: path.clone(),
            problem: e.to_string(),
        };
        if path.is_dir() {
            let mut found: Vec<PathBuf> = fs::read_dir(path)
                .map_err(err)?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "tdat"))
                .collect();
            found.sort();
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

/// Reads every data file of `paths` (see [`data_files`]).
///
/// # Errors
///
/// [`LoadError`] naming the file: unreadable, damaged, of other rules than
/// the first file's; or no data file at all.
pub fn load(paths: &[PathBuf]) -> Result<Dataset, LoadError> {
    let files = data_files(paths)?;
    let mut rules: Option<(Rules, &Path)> = None;
    let mut records = Vec::new();
    for file in &files {
        let fail = |problem: String| LoadError {
            path: file.clone(),
            problem,
        };
        let bytes = fs::read(file).map_err(|e| fail(e.to_string()))?;
        let (header, mut recs) = read_data(&bytes).map_err(|e| fail(e.to_string()))?;
        match rules {
            None => rules = Some((header.rules, file)),
            Some((r, first)) if r != header.rules => {
                return Err(fail(format!(
                    "other rules than {} ({})",
                    first.display(),
                    tama_notation::write_rules(&header.rules)
                )))
            }
            Some(_) => {}
        }
        records.append(&mut recs);
    }
    let Some((rules, _)) = rules else {
        return Err(LoadError {
            path: paths.first().cloned().unwrap_or_default(),
            problem: "no data files (*.tdat)".into(),
        });
    };
    Ok(Dataset {
        rules,
        files,
        records,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{write_data, GameResult, Header, SearchLimit};
    use tama_core::Position;

    fn file(dir: &Path, name: &str, rules: Rules, n: usize) -> PathBuf {
        let header = Header {
            rules,
            seed: 1,
            first_game: 0,
            games: 1,
            limit: SearchLimit::Depth(2),
            egtb_pieces: 0,
        };
        let record = crate::format::Record {
            position: Position::start(),
            score: 0,
            ply: 0,
            result: GameResult::Draw,
            exact: false,
            game_start: true,
            proven: false,
        };
        let path = dir.join(name);
        fs::write(&path, write_data(&header, &vec![record; n])).unwrap();
        path
    }

    #[test]
    fn reads_directories_and_names_the_bad_file() {
        let dir = tempfile::tempdir().unwrap();
        let sub = dir.path().join("b");
        fs::create_dir(&sub).unwrap();
        file(dir.path(), "x.tdat", Rules::TURKISH, 2);
        file(&sub, "y.tdat", Rules::TURKISH, 3);
        fs::write(dir.path().join("notes.txt"), "not data").unwrap();
        let set = load(&[dir.path().to_path_buf(), sub.clone()]).unwrap();
        assert_eq!(set.rules, Rules::TURKISH);
        assert_eq!(set.files.len(), 2);
        assert_eq!(set.records.len(), 5);

        let other = file(&sub, "z.tdat", Rules::ARMENIAN, 1);
        let err = load(std::slice::from_ref(&sub)).unwrap_err();
        assert_eq!(err.path, other);
        assert!(err.problem.starts_with("other rules than"), "{err}");

        let bad = sub.join("z.tdat");
        let mut bytes = fs::read(&bad).unwrap();
        bytes.truncate(bytes.len() - 1);
        fs::write(&bad, bytes).unwrap();
        let err = load(&[sub]).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("{}: data file cut short in its checksum", bad.display())
        );

        let empty = tempfile::tempdir().unwrap();
        let err = load(&[empty.path().to_path_buf()]).unwrap_err();
        assert_eq!(err.problem, "no data files (*.tdat)");
    }
}
