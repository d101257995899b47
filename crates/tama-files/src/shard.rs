//! One part of a job split over several machines: `I/N`, the `I`-th of
//! `N` (from 0), as `tama book build --shard` and `tama datagen --shard`
//! take it.

use core::fmt;
use core::str::FromStr;

/// The part `index` of `count` (`index < count`).
///
/// ```
/// use tama_files::Shard;
///
/// let s: Shard = "1/4".parse().unwrap();
/// assert_eq!((s.index(), s.count()), (1, 4));
/// assert_eq!(s.to_string(), "1/4");
/// assert!("4/4".parse::<Shard>().is_err());
/// assert_eq!(Shard::WHOLE, "0/1".parse().unwrap());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    index: u32,
    count: u32,
}

impl Shard {
    /// The whole job: `0/1`.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// The part `index` of `count`, or `None` unless `index < count`.
    pub const fn new(index: u32, count: u32) -> Option<Shard> {
        if index < count {
            Some(Shard { index, count })
        } else {
            None
        }
    }

    /// `I`, from 0.
    pub const fn index(self) -> u32 {
        self.index
    }

    /// `N`, at least 1.
    pub const fn count(self) -> u32 {
        self.count
    }

    /// Whether the item numbered `n` of the job (games, positions,
    /// seeds) belongs to this part: `n mod N == I`.
    pub const fn owns(self, n: u64) -> bool {
        n % self.count as u64 == self.index as u64
    }
}

impl Default for Shard {
    fn default() -> Shard {
        Shard::WHOLE
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A shard text that is not `I/N` with `I < N`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardError {
    /// The text given.
    pub text: String,
}

impl fmt::Display for ShardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "shard {:?}: expected I/N with I < N, e.g. 0/4",
            self.text
        )
    }
}

impl std::error::Error for ShardError {}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError {
            text: text.to_owned(),
        };
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let i = i.trim().parse::<u32>().map_err(|_| bad())?;
        let n = n.trim().parse::<u32>().map_err(|_| bad())?;
        Shard::new(i, n).ok_or_else(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_cover_the_job_once() {
        let parts: Vec<Shard> = (0..3).map(|i| Shard::new(i, 3).unwrap()).collect();
        for n in 0..30u64 {
            assert_eq!(parts.iter().filter(|s| s.owns(n)).count(), 1);
        }
        assert!(Shard::WHOLE.owns(12345));
    }

    #[test]
    fn bad_texts_are_refused_by_name() {
        for text in ["", "1", "0/0", "3/2", "a/2", "1/b", "-1/2", "1/2/3"] {
            let err = text.parse::<Shard>().unwrap_err();
            assert_eq!(err.text, text);
            assert!(err.to_string().contains("expected I/N"), "{err}");
        }
        assert_eq!(" 2 / 5 ".parse::<Shard>(), Ok(Shard::new(2, 5).unwrap()));
    }
}
