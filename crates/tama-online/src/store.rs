//! The store: guest tokens, challenges, games, their moves and numbered
//! events, in SQLite (the embedded default, in WAL mode) or Postgres.
//!
//! One set of SQL runs on both through sqlx's `any` driver (queries with
//! `$1` parameters, `BIGINT` and `TEXT` columns only), and one list of
//! migrations ([`MIGRATIONS`]) brings a new or older database up to date
//! when it is opened. Every write of a game is one transaction: a move is
//! committed before anyone is told of it.

use core::fmt;
use std::path::Path;

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Row};
use tama_core::Rules;
use tama_notation::time_control::{parse_time_control_tag, write_time_control_tag, TagValue};
use tama_notation::{parse_position, parse_rules, write_fen, write_rules};

use crate::event::{Entry, Event, Millis};
use crate::referee::Settings;
use crate::token::secret_hash;

/// The schema, version by version: each entry's statements run once, in
/// one transaction, on a database older than it.
pub const MIGRATIONS: &[(i64, &str)] = &[
    (
        1,
        "CREATE TABLE tokens (
        id TEXT PRIMARY KEY,
        secret TEXT NOT NULL,
        created BIGINT NOT NULL
    );
    CREATE TABLE challenges (
        id TEXT PRIMARY KEY,
        creator TEXT NOT NULL,
        color TEXT NOT NULL,
        rules TEXT NOT NULL,
        fen TEXT NOT NULL,
        control TEXT NOT NULL,
        created BIGINT NOT NULL,
        status TEXT NOT NULL
    );
    CREATE TABLE games (
        id TEXT PRIMARY KEY,
        white TEXT NOT NULL,
        black TEXT NOT NULL,
        rules TEXT NOT NULL,
        fen TEXT NOT NULL,
        control TEXT NOT NULL,
        created BIGINT NOT NULL,
        status TEXT NOT NULL,
        pdn TEXT
    );
    CREATE INDEX games_status ON games (status);
    CREATE TABLE moves (
        game_id TEXT NOT NULL,
        ply BIGINT NOT NULL,
        text TEXT NOT NULL,
        white_ms BIGINT,
        black_ms BIGINT,
        PRIMARY KEY (game_id, ply)
    );
    CREATE TABLE events (
        game_id TEXT NOT NULL,
        n BIGINT NOT NULL,
        at BIGINT NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (game_id, n)
    );
    CREATE TABLE alive (
        id BIGINT PRIMARY KEY,
        at BIGINT NOT NULL
    )",
    ),
    // A challenge to one player (lichess's `POST /api/challenge/{user}`):
    // its destination; NULL for an open challenge.
    (2, "ALTER TABLE challenges ADD COLUMN dest TEXT"),
];

/// A failure of the store, with what it was doing.
#[derive(Debug)]
pub struct StoreError {
    what: String,
}

impl StoreError {
    fn new(doing: &str, e: impl fmt::Display) -> StoreError {
        StoreError {
            what: format!("{doing}: {e}"),
        }
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.what)
    }
}

impl std::error::Error for StoreError {}

/// A game's row: who plays which colour, how, and since when.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameRow {
    /// The game's id.
    pub id: String,
    /// The public ids of White's and Black's tokens.
    pub players: [String; 2],
    /// The rules and clock.
    pub settings: Settings,
    /// When it started.
    pub created: Millis,
    /// `started` while it goes on, else how it ended (the Board API's
    /// status words).
    pub status: String,
}

/// An open challenge: a game waiting for its second player.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ChallengeRow {
    /// Its id (the game's id once accepted).
    pub id: String,
    /// The public id of its creator's token.
    pub creator: String,
    /// The creator's colour: `white`, `black` or `random`.
    pub color: String,
    /// The rules and clock.
    pub settings: Settings,
    /// When it was made.
    pub created: Millis,
    /// The one player it is for (`None`: whoever accepts first).
    pub dest: Option<String>,
}

