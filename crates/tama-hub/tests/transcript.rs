//! Transcripts of the protocol: a client's lines in, the engine's answers
//! out, through the same loop `tama hub` runs.

use std::io::{BufReader, Read, Write};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::time::Duration;

use tama_core::{Position, Rules};
use tama_hub::{parse_line, parse_move, parse_position, run, write_position, Identity};
use tama_notation::parse_fen;

const START: &str = "Weeeeeeeebbbbbbbbbbbbbbbbeeeeeeeeeeeeeeeewwwwwwwwwwwwwwwweeeeeeee";

fn transcript(input: &str) -> Vec<String> {
    let mut out = Vec::new();
    run(input.as_bytes(), &mut out, Identity::default()).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// The `move=` and `ponder=` of a `done` line.
fn done_move(line: &str) -> (String, Option<String>) {
    let l = parse_line(line).unwrap().unwrap();
    assert_eq!(l.command, "done", "{line}");
    (
        l.value("move").expect("move=").to_string(),
        l.value("ponder").map(str::to_string),
    )
}

fn dones(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|l| l.starts_with("done")).collect()
}

#[test]
fn handshake_declares_the_engine_and_its_parameters() {
    let lines = transcript("hub\ninit\nquit\n");
    let id = parse_line(&lines[0]).unwrap().unwrap();
    assert_eq!(id.command, "id");
    assert_eq!(id.value("name"), Some("tama"));
    assert_eq!(id.value("version"), Some(env!("CARGO_PKG_VERSION")));
    let params: Vec<_> = lines
        .iter()
        .filter_map(|l| parse_line(l).unwrap())
        .filter(|l| l.command == "param")
        .collect();
    let names: Vec<_> = params.iter().map(|p| p.value("name").unwrap()).collect();
    assert_eq!(
        names,
        [
            "variant",
            "hash",
            "threads",
            "eval",
            "eval_file",
            "tablebases"
        ]
    );
    assert_eq!(params[3].value("values"), Some("classic learned material"));
    assert_eq!(
        params[0].value("values"),
        Some("armenian turkish armenian-orthogonal")
    );
    // Every argument has a value: pydraughts splits each at `=`.
    assert!(params
        .iter()
        .all(|p| p.args.iter().all(|(_, v)| v.is_some())));
    assert_eq!(lines[lines.len() - 2], "wait");
    assert_eq!(lines[lines.len() - 1], "ready");
}

#[test]
fn think_answers_a_legal_move_after_info_lines() {
    // As a GUI does: `quit` only after the answer (sent at once, it would
    // stop the search).
    let client = Client::start();
    // The start position is in the opening book: a search, not its move.
    for line in [
        "hub",
        "set-param name=variant value=turkish",
        "set-param name=book value=off",
        "init",
    ] {
        client.send(line);
    }
    client.send(&format!("pos pos={START}"));
    client.send("level depth=4");
    client.send("go think");
    let lines = client.until("done");
    client.send("quit");
    assert!(client.close().is_empty());
    let done = lines.len() - 1;
    let infos: Vec<_> = lines[..done]
        .iter()
        .filter_map(|l| parse_line(l).unwrap())
        .filter(|l| l.command == "info")
        .collect();
    let depths: Vec<u32> = infos
        .iter()
        .map(|i| i.value("depth").unwrap().parse().unwrap())
        .collect();
    assert_eq!(depths, [1, 2, 3, 4]);
    assert!(infos
        .iter()
        .all(|i| i.value("score").unwrap().parse::<f64>().is_ok()));
    let (mv, ponder) = done_move(&lines[done]);
    let start = Position::start();
    let first = parse_move(&mv, &start, &Rules::TURKISH).unwrap();
    let pv = infos.last().unwrap().value("pv").unwrap().to_string();
    assert!(pv.starts_with(&mv), "{pv} / {mv}");
    let reply = ponder.expect("ponder=");
    parse_move(&reply, &start.play_unchecked(&first), &Rules::TURKISH).unwrap();
}

#[test]
fn moves_after_the_position_are_played_under_the_variant() {
    // d2-e3 is a man's diagonal step forward: legal in Armenian draughts,
    // not in Turkish.
    let hub = write_position(&parse_fen("W:Wd2:Bh8").unwrap().position);
    let input = |variant: &str| {
        format!("set-param name=variant value={variant}\npos pos={hub} moves=\"12-21 64-56\"\nlevel depth=3\ngo think\nquit\n")
    };
    let lines = transcript(&input("turkish"));
    assert!(
        lines[0].starts_with("error") && lines[0].contains("12-21"),
        "{lines:?}"
    );
    let lines = transcript(&input("armenian"));
    let d = dones(&lines);
    assert_eq!(d.len(), 1, "{lines:?}");
    let after = parse_fen("W:We3:Bh7").unwrap().position;
    parse_move(&done_move(d[0]).0, &after, &Rules::ARMENIAN).unwrap();
}

