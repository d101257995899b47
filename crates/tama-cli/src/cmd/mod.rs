//! One module per subcommand, each with its own `Args` and `run`.

pub mod analyse;
pub mod analyse_pdn;
pub mod ballots;
pub mod bench;
pub mod book;
pub mod datagen;
pub mod egtb;
pub mod hub;
pub mod match_cmd;
pub mod moves;
pub mod pdn;
pub mod perft;
pub mod play;
pub mod puzzle;
pub mod serve;
pub mod show;
pub mod sprt;
pub mod swiss;
pub mod tactics;
pub mod tournament;
pub mod train;
pub mod web_bundle;
