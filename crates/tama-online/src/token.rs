//! Random identities: game ids, guest tokens, and comparing secrets in
//! constant time.
//!
//! A guest token is `tama_` followed by 16 hex digits of a public id (the
//! player's id, shown to the opponent and used to find the token) and 32
//! hex digits of a secret: 128 random bits from the operating system,
//! compared in constant time. The secret is never logged.

use core::fmt;

/// The letters of game and challenge ids (as lichess's: 8 of them).
const ID_ALPHABET: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
/// The length of game and challenge ids.
pub const ID_LEN: usize = 8;
/// The prefix of every guest token.
pub const TOKEN_PREFIX: &str = "tama_";

/// The operating system gave no random bytes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RandomError;

impl fmt::Display for RandomError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the system has no random bytes to give")
    }
}

impl std::error::Error for RandomError {}

fn fill(buf: &mut [u8]) -> Result<(), RandomError> {
    getrandom::fill(buf).map_err(|_| RandomError)
}

/// A random bit (the colour of a challenge that leaves it to chance).
///
/// # Errors
///
/// [`RandomError`] when the system gives no random bytes.
pub fn coin() -> Result<bool, RandomError> {
    let mut b = [0u8; 1];
    fill(&mut b)?;
    Ok(b[0] & 1 == 1)
}

/// A new game or challenge id: 8 letters and digits (47 random bits).
///
/// # Errors
///
/// [`RandomError`] when the system gives no random bytes.
pub fn new_id() -> Result<String, RandomError> {
    let mut id = String::with_capacity(ID_LEN);
    while id.len() < ID_LEN {
        let mut b = [0u8; 16];
        fill(&mut b)?;
        // Rejection sampling keeps every letter equally likely.
        for x in b {
            if usize::from(x) < 62 * 4 && id.len() < ID_LEN {
                id.push(char::from(ID_ALPHABET[usize::from(x) % 62]));
            }
        }
    }
    Ok(id)
}

/// Whether `text` has the shape of a game or challenge id.
pub fn is_id(text: &str) -> bool {
    text.len() == ID_LEN && text.bytes().all(|b| b.is_ascii_alphanumeric())
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(char::from(DIGITS[usize::from(b >> 4)]));
        s.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    s
}

/// A guest token: its public id and its secret.
#[derive(Clone, PartialEq, Eq)]
pub struct Token {
    /// The public id (16 hex digits).
    pub id: String,
    /// The secret (32 hex digits, 128 random bits).
    pub secret: String,
}

/// The secret stays out of debug output (and so out of logs).
impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Token")
            .field("id", &self.id)
            .field("secret", &"…")
            .finish()
    }
}

impl Token {
    /// A new random token.
    ///
    /// # Errors
    ///
    /// [`RandomError`] when the system gives no random bytes.
    pub fn new() -> Result<Token, RandomError> {
        let mut b = [0u8; 24];
        fill(&mut b)?;
        Ok(Token {
            id: hex(&b[..8]),
            secret: hex(&b[8..]),
        })
    }

    /// The token as given to its owner: `tama_` + id + secret.
    pub fn text(&self) -> String {
        format!("{TOKEN_PREFIX}{}{}", self.id, self.secret)
    }

    /// Reads a token's text; `None` for anything of another shape.
    pub fn parse(text: &str) -> Option<Token> {
        let rest = text.strip_prefix(TOKEN_PREFIX)?;
        let ok = rest.len() == 48
            && rest
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        ok.then(|| Token {
            id: rest[..16].to_string(),
            secret: rest[16..].to_string(),
        })
    }
}

/// How a token's secret is stored: `sha256:` and the hex digits of its
/// SHA-256 digest, never the secret itself (a stolen database gives no
/// token that works).
pub fn secret_hash(secret: &str) -> String {
    use sha2::Digest;
    format!("sha256:{}", hex(&sha2::Sha256::digest(secret.as_bytes())))
}

/// Whether `a` and `b` are equal, in a time that depends only on their
/// lengths (not on where they first differ).
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut diff = 0u8;
    for (x, y) in a.iter().zip(b) {
        diff |= x ^ y;
    }
    // Keep the optimiser from stopping at the first difference.
    core::hint::black_box(diff) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_tokens_are_random_and_well_formed() {
        let a = new_id().unwrap();
        let b = new_id().unwrap();
        assert!(is_id(&a) && is_id(&b), "{a} {b}");
        assert_ne!(a, b);
        assert!(!is_id("abc") && !is_id("abcdefg/") && !is_id("abcdefghi"));
        let t = Token::new().unwrap();
        let text = t.text();
        assert_eq!(text.len(), 5 + 48);
        assert_eq!(Token::parse(&text), Some(t.clone()));
        assert_ne!(Token::new().unwrap(), t);
        assert!(!format!("{t:?}").contains(&t.secret));
        for bad in ["", "tama_", "tama_xyz", &text[1..], &text.to_uppercase()] {
            assert_eq!(Token::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn constant_time_eq_compares() {
        assert!(constant_time_eq(b"abc", b"abc"));
        assert!(!constant_time_eq(b"abc", b"abd"));
        assert!(!constant_time_eq(b"abc", b"ab"));
        assert!(constant_time_eq(b"", b""));
        let h = secret_hash("abc");
        assert_eq!(
            h,
            "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