#[test]
fn malformed_lines_get_an_error_and_the_engine_goes_on() {
    let lines = transcript(&format!(
        "go think\ngo fast\npos pos=Wxyz\nlevel depth=x\npos pos={START} moves=\"17-34\"\n\
         set-param name=hash value=0\nset-param name=eval value=best\n\
         set-param name=eval_file value=/nonexistent/tama.tev\n\
         set-param name=tablebases value=/nonexistent/tama-tb\nset-param name=variant value=chess\n\
         pos pos=\"{START}\nponder-hit\nfrobnicate x=1\nping\nquit\n"
    ));
    let errors: Vec<_> = lines.iter().filter(|l| l.starts_with("error")).collect();
    let expect = [
        "no position",
        "go fast",
        "3 square characters",
        "depth=x",
        "move 1 of moves=: move `17-34` is not legal",
        "hash",
        "best",
        "/nonexistent/tama.tev",
        "/nonexistent/tama-tb",
        "chess",
        "not closed",
        "not pondering",
    ];
    assert_eq!(errors.len(), expect.len(), "{lines:?}");
    for (line, part) in errors.iter().zip(expect) {
        let l = parse_line(line).unwrap().unwrap();
        assert!(
            l.value("message").unwrap().contains(part),
            "{line} lacks {part}"
        );
    }
    // The unknown command is ignored; the engine still answers.
    assert_eq!(lines.last().unwrap(), "pong");
}

/// A client talking to the engine loop on another thread, line by line.
struct Client {
    input: Option<Sender<Vec<u8>>>,
    output: Receiver<String>,
    engine: Option<std::thread::JoinHandle<()>>,
}

/// Standard input: bytes from the test, end of input when it hangs up.
struct Pipe(Receiver<Vec<u8>>, Vec<u8>);

impl Read for Pipe {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.1.is_empty() {
            match self.0.recv() {
                Ok(bytes) => self.1 = bytes,
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.1.len());
        buf[..n].copy_from_slice(&self.1[..n]);
        self.1.drain(..n);
        Ok(n)
    }
}

/// Standard output: complete lines to the test.
struct Lines(Sender<String>, Vec<u8>);

impl Write for Lines {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.1.extend_from_slice(buf);
        while let Some(i) = self.1.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.1.drain(..=i).collect();
            let _ = self
                .0
                .send(String::from_utf8_lossy(&line[..i]).into_owned());
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Client {
    fn start() -> Client {
        let (in_tx, in_rx) = channel();
        let (out_tx, out_rx) = channel();
        let engine = std::thread::spawn(move || {
            let mut out = Lines(out_tx, Vec::new());
            run(
                BufReader::new(Pipe(in_rx, Vec::new())),
                &mut out,
                Identity::default(),
            )
            .unwrap();
        });
        Client {
            input: Some(in_tx),
            output: out_rx,
            engine: Some(engine),
        }
    }

    fn send(&self, line: &str) {
        let input = self.input.as_ref().unwrap();
        input.send(format!("{line}\n").into_bytes()).unwrap();
    }

    /// The engine's lines up to and including the first that starts with
    /// `prefix` (a minute at most: a stuck engine fails the test).
    fn until(&self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self
                .output
                .recv_timeout(Duration::from_secs(60))
                .unwrap_or_else(|e| panic!("no `{prefix}` line ({e}) after {lines:?}"));
            let last = line.starts_with(prefix);
            lines.push(line);
            if last {
                return lines;
            }
        }
    }

    /// Closes the input and waits for the engine to end; its remaining lines.
    fn close(mut self) -> Vec<String> {
        self.input = None;
        self.engine.take().unwrap().join().unwrap();
        self.output.try_iter().collect()
    }
}

#[test]
fn stop_ends_an_infinite_search_with_done_at_once() {
    let client = Client::start();
    client.send(&format!("pos pos={START}"));
    client.send("level infinite");
    client.send("go analyze");
    // Searching: a ping is answered while the search goes on.
    client.send("ping");
    let lines = client.until("pong");
    assert!(dones(&lines).is_empty());
    client.send("stop");
    let lines = client.until("done");
    parse_move(
        &done_move(lines.last().unwrap()).0,
        &Position::start(),
        &Rules::ARMENIAN,
    )
    .unwrap();
    // Nothing more comes: the search is over.
    client.send("ping");
    assert_eq!(client.until("pong"), ["pong"]);
    assert!(client.close().is_empty());
}