/// What one write of a game changes besides its new events.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct GameWrite {
    /// Keep only the first this many moves (a takeback), before adding.
    pub keep_moves: Option<u64>,
    /// New moves: ply (from 1), text, clocks after.
    pub moves: Vec<(u64, String, Option<u64>, Option<u64>)>,
    /// The game ended: its status word and its PDN.
    pub finished: Option<(String, String)>,
}

/// The database: a pool of connections to SQLite or Postgres.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
}

/// The URL of a SQLite database in `path` (created when missing).
pub fn sqlite_url(path: &Path) -> String {
    format!("sqlite://{}?mode=rwc", path.display())
}

fn int(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

fn uint(v: i64) -> u64 {
    u64::try_from(v).unwrap_or(0)
}

/// The rules, start and clock as stored: rules text, FEN, and the PDN
/// `TimeControl` tag or `-` for none.
fn settings_text(s: &Settings) -> (String, String, String) {
    (
        write_rules(&s.rules),
        write_fen(&s.start),
        s.control
            .as_ref()
            .map_or_else(|| "-".to_string(), write_time_control_tag),
    )
}

fn settings_from(rules: &str, fen: &str, control: &str) -> Result<Settings, StoreError> {
    let rules: Rules = parse_rules(rules).map_err(|e| StoreError::new("stored rules", e))?;
    let start = parse_position(fen).map_err(|e| StoreError::new("stored position", e))?;
    let control = match parse_time_control_tag(control) {
        Ok(TagValue::Control(c)) => Some(c),
        _ => None,
    };
    Ok(Settings {
        rules,
        start,
        control,
    })
}

impl Store {
    /// Opens (creating a SQLite file when missing) the database at
    /// `url` (`sqlite://PATH?mode=rwc`, `postgres://…`) and migrates it.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it cannot be reached or migrated.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 4 } else { 8 })
            .connect(url)
            .await
            .map_err(|e| StoreError::new("cannot open the database", e))?;
        let store = Store { pool };
        if sqlite {
            // Persistent in the file: readers do not block the writer.
            store.exec("PRAGMA journal_mode=WAL").await?;
        }
        store.migrate().await?;
        store.hash_old_secrets().await?;
        Ok(store)
    }

    async fn exec(&self, sql: &str) -> Result<(), StoreError> {
        sqlx::query(sql)
            .execute(&self.pool)
            .await
            .map_err(|e| StoreError::new("cannot set up the database", e))?;
        Ok(())
    }

    /// The schema version of the database.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when the database cannot be read.
    pub async fn version(&self) -> Result<i64, StoreError> {
        let row = sqlx::query("SELECT COALESCE(MAX(version), 0) AS v FROM tama_migrations")
            .fetch_one(&self.pool)
            .await
            .map_err(|e| StoreError::new("cannot read the schema version", e))?;
        row.try_get::<i64, _>("v")
            .map_err(|e| StoreError::new("cannot read the schema version", e))
    }

    async fn migrate(&self) -> Result<(), StoreError> {
        self.exec("CREATE TABLE IF NOT EXISTS tama_migrations (version BIGINT PRIMARY KEY)")
            .await?;
        let have = self.version().await?;
        for (version, sql) in MIGRATIONS.iter().filter(|(v, _)| *v > have) {
            let fail = |e| StoreError::new(&format!("cannot migrate to version {version}"), e);
            let mut tx = self.pool.begin().await.map_err(fail)?;
            for statement in sql.split(';').filter(|s| !s.trim().is_empty()) {
                sqlx::query(statement)
                    .execute(&mut *tx)
                    .await
                    .map_err(fail)?;
            }
            sqlx::query("INSERT INTO tama_migrations (version) VALUES ($1)")
                .bind(*version)
                .execute(&mut *tx)
                .await
                .map_err(fail)?;
            tx.commit().await.map_err(fail)?;
        }
        Ok(())
    }

    /// Saves a new guest token: its id, the digest of its secret
    /// ([`secret_hash`]; the secret itself is never stored) and when it
    /// was made.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it cannot be written.
    pub async fn add_token(&self, id: &str, secret: &str, now: Millis) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO tokens (id, secret, created) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(secret_hash(secret))
            .bind(int(now))
            .execute(&self.pool)
            .await
            .map_err(|e| StoreError::new("cannot save a token", e))?;
        Ok(())
    }

    /// The digest of the secret of the token `id` ([`secret_hash`]) and
    /// when it was made, if there is one.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when the database cannot be read.
    pub async fn token(&self, id: &str) -> Result<Option<(String, Millis)>, StoreError> {
        let fail = |e| StoreError::new("cannot read a token", e);
        let row = sqlx::query("SELECT secret, created FROM tokens WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(fail)?;
        let Some(r) = row else { return Ok(None) };
        Ok(Some((
            r.try_get::<String, _>("secret").map_err(fail)?,
            uint(r.try_get("created").map_err(fail)?),
        )))
    }

    /// Replaces secrets stored in clear (by the first version of the
    /// schema) with their digests.
    async fn hash_old_secrets(&self) -> Result<(), StoreError> {
        let fail = |e| StoreError::new("cannot hash the stored secrets", e);
        let rows = sqlx::query("SELECT id, secret FROM tokens WHERE secret NOT LIKE 'sha256:%'")
            .fetch_all(&self.pool)
            .await
            .map_err(fail)?;
        for r in rows {
            let id: String = r.try_get("id").map_err(fail)?;
            let secret: String = r.try_get("secret").map_err(fail)?;
            sqlx::query("UPDATE tokens SET secret = $1 WHERE id = $2")
                .bind(secret_hash(&secret))
                .bind(id)
                .execute(&self.pool)
                .await
                .map_err(fail)?;
        }
        Ok(())
    }

    /// Saves an open challenge.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it cannot be written.
    pub async fn add_challenge(&self, c: &ChallengeRow) -> Result<(), StoreError> {
        let (rules, fen, control) = settings_text(&c.settings);
        sqlx::query(
            "INSERT INTO challenges (id, creator, color, rules, fen, control, created, status, dest) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, 'open', $8)",
        )
        .bind(&c.id)
        .bind(&c.creator)
        .bind(&c.color)
        .bind(rules)
        .bind(fen)
        .bind(control)
        .bind(int(c.created))
        .bind(c.dest.as_deref())
        .execute(&self.pool)
        .await
        .map_err(|e| StoreError::new("cannot save a challenge", e))?;
        Ok(())
    }

    /// Closes the open challenge `id` as `status` (`canceled`,
    /// `declined`); `false` when it was not open.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it cannot be written.
    pub async fn close_challenge(&self, id: &str, status: &str) -> Result<bool, StoreError> {
        let done =
            sqlx::query("UPDATE challenges SET status = $1 WHERE id = $2 AND status = 'open'")
                .bind(status)
                .bind(id)
                .execute(&self.pool)
                .await
                .map_err(|e| StoreError::new("cannot close a challenge", e))?;
        Ok(done.rows_affected() == 1)
    }

    /// The open challenge `id`, if there is one.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when the database cannot be read.
    pub async fn open_challenge(&self, id: &str) -> Result<Option<ChallengeRow>, StoreError> {
        let fail = |e| StoreError::new("cannot read a challenge", e);
        let Some(row) = sqlx::query(
            "SELECT id, creator, color, rules, fen, control, created, dest FROM challenges \
             WHERE id = $1 AND status = 'open'",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await
        .map_err(fail)?
        else {
            return Ok(None);
        };
        let get = |name: &str| row.try_get::<String, _>(name);
        Ok(Some(ChallengeRow {
            id: get("id").map_err(fail)?,
            creator: get("creator").map_err(fail)?,
            color: get("color").map_err(fail)?,
            settings: settings_from(
                &get("rules").map_err(fail)?,
                &get("fen").map_err(fail)?,
                &get("control").map_err(fail)?,
            )?,
            created: uint(row.try_get("created").map_err(fail)?),
            dest: row.try_get::<Option<String>, _>("dest").map_err(fail)?,
        }))
    }

    /// Creates `game` and, when it comes from the open challenge
    /// `challenge`, closes that challenge in the same transaction.
    /// Returns `false` (and writes nothing) when the challenge was no
    /// longer open: someone else accepted it first.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it cannot be written.
    pub async fn add_game(
        &self,
        game: &GameRow,
        challenge: Option<&str>,
    ) -> Result<bool, StoreError> {
        let fail = |e| StoreError::new("cannot save a game", e);
        let mut tx = self.pool.begin().await.map_err(fail)?;
        if let Some(id) = challenge {
            let done = sqlx::query(
                "UPDATE challenges SET status = 'accepted' WHERE id = $1 AND status = 'open'",
            )
            .bind(id)
            .execute(&mut *tx)
            .await
            .map_err(fail)?;
            if done.rows_affected() != 1 {
                return Ok(false);
            }
        }
        let (rules, fen, control) = settings_text(&game.settings);
        sqlx::query(
            "INSERT INTO games (id, white, black, rules, fen, control, created, status) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(&game.id)
        .bind(&game.players[0])
        .bind(&game.players[1])
        .bind(rules)
        .bind(fen)
        .bind(control)
        .bind(int(game.created))
        .bind(&game.status)
        .execute(&mut *tx)
        .await
        .map_err(fail)?;
        tx.commit().await.map_err(fail)?;
        Ok(true)
    }

    /// Writes a game's new `entries` and what they change, in one
    /// transaction.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it cannot be written (then nothing is).
    pub async fn write(
        &self,
        id: &str,
        entries: &[Entry],
        change: &GameWrite,
    ) -> Result<(), StoreError> {
        let fail = |e| StoreError::new("cannot save a game's events", e);
        let mut tx = self.pool.begin().await.map_err(fail)?;
        for e in entries {
            let body = serde_json::to_string(&e.event).map_err(fail_json)?;
            sqlx::query("INSERT INTO events (game_id, n, at, body) VALUES ($1, $2, $3, $4)")
                .bind(id)
                .bind(int(e.n))
                .bind(int(e.at))
                .bind(body)
                .execute(&mut *tx)
                .await
                .map_err(fail)?;
        }
        if let Some(keep) = change.keep_moves {
            sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply > $2")
                .bind(id)
                .bind(int(keep))
                .execute(&mut *tx)
                .await
                .map_err(fail)?;
        }
        for (ply, text, w, b) in &change.moves {
            sqlx::query(
                "INSERT INTO moves (game_id, ply, text, white_ms, black_ms) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(id)
            .bind(int(*ply))
            .bind(text)
            .bind(w.map(int))
            .bind(b.map(int))
            .execute(&mut *tx)
            .await
            .map_err(fail)?;
        }
        if let Some((status, pdn)) = &change.finished {
            sqlx::query("UPDATE games SET status = $1, pdn = $2 WHERE id = $3")
                .bind(status)
                .bind(pdn)
                .bind(id)
                .execute(&mut *tx)
                .await
                .map_err(fail)?;
        }
        tx.commit().await.map_err(fail)?;
        Ok(())
    }

    fn game_row(row: &AnyRow) -> Result<GameRow, StoreError> {
        let fail = |e| StoreError::new("cannot read a game", e);
        let get = |name: &str| row.try_get::<String, _>(name).map_err(fail);
        Ok(GameRow {
            id: get("id")?,
            players: [get("white")?, get("black")?],
            settings: settings_from(&get("rules")?, &get("fen")?, &get("control")?)?,
            created: uint(row.try_get("created").map_err(fail)?),
            status: get("status")?,
        })
    }

    /// The game `id` and its events, if there is one.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when the database cannot be read.
    pub async fn game(&self, id: &str) -> Result<Option<(GameRow, Vec<Entry>)>, StoreError> {
        let row = sqlx::query(
            "SELECT id, white, black, rules, fen, control, created, status FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await
        .map_err(|e| StoreError::new("cannot read a game", e))?;
        let Some(row) = row else { return Ok(None) };
        let game = Store::game_row(&row)?;
        let events = self.events(id).await?;
        Ok(Some((game, events)))
    }

    /// Every game that goes on, with its events.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when the database cannot be read.
    pub async fn live_games(&self) -> Result<Vec<(GameRow, Vec<Entry>)>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, white, black, rules, fen, control, created, status FROM games \
             WHERE status = 'started' ORDER BY created, id",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(|e| StoreError::new("cannot read the live games", e))?;
        let mut games = Vec::with_capacity(rows.len());
        for row in &rows {
            let game = Store::game_row(row)?;
            let events = self.events(&game.id).await?;
            games.push((game, events));
        }
        Ok(games)
    }

    async fn events(&self, id: &str) -> Result<Vec<Entry>, StoreError> {
        let fail = |e| StoreError::new("cannot read a game's events", e);
        let rows = sqlx::query("SELECT n, at, body FROM events WHERE game_id = $1 ORDER BY n")
            .bind(id)
            .fetch_all(&self.pool)
            .await
            .map_err(fail)?;
        rows.iter()
            .map(|r| {
                let body: String = r.try_get("body").map_err(fail)?;
                let event: Event = serde_json::from_str(&body).map_err(fail_json)?;
                Ok(Entry {
                    n: uint(r.try_get("n").map_err(fail)?),
                    at: uint(r.try_get("at").map_err(fail)?),
                    event,
                })
            })
            .collect()
    }

    /// The moves of game `id` as stored: ply, text, clocks after.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when the database cannot be read.
    pub async fn moves(&self, id: &str) -> Result<Vec<(u64, String)>, StoreError> {
        let fail = |e| StoreError::new("cannot read a game's moves", e);
        let rows = sqlx::query("SELECT ply, text FROM moves WHERE game_id = $1 ORDER BY ply")
            .bind(id)
            .fetch_all(&self.pool)
            .await
            .map_err(fail)?;
        rows.iter()
            .map(|r| {
                Ok((
                    uint(r.try_get("ply").map_err(fail)?),
                    r.try_get("text").map_err(fail)?,
                ))
            })
            .collect()
    }

    /// The PDN of finished game `id`, if it is finished.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when the database cannot be read.
    pub async fn pdn(&self, id: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT pdn FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(|e| StoreError::new("cannot read a game", e))?;
        Ok(row.and_then(|r| r.try_get::<Option<String>, _>("pdn").ok().flatten()))
    }

    /// Records that the server is alive at `now`.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it cannot be written.
    pub async fn set_alive(&self, now: Millis) -> Result<(), StoreError> {
        let fail = |e| StoreError::new("cannot record the server's time", e);
        let mut tx = self.pool.begin().await.map_err(fail)?;
        sqlx::query("DELETE FROM alive WHERE id = 1")
            .execute(&mut *tx)
            .await
            .map_err(fail)?;
        sqlx::query("INSERT INTO alive (id, at) VALUES (1, $1)")
            .bind(int(now))
            .execute(&mut *tx)
            .await
            .map_err(fail)?;
        tx.commit().await.map_err(fail)
    }

    /// The last time the server recorded it was alive, if ever.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when the database cannot be read.
    pub async fn alive(&self) -> Result<Option<Millis>, StoreError> {
        let row = sqlx::query("SELECT at FROM alive WHERE id = 1")
            .fetch_optional(&self.pool)
            .await
            .map_err(|e| StoreError::new("cannot read the server's time", e))?;
        Ok(row.and_then(|r| r.try_get::<i64, _>("at").ok()).map(uint))
    }
}

fn fail_json(e: serde_json::Error) -> StoreError {
    StoreError::new("a stored event is not readable", e)
}
