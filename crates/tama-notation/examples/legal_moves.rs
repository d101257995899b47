//! Lists the legal moves of a position as JSON lines.
//!
//! ```text
//! cargo run -p tama-notation --example legal_moves -- "B:Wd2,c4,b3,c2:BKd1" armenian
//! ```
//!
//! The first argument is a position text (default: the start position), the
//! second a rules text (default: `armenian`).

use std::process::ExitCode;

use tama_core::Position;
use tama_notation::{move_json, parse_fen, parse_rules, write_fen, write_rules};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let fen = args.next();
    let rules = args.next();
    let pos = match fen.as_deref().map(parse_fen) {
        None => Position::start(),
        Some(Ok(fen)) => fen.position,
        Some(Err(e)) => {
            eprintln!("error: position: {e}");
            return ExitCode::FAILURE;
        }
    };
    let rules = match parse_rules(rules.as_deref().unwrap_or("armenian")) {
        Ok(rules) => rules,
        Err(e) => {
            eprintln!("error: rules: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("# {} ({})", write_fen(&pos), write_rules(&rules));
    for mv in pos.legal_moves(&rules).iter() {
        let json = move_json(&pos, &rules, mv);
        match serde_json::to_string(&json) {
            Ok(line) => println!("{line}"),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
