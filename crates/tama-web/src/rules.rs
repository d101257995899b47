//! `GET /api/rules`: the rule switches and the presets, for the page's
//! rules dialog. The answer's shape is tama-api's [`RulesTable`] (the
//! WebAssembly package gives the same), built from tama-core's presets and
//! tama-notation's switches: a new switch appears in the answer without a
//! change to this crate.

use axum::extract::rejection::QueryRejection;
use axum::extract::Query;
use axum::Json;
use serde::Deserialize;
use tama_api::RulesTable;

use crate::error::ApiError;

/// The query of `GET /api/rules`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RulesQuery {
    rules: Option<String>,
}

/// `GET /api/rules[?rules=TEXT]`: every switch (name, values,
/// description), every preset as switch settings, and the rules of `TEXT`
/// (default `armenian`) in canonical text and as switch settings
/// ([`RulesTable`]).
pub(crate) async fn rules(
    query: Result<Query<RulesQuery>, QueryRejection>,
) -> Result<Json<RulesTable>, ApiError> {
    let Query(q) = query?;
    let rules = tama_api::request::rules(q.rules.as_deref())?;
    Ok(Json(RulesTable::new(&rules)))
}
