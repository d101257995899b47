//! The engine loop: reads commands, searches on its own thread, writes
//! answers.
//!
//! Three threads: a reader (reads lines and parses them; a `stop` stops the
//! search at once, before the line even reaches the loop), the search
//! (owns the [`Engine`] while it runs, reports `info` lines and its
//! result), and the caller's, which alone writes to the output, in the
//! order events arrive on one channel. Commands that need the engine
//! while it searches (`pos`, `level`, `go`, `set-param`, `new-game`, as a
//! client sends them right after a `stop`) wait until the search returned
//! its `done`.

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::Arc;
use std::thread::Scope;

use tama_api::bounds;
use tama_core::{Position, Preset, Rules};
use tama_egtb::TablebaseSet;
use tama_notation::parse_rules;
use tama_search::learned::Weights;
use tama_search::{
    Clock, Engine, EngineConfig, EvalKind, EvalOptions, Info, InfoKind, Limits, ScoreKind,
    SearchResult, StopHandle,
};

use crate::command::{Command, GoMode, Level};
use crate::squares::{parse_move, parse_position, write_move};
use crate::syntax::Message;

/// The rules a client can choose with the `variant` parameter.
pub const VARIANTS: [&str; Preset::ALL.len()] = {
    let mut names = [""; Preset::ALL.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = Preset::ALL[i].name();
        i += 1;
    }
    names
};

/// How the engine introduces itself (`id …`).
#[derive(Clone, Debug)]
pub struct Identity {
    /// The engine's name.
    pub name: String,
    /// Its version.
    pub version: String,
    /// Its authors.
    pub author: String,
}

impl Default for Identity {
    fn default() -> Identity {
        Identity {
            name: "tama".to_string(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            author: "The tama developers".to_string(),
        }
    }
}

/// What reaches the writing thread.
enum Event {
    /// A line from the client, read and parsed (or the parse error).
    Command(Result<Command, String>),
    /// The input ended.
    Eof,
    /// An `info` line from the search.
    Info(Message),
    /// The search returned, with the engine.
    Finished(Box<Engine>, SearchResult),
}

/// The search in progress.
struct Running {
    mode: GoMode,
    /// `ponder-hit` arrived: the ponder search goes on under the level's
    /// time and answers `done`.
    ponder_hit: bool,
    /// A ponder search that ended on its own before its `ponder-hit`
    /// (a single legal move, a proven result, its depth): its result,
    /// answered at the hit or a `stop`.
    held: Option<SearchResult>,
    /// `stop` or `ponder-hit` asked this search to end. The search may not
    /// have seen the stop handle: it clears it when it starts, so its
    /// progress callback checks this flag too.
    halt: Arc<AtomicBool>,
}

/// The engine's state between searches.
struct Session<'w> {
    out: &'w mut dyn Write,
    identity: Identity,
    engine: Option<Box<Engine>>,
    stop: StopHandle,
    rules: Rules,
    variant: String,
    eval: &'static str,
    eval_file: String,
    tablebases: String,
    /// The position to search and the game's earlier positions.
    game: Option<(Position, Vec<Position>)>,
    level: Level,
    running: Option<Running>,
    queue: VecDeque<Command>,
    quit: bool,
}

/// Runs the engine on `input` and `out` until `quit` or the end of the
/// input. Only errors writing `out` end it early; malformed lines are
/// answered with `error message="…"` and the engine goes on.
pub fn run<R: BufRead + Send>(input: R, out: &mut dyn Write, identity: Identity) -> io::Result<()> {
    let engine = Box::new(Engine::new(EngineConfig::default()));
    let stop = engine.stop_handle();
    let eval = engine.config().eval_kind.name();
    let (tx, rx) = channel::<Event>();
    std::thread::scope(|scope| {
        let reader_tx = tx.clone();
        let reader_stop = stop.clone();
        scope.spawn(move || read_commands(input, &reader_tx, &reader_stop));
        let mut session = Session {
            out,
            identity,
            engine: Some(engine),
            stop,
            rules: Rules::ARMENIAN,
            variant: VARIANTS[0].to_string(),
            eval,
            eval_file: String::new(),
            tablebases: String::new(),
            game: None,
            level: Level::MoveTime(std::time::Duration::from_secs(1)),
            running: None,
            queue: VecDeque::new(),
            quit: false,
        };
        let result = (|| {
            while let Ok(event) = rx.recv() {
                session.event(event, scope, &tx)?;
                if session.quit && session.running.is_none() {
                    break;
                }
            }
            Ok(())
        })();
        // Leave no search running behind (the scope waits for it).
        session.stop.stop();
        result
    })
}

