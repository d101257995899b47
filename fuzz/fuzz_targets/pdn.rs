//! The PDN reader over arbitrary bytes: never panics or hangs; every game
//! it yields writes canonically and reads back to the same game, and
//! writing that again gives the same bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tama_notation::pdn::{PdnGame, PdnReader};

fuzz_target!(|data: &[u8]| {
    for item in PdnReader::new(data).take(1000) {
        if let Ok(game) = item {
            let written = game.to_pdn();
            let again: PdnGame = written.parse().expect("canonical PDN reads back");
            assert_eq!(again, game);
            assert_eq!(again.to_pdn(), written);
        }
    }
});
