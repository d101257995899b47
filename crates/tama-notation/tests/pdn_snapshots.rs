//! Snapshot tests: every `tests/pdn/*.pdn` file is read and rendered as
//! text (each game's canonical PDN, or its error with line and column), one
//! snapshot per file in `tests/pdn/snapshots/`. Files named `err_*.pdn`
//! hold malformed games.

use std::fmt::Write as _;

use tama_notation::pdn::{PdnGame, PdnReader};

fn variation_moves(line: &tama_notation::pdn::Line) -> usize {
    line.nodes()
        .iter()
        .map(|n| {
            n.variations()
                .iter()
                .map(|v| v.len() + variation_moves(v))
                .sum::<usize>()
        })
        .sum()
}

fn render(bytes: &[u8]) -> String {
    let mut out = String::new();
    let (mut games, mut bad) = (0, 0);
    let mut reader = PdnReader::new(bytes);
    while let Some(record) = reader.next_record() {
        games += 1;
        writeln!(out, "=== game {games} (line {}) ===", record.first_line).unwrap();
        match record.game {
            Ok(game) => {
                let text = game.to_pdn();
                // Every game read must write and read back unchanged.
                let back: PdnGame = text.parse().expect("canonical text reads back");
                assert_eq!(back, game);
                assert_eq!(back.to_pdn(), text);
                writeln!(
                    out,
                    "rules {}, {} moves + {} in variations, result {}, outcome {}",
                    tama_notation::rules_text::write_rules(game.rules()),
                    game.main_line().len(),
                    variation_moves(game.main_line()),
                    game.result(),
                    game.outcome()
                        .map_or("none".to_string(), |o| o.termination.to_string()),
                )
                .unwrap();
                out.push_str(&text);
            }
            Err(e) => {
                bad += 1;
                writeln!(out, "error {}:{}: {}\n", e.line, e.column, e.message()).unwrap();
            }
        }
    }
    writeln!(out, "--- {games} games, {bad} with errors").unwrap();
    out
}

#[test]
fn pdn_files() {
    insta::glob!("pdn/*.pdn", |path| {
        let bytes = std::fs::read(path).unwrap();
        let rendered = render(&bytes);
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let is_err = name.starts_with("err_");
        assert_eq!(
            is_err,
            rendered.contains("\nerror "),
            "{name}: files named err_* and only they have errors"
        );
        insta::with_settings!({
            snapshot_path => "pdn/snapshots",
            prepend_module_to_snapshot => false,
            omit_expression => true,
        }, {
            insta::assert_snapshot!(rendered);
        });
    });
}
