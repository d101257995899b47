//! `GET /api/rules`: the rule switches and the presets, for the page's
//! rules dialog. Everything here comes from tama-core (the presets) and
//! tama-notation (the switches' names, values and descriptions): a new
//! switch appears in the answer without a change to this crate.

use axum::extract::rejection::QueryRejection;
use axum::extract::Query;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Map, Value};
use tama_core::{Preset, Rules};
use tama_notation::{write_rules, Switch};

use crate::error::ApiError;
use crate::input;

/// The query of `GET /api/rules`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RulesQuery {
    rules: Option<String>,
}

/// `GET /api/rules[?rules=TEXT]`: every switch (name, values,
/// description), every preset as switch settings, and the rules of `TEXT`
/// (default `armenian`) in canonical text and as switch settings.
pub(crate) async fn rules(
    query: Result<Query<RulesQuery>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(q) = query?;
    let rules = input::rules(q.rules.as_deref())?;
    let switches: Vec<Value> = Switch::ALL
        .into_iter()
        .map(|s| {
            json!({
                "name": s.name(),
                "values": s.values(),
                "description": s.description(),
            })
        })
        .collect();
    let presets: Vec<Value> = Preset::ALL
        .into_iter()
        .map(|p| json!({ "name": p.name(), "switches": settings(&p.rules()) }))
        .collect();
    let text = write_rules(&rules);
    let preset = text.split(',').next().unwrap_or_default().to_string();
    Ok(Json(json!({
        "switches": switches,
        "presets": presets,
        "rules": {
            "text": text,
            "preset": preset,
            "switches": settings(&rules),
        },
    })))
}

/// `{"man-diagonal": "yes", …}`: each switch's value in `rules`.
fn settings(rules: &Rules) -> Map<String, Value> {
    Switch::ALL
        .into_iter()
        .map(|s| (s.name().to_string(), Value::from(s.get(rules))))
        .collect()
}