/// The reader thread: one event per line, `Eof` at the end. A `stop`
/// stops the search here already; after `quit` it reads no more.
fn read_commands<R: BufRead>(mut input: R, tx: &Sender<Event>, stop: &StopHandle) {
    let mut line = String::new();
    loop {
        line.clear();
        match input.read_line(&mut line) {
            Ok(0) | Err(_) => {
                stop.stop();
                let _ = tx.send(Event::Eof);
                return;
            }
            Ok(_) => {}
        }
        match Command::parse(&line) {
            Ok(None) => {}
            Ok(Some(cmd)) => {
                let quit = cmd == Command::Quit;
                if matches!(cmd, Command::Stop | Command::Quit) {
                    stop.stop();
                }
                if tx.send(Event::Command(Ok(cmd))).is_err() || quit {
                    return;
                }
            }
            Err(e) => {
                if tx.send(Event::Command(Err(e))).is_err() {
                    return;
                }
            }
        }
    }
}

/// The `info` line of an iteration: depth, score in men (wins and losses
/// as ±(100 − plies/100), Scan's convention), nodes, seconds, million
/// nodes per second and the principal variation.
fn info_line(info: &Info) -> Message {
    let score = match info.score.kind() {
        ScoreKind::CentiMen(cm) => format!("{:.2}", f64::from(cm) / 100.0),
        ScoreKind::Win(n) => format!("{:.2}", 100.0 - f64::from(n.min(9999)) / 100.0),
        ScoreKind::Loss(n) => format!("{:.2}", -(100.0 - f64::from(n.min(9999)) / 100.0)),
    };
    let pv: Vec<String> = info.pv.iter().map(write_move).collect();
    Message::new("info")
        .arg("depth", info.depth)
        .arg("seldepth", info.seldepth)
        .arg("score", score)
        .arg("nodes", info.nodes)
        .arg("time", format!("{:.3}", info.time.as_secs_f64()))
        .arg("nps", format!("{:.2}", info.nps as f64 / 1e6))
        .arg("pv", pv.join(" "))
}

fn error(message: impl Into<String>) -> Message {
    Message::new("error").arg("message", message.into())
}

