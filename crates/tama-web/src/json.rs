//! The JSON objects of the API: those of the CLI's `--json` output
//! (`tama moves --json`, `tama analyse --json`), built from library
//! values.

use serde_json::{json, Value};
use tama_core::{Color, Move, Outcome, Position, Rules};
use tama_notation::{move_json, write_move, MoveJson};
use tama_search::{BestMove, Info, Score, ScoreKind};

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
    value
}

/// The `{"type": "bestmove", …}` object of `tama analyse --json`.
pub fn bestmove_json(pos: &Position, rules: &Rules, best: &BestMove) -> Value {
    json!({
        "type": "bestmove",
        "move": write_move(pos, rules, &best.mv),
        "score": score_json(best.score),
        "pv": pv_texts(pos, rules, &best.pv),
        "depth": best.depth,
        "nodes": best.nodes,
        "time_ms": best.time.as_millis() as u64,
    })
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
