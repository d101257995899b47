//! Position text: never panics; what parses writes back canonically and
//! reads again to the same position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tama_notation::fen::{parse_fen, write_fen};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(fen) = parse_fen(text) {
        let written = write_fen(&fen.position);
        let again = parse_fen(&written).expect("canonical FEN reads back");
        assert_eq!(again.position, fen.position);
        assert_eq!(write_fen(&again.position), written);
    }
});
