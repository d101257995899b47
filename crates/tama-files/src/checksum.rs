//! FNV-1a, 64 bits: the checksum of the workspace's binary files and the
//! stamp of its bundles. Not a cryptographic hash: it finds damage, not
//! tampering.

/// FNV-1a (64 bits) of `bytes`.
///
/// ```
/// assert_eq!(tama_files::fnv1a(b""), 0xcbf2_9ce4_8422_2325);
/// assert_eq!(tama_files::fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
/// ```
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h = Fnv1a::new();
    h.write(bytes);
    h.finish()
}

/// FNV-1a (64 bits) over bytes given in pieces: the same value as
/// [`fnv1a`] of their concatenation.
///
/// ```
/// let mut h = tama_files::Fnv1a::new();
/// h.write(b"ab");
/// h.write(b"c");
/// assert_eq!(h.finish(), tama_files::fnv1a(b"abc"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fnv1a(u64);

impl Fnv1a {
    /// The offset basis.
    const BASIS: u64 = 0xcbf2_9ce4_8422_2325;
    /// The FNV prime of 64 bits.
    const PRIME: u64 = 0x0000_0100_0000_01b3;

    /// The hash of no bytes.
    pub const fn new() -> Fnv1a {
        Fnv1a(Self::BASIS)
    }

    /// Adds `bytes`.
    pub fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(Self::PRIME);
        }
    }

    /// The hash of every byte written so far.
    pub const fn finish(&self) -> u64 {
        self.0
    }
}

impl Default for Fnv1a {
    fn default() -> Fnv1a {
        Fnv1a::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn published_test_vectors() {
        // The FNV authors' test vectors for FNV-1a, 64 bits.
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }
}
