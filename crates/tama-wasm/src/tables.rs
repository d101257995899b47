//! What the page asks of the libraries besides a game: the rules dialog's
//! table and the levels of play, in tama-api's shapes (the same as the
//! web server's `GET /api/rules` and `GET /api/levels`).

use tama_api::{Levels, RulesTable};
use wasm_bindgen::prelude::*;

use crate::board::rules_of;
use crate::error::Error;

/// The rules table of `rules` (rules text; `armenian` when empty): every
/// switch, every preset, and `rules` read back in canonical form.
///
/// # Errors
///
/// `RulesError` with the column.
pub fn rules_table(rules: &str) -> Result<RulesTable, Error> {
    Ok(RulesTable::new(&rules_of(rules)?))
}

/// `rulesTable(text)`: the rules table as JSON; throws `RulesError`.
#[wasm_bindgen(js_name = rulesTable)]
pub fn rules_table_js(rules: Option<String>) -> Result<String, JsValue> {
    let table = rules_table(rules.as_deref().unwrap_or(""))?;
    Ok(serde_json::to_string(&table).unwrap_or_default())
}

/// `levels()`: the engine's levels of play and the default, as JSON.
#[wasm_bindgen(js_name = levels)]
pub fn levels_js() -> String {
    serde_json::to_string(&Levels::default()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_reads_rules_back_and_refuses_bad_ones() {
        let t = rules_table("turkish").unwrap();
        assert_eq!(t.rules.text, "turkish");
        assert_eq!(rules_table("").unwrap().rules.preset, "armenian");
        assert_eq!(rules_table("chess").unwrap_err().name(), "RulesError");
        assert!(levels_js().contains("\"default\""));
    }
}
