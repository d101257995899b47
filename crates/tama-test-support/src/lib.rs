//! What tama's tests share, in one place (after rust-analyzer's
//! `test-utils`): the seeded generators ([`Rng`]), random games and
//! positions ([`positions`]) and random PDN games ([`pdn`]).
//!
//! Never published, and only ever a dev-dependency: no product crate's
//! normal build depends on it (tests/tidy.rs checks both). Temporary
//! directories come from `tempfile`.
//!
//! A test's positions come from its generator and seed, so each generator
//! a test was written with is kept here by its algorithm: a test that moves
//! here keeps testing the same positions.

pub mod pdn;
pub mod positions;
mod rng;

pub use rng::Rng;
