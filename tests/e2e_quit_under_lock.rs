//! Quitting while another copy holds the settings file's lock, in a real terminal (tmux): the
//! program says what it waits for, quits without waiting for the lock to be freed, keeps the
//! result beside the file, `scores` already counts it, and the next start merges it into the
//! file and removes what kept it.

mod common;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use common::{BINARY, Tmux};
use grid_arcade::disk::FileLock;

const TWO_PLAYERS: [&str; 3] = ["tictactoe", "--opponent", "human"];

fn unsaved(config: &Path) -> Vec<String> {
    std::fs::read_dir(config.parent().unwrap())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("config.toml.unsaved-"))
        .collect()
}

fn scores_json(home: &Path) -> serde_json::Value {
    let out = Command::new(BINARY)
        .args(["scores", "--json"])
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("XDG_DATA_HOME", home.join(".local/share"))
        .env_remove("GRID_ARCADE_CONFIG")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn quitting_under_another_copys_lock_is_at_once_and_the_result_joins_the_records_later() {
    let mut held = None;
    let mut tmux = Tmux::start_prepared(80, 24, &TWO_PLAYERS, |home| {
        let config = common::config_path(home);
        std::fs::create_dir_all(config.parent().unwrap()).unwrap();
        held = Some(FileLock::acquire(&config, Duration::ZERO).unwrap());
    });
    let config = tmux.config_path();
    tmux.wait_for("X to move");
    for digit in ["1", "4", "2", "5", "3"] {
        tmux.keys(&[digit]);
    }
    tmux.wait_for("X wins!");
    let asked = Instant::now();
    tmux.keys(&["q"]);
    assert_eq!(tmux.wait_exit(), 0);
    // The old behaviour waited until the lock was freed; it is still held here.
    assert!(
        asked.elapsed() < Duration::from_secs(3),
        "{:?}",
        asked.elapsed()
    );
    let farewell = tmux.screen();
    assert!(
        farewell.contains("added to it at the next start"),
        "{farewell}"
    );
    assert_eq!(unsaved(&config).len(), 1);
    assert!(!tmux.config().contains("wins"), "{}", tmux.config());

    // A command that only reads counts the kept result already, and writes nothing.
    let scores = scores_json(tmux.home.path());
    let text = scores.to_string();
    assert!(text.contains("\"wins\":1"), "{text}");
    assert_eq!(unsaved(&config).len(), 1);

    drop(held);
    tmux.restart(80, 24, &TWO_PLAYERS);
    tmux.wait_for("X to move");
    let file = tmux.wait_for_config("wins");
    assert!(file.contains("wins = 1"), "{file}");
    assert!(unsaved(&config).is_empty());
    assert_eq!(scores_json(tmux.home.path()), scores);
    tmux.keys(&["q"]);
    assert_eq!(tmux.wait_exit(), 0);
}
