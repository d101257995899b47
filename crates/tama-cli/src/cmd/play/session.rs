//! The interactive session of `tama play`: the game, whose turn it is, the
//! engine, and the commands.

use std::io::{BufRead, Write};
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use tama_core::{Color, Game, Move, Outcome, Position, Rules, Square, Termination};
use tama_notation::fen::{parse_fen, write_fen, Fen};
use tama_notation::movetext::{write_move, MoveText};
use tama_notation::pdn::{GameResult, PdnGame, PdnReader};
use tama_notation::rules_text::write_rules;
use tama_search::{Engine, EngineConfig, Info, InfoKind, Limits, Score, SearchResult};

use super::text::{ending, line, move_list, move_rows, white_score};
use super::{side_name, Strength};
use crate::board::{BoardView, Marks};
use crate::error::CliError;
use crate::terminal::{Style, Terminal};

/// The engine only considers a draw offer from this move number on.
pub const DRAW_OFFER_MIN_MOVE: usize = 11;

/// The engine accepts a draw when its own evaluation is at most this
/// (centi-men, from its side): the position is about equal, or worse for
/// it.
pub const DRAW_ACCEPT_CENTI_MEN: i32 = 30;

/// When the engine plays both sides, it stops after this many moves in a
/// row without a result (`go` continues).
pub const WATCH_MAX_PLIES: usize = 600;

/// How many moves of a principal variation are shown.
const LINE_LENGTH: usize = 10;

/// How many moves of a principal variation the live progress line shows.
const LIVE_LINE_LENGTH: usize = 5;

/// How many rows of the move list are shown beside the board.
const MOVE_ROWS: usize = 6;

/// The settings a session starts with.
#[derive(Clone, Debug)]
pub struct Config {
    /// The rules.
    pub rules: Rules,
    /// The start position (also for `new`).
    pub start: Position,
    /// The number of the first move (the position text's move number).
    pub first_move_number: usize,
    /// Whether a person plays each colour (by [`Color::index`]).
    pub humans: [bool; 2],
    /// Draw the board from Black's side.
    pub flip: bool,
    /// The engine's strength.
    pub strength: Strength,
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// Search threads.
    pub threads: usize,
    /// Characters and colours of the board.
    pub style: Style,
    /// What the streams are connected to.
    pub term: Terminal,
}

/// What the session does after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Next {
    /// Read the next line.
    Continue,
    /// The position changed: draw the board, then let the engine move.
    Changed,
    /// Leave.
    Quit,
}

/// An interactive game.
pub struct Session<'a> {
    config: Config,
    game: Game,
    /// The number of the game's first move.
    first_number: usize,
    /// How the game ended off the board (agreement, resignation), if it did.
    ended: Option<Outcome>,
    /// The engine, made when first needed: two people at one keyboard may
    /// never ask it, and its tables take time to set up.
    engine: Option<Engine>,
    strength: Strength,
    flip: bool,
    out: &'a mut dyn Write,
}

type Io = Result<(), CliError>;

