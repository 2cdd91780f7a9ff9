//! `config.example.toml` documents every key, shows the defaults, and is a file the program loads.

use std::fs;

use grid_arcade::play::gomoku::Gomoku;
use grid_arcade::play::{marks, minesweeper, tictactoe, twenty48};
use grid_arcade::store::Settings;
use grid_arcade::store::Store;
use grid_arcade::ui::games::SETTINGS as ALL;
use tempfile::TempDir;

const EXAMPLE: &str = include_str!("../config.example.toml");

fn open(text: &str) -> (Store, Vec<String>) {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("config.toml");
    fs::write(&path, text).unwrap();
    let mut store = Store::open(path, grid_arcade::ui::games::schema()).unwrap();
    let notices = store.take_notices();
    (store, notices)
}

#[test]
fn the_example_loads_cleanly_with_the_defaults() {
    let (store, notices) = open(EXAMPLE);
    assert!(notices.is_empty(), "{notices:#?}");
    assert_eq!(store.settings(), &Settings::defaults(&ALL));
}

#[test]
fn every_setting_is_in_the_example_with_a_comment_above_its_table() {
    let doc: toml_edit::DocumentMut = EXAMPLE.parse().unwrap();
    for setting in ALL.iter() {
        let mut item = doc.as_item();
        for key in setting.path {
            item = item
                .get(key)
                .unwrap_or_else(|| panic!("{} is not in the example", setting.dotted()));
        }
        let line = EXAMPLE
            .lines()
            .position(|l| l.trim_start().starts_with(&format!("{} ", setting.path[1])))
            .unwrap_or_else(|| panic!("{} has no line of its own", setting.dotted()));
        let above = EXAMPLE.lines().nth(line - 1).unwrap();
        assert!(
            above.trim_start().starts_with('#'),
            "{} is not commented",
            setting.dotted()
        );
    }
}

#[test]
fn the_documented_records_are_records_the_program_reads() {
    let uncommented: String = EXAMPLE
        .lines()
        .filter_map(|l| {
            l.strip_prefix("# ").filter(|l| {
                l.starts_with('[') || l.contains(" = ") || l.starts_with("    {") || *l == "]"
            })
        })
        .map(|l| format!("{l}\n"))
        .collect();
    let (store, notices) = open(&uncommented);
    assert!(notices.is_empty(), "{notices:#?}\n{uncommented}");
    let mines = minesweeper::record::records(&store);
    let ttt = tictactoe::record::records(&store);
    let tiles = twenty48::record::records(&store);
    assert_eq!(
        mines.tables["beginner"].best.as_ref().unwrap().time_ms,
        8450
    );
    assert_eq!(ttt["3x3"]["hard"].streak, -1);
    assert_eq!(ttt["3x3"]["human"].wins, 3);
    let five = marks::records::<Gomoku>(&store);
    assert_eq!(five["freestyle"]["hard-x"].undone, 2);
    assert_eq!(five["standard"]["human"].wins, 2);
    assert_eq!(tiles.tables["4x4"].top[0].score, 24188);
    assert_eq!(tiles.tables["4x4"].top[0].seed, Some(1234));
    let day = "2026-12-01".parse().unwrap();
    assert_eq!(mines.days[&day].time_ms, 84300);
    assert_eq!(tiles.days[&day].tile, 2048);
    assert_eq!(tiles.retries[&day].score, 30112);
    let retried = "2026-12-02".parse().unwrap();
    assert!(!mines.days[&retried].won);
    assert_eq!(mines.retries[&retried].time_ms, 41200);
}