#[test]
fn ponder_hit_turns_pondering_into_thinking_with_one_done() {
    let client = Client::start();
    // A search, not the book's move of the start position.
    client.send("set-param name=book value=off");
    client.send(&format!("pos pos={START}"));
    client.send("level move-time=0.05");
    client.send("go ponder");
    client.send("ping");
    client.until("pong");
    client.send("ponder-hit");
    let lines = client.until("done");
    parse_move(
        &done_move(lines.last().unwrap()).0,
        &Position::start(),
        &Rules::ARMENIAN,
    )
    .unwrap();
    client.send("ping");
    assert_eq!(client.until("pong"), ["pong"]);
    client.send("quit");
    assert!(client.close().is_empty());
}

/// The depths of the `info` lines among `lines`.
fn depths(lines: &[String]) -> Vec<u32> {
    lines
        .iter()
        .filter(|l| l.starts_with("info"))
        .filter_map(|l| parse_line(l).ok().flatten()?.value("depth")?.parse().ok())
        .collect()
}

#[test]
fn a_ponder_hit_keeps_the_search_it_has() {
    let client = Client::start();
    // A search, not the book's move of the start position.
    client.send("set-param name=book value=off");
    client.send(&format!("pos pos={START}"));
    client.send("level move-time=0.05");
    client.send("go ponder");
    // Pondering: no time limit, the iterations go on past the move time.
    std::thread::sleep(Duration::from_millis(400));
    client.send("ping");
    let before = depths(&client.until("pong"));
    assert!(before.len() >= 2, "{before:?}");
    client.send("ponder-hit");
    let after = client.until("done");
    assert_eq!(dones(&after).len(), 1);
    // The same search went on: no iteration started again from depth 1.
    let deepest = *before.iter().max().unwrap();
    assert!(
        depths(&after).iter().all(|&d| d > deepest),
        "{before:?} then {after:?}"
    );
    client.send("quit");
    assert!(client.close().is_empty());
}

#[test]
fn a_ponder_search_that_ends_early_answers_at_the_hit() {
    let client = Client::start();
    // A search, not the book's move of the start position.
    client.send("set-param name=book value=off");
    client.send(&format!("pos pos={START}"));
    client.send("level depth=2");
    client.send("go ponder");
    // The depth is reached at once, but nothing is answered before the hit.
    std::thread::sleep(Duration::from_millis(200));
    client.send("ping");
    assert!(dones(&client.until("pong")).is_empty());
    client.send("ponder-hit");
    let lines = client.until("done");
    assert_eq!(dones(&lines).len(), 1);
    // A second hit is an error: the engine no longer ponders.
    client.send("ponder-hit");
    assert!(client.until("error")[0].contains("not pondering"));
    // Held results are answered by a stop too.
    client.send("go ponder");
    std::thread::sleep(Duration::from_millis(100));
    client.send("stop");
    assert_eq!(dones(&client.until("done")).len(), 1);
    client.send("quit");
    assert!(client.close().is_empty());
}

#[test]
fn a_new_search_sent_right_after_stop_waits_for_the_done() {
    let client = Client::start();
    client.send(&format!("pos pos={START}"));
    client.send("level infinite");
    client.send("go ponder");
    // As Hub does after an unexpected opponent move: stop, then at once a
    // new position and search.
    client.send("stop");
    client.send(&format!("pos pos={START} moves=\"17-25\""));
    client.send("level depth=2");
    client.send("go think");
    let first = client.until("done");
    parse_move(
        &done_move(first.last().unwrap()).0,
        &Position::start(),
        &Rules::ARMENIAN,
    )
    .unwrap();
    let second = client.until("done");
    let after = parse_move("17-25", &Position::start(), &Rules::ARMENIAN).unwrap();
    let after = Position::start().play_unchecked(&after);
    parse_move(
        &done_move(second.last().unwrap()).0,
        &after,
        &Rules::ARMENIAN,
    )
    .unwrap();
    client.send("quit");
    assert!(client.close().is_empty());
}

#[test]
fn the_end_of_input_stops_the_engine() {
    // No quit: the input closes during an infinite search.
    let lines = transcript(&format!("pos pos={START}\nlevel infinite\ngo think\n"));
    assert_eq!(dones(&lines).len(), 1, "{lines:?}");
    let lines = transcript("hub\n");
    assert_eq!(lines.last().unwrap(), "wait");
}

