//! The store and recovery: one suite, run on SQLite (always) and on
//! Postgres (when `TAMA_TEST_POSTGRES_URL` names a database; required when
//! `CI` is `true`, see crates/tama-online/ci-postgres.sh).

use std::time::Duration;

use tama_core::{Color, Rules, TimeControl};
use tama_online::event::Event;
use tama_online::recover::{color_of, commit, pdn, recover, status_word};
use tama_online::referee::{Action, Referee, Settings, Status};
use tama_online::store::{sqlite_url, ChallengeRow, GameRow, Store, MIGRATIONS};
use tama_online::token::{new_id, secret_hash, Token};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

fn settings() -> Settings {
    let control = TimeControl::fischer(Duration::from_secs(60), Duration::from_secs(2));
    Settings::new(Rules::TURKISH, Some(control))
}

async fn act(store: &Store, row: &GameRow, r: &mut Referee, c: Color, a: Action, now: u64) {
    let (before, moves, was) = (r.last(), r.game().moves().len(), r.status());
    r.act(c, a, now).unwrap();
    commit(store, row, r, before, moves, was).await.unwrap();
}

fn mv(text: &str) -> Action {
    Action::Move {
        text: text.into(),
        lag: 0,
    }
}

/// The whole suite on the database at `url`.
async fn suite(url: &str) {
    let store = Store::open(url).await.unwrap();
    let latest = MIGRATIONS.last().unwrap().0;
    assert_eq!(store.version().await.unwrap(), latest);
    // Opening again migrates nothing more.
    let store = Store::open(url).await.unwrap();
    assert_eq!(store.version().await.unwrap(), latest);

    // Tokens.
    let (a, b) = (Token::new().unwrap(), Token::new().unwrap());
    store.add_token(&a.id, &a.secret, 1).await.unwrap();
    store.add_token(&b.id, &b.secret, 1).await.unwrap();
    assert_eq!(
        store.token(&a.id).await.unwrap(),
        Some((secret_hash(&a.secret), 1))
    );
    // The secret itself is not stored.
    assert!(!store
        .token(&a.id)
        .await
        .unwrap()
        .unwrap()
        .0
        .contains(&a.secret));
    assert_eq!(store.token("0000000000000000").await.unwrap(), None);
    assert!(
        store.add_token(&a.id, "x", 2).await.is_err(),
        "ids are unique"
    );

    // A challenge is accepted once.
    let id = new_id().unwrap();
    let challenge = ChallengeRow {
        id: id.clone(),
        creator: a.id.clone(),
        color: "white".into(),
        settings: settings(),
        created: 10,
        dest: None,
    };
    store.add_challenge(&challenge).await.unwrap();
    assert_eq!(
        store.open_challenge(&id).await.unwrap(),
        Some(challenge.clone())
    );
    let row = GameRow {
        id: id.clone(),
        players: [a.id.clone(), b.id.clone()],
        settings: settings(),
        created: 20,
        status: "started".into(),
    };
    assert!(store.add_game(&row, Some(&id)).await.unwrap());
    assert!(
        !store.add_game(&row, Some(&id)).await.unwrap(),
        "taken already"
    );
    assert_eq!(store.open_challenge(&id).await.unwrap(), None);
    assert_eq!(color_of(&row, &b.id), Some(Color::Black));
    assert_eq!(color_of(&row, "someone"), None);

    // Moves, a takeback, and the log read back.
    let mut r = Referee::new(row.settings.clone(), row.created);
    act(&store, &row, &mut r, Color::White, mv("c3-c4"), 1_000).await;
    act(&store, &row, &mut r, Color::Black, mv("f6-f5"), 2_000).await;
    act(&store, &row, &mut r, Color::White, mv("d3-d4"), 3_000).await;
    let tb = Action::Answer(tama_online::event::Proposal::Takeback, true);
    act(&store, &row, &mut r, Color::White, tb.clone(), 3_100).await;
    act(&store, &row, &mut r, Color::Black, tb, 3_200).await;
    act(&store, &row, &mut r, Color::White, mv("a3-a4"), 4_000).await;
    let texts: Vec<String> = store
        .moves(&id)
        .await
        .unwrap()
        .into_iter()
        .map(|m| m.1)
        .collect();
    assert_eq!(texts, ["c3-c4", "f6-f5", "a3-a4"]);
    let (read, log) = store.game(&id).await.unwrap().unwrap();
    assert_eq!(read, row);
    assert_eq!(log, r.log());

    // The server was last alive at 10 s and comes back at 500 s: the
    // live game goes on, charged only the 6 s Black thought before.
    store.set_alive(10_000).await.unwrap();
    assert_eq!(store.alive().await.unwrap(), Some(10_000));
    let before = r.clocks(4_000).unwrap();
    let games = recover(&store, 500_000).await.unwrap();
    let (_, back) = games.iter().find(|(g, _)| g.id == id).unwrap();
    assert_eq!(back.game(), r.game());
    assert_eq!(back.clocks(500_000), Some([before[0], before[1] - 6_000]));
    assert!(matches!(
        back.log().last().unwrap().event,
        Event::Resume { down_ms: 490_000 }
    ));
    let mut r = back.clone();

    // The game ends: its status and PDN are kept, and it is live no more.
    act(&store, &row, &mut r, Color::Black, Action::Resign, 501_000).await;
    assert_eq!(status_word(r.status()), "resign");
    let (read, log) = store.game(&id).await.unwrap().unwrap();
    assert_eq!(read.status, "resign");
    assert_eq!(log, r.log());
    let text = store.pdn(&id).await.unwrap().unwrap();
    assert_eq!(text, pdn(&row, &r));
    assert!(text.contains("[TimeControl \"60+2\"]"), "{text}");
    assert!(text.contains("%clock"), "{text}");
    assert!(text.contains("1-0"), "{text}");
    let games = recover(&store, 600_000).await.unwrap();
    assert!(games.iter().all(|(g, _)| g.id != id));
    assert_eq!(
        r.status(),
        Status::Over(tama_core::Outcome::win(
            Color::White,
            tama_core::Termination::Resignation
        ))
    );
}

#[test]
fn the_store_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("online.sqlite");
    runtime().block_on(suite(&sqlite_url(&path)));
    // A file in WAL mode.
    assert!(path.exists());
}

#[test]
fn the_store_on_postgres() {
    let Some(url) = std::env::var("TAMA_TEST_POSTGRES_URL")
        .ok()
        .filter(|u| !u.is_empty())
    else {
        assert_ne!(
            std::env::var("CI").as_deref(),
            Ok("true"),
            "CI needs TAMA_TEST_POSTGRES_URL (crates/tama-online/ci-postgres.sh)"
        );
        eprintln!("note: TAMA_TEST_POSTGRES_URL is not set; the Postgres store test is skipped");
        return;
    };
    runtime().block_on(suite(&url));
}
