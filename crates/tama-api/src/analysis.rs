//! The lines of an analysis: one per completed iteration (and per line
//! with multi-PV), then the best move or the fact that the game is over.

use std::fmt;
use std::time::Duration;

use serde::{Serialize, Serializer};
use tama_core::{Game, Outcome, Position, Rules};
use tama_notation::movetext::{write_line, write_move};
use tama_notation::{move_json, write_fen, MoveJson};
use tama_search::{BestMove, Info, OracleValue, Score, SearchResult, TableKind, Wdl};

/// One line of an analysis. As JSON (`tama analyse --json`, the events of
/// `GET /api/analyse`) an object whose `"type"` is `"info"`, `"bestmove"`
/// or `"gameover"`; as text (`Display`) the line `tama analyse` prints.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type")]
pub enum Report {
    /// A completed iteration of one line.
    #[serde(rename = "info")]
    Info(InfoReport),
    /// The move the search chose.
    #[serde(rename = "bestmove")]
    BestMove(BestMoveReport),
    /// The position had no move to search: the game is over.
    /// `{"type": "gameover", "winner": "white" | "black" | null,
    /// "termination": "no legal move"}`.
    #[serde(rename = "gameover")]
    GameOver(Outcome),
}

impl Report {
    /// The report of an iteration of a search of `pos`.
    pub fn info(pos: &Position, rules: &Rules, info: &Info) -> Report {
        Report::Info(InfoReport::new(pos, rules, info))
    }

    /// The last report of a search of `pos`: its best move, or the end of
    /// the game.
    pub fn result(pos: &Position, rules: &Rules, result: &SearchResult) -> Report {
        match result {
            SearchResult::Move(best) => Report::BestMove(BestMoveReport::new(pos, rules, best)),
            SearchResult::GameOver(outcome) => Report::GameOver(*outcome),
        }
    }
}

/// `depth 6/9 multipv 1 score +0.35 nodes … pv c3-d4 f6-e5`, `bestmove
/// c3-d4 score +0.35`, `game over: white wins (no legal move)`.
impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Report::Info(info) => fmt::Display::fmt(info, f),
            Report::BestMove(best) => fmt::Display::fmt(best, f),
            Report::GameOver(outcome) => write!(f, "game over: {outcome}"),
        }
    }
}

/// A completed iteration: `{"type": "info", "depth", "seldepth",
/// "multipv", "score", "nodes", "nps", "time_ms", "hashfull", "pv"}`, then
/// `"bound"` when the score is only a bound, and the [`Tables`] fields.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct InfoReport {
    /// The iteration depth in plies.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Which line (1 = the best).
    pub multipv: usize,
    /// The score for the side to move.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time since the search began (`"time_ms"`, whole milliseconds).
    #[serde(rename = "time_ms", serialize_with = "millis")]
    pub time: Duration,
    /// Transposition table use, in permille.
    pub hashfull: u32,
    /// The line in move text, each move written in its position.
    pub pv: Vec<String>,
    /// Whether the score is only a bound (the aspiration window failed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bound: Option<Bound>,
    /// What endgame tables said.
    #[serde(flatten)]
    pub tables: Tables,
}

impl InfoReport {
    /// The report of `info`, from a search of `pos`.
    pub fn new(pos: &Position, rules: &Rules, info: &Info) -> InfoReport {
        InfoReport {
            depth: info.depth,
            seldepth: info.seldepth,
            multipv: info.multipv,
            score: info.score,
            nodes: info.nodes,
            nps: info.nps,
            time: info.time,
            hashfull: info.hashfull,
            pv: write_line(pos, rules, &info.pv),
            bound: if info.lower_bound {
                Some(Bound::Lower)
            } else if info.upper_bound {
                Some(Bound::Upper)
            } else {
                None
            },
            tables: Tables::new(info.tb.as_ref(), info.tbhits),
        }
    }
}

/// `depth 6/9 multipv 1 score +0.35 (lower bound) (tables: win in 7 plies)
/// nodes 5000 nps 100000 time 0.050 hashfull 3 pv c3-d4 f6-e5`.
impl fmt::Display for InfoReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "depth {}/{} multipv {} score {}",
            self.depth, self.seldepth, self.multipv, self.score
        )?;
        if let Some(bound) = self.bound {
            write!(f, " ({bound} bound)")?;
        }
        write!(
            f,
            "{} nodes {} nps {} time {:.3} hashfull {} pv {}",
            self.tables,
            self.nodes,
            self.nps,
            self.time.as_secs_f64(),
            self.hashfull,
            self.pv.join(" ")
        )
    }
}

