//! `tama tournament`: an arbiter's event in one file. Every step (a
//! player added, a round paired, a result entered) rewrites the file
//! whole through the atomic writer, so a crash loses nothing.

mod event;
mod report;

use std::io::Write;
use std::path::{Path, PathBuf};

use tama_notation::pdn::{GameResult, PdnReader};
use tama_pairing::{berger, pair_dutch, RoundPairing};

use crate::error::{CliError, CmdResult, EXIT_OK};
use crate::io::Io;
use event::{canonical_result, Entry, Event, System};

/// Run a tournament as its arbiter.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  tama tournament new open.json --name 'Yerevan Open' --rounds 9\n  tama tournament add open.json --name 'Petrosyan, Aram' --rating 2150 --federation ARM\n  tama tournament pair open.json\n  tama tournament result open.json --round 1 --board 3 1-0\n  tama tournament game open.json --round 1 --board 2 game.pdn\n  tama tournament standings open.json\n  tama tournament html open.json open.html\n  tama tournament export open.json --trf open.trf --pdn open.pdn"
)]
pub struct Args {
    /// What to do.
    #[command(subcommand)]
    pub action: Action,
}

/// The steps of an event.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Create an event file.
    New {
        /// The event file to create (JSON).
        file: PathBuf,
        /// The event's name.
        #[arg(long)]
        name: String,
        /// The number of rounds (a round robin: computed from the players
        /// when they are all in; give 0).
        #[arg(long, default_value_t = 0)]
        rounds: u32,
        /// The pairing system.
        #[arg(long, value_enum, default_value_t = System::Swiss)]
        system: System,
        /// Round robin cycles (2: a double round robin).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=2))]
        cycles: u32,
        /// Tie-breaks in order, comma-separated (BH, BH-C1, BH-C2, BH-M1,
        /// SB, DE, WIN, WON, PS, ARO). TÜDAF's: BH-C1,BH-C2,SB.
        #[arg(long, default_value = "BH-C1,BH-C2,SB")]
        tiebreaks: String,
        /// Player 1's colour in round 1 (drawn by lot).
        #[arg(long, default_value = "white", value_parser = ["white", "black"])]
        initial: String,
        /// Baku acceleration of the first rounds.
        #[arg(long)]
        baku: bool,
        /// Where it is played.
        #[arg(long, default_value = "")]
        city: String,
        /// The rules of the games (for the PDN export).
        #[arg(long, default_value = "armenian")]
        rules: String,
    },
    /// Register a player (a late entry once rounds are paired).
    Add {
        /// The event file.
        file: PathBuf,
        /// "Surname, Given".
        #[arg(long)]
        name: String,
        /// The rating.
        #[arg(long, default_value_t = 0)]
        rating: u32,
        /// The federation (three letters).
        #[arg(long, default_value = "")]
        federation: String,
        /// The title.
        #[arg(long, default_value = "")]
        title: String,
        /// The federation's identifier.
        #[arg(long, default_value = "")]
        id: String,
    },
    /// A requested bye for a round not yet paired (half a point unless
    /// `--points` says otherwise).
    Bye {
        /// The event file.
        file: PathBuf,
        /// The player's number.
        #[arg(long)]
        player: u32,
        /// The round (default: the next).
        #[arg(long)]
        round: Option<u32>,
        /// The points it scores: 0, 0.5 or 1.
        #[arg(long, default_value = "0.5", value_parser = ["0", "0.5", "1"])]
        points: String,
    },
    /// Withdraw a player from the next round on.
    Withdraw {
        /// The event file.
        file: PathBuf,
        /// The player's number.
        #[arg(long)]
        player: u32,
    },
    /// Pair the next round and show it.
    Pair {
        /// The event file.
        file: PathBuf,
    },
    /// Show a round's pairings (default: the last).
    Pairings {
        /// The event file.
        file: PathBuf,
        /// The round.
        #[arg(long)]
        round: Option<u32>,
    },
    /// Enter a result: 1-0, 0-1, 1/2-1/2, or a forfeit 1-0f, 0-1f, 0-0f.
    Result {
        /// The event file.
        file: PathBuf,
        /// The round.
        #[arg(long)]
        round: u32,
        /// The board.
        #[arg(long)]
        board: usize,
        /// The result.
        result: String,
    },
    /// Enter a game from a PDN file (its first game; the result is the
    /// game's).
    Game {
        /// The event file.
        file: PathBuf,
        /// The round.
        #[arg(long)]
        round: u32,
        /// The board.
        #[arg(long)]
        board: usize,
        /// The PDN file.
        pdn: PathBuf,
    },
    /// The standings with the event's tie-breaks (or `--tiebreaks`).
    Standings {
        /// The event file.
        file: PathBuf,
        /// Tie-breaks in order, comma-separated.
        #[arg(long)]
        tiebreaks: Option<String>,
    },
    /// The crosstable: each player's opponent, colour and result by round.
    Crosstable {
        /// The event file.
        file: PathBuf,
    },
    /// An HTML page of the standings and the last round's pairings.
    Html {
        /// The event file.
        file: PathBuf,
        /// The page to write.
        out: PathBuf,
    },
    /// Export the tournament report file and the games.
    Export {
        /// The event file.
        file: PathBuf,
        /// Write FIDE's TRF here.
        #[arg(long)]
        trf: Option<PathBuf>,
        /// Write every entered game here (PDN).
        #[arg(long)]
        pdn: Option<PathBuf>,
    },
}

