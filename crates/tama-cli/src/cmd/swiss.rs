//! `tama swiss`: the command line of FIDE's endorsed pairing engines
//! (JaVaFo, bbpPairings) over a TRF file: `-p` pairs the next round, `-c`
//! checks every round of a tournament paired elsewhere.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};

use tama_pairing::check::absolute_violations;
use tama_pairing::trf::{self, Tournament};
use tama_pairing::{pair_dutch, RoundPairing};

use crate::error::{CliError, CmdResult, EXIT_CHECK_FAILED, EXIT_OK};
use crate::io::Io;

/// Pair or check a Swiss tournament by FIDE's Dutch system (TRF files).
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  tama swiss --dutch open.trf -p\n  tama swiss --dutch open.trf -p round5.txt\n  tama swiss --dutch open.trf -c\n\nThe pairing is written as JaVaFo writes it: the number of pairs, then one `white black` pair a line, `N 0` for the bye. Requested byes of the round to pair are `0000 - H` (or F, Z) in the players' lines; `XXR` gives the number of rounds, `XXC white1|black1` the initial colour."
)]
#[command(group(clap::ArgGroup::new("mode").required(true).args(["pair", "check"])))]
pub struct Args {
    /// The tournament report file (TRF-2026 / TRF(x)).
    #[arg(long, value_name = "FILE.trf")]
    pub dutch: PathBuf,
    /// Pair the next round; write the pairing to OUT (standard output
    /// without it).
    #[arg(short = 'p', value_name = "OUT", num_args = 0..=1, default_missing_value = "-")]
    pub pair: Option<String>,
    /// Check every paired round against the rules: list each round whose
    /// pairing differs from tama's (exit code 1 if any).
    #[arg(short = 'c')]
    pub check: bool,
}

fn read(path: &Path) -> Result<Tournament, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::usage(format!("cannot read {}: {e}", path.display())))?;
    trf::parse(&text).map_err(|e| CliError::usage(format!("{}: {e}", path.display())))
}

/// The pairing as JaVaFo writes it.
pub fn javafo_text(p: &RoundPairing) -> String {
    let mut s = format!("{}\n", p.pairs.len() + usize::from(p.bye.is_some()));
    for (w, b) in &p.pairs {
        s.push_str(&format!("{w} {b}\n"));
    }
    if let Some(b) = p.bye {
        s.push_str(&format!("{b} 0\n"));
    }
    s
}

/// Runs `tama swiss`.
pub fn run(args: &Args, io: &mut Io<'_>) -> CmdResult {
    let t = read(&args.dutch)?;
    if let Some(out) = &args.pair {
        let round = t.paired_rounds() + 1;
        if let Some(total) = t.total_rounds {
            if round > total {
                return Err(CliError::usage(format!(
                    "{}: all {total} rounds are paired (XXR {total})",
                    args.dutch.display()
                )));
            }
        }
        let input = t
            .swiss_input(round, &[])
            .map_err(|e| CliError::usage(format!("{}: {e}", args.dutch.display())))?;
        let pairing = pair_dutch(&input)
            .map_err(|e| CliError::check_failed(format!("{}: {e}", args.dutch.display())))?;
        let text = javafo_text(&pairing);
        if out == "-" {
            io.out.write_all(text.as_bytes())?;
        } else {
            let path = PathBuf::from(out);
            let cannot = |p: &Path, e: std::io::Error| {
                CliError::usage(format!("cannot write {}: {e}", p.display()))
            };
            tama_files::write_atomically(
                &path,
                |f| f.write_all(text.as_bytes()).map_err(|e| cannot(&path, e)),
                cannot,
            )?;
        }
        return Ok(EXIT_OK);
    }
    check(&t, &args.dutch, io)
}

fn as_set(p: &RoundPairing) -> (BTreeSet<(u32, u32)>, Option<u32>) {
    (p.pairs.iter().copied().collect(), p.bye)
}

fn check(t: &Tournament, path: &Path, io: &mut Io<'_>) -> CmdResult {
    let rounds = t.paired_rounds();
    let mut differing = 0;
    for round in 1..=rounds {
        let input = t
            .swiss_input(round, &[])
            .map_err(|e| CliError::usage(format!("{}: {e}", path.display())))?;
        let recorded = t.recorded_pairing(round);
        let broken = absolute_violations(&input, &recorded);
        let ours = pair_dutch(&input);
        let same = ours.as_ref().is_ok_and(|p| as_set(p) == as_set(&recorded));
        if same && broken.is_empty() {
            continue;
        }
        differing += 1;
        writeln!(io.out, "round {round}: the pairing differs from the rules'")?;
        for b in &broken {
            writeln!(io.out, "  breaks {b}")?;
        }
        match &ours {
            Ok(p) => {
                let (mine, my_bye) = as_set(p);
                let (theirs, their_bye) = as_set(&recorded);
                let only = |a: &BTreeSet<(u32, u32)>, b: &BTreeSet<(u32, u32)>| {
                    a.difference(b)
                        .map(|(w, b)| format!("{w}-{b}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                writeln!(io.out, "  file: {}", only(&theirs, &mine))?;
                writeln!(io.out, "  tama: {}", only(&mine, &theirs))?;
                if my_bye != their_bye {
                    let show = |b: Option<u32>| b.map_or("none".to_string(), |b| b.to_string());
                    writeln!(
                        io.out,
                        "  bye: file {}, tama {}",
                        show(their_bye),
                        show(my_bye)
                    )?;
                }
            }
            Err(e) => writeln!(io.out, "  tama: {e}")?,
        }
    }
    writeln!(
        io.out,
        "{rounds} rounds checked, {} as the rules pair them, {differing} differing",
        rounds - differing
    )?;
    Ok(if differing == 0 {
        EXIT_OK
    } else {
        EXIT_CHECK_FAILED
    })
}
