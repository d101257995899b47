//! The interactive session of `tama play`: the game, whose turn it is, the
//! engine, and the commands.

use std::io::{BufRead, Write};
use std::path::Path;
use std::time::Instant;

use tama_core::{
    Color, FlagRule, Game, GameClock, GameOverError, Move, Outcome, Position, Rules, Square,
    TimeControl,
};
use tama_notation::fen::{parse_fen, write_fen};
use tama_notation::movetext::{write_move, MoveText};
use tama_notation::pdn::{GameResult, PdnGame};
use tama_notation::rules_text::write_rules;
use tama_search::{Engine, Pondering};

use super::command::Command;
use super::record::{looks_like_fen, record, Loaded};
use super::strength::Strength;
use super::text::{clock_text, ending, move_list};
use super::view::{render, Look};
use crate::board::color_name as side_name;
use crate::error::CliError;
use crate::line_edit::LineEditor;
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
pub(super) const LINE_LENGTH: usize = 10;

/// How many moves of a principal variation the live progress line shows.
pub(super) const LIVE_LINE_LENGTH: usize = 5;

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
    /// The engine's settings: table size, threads, evaluation, tables.
    pub engine: tama_search::EngineConfig,
    /// Characters and colours of the board.
    pub style: Style,
    /// What the streams are connected to.
    pub term: Terminal,
    /// The game clock of every game of the session (`--clock`) and what
    /// a flag does, if the games are played on a clock.
    pub clock: Option<(TimeControl, FlagRule)>,
}

/// What the session does after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Next {
    /// Read the next line.
    Continue,
    /// The position changed: draw the board, then let the engine move.
    Changed,
    /// Leave.
    Quit,
}

/// An interactive game.
pub struct Session<'a> {
    pub(super) config: Config,
    pub(super) game: Game,
    /// The number of the game's first move.
    pub(super) first_number: usize,
    /// The engine, made when first needed: two people at one keyboard may
    /// never ask it, and its tables take time to set up.
    pub(super) engine: Option<Box<Engine>>,
    /// The engine thinking on the person's time (`--ponder`), after its
    /// own move; it has the engine meanwhile.
    pub(super) pondering: Option<Pondering>,
    /// The person's reply the engine's last line expects.
    pub(super) expected: Option<Move>,
    pub(super) strength: Strength,
    pub(super) flip: bool,
    pub(super) out: &'a mut dyn Write,
    /// Since when the side to move's clock has run without being charged.
    pub(super) mark: Instant,
    /// Whether lines are read through a line editor, which shows the
    /// prompt itself.
    pub(super) editing: bool,
}

pub(super) type Io = Result<(), CliError>;