/// Writes `text` to `path` whole.
pub(crate) fn write_file(path: &Path, text: &str) -> Result<(), CliError> {
    let cannot =
        |p: &Path, e: std::io::Error| CliError::usage(format!("cannot write {}: {e}", p.display()));
    tama_files::write_atomically(
        path,
        |f| f.write_all(text.as_bytes()).map_err(|e| cannot(path, e)),
        cannot,
    )
}

fn split_tiebreaks(s: &str) -> Result<Vec<String>, CliError> {
    let list: Vec<String> = s
        .split(',')
        .map(|t| t.trim().to_ascii_uppercase())
        .filter(|t| !t.is_empty())
        .collect();
    for t in &list {
        t.parse::<tama_pairing::tiebreak::TieBreak>()
            .map_err(CliError::usage)?;
    }
    Ok(list)
}

/// Runs `tama tournament`.
pub fn run(args: &Args, io: &mut Io<'_>) -> CmdResult {
    match &args.action {
        Action::New {
            file,
            name,
            rounds,
            system,
            cycles,
            tiebreaks,
            initial,
            baku,
            city,
            rules,
        } => {
            if file.exists() {
                return Err(CliError::usage(format!(
                    "{} exists already",
                    file.display()
                )));
            }
            if *system == System::Swiss && *rounds == 0 {
                return Err(CliError::usage("a Swiss event needs --rounds"));
            }
            let ev = Event {
                tama_tournament: 1,
                name: name.clone(),
                city: city.clone(),
                rules: rules.clone(),
                system: *system,
                rounds: *rounds,
                cycles: *cycles,
                tiebreaks: split_tiebreaks(tiebreaks)?,
                initial_white: initial == "white",
                baku: *baku,
                players: Vec::new(),
                requests: Vec::new(),
                round_list: Vec::new(),
            };
            ev.save(file)?;
            writeln!(io.out, "created {}", file.display())?;
        }
        Action::Add {
            file,
            name,
            rating,
            federation,
            title,
            id,
        } => {
            let mut ev = Event::load(file)?;
            if ev.system == System::Robin && !ev.round_list.is_empty() {
                return Err(CliError::usage("a round robin takes no late entries"));
            }
            ev.players.push(Entry {
                name: name.clone(),
                rating: *rating,
                federation: federation.clone(),
                title: title.clone(),
                id: id.clone(),
                withdrawn_from: None,
            });
            ev.save(file)?;
            writeln!(io.out, "player {}: {name}", ev.players.len())?;
        }
        Action::Bye {
            file,
            player,
            round,
            points,
        } => {
            let mut ev = Event::load(file)?;
            ev.player(*player)?;
            let next = ev.round_list.len() as u32 + 1;
            let round = round.unwrap_or(next);
            if round < next {
                return Err(CliError::usage(format!("round {round} is paired already")));
            }
            let code = match points.as_str() {
                "0" => 'Z',
                "1" => 'F',
                _ => 'H',
            };
            ev.requests
                .retain(|&(r, p, _)| !(r == round && p == *player));
            ev.requests.push((round, *player, code));
            ev.save(file)?;
            writeln!(io.out, "player {player}: a bye in round {round} ({points})")?;
        }
        Action::Withdraw { file, player } => {
            let mut ev = Event::load(file)?;
            ev.player(*player)?;
            let next = ev.round_list.len() as u32 + 1;
            ev.players[*player as usize - 1].withdrawn_from = Some(next);
            ev.save(file)?;
            writeln!(io.out, "player {player}: withdrawn from round {next} on")?;
        }
        Action::Pair { file } => {
            let mut ev = Event::load(file)?;
            pair_next(&mut ev)?;
            ev.save(file)?;
            report::pairings(&ev, ev.round_list.len() as u32, io)?;
        }
        Action::Pairings { file, round } => {
            let ev = Event::load(file)?;
            let r = round.unwrap_or(ev.round_list.len() as u32);
            report::pairings(&ev, r, io)?;
        }
        Action::Result {
            file,
            round,
            board,
            result,
        } => {
            let mut ev = Event::load(file)?;
            let canon = canonical_result(result).ok_or_else(|| {
                CliError::usage(format!(
                    "result `{result}`: use 1-0, 0-1, 1/2-1/2, 1-0f, 0-1f or 0-0f"
                ))
            })?;
            board_mut(&mut ev, *round, *board)?.result = Some(canon.to_string());
            ev.save(file)?;
            writeln!(io.out, "round {round} board {board}: {canon}")?;
        }
        Action::Game {
            file,
            round,
            board,
            pdn,
        } => {
            let mut ev = Event::load(file)?;
            let text = std::fs::read(pdn)
                .map_err(|e| CliError::usage(format!("cannot read {}: {e}", pdn.display())))?;
            let game = PdnReader::new(&text[..])
                .next()
                .ok_or_else(|| CliError::usage(format!("{}: no game", pdn.display())))?
                .map_err(|e| CliError::usage(format!("{}: {e}", pdn.display())))?;
            let result = match game.result() {
                GameResult::WhiteWins => "1-0",
                GameResult::BlackWins => "0-1",
                GameResult::Draw => "1/2-1/2",
                _ => {
                    return Err(CliError::usage(format!(
                        "{}: the game has no result",
                        pdn.display()
                    )))
                }
            };
            let b = board_mut(&mut ev, *round, *board)?;
            b.result = Some(result.to_string());
            b.pdn = Some(game.to_pdn());
            ev.save(file)?;
            writeln!(io.out, "round {round} board {board}: {result} (game saved)")?;
        }
        Action::Standings { file, tiebreaks } => {
            let mut ev = Event::load(file)?;
            if let Some(t) = tiebreaks {
                ev.tiebreaks = split_tiebreaks(t)?;
            }
            report::standings(&ev, io)?;
        }
        Action::Crosstable { file } => report::crosstable(&Event::load(file)?, io)?,
        Action::Html { file, out } => {
            let ev = Event::load(file)?;
            write_file(out, &report::html(&ev)?)?;
            writeln!(io.out, "wrote {}", out.display())?;
        }
        Action::Export { file, trf, pdn } => {
            let ev = Event::load(file)?;
            if trf.is_none() && pdn.is_none() {
                return Err(CliError::usage(
                    "export what? give --trf FILE and/or --pdn FILE",
                ));
            }
            if let Some(path) = trf {
                write_file(path, &ev.to_trf().write())?;
                writeln!(io.out, "wrote {}", path.display())?;
            }
            if let Some(path) = pdn {
                write_file(path, &report::games_pdn(&ev))?;
                writeln!(io.out, "wrote {}", path.display())?;
            }
        }
    }
    Ok(EXIT_OK)
}

