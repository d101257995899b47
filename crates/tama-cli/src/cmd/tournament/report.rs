//! What `tama tournament` shows and exports: pairings, standings,
//! crosstable, an HTML page, the games' PDN.

use tama_pairing::model::format_points;
use tama_pairing::tiebreak::{standings as rank, Standing, TieBreak};
use tama_pairing::{Colour, Outcome};

use super::event::{Event, System};
use crate::error::CliError;
use crate::io::Io;

fn name(ev: &Event, n: u32) -> String {
    ev.players
        .get(n as usize - 1)
        .map_or(String::new(), |p| p.name.clone())
}

fn tb_value(tb: TieBreak, v: i64) -> String {
    match tb {
        TieBreak::SonnebornBerger => format!("{}.{:02}", v / 100, v % 100),
        TieBreak::Wins | TieBreak::GamesWon | TieBreak::AverageRatingOfOpponents => v.to_string(),
        _ => format_points(v as u32),
    }
}

/// Prints round `round`'s boards.
pub fn pairings(ev: &Event, round: u32, io: &mut Io<'_>) -> Result<(), CliError> {
    let r = round
        .checked_sub(1)
        .and_then(|r| ev.round_list.get(r as usize))
        .ok_or_else(|| {
            CliError::usage(format!("no round {round} ({} paired)", ev.round_list.len()))
        })?;
    writeln!(io.out, "{} - round {round}", ev.name)?;
    for (b, board) in r.boards.iter().enumerate() {
        writeln!(
            io.out,
            "{:>3}. {:>3} {:<28} - {:>3} {:<28} {}",
            b + 1,
            board.white,
            name(ev, board.white),
            board.black,
            name(ev, board.black),
            board.result.as_deref().unwrap_or("")
        )?;
    }
    if let Some(b) = r.bye {
        writeln!(io.out, "     {b:>3} {} has the bye", name(ev, b))?;
    }
    for &(p, code) in &r.absent {
        let what = match code {
            'H' => "a half-point bye",
            'F' => "a full-point bye",
            _ if ev.system == System::Robin => "no game",
            _ => "absent",
        };
        writeln!(io.out, "     {p:>3} {}: {what}", name(ev, p))?;
    }
    Ok(())
}

fn table(ev: &Event) -> Result<(Vec<TieBreak>, Vec<Standing>), CliError> {
    let tbs = ev.tiebreak_list()?;
    let t = ev.to_trf();
    let done = ev.round_list.len();
    Ok((tbs.clone(), rank(&t.players, &t.points, done, &tbs)))
}

/// Prints the standings.
pub fn standings(ev: &Event, io: &mut Io<'_>) -> Result<(), CliError> {
    let (tbs, rows) = table(ev)?;
    write!(
        io.out,
        "{:>4} {:>4} {:<28} {:>5} {:>5}",
        "Rank", "No", "Name", "Rtg", "Pts"
    )?;
    for tb in &tbs {
        write!(io.out, " {:>6}", tb.code())?;
    }
    writeln!(io.out)?;
    for s in &rows {
        let p = &ev.players[s.number as usize - 1];
        write!(
            io.out,
            "{:>4} {:>4} {:<28} {:>5} {:>5}",
            s.rank,
            s.number,
            p.name,
            p.rating,
            format_points(s.points)
        )?;
        for (tb, v) in tbs.iter().zip(&s.values) {
            write!(io.out, " {:>6}", tb_value(*tb, *v))?;
        }
        writeln!(io.out)?;
    }
    Ok(())
}

/// One cell of the crosstable: `12w1`, `5b=`, `+`, `U`, `H`.
fn cell(e: &tama_pairing::RoundEntry) -> String {
    match (e.opponent, e.colour) {
        (Some(o), Some(c)) => format!(
            "{o}{}{}",
            if c == Colour::White { 'w' } else { 'b' },
            match e.outcome {
                Outcome::Pending => '*',
                other => other.code(),
            }
        ),
        _ => e.outcome.code().to_string(),
    }
}