impl<'a> Session<'a> {
    /// A session writing to `out`.
    pub fn new(config: Config, out: &'a mut dyn Write) -> Session<'a> {
        Session {
            game: Game::from_position(config.rules, config.start),
            first_number: config.first_move_number,
            ended: None,
            engine: None,
            strength: config.strength,
            flip: config.flip,
            config,
            out,
        }
    }

    /// Plays until `quit` or the end of `input`.
    ///
    /// # Errors
    ///
    /// Only when reading or writing fails.
    pub fn run(&mut self, input: &mut dyn BufRead) -> Io {
        self.greet()?;
        self.show()?;
        self.engine_turns()?;
        let mut line = String::new();
        loop {
            self.prompt()?;
            line.clear();
            if input.read_line(&mut line)? == 0 {
                // End of input: leave quietly, on a fresh line.
                writeln!(self.out)?;
                break;
            }
            if !self.config.term.stdin {
                // Nobody saw the line typed: echo it after the prompt.
                writeln!(self.out, "{}", line.trim_end())?;
            }
            match self.command(line.trim())? {
                Next::Continue => {}
                Next::Changed => {
                    self.show()?;
                    self.engine_turns()?;
                }
                Next::Quit => break,
            }
        }
        self.out.flush()?;
        Ok(())
    }

    fn rules(&self) -> Rules {
        self.config.rules
    }

    /// The engine, made on first use.
    fn engine(&mut self) -> &mut Engine {
        let config = &self.config;
        self.engine.get_or_insert_with(|| {
            Engine::new(EngineConfig {
                hash_mib: config.hash_mib,
                threads: config.threads,
                ..EngineConfig::default()
            })
        })
    }

    fn position(&self) -> Position {
        *self.game.position()
    }

    fn is_human(&self, color: Color) -> bool {
        self.config.humans[color.index()]
    }

    /// The game's outcome: on the board, or by agreement or resignation.
    fn outcome(&self) -> Option<Outcome> {
        self.ended.or_else(|| self.game.outcome())
    }

    /// The name of a side's player: `you`, `tama, level 5`, `White`.
    fn player(&self, color: Color) -> String {
        let [w, b] = self.config.humans;
        match (self.is_human(color), w && b) {
            (true, true) => side_name(color).to_string(),
            (true, false) => "you".to_string(),
            (false, _) => format!("tama, {}", self.strength.describe()),
        }
    }

    fn greet(&mut self) -> Io {
        let rules = write_rules(&self.rules());
        let who = match self.config.humans {
            [true, false] => "You play White against tama".to_string(),
            [false, true] => "You play Black against tama".to_string(),
            [true, true] => "Two players, no engine".to_string(),
            [false, false] => "tama plays itself".to_string(),
        };
        let level = match self.strength {
            _ if self.config.humans == [true, true] => String::new(),
            Strength::Level(_) => format!(
                " at {} ({})",
                self.strength.describe(),
                self.strength.explain()
            ),
            _ => format!(" at {}", self.strength.describe()),
        };
        writeln!(self.out, "{who}{level}; rules: {rules}.")?;
        writeln!(self.out, "Type a move (c3-c4, c3c4, d1xb2) or `help`.")?;
        Ok(())
    }

    fn prompt(&mut self) -> Io {
        let text = match self.outcome() {
            Some(_) => "game over".to_string(),
            None => side_name(self.position().turn()).to_string(),
        };
        write!(self.out, "{text}> ")?;
        self.out.flush()?;
        Ok(())
    }

    /// Draws the board with the last move marked and the move list beside
    /// it, then the turn or the end of the game.
    fn show(&mut self) -> Io {
        let rules = self.rules();
        let moves = self.game.moves();
        let marks = moves.last().map(|mv| {
            let before = &self.game.positions()[moves.len() - 1];
            Marks::of_move(before, &rules, mv)
        });
        let mut panel = vec![
            format!("White: {}", self.player(Color::White)),
            format!("Black: {}", self.player(Color::Black)),
        ];
        // Only the rows shown are written: writing every move at every
        // board made a long game cost quadratic time.
        let from = first_shown_move(
            self.game.start().turn(),
            self.first_number,
            moves.len(),
            MOVE_ROWS,
        );
        let (from_number, _) =
            super::text::move_number(self.game.start().turn(), self.first_number, from);
        let rows = move_rows(
            &self.game.positions()[from],
            from_number,
            &rules,
            &moves[from..],
        );
        if !rows.is_empty() {
            panel.push(String::new());
            panel.extend(rows);
        }
        let view = BoardView {
            style: self.config.style,
            flip: self.flip,
            marks: marks.as_ref(),
            panel: &panel,
        };
        let board = view.render(&self.position());
        writeln!(self.out)?;
        self.out.write_all(board.as_bytes())?;
        if let Some(mv) = moves.last() {
            let i = moves.len() - 1;
            let before = &self.game.positions()[i];
            let (n, black) =
                super::text::move_number(self.game.start().turn(), self.first_number, i);
            let dots = if black { "..." } else { "." };
            writeln!(
                self.out,
                "Last move: {n}{dots} {}",
                write_move(before, &rules, mv)
            )?;
        }
        match self.outcome() {
            Some(outcome) => self.announce(outcome)?,
            None => {
                let turn = self.position().turn();
                writeln!(
                    self.out,
                    "{} to move ({}).",
                    side_name(turn),
                    self.player(turn)
                )?;
            }
        }
        Ok(())
    }

    fn announce(&mut self, outcome: Outcome) -> Io {
        let result = GameResult::from_outcome(outcome);
        writeln!(
            self.out,
            "Game over ({result}): {}",
            ending(outcome, self.position().turn())
        )?;
        writeln!(
            self.out,
            "Type `new` for another game, `undo` to take back, `save FILE` to keep it, `quit` to leave."
        )?;
        Ok(())
    }

    /// Ends the game off the board (agreement, resignation).
    fn end(&mut self, outcome: Outcome) -> Io {
        self.ended = Some(outcome);
        self.announce(outcome)
    }

    /// Lets the engine move while it is its turn and the game goes on.
    fn engine_turns(&mut self) -> Io {
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
        Ok(())
    }

    /// Searches the current position at the session's strength, showing
    /// the progress; returns the result.
    fn think(&mut self, limits: &Limits) -> Result<SearchResult, CliError> {
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
    fn engine_move(&mut self) -> Io {
        let limits = self.strength.limits();
        let turn = self.position().turn();
        let root = self.position();
        match self.think(&limits)? {
            SearchResult::Move(best) => {
                let rules = self.rules();
                let text = write_move(&root, &rules, &best.mv);
                let who = if self.config.humans == [false, false] {
                    format!("tama ({})", side_name(turn))
                } else {
                    "tama".to_string()
                };
                if best.depth == 0 {
                    writeln!(self.out, "{who} plays {text}  (the only move)")?;
                } else {
                    writeln!(
                        self.out,
                        "{who} plays {text}  (depth {}, eval {}; line {})",
                        best.depth,
                        white_score(best.score, turn),
                        line(&root, &rules, &best.pv, LINE_LENGTH)
                    )?;
                }
                self.game
                    .play(&best.mv)
                    .expect("the engine plays legal moves");
            }
            SearchResult::GameOver(outcome) => self.ended = Some(outcome),
        }
        Ok(())
    }

    /// Carries out one line of input.
    fn command(&mut self, line: &str) -> Result<Next, CliError> {
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        let word_lower = word.to_ascii_lowercase();
        match word_lower.as_str() {
            "" => Ok(Next::Continue),
            "help" | "?" => self.help(),
            "quit" | "exit" | "q" => Ok(Next::Quit),
            "moves" => self.list_moves(rest),
            "undo" | "takeback" => self.undo(),
            "hint" => self.hint(),
            "eval" => self.eval(),
            "flip" => {
                self.flip = !self.flip;
                self.show()?;
                Ok(Next::Continue)
            }
            "board" => {
                self.show()?;
                Ok(Next::Continue)
            }
            "new" => {
                self.game = Game::from_position(self.rules(), self.config.start);
                self.first_number = self.config.first_move_number;
                self.ended = None;
                writeln!(self.out, "New game.")?;
                Ok(Next::Changed)
            }
            "load" => self.load(rest),
            "save" => self.save(rest),
            "level" => self.level(rest),
            "draw" => self.draw(),
            "resign" => self.resign(),
            "go" => self.go(),
            "fen" => {
                writeln!(self.out, "{}", write_fen(&self.position()))?;
                Ok(Next::Continue)
            }
            "history" => {
                let rules = self.rules();
                let list = move_list(
                    self.game.start(),
                    self.first_number,
                    &rules,
                    self.game.moves(),
                );
                if list.is_empty() {
                    writeln!(self.out, "No moves yet.")?;
                } else {
                    writeln!(self.out, "{list}")?;
                }
                Ok(Next::Continue)
            }
            _ => self.try_move(line),
        }
    }

    fn help(&mut self) -> Result<Next, CliError> {
        const HELP: &str = "\
Moves: any move text: c3-c4, c3c4, c3 c4, d1xd4xb4xb2, or just the start and
end square of a capture (d1xb2). A square alone (c3) lists its piece's moves.
Commands:
  moves [SQUARE]   the legal moves (of the piece on SQUARE)
  undo             take back your last move (and the engine's reply)
  hint             the engine's suggestion for the side to move
  eval             the engine's evaluation (+ is good for White, in men)
  go               let the engine play the side to move
  flip             turn the board around
  board            draw the board again
  history          the moves so far
  fen              the position as position text
  new              start again
  load FILE|FEN    load a PDN game (its first game) or a position
  save FILE        save the game as PDN (`save -` prints it)
  level N          engine strength 1 (weakest) to 10
  draw             offer a draw
  resign           give up the game
  quit             leave (so does the end of input)";
        writeln!(self.out, "{HELP}")?;
        Ok(Next::Continue)
    }

    fn list_moves(&mut self, square: &str) -> Result<Next, CliError> {
        let pos = self.position();
        let rules = self.rules();
        let filter: Option<Square> = if square.is_empty() {
            None
        } else {
            match square.parse() {
                Ok(sq) => Some(sq),
                Err(_) => {
                    writeln!(self.out, "`{square}` is not a square (a1 to h8).")?;
                    return Ok(Next::Continue);
                }
            }
        };
        if let Some(o) = self.outcome() {
            writeln!(self.out, "No moves: the game is over ({}).", o.termination)?;
            return Ok(Next::Continue);
        }
        let mut texts: Vec<String> = pos
            .legal_moves(&rules)
            .iter()
            .filter(|m| filter.map_or(true, |sq| m.from() == sq))
            .map(|m| write_move(&pos, &rules, m))
            .collect();
        texts.sort();
        match (filter, texts.is_empty()) {
            (Some(sq), true) => writeln!(self.out, "No legal move from {sq}.")?,
            (_, _) => writeln!(
                self.out,
                "{} legal move{}: {}",
                texts.len(),
                if texts.len() == 1 { "" } else { "s" },
                texts.join(", ")
            )?,
        }
        Ok(Next::Continue)
    }

    fn try_move(&mut self, line: &str) -> Result<Next, CliError> {
        let pos = self.position();
        let rules = self.rules();
        // A square alone: its piece's moves.
        if let Ok(sq) = line.parse::<Square>() {
            return self.list_moves(&sq.to_string());
        }
        // `c3 c4`: squares separated by spaces.
        let joined: String = line.split_whitespace().collect::<Vec<_>>().join("-");
        let text: MoveText = match joined.parse() {
            Ok(t) => t,
            Err(_) => {
                writeln!(
                    self.out,
                    "`{line}` is neither a move nor a command; type `help`."
                )?;
                return Ok(Next::Continue);
            }
        };
        if let Some(o) = self.outcome() {
            writeln!(
                self.out,
                "The game is over ({}); type `new`, `undo` or `quit`.",
                o.termination
            )?;
            return Ok(Next::Continue);
        }
        match text.resolve(&pos, &rules) {
            Ok(mv) => {
                self.play(mv);
                Ok(Next::Changed)
            }
            Err(e) => {
                writeln!(self.out, "{}.", capitalize(&e.to_string()))?;
                Ok(Next::Continue)
            }
        }
    }

    fn play(&mut self, mv: Move) {
        self.game.play(&mv).expect("resolved moves are legal");
    }

    /// Takes back the last move of a person, with the engine's replies
    /// after it; one move when nobody or everybody is a person.
    fn undo(&mut self) -> Result<Next, CliError> {
        let humans = self.config.humans;
        let single = humans[0] == humans[1];
        let moves = self.game.moves().len();
        let positions = self.game.positions();
        // The plies to take back: back to the latest position where a
        // person was to move, strictly before the end.
        let target = if single {
            moves.checked_sub(1)
        } else {
            (0..moves)
                .rev()
                .find(|&i| humans[positions[i].turn().index()])
        };
        let Some(target) = target else {
            writeln!(self.out, "Nothing to take back.")?;
            return Ok(Next::Continue);
        };
        let mut taken = Vec::new();
        while self.game.moves().len() > target {
            let before = self.game.positions()[self.game.moves().len() - 1];
            let mv = self.game.undo().expect("there are moves left");
            taken.push(write_move(&before, &self.rules(), &mv));
        }
        taken.reverse();
        self.ended = None;
        writeln!(self.out, "Took back {}.", taken.join(" "))?;
        Ok(Next::Changed)
    }

    fn hint(&mut self) -> Result<Next, CliError> {
        if let Some(o) = self.outcome() {
            writeln!(self.out, "No hint: the game is over ({}).", o.termination)?;
            return Ok(Next::Continue);
        }
        let root = self.position();
        let rules = self.rules();
        let limits = self.strength.limits();
        if let SearchResult::Move(best) = self.think(&limits)? {
            let text = write_move(&root, &rules, &best.mv);
            if best.depth == 0 {
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

    fn eval(&mut self) -> Result<Next, CliError> {
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

    fn level(&mut self, arg: &str) -> Result<Next, CliError> {
        match arg.parse::<u8>() {
            Ok(n @ 1..=10) => {
                self.strength = Strength::Level(n);
                writeln!(self.out, "Level {n}: {}.", self.strength.explain())?;
            }
            _ => writeln!(
                self.out,
                "Usage: level N, with N from 1 (weakest) to 10; now {} ({}).",
                self.strength.describe(),
                self.strength.explain()
            )?,
        }
        Ok(Next::Continue)
    }

    fn draw(&mut self) -> Result<Next, CliError> {
        if let Some(o) = self.outcome() {
            writeln!(self.out, "The game is already over ({}).", o.termination)?;
            return Ok(Next::Continue);
        }
        let turn = self.position().turn();
        let opponent = turn.opponent();
        if self.is_human(opponent) || !self.is_human(turn) {
            // People at one keyboard agree at once.
            self.end(Outcome::draw(Termination::Agreement))?;
            return Ok(Next::Continue);
        }
        let plies = self.game.moves().len();
        let (number, _) =
            super::text::move_number(self.game.start().turn(), self.first_number, plies);
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
            self.end(Outcome::draw(Termination::Agreement))?;
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

    fn resign(&mut self) -> Result<Next, CliError> {
        if let Some(o) = self.outcome() {
            writeln!(self.out, "The game is already over ({}).", o.termination)?;
            return Ok(Next::Continue);
        }
        let turn = self.position().turn();
        // Against the engine it is always the person's turn here; with two
        // people (or none) the side to move resigns.
        self.end(Outcome::win(turn.opponent(), Termination::Resignation))?;
        Ok(Next::Continue)
    }

    fn go(&mut self) -> Result<Next, CliError> {
        if let Some(o) = self.outcome() {
            writeln!(self.out, "The game is over ({}).", o.termination)?;
            return Ok(Next::Continue);
        }
        self.engine_move()?;
        Ok(Next::Changed)
    }

    fn load(&mut self, arg: &str) -> Result<Next, CliError> {
        if arg.is_empty() {
            writeln!(self.out, "Usage: load FILE (PDN) or load FEN.")?;
            return Ok(Next::Continue);
        }
        let loaded = match parse_fen(arg) {
            Ok(fen) => Ok(Loaded::position(self.rules(), &fen)),
            Err(fen_error) => match std::fs::read_to_string(arg) {
                Ok(text) => Loaded::from_text(&text, &self.rules()),
                Err(_) if looks_like_fen(arg) => Err(format!("invalid position: {fen_error}")),
                Err(e) => Err(format!("cannot read {arg}: {e}")),
            },
        };
        match loaded {
            Ok(loaded) => {
                if loaded.game.rules() != &self.config.rules {
                    writeln!(self.out, "Rules: {}.", write_rules(loaded.game.rules()))?;
                }
                self.config.rules = *loaded.game.rules();
                self.game = loaded.game;
                self.first_number = loaded.first_number;
                self.ended = None;
                writeln!(self.out, "Loaded {}.", loaded.what)?;
                Ok(Next::Changed)
            }
            Err(message) => {
                writeln!(self.out, "Cannot load: {message}.")?;
                Ok(Next::Continue)
            }
        }
    }

    /// The game as a PDN record.
    fn pdn(&self) -> PdnGame {
        let mut pdn = PdnGame::new(self.rules(), *self.game.start());
        pdn.set_first_move_number(u32::try_from(self.first_number).unwrap_or(1));
        let name = |c: Color| {
            if self.is_human(c) {
                if self.config.humans == [true, true] {
                    side_name(c).to_string()
                } else {
                    "Human".to_string()
                }
            } else {
                format!("tama {}", self.strength.describe())
            }
        };
        let tags = [
            ("Event", "tama play".to_string()),
            ("Date", today()),
            ("White", name(Color::White)),
            ("Black", name(Color::Black)),
        ];
        for (tag, value) in tags {
            pdn.set_tag(tag, &value).expect("valid tags");
        }
        for mv in self.game.moves() {
            if pdn.push_move(*mv).is_err() {
                break;
            }
        }
        if let Some(o) = self.ended {
            pdn.set_result(GameResult::from_outcome(o));
            let comment = ending(o, self.position().turn());
            let _ = pdn.push_comment(comment.trim_end_matches('.'));
        }
        pdn
    }

    fn save(&mut self, arg: &str) -> Result<Next, CliError> {
        if arg.is_empty() {
            writeln!(self.out, "Usage: save FILE (`save -` prints the game).")?;
            return Ok(Next::Continue);
        }
        let text = self.pdn().to_pdn();
        if arg == "-" {
            self.out.write_all(text.as_bytes())?;
            return Ok(Next::Continue);
        }
        match std::fs::write(Path::new(arg), text) {
            Ok(()) => writeln!(
                self.out,
                "Saved {} move{} to {arg}.",
                self.game.moves().len(),
                if self.game.moves().len() == 1 {
                    ""
                } else {
                    "s"
                }
            )?,
            Err(e) => writeln!(self.out, "Cannot save to {arg}: {e}.")?,
        }
        Ok(Next::Continue)
    }
}

/// The index of the first move of the last `rows` rows of the move list
/// (a row starts with White's move, or with the game's first move), for a
/// game of `len` moves whose first move has number `first_number` and is
/// played by `first`.
fn first_shown_move(first: Color, first_number: usize, len: usize, rows: usize) -> usize {
    let mut from = len;
    let mut found = 0;
    while from > 0 && found < rows {
        from -= 1;
        let (_, black) = super::text::move_number(first, first_number, from);
        if from == 0 || !black {
            found += 1;
        }
    }
    from
}

/// Whether `text` was probably meant as position text rather than a file
/// name.
fn looks_like_fen(text: &str) -> bool {
    text.contains(':') && !text.contains(['/', '\\', '.'])
}

/// A game read by `load`.
struct Loaded {
    game: Game,
    first_number: usize,
    /// What was loaded, for people: `the position`, `a game of 12 moves`.
    what: String,
}

impl Loaded {
    fn position(rules: Rules, fen: &Fen) -> Loaded {
        Loaded {
            game: Game::from_position(rules, fen.position),
            first_number: fen.fullmove_number.map_or(1, |n| n.max(1) as usize),
            what: "the position".to_string(),
        }
    }

    /// A file's text: a position text, or its first PDN game.
    fn from_text(text: &str, rules: &Rules) -> Result<Loaded, String> {
        let first_line = text.lines().map(str::trim).find(|l| !l.is_empty());
        if let Some(fen) = first_line.and_then(|l| parse_fen(l).ok()) {
            return Ok(Loaded::position(*rules, &fen));
        }
        let pdn = match PdnReader::new(text.as_bytes()).next() {
            Some(Ok(pdn)) => pdn,
            Some(Err(e)) => return Err(format!("line {}: {}", e.line, e.message())),
            None => return Err("no game in the file".to_string()),
        };
        let mut game = Game::from_position(*pdn.rules(), *pdn.start());
        for mv in pdn.moves() {
            game.play(&mv)
                .map_err(|_| "the game has an illegal move".to_string())?;
        }
        let n = game.moves().len();
        let result = match pdn.result() {
            GameResult::Unknown => String::new(),
            r => format!(", result {r}"),
        };
        Ok(Loaded {
            game,
            first_number: pdn.first_move_number() as usize,
            what: format!(
                "a game of {n} move{}{result}",
                if n == 1 { "" } else { "s" }
            ),
        })
    }
}

/// The first letter in upper case.
fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Today's date (UTC) as PDN writes it: `2024.05.17`.
fn today() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard
/// Hinnant's `civil_from_days`).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(19_783), (2024, 3, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }

    #[test]
    fn the_move_list_shows_its_last_rows() {
        let rules = Rules::ARMENIAN;
        for first in [Color::White, Color::Black] {
            // A game of kings, long enough for many rows.
            let fen = match first {
                Color::White => "W:WKa1,Kc1:BKh8,Kf8",
                Color::Black => "B:WKa1,Kc1:BKh8,Kf8",
            };
            let mut game = Game::from_position(rules, parse_fen(fen).unwrap().position);
            for len in 0..40 {
                let moves = game.moves();
                let all = move_rows(game.start(), 7, &rules, moves);
                let from = first_shown_move(first, 7, moves.len(), MOVE_ROWS);
                let (n, _) = super::super::text::move_number(first, 7, from);
                let shown = move_rows(&game.positions()[from], n, &rules, &moves[from..]);
                assert_eq!(
                    shown,
                    all[all.len().saturating_sub(MOVE_ROWS)..],
                    "{first:?} to move first, {len} moves"
                );
                let legal = game.legal_moves();
                if legal.is_empty() {
                    break;
                }
                game.play(&legal[len % legal.len()]).unwrap();
            }
        }
    }

    #[test]
    fn fen_or_file() {
        assert!(looks_like_fen("W:Wc3:Bc6"));
        assert!(!looks_like_fen("games/one.pdn"));
    }
}