/// The move a search chose: `{"type": "bestmove", "move"}` and the
/// [`SearchSummary`] fields.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BestMoveReport {
    /// The move in move text.
    #[serde(rename = "move")]
    pub mv: String,
    /// What the search found.
    #[serde(flatten)]
    pub search: SearchSummary,
}

/// What a search found for the move it chose, as the best-move report and
/// the engine's move of the web API (`POST /api/engine-move`) both give
/// it: `{"score", "pv", "depth", "nodes", "time_ms"}`, the [`Tables`]
/// fields, and `"book": true` for a move of the opening book.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SearchSummary {
    /// The move's score for the side to move.
    pub score: Score,
    /// The line it begins, in move text.
    pub pv: Vec<String>,
    /// The iteration the move comes from: the last completed one, or the
    /// one the search stopped in when it found the move there (then
    /// `partial`).
    pub depth: u32,
    /// Whether iteration `depth` was stopped before it completed
    /// (`"partial": true`; left out otherwise): the move is the best of
    /// the root moves it searched.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub partial: bool,
    /// Nodes searched.
    pub nodes: u64,
    /// Time the search took (`"time_ms"`, whole milliseconds).
    #[serde(rename = "time_ms", serialize_with = "millis")]
    pub time: Duration,
    /// What endgame tables said.
    #[serde(flatten)]
    pub tables: Tables,
    /// Whether the move came from the opening book without a search
    /// (`"book": true`, with depth and nodes 0; left out otherwise).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub book: bool,
}

impl BestMoveReport {
    /// The report of `best`, from a search of `pos`.
    pub fn new(pos: &Position, rules: &Rules, best: &BestMove) -> BestMoveReport {
        BestMoveReport {
            mv: write_move(pos, rules, &best.mv),
            search: SearchSummary::new(pos, rules, best),
        }
    }
}

impl SearchSummary {
    /// What the search of `pos` found for `best`.
    pub fn new(pos: &Position, rules: &Rules, best: &BestMove) -> SearchSummary {
        SearchSummary {
            score: best.score,
            pv: write_line(pos, rules, &best.pv),
            depth: best.depth,
            partial: best.partial,
            nodes: best.nodes,
            time: best.time,
            tables: Tables::new(best.tb.as_ref(), best.tbhits),
            book: best.book,
        }
    }
}

/// The engine's move in a game, played: `{"move": {move object}, "fen":
/// "…after…", "outcome": null | {…}}` and the [`SearchSummary`] fields;
/// when the game was already over `{"move": null, "fen", "outcome"}`.
/// The answer of the web API's `POST /api/engine-move`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EngineMove {
    /// The move played, as `tama_notation`'s move object.
    #[serde(rename = "move")]
    pub mv: Option<MoveJson>,
    /// The position after it, in FEN.
    pub fen: String,
    /// How the game ended, if it has.
    pub outcome: Option<Outcome>,
    /// What the search found (none when the game was over).
    #[serde(flatten)]
    pub search: Option<SearchSummary>,
}

impl EngineMove {
    /// Plays the move of `result`, the search of the current position of
    /// `game`, in `game`, and reports it.
    pub fn play(game: &mut Game, result: &SearchResult) -> EngineMove {
        let search = match result {
            SearchResult::GameOver(outcome) => {
                return EngineMove {
                    mv: None,
                    fen: write_fen(game.position()),
                    outcome: Some(*outcome),
                    search: None,
                }
            }
            SearchResult::Move(best) => {
                let (before, rules) = (*game.position(), *game.rules());
                let played = game.play(&best.mv).is_ok();
                // The engine only returns legal moves.
                debug_assert!(played);
                (
                    move_json(&before, &rules, &best.mv),
                    SearchSummary::new(&before, &rules, best),
                )
            }
        };
        EngineMove {
            mv: Some(search.0),
            fen: write_fen(game.position()),
            outcome: game.outcome(),
            search: Some(search.1),
        }
    }
}

/// `bestmove c3-d4 score +0.35 depth 6 pv c3-d4 b6-b5`, with
/// ` (tables: …)` after the score when a table decided, `depth 7
/// (partial)` when the move comes from an iteration stopped before its
/// end, and `(book)` instead of the depth for a book move.
impl fmt::Display for BestMoveReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let search = &self.search;
        write!(
            f,
            "bestmove {} score {}{}",
            self.mv, search.score, search.tables
        )?;
        if search.book {
            write!(f, " (book)")?;
        } else {
            write!(f, " depth {}", search.depth)?;
            if search.partial {
                write!(f, " (partial)")?;
            }
        }
        write!(f, " pv {}", search.pv.join(" "))
    }
}

