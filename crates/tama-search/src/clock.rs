//! The search's clock: `std::time::Instant`, except in a browser or Node
//! (`wasm32-unknown-unknown`), where the standard library has no clock and
//! `Instant::now` panics; there `web-time` reads `performance.now()`.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) use std::time::Instant;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) use web_time::Instant;
