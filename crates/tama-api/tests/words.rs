//! The words every front end prints: the `serde` forms of the core and
//! search types, read back to the same values.

use serde_json::{json, Value};
use tama_core::{Color, Outcome, Termination};
use tama_search::{OracleValue, Score, ScoreKind, Wdl};

fn round_trip<T>(value: T, expected: Value)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let written = serde_json::to_value(&value).unwrap();
    assert_eq!(written, expected);
    let back: T = serde_json::from_value(written).unwrap();
    assert_eq!(back, value);
}

#[test]
fn colours_endings_and_outcomes() {
    round_trip(Color::White, json!("white"));
    round_trip(Color::Black, json!("black"));
    for t in Termination::ALL {
        round_trip(t, json!(t.description()));
    }
    round_trip(
        Outcome::win(Color::White, Termination::Resignation),
        json!({"winner": "white", "termination": "resignation"}),
    );
    round_trip(
        Outcome::draw(Termination::OnePieceEach),
        json!({"winner": null, "termination": "one piece each"}),
    );
    assert!(serde_json::from_value::<Color>(json!("red"))
        .unwrap_err()
        .to_string()
        .contains("unknown colour `red`"));
    assert!(serde_json::from_value::<Termination>(json!("boredom")).is_err());
}

#[test]
fn scores_and_table_values() {
    round_trip(Score::centi_men(-35), json!({"cm": -35}));
    round_trip(Score::win_in(7), json!({"win": 7}));
    round_trip(Score::loss_in(4), json!({"loss": 4}));
    round_trip(ScoreKind::CentiMen(0), json!({"cm": 0}));
    let far = serde_json::from_value::<Score>(json!({"win": 5000})).unwrap_err();
    assert!(far.to_string().contains("out of range"), "{far}");
    assert!(serde_json::from_value::<Score>(json!({"cm": 99999})).is_err());
    for w in Wdl::ALL {
        round_trip(w, json!(w.name()));
        assert_eq!(w.to_string(), w.name());
    }
    round_trip(
        OracleValue::counted(Wdl::Loss, 12),
        json!({"wdl": "loss", "distance": 12}),
    );
    assert!(serde_json::from_value::<Wdl>(json!("won")).is_err());
}
