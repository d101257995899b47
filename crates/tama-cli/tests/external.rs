//! tama-arena's external-engine player against the freshly built `tama`
//! binary: the binary answers `tama analyse --json` for each move, and a
//! match between it and the in-process engine plays legal games to the
//! end.

use std::path::Path;

use tama_arena::{play_match, random_openings, ExternalEngine, MatchConfig, Player, PlayerKind};
use tama_core::{Game, Rules};
use tama_search::Limits;

fn external(name: &str, program: &Path) -> Player {
    Player::new(
        name,
        PlayerKind::External(ExternalEngine {
            program: program.to_path_buf(),
            hash_mib: 1,
        }),
        Limits::depth(2),
    )
}

#[test]
fn the_built_binary_plays_a_match() {
    let tama = Path::new(env!("CARGO_BIN_EXE_tama"));
    let a = external("tama binary", tama);
    let b = Player::new("in-process", PlayerKind::Baseline, Limits::depth(1));
    for rules in [Rules::ARMENIAN, Rules::TURKISH] {
        let config = MatchConfig {
            rules,
            openings: random_openings(&rules, 1, 4, 11),
            max_plies: 40,
            concurrency: 2,
            ..MatchConfig::default()
        };
        let result = play_match(&a, &b, &config, |_| {}).expect("the binary answers");
        assert_eq!(result.games.len(), 2);
        for g in &result.games {
            // Every move replays legally, and the game went past its opening.
            let mut game = Game::from_position(rules, *g.game.start());
            for mv in g.game.moves() {
                game.play(mv).expect("a legal move");
            }
            let moves = g.game.moves();
            assert!(moves.len() > g.opening_plies, "{moves:?}");
        }
    }
}

#[test]
fn a_failing_binary_is_an_error_naming_the_player() {
    let a = external("broken", Path::new("/nonexistent/tama"));
    let b = Player::new("in-process", PlayerKind::Baseline, Limits::depth(1));
    let config = MatchConfig {
        openings: random_openings(&Rules::ARMENIAN, 2, 4, 11),
        ..MatchConfig::default()
    };
    let err = play_match(&a, &b, &config, |_| {}).unwrap_err();
    assert_eq!(err.player, "broken");
    assert!(
        err.to_string().contains("cannot start /nonexistent/tama"),
        "{err}"
    );
}