#[test]
fn positions_read_back() {
    let pos = parse_position(START).unwrap();
    assert_eq!(write_position(&pos), START);
}

/// The `score=` of every `info` line.
fn scores(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| parse_line(l).unwrap())
        .filter(|l| l.command == "info")
        .map(|l| l.value("score").unwrap().to_string())
        .collect()
}

#[test]
fn eval_file_sets_the_learned_evaluation_from_a_weights_file() {
    use tama_core::Preset;
    use tama_search::learned::{Base, Weights};
    // Zero weights with no base: every position is worth 0, so every
    // score of the search is 0 (the classic evaluation's are not).
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("zero.tev");
    std::fs::write(
        &path,
        Weights::zero(Preset::Turkish)
            .with_base(Base::None)
            .to_bytes(),
    )
    .unwrap();
    // The book off: the start position is in it, and a book move has no
    // search's scores.
    let search = |params: &str| {
        transcript(&format!(
            "hub\nset-param name=variant value=turkish\nset-param name=book value=off\n{params}init\npos pos={START}\nlevel depth=4\ngo think\nquit\n"
        ))
    };
    let zero = search(&format!(
        "set-param name=eval_file value={}\n",
        path.display()
    ));
    assert!(!zero.iter().any(|l| l.starts_with("error")), "{zero:?}");
    let zero = scores(&zero);
    assert_eq!(zero.len(), 4);
    assert!(
        zero.iter().all(|s| s.parse::<f64>().unwrap() == 0.0),
        "{zero:?}"
    );
    let classic = scores(&search("set-param name=eval value=classic\n"));
    assert!(
        classic.iter().any(|s| s.parse::<f64>().unwrap() != 0.0),
        "{classic:?}"
    );
    // `learned` takes the embedded turkish weights (a correction to the
    // classic terms) and `full`, the old name of `classic`, is accepted.
    let learned = search("set-param name=eval value=learned\n");
    assert!(
        !learned.iter().any(|l| l.starts_with("error")),
        "{learned:?}"
    );
    assert_eq!(scores(&search("set-param name=eval value=full\n")), classic);
}

/// `set-param name=book`: a book file is played for its preset (a
/// position of it answered with its move at once), `off` searches, and a
/// file that is no book is an error naming it.
#[test]
fn a_book_file_is_played_and_a_bad_one_refused() {
    use tama_search::book::{Book, Entry};
    use tama_search::Score;

    let start = Position::start();
    let rules = Rules::ARMENIAN;
    // A book of one move at the start: the last of the legal moves, which
    // no search would be likely to pick for that reason.
    let mv = *start.legal_moves(&rules).last().unwrap();
    let entry = Entry::new(&start, &rules, &mv, Score::centi_men(5), 1).unwrap();
    let book = Book::from_entries(tama_core::Preset::Armenian, vec![entry]);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("one.tbk");
    std::fs::write(&file, book.to_bytes()).unwrap();
    let expected = tama_hub::write_move(&mv);

    let lines = transcript(&format!(
        "set-param name=book value={}\npos pos={START}\nlevel depth=3\ngo think\nping\nquit\n",
        file.display()
    ));
    let done = dones(&lines);
    assert_eq!(done.len(), 1, "{lines:?}");
    assert_eq!(done_move(done[0]).0, expected, "{lines:?}");

    // With the book off the same position is searched (a depth-3 search
    // reports its iterations first).
    let lines = transcript(&format!(
        "set-param name=book value={}\nset-param name=book value=off\npos pos={START}\nlevel depth=3\ngo think\nping\nquit\n",
        file.display()
    ));
    assert!(lines.iter().any(|l| l.starts_with("info")), "{lines:?}");

    let not_a_book = dir.path().join("no.tbk");
    std::fs::write(&not_a_book, b"hello").unwrap();
    let lines = transcript(&format!(
        "set-param name=book value={}\nquit\n",
        not_a_book.display()
    ));
    let error = lines
        .iter()
        .find(|l| l.starts_with("error"))
        .expect("an error");
    assert!(
        error.contains("no.tbk") && error.contains("not a book file"),
        "{error}"
    );
    let lines = transcript("set-param name=book value=/nonexistent/x.tbk\nquit\n");
    let error = lines
        .iter()
        .find(|l| l.starts_with("error"))
        .expect("an error");
    assert!(error.contains("expected on, off or a book file"), "{error}");
}