/// Which bound a score is: `"lower"` (at least) or `"upper"` (at most).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Bound {
    /// The true score is at least this (a fail high).
    Lower,
    /// The true score is at most this (a fail low).
    Upper,
}

impl Bound {
    /// `lower` or `upper`.
    pub const fn name(self) -> &'static str {
        match self {
            Bound::Lower => "lower",
            Bound::Upper => "upper",
        }
    }
}

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What endgame tables added to a report: `"tb"` (`"win"`, `"draw"` or
/// `"loss"`), `"distance"` (plies) and `"tbkind"` (the kind of table that
/// answered) when a table decided the score, `"tbhits"` when the search
/// probed them; nothing without tables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tables {
    /// The table value of the position for the side to move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tb: Option<Wdl>,
    /// Plies to the result under the tables' metric, with `tb`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distance: Option<u32>,
    /// The kind of table that answered, with `tb`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tbkind: Option<TableKind>,
    /// Table probes during the search.
    #[serde(skip_serializing_if = "is_zero")]
    pub tbhits: u64,
}

impl Tables {
    /// The fields for a table value (if one decided the score) and a count
    /// of probes: a win/draw/loss table's value without its distance.
    pub fn new(value: Option<&OracleValue>, tbhits: u64) -> Tables {
        Tables {
            tb: value.map(|v| v.wdl),
            distance: value.and_then(|v| v.known_distance()),
            tbkind: value.map(|v| v.kind),
            tbhits,
        }
    }
}

/// ` (tables: win in 37 plies)`, ` (tables: draw)`, or nothing when no
/// table decided the score.
impl fmt::Display for Tables {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.tb, self.distance) {
            (None, _) => Ok(()),
            (Some(wdl), None | Some(0)) => write!(f, " (tables: {wdl})"),
            (Some(wdl), Some(d)) => write!(f, " (tables: {wdl} in {d} plies)"),
        }
    }
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