/// Prints the crosstable, players in the order of the standings.
pub fn crosstable(ev: &Event, io: &mut Io<'_>) -> Result<(), CliError> {
    let (_, rows) = table(ev)?;
    let t = ev.to_trf();
    write!(io.out, "{:>4} {:<28} {:>5}", "No", "Name", "Pts")?;
    for r in 1..=ev.round_list.len() {
        write!(io.out, " {:>6}", format!("R{r}"))?;
    }
    writeln!(io.out)?;
    for s in &rows {
        let p = &t.players[s.number as usize - 1];
        write!(
            io.out,
            "{:>4} {:<28} {:>5}",
            s.number,
            p.name,
            format_points(s.points)
        )?;
        for e in p.rounds.iter().take(ev.round_list.len()) {
            write!(io.out, " {:>6}", cell(e))?;
        }
        writeln!(io.out)?;
    }
    Ok(())
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The standings and the last round's pairings as one printable page.
pub fn html(ev: &Event) -> Result<String, CliError> {
    let (tbs, rows) = table(ev)?;
    let mut h = String::new();
    h.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    h.push_str(&format!("<title>{}</title>\n", esc(&ev.name)));
    h.push_str("<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #999;padding:.2em .6em}td.n{text-align:right}@media print{body{margin:0}}</style>\n</head>\n<body>\n");
    h.push_str(&format!("<h1>{}</h1>\n", esc(&ev.name)));
    if !ev.city.is_empty() {
        h.push_str(&format!("<p>{}</p>\n", esc(&ev.city)));
    }
    h.push_str(&format!(
        "<h2>Standings after round {}</h2>\n<table>\n<tr><th>Rank</th><th>No</th><th>Name</th><th>Fed</th><th>Rating</th><th>Points</th>",
        ev.round_list.len()
    ));
    for tb in &tbs {
        h.push_str(&format!("<th>{}</th>", tb.code()));
    }
    h.push_str("</tr>\n");
    for s in &rows {
        let p = &ev.players[s.number as usize - 1];
        h.push_str(&format!(
            "<tr><td class=\"n\">{}</td><td class=\"n\">{}</td><td>{} {}</td><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>",
            s.rank,
            s.number,
            esc(&p.title),
            esc(&p.name),
            esc(&p.federation),
            p.rating,
            format_points(s.points)
        ));
        for (tb, v) in tbs.iter().zip(&s.values) {
            h.push_str(&format!("<td class=\"n\">{}</td>", tb_value(*tb, *v)));
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table>\n");
    if let Some(last) = ev.round_list.last() {
        h.push_str(&format!(
            "<h2>Round {}</h2>\n<table>\n<tr><th>Board</th><th>White</th><th>Result</th><th>Black</th></tr>\n",
            ev.round_list.len()
        ));
        for (b, board) in last.boards.iter().enumerate() {
            h.push_str(&format!(
                "<tr><td class=\"n\">{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                b + 1,
                esc(&name(ev, board.white)),
                esc(board.result.as_deref().unwrap_or("")),
                esc(&name(ev, board.black))
            ));
        }
        if let Some(b) = last.bye {
            h.push_str(&format!(
                "<tr><td></td><td>{}</td><td>bye</td><td></td></tr>\n",
                esc(&name(ev, b))
            ));
        }
        h.push_str("</table>\n");
    }
    h.push_str("</body>\n</html>\n");
    Ok(h)
}

/// Every entered game, with the event's tags, as one PDN file.
pub fn games_pdn(ev: &Event) -> String {
    let mut out = String::new();
    for (r, round) in ev.round_list.iter().enumerate() {
        for board in &round.boards {
            let Some(pdn) = &board.pdn else { continue };
            let mut game: tama_notation::pdn::PdnGame = match pdn.parse() {
                Ok(g) => g,
                Err(_) => continue,
            };
            let _ = game.set_tag("Event", &ev.name);
            let _ = game.set_tag("Round", &(r + 1).to_string());
            let _ = game.set_tag("White", &name(ev, board.white));
            let _ = game.set_tag("Black", &name(ev, board.black));
            if !ev.city.is_empty() {
                let _ = game.set_tag("Site", &ev.city);
            }
            out.push_str(&game.to_pdn());
        }
    }
    out
}
