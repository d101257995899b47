//! The engine's part of `tama play`: its moves, hints, evaluations and
//! answers to draw offers, with the live progress line.

use tama_core::Game;
use tama_notation::movetext::write_move;
use tama_search::{Engine, Info, InfoKind, Limits, Pondered, Score, SearchResult};

use super::session::{
    Io, Next, Session, DRAW_ACCEPT_CENTI_MEN, DRAW_OFFER_MIN_MOVE, LINE_LENGTH, LIVE_LINE_LENGTH,
    WATCH_MAX_PLIES,
};
use super::text::{ending, line, move_number, white_score};
use crate::board::color_name as side_name;
use crate::error::CliError;

impl Session<'_> {
    /// The engine, made on first use; back from thinking on the person's
    /// time, if it was (that search is stopped: the person asked for
    /// something else).
    pub(super) fn engine(&mut self) -> &mut Engine {
        if let Some(pondering) = self.pondering.take() {
            self.engine = Some(pondering.stop());
        }
        let config = &self.config;
        self.engine
            .get_or_insert_with(|| Box::new(Engine::new(config.engine.clone())))
    }

    /// The limits of the engine's next move: its strength, or on a clock
    /// its own time management (a level's depth still bounds it).
    fn move_limits(&self) -> Limits {
        let mut limits = self.strength.limits();
        if self.game.clock().is_some() {
            limits.movetime = None;
            limits = limits.with_clock_of(&self.game);
        }
        limits
    }

    /// After the engine's move, when a person is to move: with `--ponder`
    /// the engine thinks on the person's time about the position after
    /// the reply its line expects.
    fn start_pondering(&mut self) {
        let turn = self.position().turn();
        if !self.config.engine.search.ponder
            || self.outcome().is_some()
            || !self.is_human(turn)
            || self.pondering.is_some()
        {
            return;
        }
        let Some(expected) = self.expected.take() else {
            return;
        };
        let limits = self.move_limits();
        let Some(engine) = self.engine.take() else {
            return;
        };
        match engine.ponder(&self.game, expected, &limits) {
            Ok(pondering) => self.pondering = Some(pondering),
            Err(engine) => self.engine = Some(engine),
        }
    }

    /// Lets the engine move while it is its turn and the game goes on.
    pub(super) fn engine_turns(&mut self) -> Io {
        let mut plies = 0;
        while self.outcome().is_none() && !self.is_human(self.position().turn()) {
            if plies == WATCH_MAX_PLIES {
                writeln!(
                    self.out,
                    "Stopped after {plies} moves without a result; `go` plays on."
                )?;
                break;
            }
            self.engine_move()?;
            self.show()?;
            plies += 1;
        }
        self.start_pondering();
        Ok(())
    }

    /// Searches the current position at the session's strength, showing
    /// the progress; returns the result.
    pub(super) fn think(&mut self, limits: &Limits) -> Result<SearchResult, CliError> {
        let rules = self.rules();
        let root = self.position();
        let live = self.config.term.live_output();
        self.engine();
        let engine = self.engine.as_mut().expect("just made");
        let out = &mut *self.out;
        let mut failed: Option<std::io::Error> = None;
        let result = engine.search_game(&self.game, limits, |info: &Info| {
            if !live || failed.is_some() {
                return;
            }
            let kind = match info.kind {
                InfoKind::Iteration => "",
                InfoKind::NewBest => "…",
            };
            // Short enough for one line of an 80-column terminal.
            let text = format!(
                "\r\x1b[2K  thinking: depth {}{kind}  {}  {:.1} s  {}",
                info.depth,
                white_score(info.score, root.turn()),
                info.time.as_secs_f64(),
                line(&root, &rules, &info.pv, LIVE_LINE_LENGTH)
            );
            if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                failed = Some(e);
            }
        });
        if live {
            write!(self.out, "\r\x1b[2K")?;
        }
        if let Some(e) = failed {
            return Err(e.into());
        }
        Ok(result)
    }

    /// The engine plays one move for the side to move.
    pub(super) fn engine_move(&mut self) -> Io {
        let turn = self.position().turn();
        let root = self.position();
        let limits = self.move_limits();
        self.mark = std::time::Instant::now();
        // The person played the move the engine pondered on: its search
        // goes on under the clock from now and gives the move.
        let pondered = match self.pondering.take().map(|p| p.finish(&self.game)) {
            Some(Pondered::Hit(engine, result)) => {
                self.engine = Some(engine);
                Some(result)
            }
            Some(Pondered::Miss(engine)) => {
                self.engine = Some(engine);
                None
            }
            None => None,
        };
        let hit = pondered.is_some();
        let result = match pondered {
            Some(result) => result,
            None => self.think(&limits)?,
        };
        if self.charge().is_some() {
            // Its flag fell while it thought: the move comes too late.
            return Ok(());
        }
        match result {
            SearchResult::Move(best) => {
                let rules = self.rules();
                let text = write_move(&root, &rules, &best.mv);
                let who = if self.config.humans == [false, false] {
                    format!("tama ({})", side_name(turn))
                } else {
                    "tama".to_string()
                };
                let on_your_time = if hit { "; thought on your time" } else { "" };
                if best.book {
                    writeln!(
                        self.out,
                        "{who} plays {text}  (book, eval {}{on_your_time})",
                        white_score(best.score, turn)
                    )?;
                } else if best.depth == 0 {
                    writeln!(
                        self.out,
                        "{who} plays {text}  (the only move{on_your_time})"
                    )?;
                } else {
                    writeln!(
                        self.out,
                        "{who} plays {text}  (depth {}, eval {}; line {}{on_your_time})",
                        best.depth,
                        white_score(best.score, turn),
                        line(&root, &rules, &best.pv, LINE_LENGTH)
                    )?;
                }
                self.expected = best.pv.get(1).copied();
                self.game
                    .play(&best.mv)
                    .expect("the engine plays legal moves");
            }
            SearchResult::GameOver(outcome) => {
                // The engine saw the end first (its own repetition test).
                let _ = self.game.end(outcome);
            }
        }
        Ok(())
    }

    pub(super) fn hint(&mut self) -> Result<Next, CliError> {
        if let Some(o) = self.outcome() {
            writeln!(self.out, "No hint: the game is over ({}).", o.termination)?;
            return Ok(Next::Continue);
        }
        let root = self.position();
        let rules = self.rules();
        let limits = self.strength.limits();
        if let SearchResult::Move(best) = self.think(&limits)? {
            let text = write_move(&root, &rules, &best.mv);
            if best.book {
                writeln!(
                    self.out,
                    "Hint: {text}  (book, eval {})",
                    white_score(best.score, root.turn())
                )?;
            } else if best.depth == 0 {
                writeln!(self.out, "Hint: {text}  (the only move)")?;
            } else {
                writeln!(
                    self.out,
                    "Hint: {text}  (depth {}, eval {}; line {})",
                    best.depth,
                    white_score(best.score, root.turn()),
                    line(&root, &rules, &best.pv, LINE_LENGTH)
                )?;
            }
        }
        Ok(Next::Continue)
    }

    pub(super) fn eval(&mut self) -> Result<Next, CliError> {
        let root = self.position();
        let rules = self.rules();
        if let Some(o) = self.outcome() {
            writeln!(self.out, "The game is over: {}", ending(o, root.turn()))?;
            return Ok(Next::Continue);
        }
        // Searched even when only one move is legal.
        let limits = Limits {
            infinite: true,
            ..self.strength.limits()
        };
        let stat = self.engine().evaluate(&root, &rules);
        if let SearchResult::Move(best) = self.think(&limits)? {
            writeln!(
                self.out,
                "Evaluation: {} (depth {}, static {}); best line: {}",
                white_score(best.score, root.turn()),
                best.depth,
                white_score(stat, root.turn()),
                line(&root, &rules, &best.pv, LINE_LENGTH)
            )?;
        }
        Ok(Next::Continue)
    }

    pub(super) fn draw(&mut self) -> Result<Next, CliError> {
        if let Some(o) = self.outcome() {
            writeln!(self.out, "The game is already over ({}).", o.termination)?;
            return Ok(Next::Continue);
        }
        let turn = self.position().turn();
        let opponent = turn.opponent();
        if self.is_human(opponent) || !self.is_human(turn) {
            // People at one keyboard agree at once.
            self.end(Game::agree_draw)?;
            return Ok(Next::Continue);
        }
        let plies = self.game.moves().len();
        let (number, _) = move_number(self.game.start().turn(), self.first_number, plies);
        if number < DRAW_OFFER_MIN_MOVE {
            writeln!(
                self.out,
                "tama declines the draw: too early (it considers offers from move {DRAW_OFFER_MIN_MOVE} on)."
            )?;
            return Ok(Next::Continue);
        }
        let limits = Limits {
            infinite: true,
            ..self.strength.limits()
        };
        let root = self.position();
        let SearchResult::Move(best) = self.think(&limits)? else {
            return Ok(Next::Continue);
        };
        // The score is for the side to move (the person); the engine's own
        // view is its negation.
        let engine_view = -best.score;
        if engine_view <= Score::centi_men(DRAW_ACCEPT_CENTI_MEN) {
            writeln!(
                self.out,
                "tama accepts the draw (its evaluation: {}).",
                white_score(best.score, root.turn())
            )?;
            self.end(Game::agree_draw)?;
            Ok(Next::Continue)
        } else {
            writeln!(
                self.out,
                "tama declines the draw (its evaluation: {}).",
                white_score(best.score, root.turn())
            )?;
            Ok(Next::Continue)
        }
    }
}
