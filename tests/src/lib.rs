//! Cross-crate and CLI tests for tama; see tests.rs.
