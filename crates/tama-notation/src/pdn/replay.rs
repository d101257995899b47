//! Replay: checks a [`RawGame`] against the rules and builds a
//! [`PdnGame`].

use tama_core::{
    history_outcome, Color, Move, MoveList, Position, Repetitions, Rules, Termination,
};

use super::error::{without_column, PdnError, PdnErrorKind as K};
use super::game::{Line, Node, PdnGame};
use super::source::Pos;
use super::syntax::{RawGame, RawNode, RawTag};
use super::tags::{structural, Tags};
use super::{GameResult, MAX_VARIATION_DEPTH};
use crate::fen::parse_fen;
use crate::movetext::MoveText;
use crate::rules_text::parse_rules;

fn err(p: Pos, kind: K) -> PdnError {
    PdnError::new(p.line, p.col, kind)
}

/// The position of character `column` (1-based) of a tag value.
fn value_pos(tag: &RawTag, column: usize) -> Pos {
    if tag.escaped || tag.value_pos.line == 0 {
        tag.value_pos
    } else {
        Pos {
            line: tag.value_pos.line,
            col: tag.value_pos.col + column.saturating_sub(1),
        }
    }
}

fn bad_value(tag: &RawTag, column: usize, message: String) -> PdnError {
    err(
        value_pos(tag, column),
        K::BadTagValue {
            tag: tag.name.clone(),
            message,
        },
    )
}

/// The rules a `GameType` value names.
fn rules_from_game_type(tag: &RawTag) -> Result<Rules, PdnError> {
    let number = tag.value.split(',').next().unwrap_or("").trim();
    match number.parse::<u32>() {
        Ok(30) => Ok(Rules::TURKISH),
        Ok(44) => Ok(Rules::ARMENIAN),
        _ => Err(bad_value(
            tag,
            1,
            format!(
                "game type `{number}` is neither Turkish (30) nor Armenian (44) draughts; a Rules tag can name the rules"
            ),
        )),
    }
}

/// Replays game records, keeping its buffers from one game to the next.
#[derive(Default)]
pub(crate) struct Replayer {
    history: History,
}

impl Replayer {
    /// Replays a game record: every tag understood, every move of every
    /// line resolved, the result checked.
    pub(crate) fn replay(&mut self, raw: RawGame) -> Result<PdnGame, PdnError> {
        self.history.reps.clear();
        replay(raw, &mut self.history)
    }
}

/// Replays a game record with a fresh replayer.
pub(crate) fn replay_one(raw: RawGame) -> Result<PdnGame, PdnError> {
    Replayer::default().replay(raw)
}