fn millis<S: Serializer>(time: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u64(time.as_millis() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tama_core::{Color, Termination};
    use tama_notation::movetext::parse_move;
    use tama_search::InfoKind;

    fn json(report: &Report) -> String {
        serde_json::to_string(report).unwrap()
    }

    fn info(pos: &Position, rules: &Rules) -> Info {
        let first = parse_move("c3-d4", pos, rules).unwrap();
        let reply = parse_move("b6-b5", &pos.play_unchecked(&first), rules).unwrap();
        Info {
            kind: InfoKind::Iteration,
            depth: 6,
            seldepth: 9,
            multipv: 1,
            score: Score::centi_men(35),
            lower_bound: false,
            upper_bound: false,
            nodes: 5000,
            nps: 100_000,
            time: Duration::from_micros(50_900),
            hashfull: 3,
            pv: vec![first, reply],
            tb: None,
            tbhits: 0,
        }
    }

    #[test]
    fn an_iteration_as_json_and_text() {
        let (pos, rules) = (Position::start(), Rules::ARMENIAN);
        let mut i = info(&pos, &rules);
        let r = Report::info(&pos, &rules, &i);
        assert_eq!(
            json(&r),
            r#"{"type":"info","depth":6,"seldepth":9,"multipv":1,"score":{"cm":35},"nodes":5000,"nps":100000,"time_ms":50,"hashfull":3,"pv":["c3-d4","b6-b5"]}"#
        );
        assert_eq!(
            r.to_string(),
            "depth 6/9 multipv 1 score +0.35 nodes 5000 nps 100000 time 0.051 hashfull 3 pv c3-d4 b6-b5"
        );
        // A bound and a table value; probes without a decided value.
        i.upper_bound = true;
        i.score = Score::win_in(7);
        i.tb = Some(OracleValue::counted(Wdl::Win, 7));
        i.tbhits = 12;
        let r = Report::info(&pos, &rules, &i);
        assert!(
            json(&r).ends_with(
                r#""pv":["c3-d4","b6-b5"],"bound":"upper","tb":"win","distance":7,"tbkind":"distance","tbhits":12}"#
            ),
            "{}",
            json(&r)
        );
        assert!(
            r.to_string().starts_with(
                "depth 6/9 multipv 1 score win in 7 (upper bound) (tables: win in 7 plies) nodes"
            ),
            "{r}"
        );
        // A win/draw/loss table's win: its kind, no distance.
        i.tb = Some(OracleValue::wdl_only(Wdl::Win));
        let r = Report::info(&pos, &rules, &i);
        assert!(
            json(&r).ends_with(r#""bound":"upper","tb":"win","tbkind":"wdl","tbhits":12}"#),
            "{}",
            json(&r)
        );
        assert!(r.to_string().contains(" (tables: win) nodes"), "{r}");
        i.tb = None;
        assert!(json(&Report::info(&pos, &rules, &i)).ends_with(r#""bound":"upper","tbhits":12}"#));
    }

    #[test]
    fn a_best_move_and_a_finished_game() {
        let (pos, rules) = (Position::start(), Rules::ARMENIAN);
        let i = info(&pos, &rules);
        let best = BestMove {
            mv: i.pv[0],
            score: Score::loss_in(4),
            pv: i.pv.clone(),
            lines: Vec::new(),
            depth: 6,
            seldepth: 9,
            nodes: 7000,
            time: Duration::from_millis(70),
            interrupted: false,
            partial: false,
            tb: Some(OracleValue::counted(Wdl::Draw, 0)),
            tbhits: 0,
            book: false,
        };
        let r = Report::result(&pos, &rules, &SearchResult::Move(best.clone()));
        assert_eq!(
            json(&r),
            r#"{"type":"bestmove","move":"c3-d4","score":{"loss":4},"pv":["c3-d4","b6-b5"],"depth":6,"nodes":7000,"time_ms":70,"tb":"draw","distance":0,"tbkind":"distance"}"#
        );
        assert_eq!(
            r.to_string(),
            "bestmove c3-d4 score loss in 4 (tables: draw) depth 6 pv c3-d4 b6-b5"
        );
        // A move found in an iteration stopped before its end says so,
        // with the iteration it comes from.
        let mut partial = best.clone();
        (partial.depth, partial.partial, partial.tb) = (7, true, None);
        let r = Report::result(&pos, &rules, &SearchResult::Move(partial));
        assert!(
            json(&r).contains(r#""depth":7,"partial":true,"nodes""#),
            "{}",
            json(&r)
        );
        assert_eq!(
            r.to_string(),
            "bestmove c3-d4 score loss in 4 depth 7 (partial) pv c3-d4 b6-b5"
        );
        let over = Outcome::win(Color::Black, Termination::NoLegalMoves);
        let r = Report::result(&pos, &rules, &SearchResult::GameOver(over));
        assert_eq!(
            json(&r),
            r#"{"type":"gameover","winner":"black","termination":"no legal move"}"#
        );
        assert_eq!(r.to_string(), "game over: black wins (no legal move)");
        let draw = Outcome::draw(Termination::Repetition);
        let r = Report::result(&pos, &rules, &SearchResult::GameOver(draw));
        assert_eq!(
            json(&r),
            r#"{"type":"gameover","winner":null,"termination":"threefold repetition"}"#
        );
        assert_eq!(r.to_string(), "game over: draw (threefold repetition)");
    }

    #[test]
    fn the_engine_move_is_the_move_object_the_position_after_and_the_search() {
        let rules = Rules::ARMENIAN;
        let mut game = Game::new(rules);
        let mv = parse_move("c3-d4", game.position(), &rules).unwrap();
        let best = BestMove {
            mv,
            score: Score::centi_men(35),
            pv: vec![mv],
            lines: Vec::new(),
            depth: 6,
            seldepth: 8,
            nodes: 5000,
            time: Duration::from_millis(50),
            interrupted: false,
            partial: false,
            tb: None,
            tbhits: 0,
            book: false,
        };
        let report = Report::BestMove(BestMoveReport::new(game.position(), &rules, &best));
        let played = EngineMove::play(&mut game, &SearchResult::Move(best));
        assert_eq!(game.moves(), [mv]);
        let v = serde_json::to_value(&played).unwrap();
        let keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
        assert_eq!(
            keys,
            ["move", "fen", "outcome", "score", "pv", "depth", "nodes", "time_ms"]
        );
        assert_eq!(v["move"]["move"], "c3-d4");
        assert_eq!(v["fen"], write_fen(game.position()));
        assert_eq!(v["outcome"], serde_json::Value::Null);
        assert_eq!(v["score"], serde_json::json!({"cm": 35}));
        assert_eq!(v["time_ms"], 50);
        // The best-move report gives the same figures after its move text.
        let r = serde_json::to_value(&report).unwrap();
        for key in ["score", "pv", "depth", "nodes", "time_ms"] {
            assert_eq!(r[key], v[key], "{key}");
        }
        // A finished game: no move, the outcome, no figures.
        let over = Outcome::win(Color::White, Termination::NoLegalMoves);
        let v = serde_json::to_value(EngineMove::play(&mut game, &SearchResult::GameOver(over)))
            .unwrap();
        assert_eq!(v.as_object().unwrap().len(), 3);
        assert_eq!(v["move"], serde_json::Value::Null);
        assert_eq!(v["outcome"], serde_json::to_value(over).unwrap());
    }
}
