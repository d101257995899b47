//! The JSON objects of the API: those of the CLI's `--json` output
//! (`tama moves --json`, `tama analyse --json`), built from library
//! values.

use serde_json::{json, Value};
use tama_core::{Color, Move, Outcome, Position, Rules};
use tama_notation::{move_json, write_move, MoveJson};
use tama_search::{BestMove, Info, OracleValue, Score, ScoreKind, Wdl};

/// `"white"` or `"black"`.
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// `{"winner": "white" | "black" | null, "termination": "no legal move"}`.
pub fn outcome_json(outcome: &Outcome) -> Value {
    json!({
        "winner": outcome.winner.map(color_name),
        "termination": outcome.termination.description(),
    })
}

/// `white wins (no legal move)`, `draw (threefold repetition)`.
pub fn outcome_text(outcome: &Outcome) -> String {
    match outcome.winner {
        Some(w) => format!("{} wins ({})", color_name(w), outcome.termination),
        None => format!("draw ({})", outcome.termination),
    }
}

/// The move objects of every legal move of `pos`, sorted by move text
/// (as `tama moves --json` prints them).
pub fn legal_moves_json(pos: &Position, rules: &Rules) -> Vec<MoveJson> {
    let mut objs: Vec<MoveJson> = pos
        .legal_moves(rules)
        .iter()
        .map(|m| move_json(pos, rules, m))
        .collect();
    objs.sort_by(|a, b| a.text.cmp(&b.text));
    objs
}

/// The moves of a line in move text, each written in the position it is
/// played in.
pub fn pv_texts(pos: &Position, rules: &Rules, pv: &[Move]) -> Vec<String> {
    let mut p = *pos;
    pv.iter()
        .map(|mv| {
            let text = write_move(&p, rules, mv);
            p = p.play_unchecked(mv);
            text
        })
        .collect()
}

/// `{"cm": 35}`, `{"win": 7}` or `{"loss": 4}` (plies to the end).
pub fn score_json(score: Score) -> Value {
    match score.kind() {
        ScoreKind::CentiMen(cm) => json!({ "cm": cm }),
        ScoreKind::Win(n) => json!({ "win": n }),
        ScoreKind::Loss(n) => json!({ "loss": n }),
    }
}

/// The `{"type": "info", …}` object of `tama analyse --json`.
pub fn info_json(pos: &Position, rules: &Rules, info: &Info) -> Value {
    let mut value = json!({
        "type": "info",
        "depth": info.depth,
        "seldepth": info.seldepth,
        "multipv": info.multipv,
        "score": score_json(info.score),
        "nodes": info.nodes,
        "nps": info.nps,
        "time_ms": info.time.as_millis() as u64,
        "hashfull": info.hashfull,
        "pv": pv_texts(pos, rules, &info.pv),
    });
    if info.lower_bound {
        value["bound"] = json!("lower");
    } else if info.upper_bound {
        value["bound"] = json!("upper");
    }
    add_tb(&mut value, info.tb.as_ref(), info.tbhits);
    value
}

/// With endgame tables: `"tb": "win"|"draw"|"loss"` and `"distance"`
/// (plies) when a table decided the score, and `"tbhits"`.
fn add_tb(value: &mut Value, tb: Option<&OracleValue>, tbhits: u64) {
    if let Some(tb) = tb {
        value["tb"] = json!(match tb.wdl {
            Wdl::Win => "win",
            Wdl::Draw => "draw",
            Wdl::Loss => "loss",
        });
        value["distance"] = json!(tb.distance);
    }
    if tbhits > 0 {
        value["tbhits"] = json!(tbhits);
    }
}

/// The `{"type": "bestmove", …}` object of `tama analyse --json`.
pub fn bestmove_json(pos: &Position, rules: &Rules, best: &BestMove) -> Value {
    let mut value = json!({
        "type": "bestmove",
        "move": write_move(pos, rules, &best.mv),
        "score": score_json(best.score),
        "pv": pv_texts(pos, rules, &best.pv),
        "depth": best.depth,
        "nodes": best.nodes,
        "time_ms": best.time.as_millis() as u64,
    });
    add_tb(&mut value, best.tb.as_ref(), best.tbhits);
    value
}

/// The `{"type": "gameover", "winner", "termination"}` object of
/// `tama analyse --json`.
pub fn gameover_json(outcome: &Outcome) -> Value {
    json!({
        "type": "gameover",
        "winner": outcome.winner.map(color_name),
        "termination": outcome.termination.description(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tama_core::Termination;

    #[test]
    fn scores_and_outcomes() {
        assert_eq!(score_json(Score::centi_men(-35)), json!({"cm": -35}));
        assert_eq!(score_json(Score::win_in(7)), json!({"win": 7}));
        assert_eq!(score_json(Score::loss_in(4)), json!({"loss": 4}));
        let o = Outcome::win(Color::Black, Termination::NoLegalMoves);
        assert_eq!(
            outcome_json(&o),
            json!({"winner": "black", "termination": "no legal move"})
        );
        assert_eq!(outcome_text(&o), "black wins (no legal move)");
        let d = Outcome::draw(Termination::Repetition);
        assert_eq!(outcome_json(&d)["winner"], Value::Null);
        assert_eq!(outcome_text(&d), "draw (threefold repetition)");
    }

    #[test]
    fn lines_are_written_move_by_move() {
        let pos = Position::start();
        let rules = Rules::ARMENIAN;
        let first = pos.legal_moves(&rules)[0];
        let next = pos.play_unchecked(&first);
        let second = next.legal_moves(&rules)[0];
        let texts = pv_texts(&pos, &rules, &[first, second]);
        assert_eq!(texts[0], write_move(&pos, &rules, &first));
        assert_eq!(texts[1], write_move(&next, &rules, &second));
        let all = legal_moves_json(&pos, &rules);
        assert_eq!(all.len(), 22);
        assert!(all.windows(2).all(|w| w[0].text < w[1].text));
    }
}
