//! One module per subcommand, each with its own `Args` and `run`.

pub mod moves;
pub mod pdn;
pub mod perft;
pub mod show;
