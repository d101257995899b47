//! Writing a referee's new events to the store, and bringing the live
//! games back after the server stopped (or was killed).

use tama_core::{Color, Termination};
use tama_notation::pdn::PdnGame;

use crate::event::{Event, Millis};
use crate::referee::{Referee, ReplayError, Status};
use crate::store::{GameRow, GameWrite, Store, StoreError};

/// The Board API's status word of a game: `started`, `aborted`, `mate`
/// (no legal move), `draw`, `resign`, `outoftime`, `timeout` (claimed
/// when the other player was gone).
pub fn status_word(status: Status) -> &'static str {
    match status {
        Status::Started => "started",
        Status::Aborted => "aborted",
        Status::Over(o) => match o.termination {
            Termination::NoLegalMoves => "mate",
            Termination::Resignation => "resign",
            Termination::TimeForfeit => "outoftime",
            Termination::Adjudication => "timeout",
            Termination::Repetition | Termination::OnePieceEach | Termination::Agreement => "draw",
        },
    }
}

/// The game's PDN record, with its `TimeControl` tag and a clock comment
/// after each move as `tama play` writes them.
pub fn pdn(row: &GameRow, referee: &Referee) -> String {
    let tags = [
        ("Event", "tama online"),
        ("Site", row.id.as_str()),
        ("White", row.players[0].as_str()),
        ("Black", row.players[1].as_str()),
    ];
    match PdnGame::from_game(referee.game(), tags) {
        Ok(p) => p.to_pdn(),
        // The tags are ids of letters and digits: never refused.
        Err(_) => String::new(),
    }
}

/// The store's change for `referee`'s entries after number `before`,
/// which had `moves_before` moves then and `was`'s status.
pub fn change(
    row: &GameRow,
    referee: &Referee,
    before: u64,
    moves_before: usize,
    was: Status,
) -> GameWrite {
    let mut write = GameWrite::default();
    let mut count = moves_before as u64;
    for e in referee.since(before) {
        match &e.event {
            Event::Move {
                text,
                white_ms,
                black_ms,
                ..
            } => {
                count += 1;
                write
                    .moves
                    .push((count, text.clone(), *white_ms, *black_ms));
            }
            Event::Takeback { plies, .. } => {
                count = count.saturating_sub(u64::from(*plies));
                write.moves.retain(|m| m.0 <= count);
                write.keep_moves = Some(write.keep_moves.map_or(count, |k| k.min(count)));
            }
            _ => {}
        }
    }
    let now = referee.status();
    if was == Status::Started && now != Status::Started {
        write.finished = Some((status_word(now).to_string(), pdn(row, referee)));
    }
    write
}

/// Commits `referee`'s entries after `before` (see [`change`]) in one
/// transaction.
///
/// # Errors
///
/// [`StoreError`] when the store refuses it (nothing was written).
pub async fn commit(
    store: &Store,
    row: &GameRow,
    referee: &Referee,
    before: u64,
    moves_before: usize,
    was: Status,
) -> Result<(), StoreError> {
    let entries = referee.since(before);
    if entries.is_empty() {
        return Ok(());
    }
    let write = change(row, referee, before, moves_before, was);
    store.write(&row.id, entries, &write).await
}

/// Why a live game could not be brought back.
#[derive(Debug)]
pub enum RecoverError {
    /// The store failed.
    Store(StoreError),
    /// A game's log does not replay: its id, and the entry at fault.
    Replay(String, ReplayError),
}

impl core::fmt::Display for RecoverError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RecoverError::Store(e) => write!(f, "{e}"),
            RecoverError::Replay(id, e) => write!(f, "game {id}: {e}"),
        }
    }
}

impl std::error::Error for RecoverError {}

/// Every live game of the store, replayed from its events, at `now`: the
/// running clocks start again now, charged what their players thought
/// before the server's last sign of life ([`Store::alive`]) and not the
/// time it was down; the `resume` events are committed.
///
/// # Errors
///
/// [`RecoverError`] when the store fails or a log does not replay.
pub async fn recover(store: &Store, now: Millis) -> Result<Vec<(GameRow, Referee)>, RecoverError> {
    let alive = store.alive().await.map_err(RecoverError::Store)?;
    let mut games = Vec::new();
    for (row, log) in store.live_games().await.map_err(RecoverError::Store)? {
        let mut referee = Referee::replay(row.settings.clone(), row.created, &log)
            .map_err(|e| RecoverError::Replay(row.id.clone(), e))?;
        let before = referee.last();
        let moves = referee.game().moves().len();
        let was = referee.status();
        let last = log.last().map_or(row.created, |e| e.at);
        referee.resume(alive.unwrap_or(last).max(last), now);
        commit(store, &row, &referee, before, moves, was)
            .await
            .map_err(RecoverError::Store)?;
        games.push((row, referee));
    }
    Ok(games)
}

/// The colour of the player whose public id is `player` in `row`.
pub fn color_of(row: &GameRow, player: &str) -> Option<Color> {
    if row.players[0] == player {
        Some(Color::White)
    } else if row.players[1] == player {
        Some(Color::Black)
    } else {
        None
    }
}
