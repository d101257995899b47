//! The solver's local rating (docs/PUZZLES.md, "The rating"): Elo,
//! starting at [`START`] (1,000: between the easy puzzles, most of them
//! at 825, and the medium ones, most at 1,175, so that a new solver is
//! set easy ones first), against each puzzle's rating
//! ([`Difficulty::rating`](crate::Difficulty::rating)), with K = 40 for
//! the first 30 rated puzzles and 20 after. A puzzle solved without a
//! hint scores 1, solved after a hint ½, failed (a wrong move, the
//! solution asked for, skipped after a move) 0; a puzzle skipped before
//! any move is not rated.
//!
//! The file is four lines of text, saved whole or not at all:
//!
//! ```text
//! tama puzzle rating 1
//! rating 1516.3
//! played 3
//! solved 2
//! ```

#[cfg(feature = "native")]
use std::io::Write;
#[cfg(feature = "native")]
use std::path::Path;

/// A new solver's rating.
pub const START: f64 = 1000.0;

/// The first line of a rating file.
const HEADER: &str = "tama puzzle rating 1";

/// The solver's rating and counts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating.
    pub rating: f64,
    /// Rated puzzles played.
    pub played: u32,
    /// Of them, solved (a score above 0).
    pub solved: u32,
}

impl Default for Rating {
    /// [`START`], nothing played.
    fn default() -> Rating {
        Rating {
            rating: START,
            played: 0,
            solved: 0,
        }
    }
}

impl Rating {
    /// The expected score against a puzzle of rating `puzzle`.
    pub fn expected(&self, puzzle: u32) -> f64 {
        1.0 / (1.0 + 10f64.powf((f64::from(puzzle) - self.rating) / 400.0))
    }

    /// The K factor of the next result.
    pub fn k(&self) -> f64 {
        if self.played < 30 {
            40.0
        } else {
            20.0
        }
    }

    /// Records a result (`score` 0, ½ or 1) against a puzzle of rating
    /// `puzzle`; returns the change.
    pub fn record(&mut self, puzzle: u32, score: f64) -> f64 {
        let change = self.k() * (score - self.expected(puzzle));
        self.rating += change;
        self.played += 1;
        if score > 0.0 {
            self.solved += 1;
        }
        change
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        format!(
            "{HEADER}\nrating {:.1}\nplayed {}\nsolved {}\n",
            self.rating, self.played, self.solved
        )
    }

    /// Reads a file's text.
    ///
    /// # Errors
    ///
    /// What is wrong, with the line.
    pub fn from_text(text: &str) -> Result<Rating, String> {
        let lines: Vec<&str> = text.lines().collect();
        if lines.first() != Some(&HEADER) {
            return Err(format!("line 1: not `{HEADER}`"));
        }
        let field = |i: usize, name: &str| -> Result<&str, String> {
            lines
                .get(i)
                .and_then(|l| l.strip_prefix(name))
                .and_then(|l| l.strip_prefix(' '))
                .ok_or_else(|| format!("line {}: `{name} …` expected", i + 1))
        };
        let bad =
            |line: usize, name: &str| format!("line {line}: `{name}` is not a number in range");
        let rating: f64 = field(1, "rating")?.parse().map_err(|_| bad(2, "rating"))?;
        if !(0.0..=4000.0).contains(&rating) {
            return Err(bad(2, "rating"));
        }
        let played = field(2, "played")?.parse().map_err(|_| bad(3, "played"))?;
        let solved = field(3, "solved")?.parse().map_err(|_| bad(4, "solved"))?;
        if solved > played || lines.len() > 4 {
            return Err("line 4: more solved than played, or lines after it".to_string());
        }
        Ok(Rating {
            rating,
            played,
            solved,
        })
    }

    #[cfg(feature = "native")]
    /// Reads the rating of `path`; the starting rating when there is no
    /// file.
    ///
    /// # Errors
    ///
    /// A file that cannot be read or is damaged, named.
    pub fn load(path: &Path) -> Result<Rating, String> {
        match std::fs::read_to_string(path) {
            Ok(text) => Rating::from_text(&text).map_err(|e| format!("{}: {e}", path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Rating::default()),
            Err(e) => Err(format!("cannot read {}: {e}", path.display())),
        }
    }

    #[cfg(feature = "native")]
    /// Saves the rating to `path` (whole or not at all), making its
    /// directory.
    ///
    /// # Errors
    ///
    /// The I/O error, with the path.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        let text = self.to_text();
        tama_files::write_atomically(
            path,
            |f| f.write_all(text.as_bytes()).map_err(|e| e.to_string()),
            |p, e| format!("cannot write {}: {e}", p.display()),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rating_moves_with_results() {
        let mut r = Rating::default();
        assert!((r.expected(1000) - 0.5).abs() < 1e-9);
        let up = r.record(1000, 1.0);
        assert!((up - 20.0).abs() < 1e-9);
        let down = r.record(1000, 0.0);
        assert!(down < 0.0);
        assert_eq!((r.played, r.solved), (2, 1));
        let half = r.record(r.rating.round() as u32, 0.5);
        assert!(half.abs() < 1.0);
    }

    #[cfg(feature = "native")]
    #[test]
    fn the_file_reads_back_and_refuses_damage() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/rating.txt");
        assert_eq!(Rating::load(&path).unwrap(), Rating::default());
        let r = Rating {
            rating: 1516.3,
            played: 3,
            solved: 2,
        };
        r.save(&path).unwrap();
        assert_eq!(Rating::load(&path).unwrap(), r);
        for (bad, words) in [
            ("", "line 1"),
            (
                "tama puzzle rating 1\nrating x\nplayed 1\nsolved 0\n",
                "line 2",
            ),
            ("tama puzzle rating 1\nrating 1500\nplayed 1\n", "line 4"),
            (
                "tama puzzle rating 1\nrating 1500\nplayed 1\nsolved 2\n",
                "more solved",
            ),
        ] {
            let e = Rating::from_text(bad).unwrap_err();
            assert!(e.contains(words), "{bad:?}: {e}");
        }
    }
}