impl Session<'_> {
    fn send(&mut self, line: &Message) -> io::Result<()> {
        writeln!(self.out, "{line}")?;
        self.out.flush()
    }

    fn event<'s>(
        &mut self,
        event: Event,
        scope: &'s Scope<'s, '_>,
        tx: &Sender<Event>,
    ) -> io::Result<()> {
        match event {
            Event::Command(Err(e)) => self.send(&error(e)),
            Event::Command(Ok(cmd)) => self.command(cmd, scope, tx),
            Event::Eof => {
                self.quit = true;
                self.stop_search();
                Ok(())
            }
            Event::Info(line) => self.send(&line),
            Event::Finished(engine, result) => {
                self.engine = Some(engine);
                // A hit or stop told after the search ended must not reach
                // the next one.
                self.stop.reset();
                match self.running.take() {
                    Some(mut r)
                        if r.mode == GoMode::Ponder
                            && !r.ponder_hit
                            && !r.halt.load(Ordering::Relaxed) =>
                    {
                        // Pondering until the hit or a stop, with the answer
                        // ready.
                        r.held = Some(result);
                        self.running = Some(r);
                        Ok(())
                    }
                    _ => {
                        self.done(&result)?;
                        self.drain(scope, tx)
                    }
                }
            }
        }
    }

    /// Carries out the commands that waited for the search to end.
    fn drain<'s>(&mut self, scope: &'s Scope<'s, '_>, tx: &Sender<Event>) -> io::Result<()> {
        while self.running.is_none() && !self.quit {
            let Some(cmd) = self.queue.pop_front() else {
                break;
            };
            self.command(cmd, scope, tx)?;
        }
        Ok(())
    }

    /// Answers a held ponder result (after its hit or a stop).
    fn answer_held<'s>(&mut self, scope: &'s Scope<'s, '_>, tx: &Sender<Event>) -> io::Result<()> {
        if let Some(result) = self.running.as_mut().and_then(|r| r.held.take()) {
            self.running = None;
            self.done(&result)?;
            self.drain(scope, tx)?;
        }
        Ok(())
    }

    fn done(&mut self, result: &SearchResult) -> io::Result<()> {
        match result {
            SearchResult::Move(best) => {
                let mut done = Message::new("done").arg("move", write_move(&best.mv));
                if let Some(reply) = best.pv.get(1) {
                    done = done.arg("ponder", write_move(reply));
                }
                self.send(&done)
            }
            SearchResult::GameOver(outcome) => {
                let e = error(format!(
                    "no move to play: the game is over ({})",
                    outcome.termination.description()
                ));
                self.send(&e)?;
                self.send(&Message::new("done"))
            }
        }
    }

    fn stop_search(&mut self) {
        if let Some(r) = &mut self.running {
            r.halt.store(true, Ordering::Relaxed);
            r.ponder_hit = false;
            self.stop.stop();
        }
    }

    fn command<'s>(
        &mut self,
        cmd: Command,
        scope: &'s Scope<'s, '_>,
        tx: &Sender<Event>,
    ) -> io::Result<()> {
        match cmd {
            Command::Ping => return self.send(&Message::new("pong")),
            Command::Stop => {
                self.stop_search();
                return self.answer_held(scope, tx);
            }
            Command::Quit => {
                self.quit = true;
                self.stop_search();
                return self.answer_held(scope, tx);
            }
            Command::PonderHit => {
                match &mut self.running {
                    Some(r) if r.mode == GoMode::Ponder && !r.ponder_hit => {
                        r.ponder_hit = true;
                        if r.held.is_none() {
                            self.stop.ponder_hit();
                        }
                    }
                    _ => return self.send(&error("ponder-hit: not pondering")),
                }
                return self.answer_held(scope, tx);
            }
            Command::Unknown(_) => return Ok(()),
            _ => {}
        }
        if self.running.is_some() {
            self.queue.push_back(cmd);
            return Ok(());
        }
        match cmd {
            Command::Hub => self.declare(),
            Command::Init => self.send(&Message::new("ready")),
            Command::SetParam { name, value } => match self.set_param(&name, &value) {
                Ok(()) => Ok(()),
                Err(e) => self.send(&error(format!("set-param {name}: {e}"))),
            },
            Command::Pos { position, moves } => match self.position(&position, &moves) {
                Ok(game) => {
                    self.game = Some(game);
                    Ok(())
                }
                Err(e) => {
                    self.game = None;
                    self.send(&error(format!("pos: {e}")))
                }
            },
            Command::Level(level) => {
                self.level = level;
                Ok(())
            }
            Command::Go(mode) => self.go(mode, scope, tx),
            Command::NewGame => {
                if let Some(engine) = &mut self.engine {
                    engine.clear();
                }
                Ok(())
            }
            Command::Ping
            | Command::Stop
            | Command::Quit
            | Command::PonderHit
            | Command::Unknown(_) => Ok(()),
        }
    }

    fn declare(&mut self) -> io::Result<()> {
        let config = self
            .engine
            .as_ref()
            .map(|e| e.config().clone())
            .unwrap_or_default();
        let id = Message::new("id")
            .arg("name", &self.identity.name)
            .arg("version", &self.identity.version)
            .arg("author", &self.identity.author);
        self.send(&id)?;
        let (hash, threads) = (bounds::hash_mib(), bounds::threads());
        let lines = [
            Message::new("param")
                .arg("name", "variant")
                .arg("value", &self.variant)
                .arg("type", "enum")
                .arg("values", VARIANTS.join(" ")),
            Message::new("param")
                .arg("name", "hash")
                .arg("value", config.hash_mib)
                .arg("type", "int")
                .arg("min", hash.start())
                .arg("max", hash.end()),
            Message::new("param")
                .arg("name", "threads")
                .arg("value", config.threads)
                .arg("type", "int")
                .arg("min", threads.start())
                .arg("max", threads.end()),
            Message::new("param")
                .arg("name", "eval")
                .arg("value", self.eval)
                .arg("type", "enum")
                .arg("values", "classic learned material"),
            Message::new("param")
                .arg("name", "eval_file")
                .arg("value", &self.eval_file)
                .arg("type", "string"),
            Message::new("param")
                .arg("name", "tablebases")
                .arg("value", &self.tablebases)
                .arg("type", "string"),
        ];
        for line in &lines {
            self.send(line)?;
        }
        self.send(&Message::new("wait"))
    }

    /// Sets a parameter: `variant`, `eval` (`classic`, `learned` or
    /// `material`; `full`, its old name, is `classic`), `eval_file` (a
    /// weights file of the learned evaluation, empty for the embedded
    /// ones), `tablebases` (a directory `tama egtb gen` wrote, empty for
    /// none),
    /// `book` (`on`, `off`, or a book file of `tama book build`, played
    /// for its preset), or any option of the engine's registry (`hash`,
    /// `threads`, …).
    fn set_param(&mut self, name: &str, value: &str) -> Result<(), String> {
        let Some(engine) = self.engine.as_mut() else {
            return Err("the engine is searching".to_string());
        };
        match name {
            "variant" => {
                self.rules = parse_rules(value).map_err(|e| format!("`{value}`: {e}"))?;
                self.variant = value.to_string();
            }
            "eval" => {
                let mut config = engine.config().clone();
                (config.eval, config.eval_kind, self.eval) = match value {
                    "classic" | "full" => (EvalOptions::DEFAULT, EvalKind::Classic, "classic"),
                    "learned" => (EvalOptions::DEFAULT, EvalKind::Learned, "learned"),
                    "material" => (EvalOptions::MATERIAL, EvalKind::Classic, "material"),
                    _ => return Err(format!("`{value}` (expected classic, learned or material)")),
                };
                engine.set_config(config);
            }
            "eval_file" => {
                let mut config = engine.config().clone();
                if value.is_empty() {
                    config.eval_weights = None;
                } else {
                    // The file's preset says where it applies: `variant`
                    // may be set before or after it.
                    config.eval_weights = Some(Arc::new(Weights::open(Path::new(value), None)?));
                    (config.eval, config.eval_kind, self.eval) =
                        (EvalOptions::DEFAULT, EvalKind::Learned, "learned");
                }
                engine.set_config(config);
                self.eval_file = value.to_string();
            }
            "tablebases" => {
                let mut config = engine.config().clone();
                config.oracle = if value.is_empty() {
                    None
                } else {
                    let set = TablebaseSet::open(value).map_err(|e| e.to_string())?;
                    if set.max_pieces() == 0 {
                        return Err(format!("{value}: no tablebase files there"));
                    }
                    Some(set.into_oracle())
                };
                engine.set_config(config);
                self.tablebases = value.to_string();
            }
            // `book` takes a book file too (`EngineConfig::set_option`).
            _ => engine.set_option(name, value).map_err(|e| e.to_string())?,
        }
        Ok(())
    }

    /// The root and history of `pos pos=… moves=…`.
    fn position(&self, text: &str, moves: &[String]) -> Result<(Position, Vec<Position>), String> {
        let mut pos = parse_position(text).map_err(|e| e.to_string())?;
        let mut history = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().enumerate() {
            let mv = parse_move(text, &pos, &self.rules)
                .map_err(|e| format!("move {} of moves=: {e}", i + 1))?;
            history.push(pos);
            pos = pos.play_unchecked(&mv);
        }
        Ok((pos, history))
    }

    fn limits(&self, mode: GoMode) -> Limits {
        let mut limits = match (mode, self.level) {
            (_, Level::Depth(d)) => Limits::depth(d),
            (_, Level::Nodes(n)) => Limits::nodes(n),
            (GoMode::Think | GoMode::Ponder, Level::MoveTime(t)) => Limits::movetime(t),
            (GoMode::Think | GoMode::Ponder, Level::Clock { time, inc, moves }) => Limits {
                // The increment is added before every move.
                clock: Some(Clock {
                    white: time + inc,
                    black: time + inc,
                    white_increment: inc,
                    black_increment: inc,
                    moves_to_go: moves,
                }),
                ..Limits::default()
            },
            _ => Limits::default(),
        };
        limits.infinite = mode == GoMode::Analyze || self.level == Level::Infinite;
        limits.ponder = mode == GoMode::Ponder;
        limits
    }

    fn go<'s>(
        &mut self,
        mode: GoMode,
        scope: &'s Scope<'s, '_>,
        tx: &Sender<Event>,
    ) -> io::Result<()> {
        let Some((root, history)) = self.game.clone() else {
            return self.send(&error("go: no position (send pos first)"));
        };
        let Some(mut engine) = self.engine.take() else {
            return self.send(&error("go: already searching"));
        };
        let limits = self.limits(mode);
        let rules = self.rules;
        let halt = Arc::new(AtomicBool::new(false));
        let seen = Arc::clone(&halt);
        let stop = self.stop.clone();
        let tx = tx.clone();
        self.running = Some(Running {
            mode,
            ponder_hit: false,
            held: None,
            halt,
        });
        // Cleared before the thread starts, so that a stop or a hit told
        // in between reaches the search.
        self.stop.reset();
        scope.spawn(move || {
            let result = engine.search_signalled(&root, &history, &rules, &limits, |info| {
                if seen.load(Ordering::Relaxed) {
                    stop.stop();
                }
                if info.kind == InfoKind::Iteration && info.multipv == 1 {
                    let _ = tx.send(Event::Info(info_line(info)));
                }
            });
            let _ = tx.send(Event::Finished(engine, result));
        });
        Ok(())
    }
}