fn board_mut(ev: &mut Event, round: u32, board: usize) -> Result<&mut event::Board, CliError> {
    let rounds = ev.round_list.len();
    let r = round
        .checked_sub(1)
        .and_then(|r| ev.round_list.get_mut(r as usize))
        .ok_or_else(|| CliError::usage(format!("no round {round} ({rounds} paired)")))?;
    let boards = r.boards.len();
    board
        .checked_sub(1)
        .and_then(|b| r.boards.get_mut(b))
        .ok_or_else(|| {
            CliError::usage(format!(
                "round {round} has no board {board} ({boards} boards)"
            ))
        })
}

/// Pairs the next round of `ev`.
fn pair_next(ev: &mut Event) -> Result<(), CliError> {
    let unfinished = ev.unfinished();
    if let Some((r, b)) = unfinished.first() {
        return Err(CliError::usage(format!(
            "round {r} board {b} has no result yet ({} boards without one)",
            unfinished.len()
        )));
    }
    let n = ev.players.len() as u32;
    if n < 2 {
        return Err(CliError::usage("add at least two players first"));
    }
    let next = ev.round_list.len() as u32 + 1;
    if ev.system == System::Robin && ev.round_list.is_empty() {
        ev.rounds = (n + n % 2 - 1) * ev.cycles;
    }
    if next > ev.rounds {
        return Err(CliError::usage(format!(
            "all {} rounds are paired",
            ev.rounds
        )));
    }
    if ev.system == System::Swiss && ev.round_list.is_empty() {
        // The initial ranking: rating, then title, then name (C.04.2.B).
        ev.players.sort_by(|a, b| {
            b.rating
                .cmp(&a.rating)
                .then(a.title.cmp(&b.title))
                .then(a.name.cmp(&b.name))
        });
    }
    let mut absent: Vec<(u32, char)> = Vec::new();
    for (i, e) in ev.players.iter().enumerate() {
        let p = i as u32 + 1;
        if let Some(&(_, _, c)) = ev.requests.iter().find(|&&(r, q, _)| r == next && q == p) {
            absent.push((p, c));
        } else if e.withdrawn_from.is_some_and(|w| w <= next) {
            absent.push((p, 'Z'));
        }
    }
    let pairing = match ev.system {
        System::Swiss => {
            let input = ev
                .to_trf()
                .swiss_input(next, &[])
                .map_err(CliError::usage)?;
            pair_dutch(&input).map_err(CliError::check_failed)?
        }
        System::Robin => {
            let per_cycle = n + n % 2 - 1;
            let r = (next - 1) % per_cycle + 1;
            let second = (next - 1) / per_cycle % 2 == 1;
            let boards = berger::round(n, r).unwrap_or_default();
            let pairs = boards
                .into_iter()
                .map(|(w, b)| if second { (b, w) } else { (w, b) })
                .collect();
            // A round robin's free player scores nothing: not a bye.
            if let Some(free) = berger::bye(n, r) {
                absent.retain(|&(p, _)| p != free);
                absent.push((free, 'Z'));
            }
            RoundPairing { pairs, bye: None }
        }
    };
    ev.requests.retain(|&(r, _, _)| r != next);
    ev.push_round(&pairing, absent);
    Ok(())
}
