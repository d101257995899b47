//! Rules text: never panics; what parses writes back canonically and reads
//! again to the same rules.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tama_notation::rules_text::{parse_rules, write_rules};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(rules) = parse_rules(text) {
        let written = write_rules(&rules);
        assert_eq!(parse_rules(&written).expect("canonical rules read back"), rules);
    }
});