fn replay(raw: RawGame, history: &mut History) -> Result<PdnGame, PdnError> {
    let mut tags = Tags::new();
    let mut rules_tag = None;
    let mut game_type = None;
    let mut fen_tag = None;
    let mut result_tag = None;
    let mut setup_tag = None;
    for t in &raw.tags {
        let slot = match structural(&t.name) {
            Some("Rules") => &mut rules_tag,
            Some("GameType") => &mut game_type,
            Some("FEN") => &mut fen_tag,
            Some("Result") => &mut result_tag,
            Some(_) => &mut setup_tag,
            None => {
                if tags.get(&t.name).is_some() {
                    return Err(err(t.name_pos, K::DuplicateTag(t.name.clone())));
                }
                tags.insert(&t.name, &t.value);
                continue;
            }
        };
        if slot.is_some() {
            return Err(err(t.name_pos, K::DuplicateTag(t.name.clone())));
        }
        *slot = Some(t);
    }
    let rules = match (rules_tag, game_type) {
        (Some(t), _) => {
            let text = t.value.trim();
            let lead = t.value.len() - t.value.trim_start().len();
            parse_rules(text)
                .map_err(|e| bad_value(t, lead + e.column, without_column(&e.to_string())))?
        }
        (None, Some(t)) => rules_from_game_type(t)?,
        (None, None) => Rules::ARMENIAN,
    };
    let (start, fullmove) = match fen_tag {
        Some(t) => {
            let fen = parse_fen(&t.value)
                .map_err(|e| bad_value(t, e.column, without_column(&e.to_string())))?;
            (fen.position, fen.fullmove_number)
        }
        None => (Position::start(), None),
    };
    if let Some(t) = result_tag {
        let tag: GameResult = t
            .value
            .parse()
            .map_err(|e: super::ParseResultError| bad_value(t, 1, e.to_string()))?;
        if tag != raw.result {
            return Err(err(
                raw.result_pos,
                K::ResultTagMismatch {
                    token: raw.result,
                    tag,
                },
            ));
        }
    }
    let first_move_number = if raw.main.is_empty() {
        1
    } else {
        raw.first_number.or(fullmove).unwrap_or(1)
    };

    history.reps.push(start);
    let main = replay_line(raw.main, start, history, &rules, 0)?;

    // The result must agree with a game that ended on the board.
    let end = main.end();
    let over = history_outcome(&history.reps, &rules);
    if let Some(o) = over {
        let expected = GameResult::from_outcome(o);
        if raw.result != expected {
            let reason = match o.termination {
                Termination::NoLegalMoves => {
                    format!("{} has no legal move", color_name(end.turn()))
                }
                Termination::OnePieceEach => "each side has one piece left".to_string(),
                Termination::Repetition => "the position occurred for the third time".to_string(),
                other => other.to_string(),
            };
            return Err(err(
                raw.result_pos,
                K::ResultMismatch {
                    given: raw.result,
                    expected,
                    reason,
                },
            ));
        }
    }
    Ok(PdnGame {
        tags,
        rules,
        first_move_number,
        main,
        comments: raw.comments,
        result: raw.result,
    })
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Replays one line from `start` (the last position of `history`).
fn replay_line(
    raw: Vec<RawNode>,
    start: Position,
    history: &mut History,
    rules: &Rules,
    depth: usize,
) -> Result<Line, PdnError> {
    if depth > MAX_VARIATION_DEPTH {
        let p = raw.first().map(|n| n.pos).unwrap_or_default();
        return Err(err(p, K::TooDeep(MAX_VARIATION_DEPTH)));
    }
    let base = history.reps.len();
    let mut line = Line::new(start);
    line.nodes.reserve_exact(raw.len());
    let mut pos = start;
    for rn in raw {
        if pos.is_draw_one_each(rules) {
            return Err(err(rn.pos, K::GameOver(Termination::OnePieceEach)));
        }
        if rules.draw_repetition && history.reps.is_threefold() {
            return Err(err(rn.pos, K::GameOver(Termination::Repetition)));
        }
        let mv = match resolve(&rn.text, &pos, rules, &mut history.scratch) {
            Some(mv) => mv,
            None if history.scratch.is_empty() => {
                return Err(err(rn.pos, K::GameOver(Termination::NoLegalMoves)));
            }
            // `resolve` explains the failure (it applies the same test).
            None => rn
                .text
                .resolve(&pos, rules)
                .map_err(|e| err(rn.pos, K::Resolve(e)))?,
        };
        let mut node = Node::new(mv);
        node.annotation = rn.mark;
        node.nags = rn.nags;
        node.comments_before = rn.before;
        node.comments_after = rn.after;
        node.variations.reserve_exact(rn.variations.len());
        for var in rn.variations {
            node.variations
                .push(replay_line(var, pos, history, rules, depth + 1)?);
        }
        pos = pos.play_unchecked(&mv);
        history.reps.push(pos);
        line.nodes.push(node);
    }
    if depth > 0 {
        history.reps.truncate(base);
    }
    Ok(line)
}

/// The one legal move `text` names, found with the allocation-free move
/// generator and [`MoveText::matches`] (the test [`MoveText::resolve`]
/// uses); `None` when there is none or several, and the caller asks
/// `resolve` for the error. `list` holds the legal moves afterwards.
fn resolve(text: &MoveText, pos: &Position, rules: &Rules, list: &mut MoveList) -> Option<Move> {
    pos.generate_moves(rules, list);
    let (from, to) = (text.from(), text.to());
    let mut found = None;
    for mv in list.iter() {
        // `matches` needs the start and end squares to agree: test them
        // here first, cheaply.
        if mv.from() == from && mv.to() == to && text.matches(pos, rules, mv) {
            if found.is_some() {
                return None;
            }
            found = Some(*mv);
        }
    }
    found
}

/// The positions of the line being replayed (the repetition tracker of
/// `tama_core`) and a move list reused for every move.
#[derive(Default)]
struct History {
    reps: Repetitions,
    scratch: MoveList,
}