impl<'a> Session<'a> {
    /// A session writing to `out`.
    pub fn new(config: Config, out: &'a mut dyn Write) -> Session<'a> {
        Session {
            game: new_game(&config, config.rules),
            first_number: config.first_move_number,
            engine: None,
            pondering: None,
            expected: None,
            strength: config.strength,
            flip: config.flip,
            config,
            out,
            mark: Instant::now(),
            editing: false,
        }
    }

    /// Plays until `quit` or the end of the input: the lines of `editor`
    /// when there is one (a terminal), else of `input`.
    ///
    /// # Errors
    ///
    /// Only when reading or writing fails.
    pub fn run(
        &mut self,
        input: &mut (dyn BufRead + Send),
        editor: Option<&mut dyn LineEditor>,
    ) -> Io {
        self.greet()?;
        self.show()?;
        self.engine_turns()?;
        self.read_lines(input, editor)?;
        self.out.flush()?;
        Ok(())
    }

    /// Carries out one line typed after the prompt; `false` to leave.
    pub(super) fn line(&mut self, line: &str) -> Result<bool, CliError> {
        if !self.config.term.stdin {
            // Nobody saw the line typed: echo it after the prompt.
            writeln!(self.out, "{}", line.trim_end())?;
        }
        match self.command(Command::parse(line))? {
            Next::Continue => {}
            Next::Changed => {
                self.show()?;
                self.engine_turns()?;
            }
            Next::Quit => return Ok(false),
        }
        Ok(true)
    }

    pub(super) fn rules(&self) -> Rules {
        self.config.rules
    }

    pub(super) fn position(&self) -> Position {
        *self.game.position()
    }

    pub(super) fn is_human(&self, color: Color) -> bool {
        self.config.humans[color.index()]
    }

    /// The game's outcome: on the board, or by agreement or resignation.
    pub(super) fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// The name of a side's player: `you`, `tama, level 5`, `White`.
    pub(super) fn player(&self, color: Color) -> String {
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
                self.strength.explain(self.config.clock.is_some())
            ),
            _ => format!(" at {}", self.strength.describe()),
        };
        writeln!(self.out, "{who}{level}; rules: {rules}.")?;
        if let Some((control, _)) = &self.config.clock {
            writeln!(
                self.out,
                "On a clock of {} each: the prompt shows both, White's first.",
                tama_notation::time_control::write_time_control(control)
            )?;
        }
        writeln!(self.out, "Type a move (c3-c4, c3c4, d1xb2) or `help`.")?;
        Ok(())
    }

    /// The prompt: `White> `, after the clocks when there are some.
    /// Written here, unless a line editor shows it.
    pub(super) fn prompt(&mut self) -> Result<String, CliError> {
        let text = match self.outcome() {
            Some(_) => "game over".to_string(),
            None => side_name(self.position().turn()).to_string(),
        };
        let prompt = match self.clocks() {
            Some(clocks) => format!("{clocks} {text}> "),
            None => format!("{text}> "),
        };
        if !self.editing {
            write!(self.out, "{prompt}")?;
        }
        self.out.flush()?;
        Ok(prompt)
    }

    /// What Tab completes at the prompt: the commands, then the legal
    /// moves of the position.
    pub(super) fn completions(&self) -> Vec<String> {
        let mut words: Vec<String> = Command::WORDS.iter().map(|w| w.to_string()).collect();
        if self.outcome().is_none() {
            let (pos, rules) = (self.position(), self.rules());
            let mut moves: Vec<String> = pos
                .legal_moves(&rules)
                .iter()
                .map(|m| write_move(&pos, &rules, m))
                .collect();
            moves.sort();
            words.extend(moves);
        }
        words
    }

    /// Both clocks, when the game has them, always as wide:
    /// `[  0:04:58 |   0:05:00]` (White's first).
    pub(super) fn clocks(&self) -> Option<String> {
        let clock = self.game.clock()?;
        Some(format!(
            "[{} | {}]",
            clock_text(clock.left(Color::White)),
            clock_text(clock.left(Color::Black))
        ))
    }

    /// Draws the board with the last move marked and the move list beside
    /// it, then the turn or the end of the game. The side to move's clock
    /// starts here.
    pub(super) fn show(&mut self) -> Io {
        let players = [self.player(Color::White), self.player(Color::Black)];
        let look = Look {
            style: self.config.style,
            flip: self.flip,
            first_number: self.first_number,
            players: [&players[0], &players[1]],
        };
        let board = render(&self.game, &look);
        self.mark = Instant::now();
        writeln!(self.out)?;
        self.out.write_all(board.as_bytes())?;
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

    pub(super) fn announce(&mut self, outcome: Outcome) -> Io {
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

    /// Ends the game off the board (`Game::agree_draw`, `Game::resign`)
    /// and says so.
    pub(super) fn end(
        &mut self,
        how: impl FnOnce(&mut Game) -> Result<Outcome, GameOverError>,
    ) -> Io {
        match how(&mut self.game) {
            Ok(outcome) => self.announce(outcome),
            // Every caller checked that the game goes on.
            Err(GameOverError(outcome)) => self.announce(outcome),
        }
    }

    /// Carries out one line of input.
    fn command(&mut self, command: Command<'_>) -> Result<Next, CliError> {
        match command {
            Command::Nothing => Ok(Next::Continue),
            Command::Help => self.help(),
            Command::Quit => Ok(Next::Quit),
            Command::Moves(square) => self.list_moves(square),
            Command::NotASquare(text) => {
                writeln!(self.out, "`{text}` is not a square (a1 to h8).")?;
                Ok(Next::Continue)
            }
            Command::Undo => self.undo(),
            Command::Hint => self.hint(),
            Command::Eval => self.eval(),
            Command::Flip => {
                self.flip = !self.flip;
                self.show()?;
                Ok(Next::Continue)
            }
            Command::Board => {
                self.show()?;
                Ok(Next::Continue)
            }
            Command::New => {
                self.game = new_game(&self.config, self.rules());
                self.first_number = self.config.first_move_number;
                writeln!(self.out, "New game.")?;
                Ok(Next::Changed)
            }
            Command::Load(arg) => self.load(arg),
            Command::Save(arg) => self.save(arg),
            Command::Level(n) => self.level(n),
            Command::Draw => self.draw(),
            Command::Resign => self.resign(),
            Command::Go => self.go(),
            Command::Fen => {
                writeln!(self.out, "{}", write_fen(&self.position()))?;
                Ok(Next::Continue)
            }
            Command::History => {
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
            Command::Move(text) => self.try_move(text),
            Command::Unknown(line) => {
                writeln!(
                    self.out,
                    "`{line}` is neither a move nor a command; type `help`."
                )?;
                Ok(Next::Continue)
            }
        }
    }

    fn help(&mut self) -> Result<Next, CliError> {
        const HELP: &str = "\
Moves: any move text: c3-c4, c3c4, c3 c4, d1xd4xb4xb2, or just the start and
end square of a capture (d1xb2). A square alone (c3) lists its piece's moves.
Commands:
  moves [SQUARE]   the legal moves (of the piece on SQUARE)
  undo             take back your last move (and the engine's reply); on a
                   clock, the time spent on them is given back
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

    fn list_moves(&mut self, filter: Option<Square>) -> Result<Next, CliError> {
        let pos = self.position();
        let rules = self.rules();
        if let Some(o) = self.outcome() {
            writeln!(self.out, "No moves: the game is over ({}).", o.termination)?;
            return Ok(Next::Continue);
        }
        let mut texts: Vec<String> = pos
            .legal_moves(&rules)
            .iter()
            .filter(|m| filter.is_none_or(|sq| m.from() == sq))
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

    fn try_move(&mut self, text: MoveText) -> Result<Next, CliError> {
        let pos = self.position();
        let rules = self.rules();
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
                self.game.play(&mv).expect("resolved moves are legal");
                Ok(Next::Changed)
            }
            Err(e) => {
                writeln!(self.out, "{}.", capitalize(&e.to_string()))?;
                Ok(Next::Continue)
            }
        }
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
        writeln!(self.out, "Took back {}.", taken.join(" "))?;
        // As on the web board, the clocks go back with the moves: the
        // time spent on them is given back.
        if let Some(clocks) = self.clocks() {
            writeln!(
                self.out,
                "The clocks are back to where they were before {}: {clocks}.",
                taken[0]
            )?;
        }
        Ok(Next::Changed)
    }

    fn level(&mut self, level: Option<u8>) -> Result<Next, CliError> {
        match level {
            Some(n) => {
                self.strength = Strength::Level(n);
                writeln!(
                    self.out,
                    "Level {n}: {}.",
                    self.strength.explain(self.game.clock().is_some())
                )?;
            }
            None => writeln!(
                self.out,
                "Usage: level N, with N from 1 (weakest) to 10; now {} ({}).",
                self.strength.describe(),
                self.strength.explain(self.game.clock().is_some())
            )?,
        }
        Ok(Next::Continue)
    }

    fn resign(&mut self) -> Result<Next, CliError> {
        if let Some(o) = self.outcome() {
            writeln!(self.out, "The game is already over ({}).", o.termination)?;
            return Ok(Next::Continue);
        }
        let turn = self.position().turn();
        // Against the engine it is always the person's turn here; with two
        // people (or none) the side to move resigns.
        self.end(|g| g.resign(turn))?;
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

    fn load(&mut self, arg: Option<&str>) -> Result<Next, CliError> {
        let Some(arg) = arg else {
            writeln!(self.out, "Usage: load FILE (PDN) or load FEN.")?;
            return Ok(Next::Continue);
        };
        let loaded = match parse_fen(arg) {
            Ok(fen) => Ok(Loaded::position(self.rules(), &fen)),
            Err(fen_error) => match std::fs::read_to_string(arg) {
                Ok(text) => {
                    Loaded::from_text(&text, &self.rules()).map_err(|e| format!("{arg}: {e}"))
                }
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
                // A record without a clock goes on with the session's.
                if self.game.clock().is_none() {
                    if let Some((control, flag)) = &self.config.clock {
                        self.game
                            .set_clock(Some(GameClock::new(control.clone(), *flag)));
                    }
                }
                self.first_number = loaded.first_number;
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
        let (white, black) = (name(Color::White), name(Color::Black));
        record(&self.game, self.first_number, [&white, &black])
    }

    fn save(&mut self, arg: Option<&str>) -> Result<Next, CliError> {
        let Some(arg) = arg else {
            writeln!(self.out, "Usage: save FILE (`save -` prints the game).")?;
            return Ok(Next::Continue);
        };
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

/// A new game of the session from its start position, on its clock if
/// it has one.
fn new_game(config: &Config, rules: Rules) -> Game {
    let game = Game::from_position(rules, config.start);
    match &config.clock {
        Some((control, flag)) => game.with_clock(GameClock::new(control.clone(), *flag)),
        None => game,
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
