//! Minesweeper's figures over one history, as the records screen, `grid-arcade stats` (text, JSON
//! and CSV) and `grid-arcade scores` give them: every figure the same wherever it shows.

mod common;

use std::fs;
use std::process::{Command, Stdio};

use common::drive::TRAITS;
use common::screen::{Fixture, draw, open_records, text};
use grid_arcade::app::Launch;
use grid_arcade::history::{Entry, History, Outcome};
use grid_arcade::play::minesweeper::facts::Facts;
use grid_arcade::timestamp::Timestamp;
use ratatui::layout::Size;
use tempfile::TempDir;

const BINARY: &str = env!("CARGO_BIN_EXE_grid-arcade");

/// A home folder whose settings file holds `config` and whose data folder holds a history of
/// `entries`, each with its moves.
struct Home {
    dir: TempDir,
    config: String,
}

impl Home {
    fn with(config: &str, entries: &[(Entry<'static>, &str)]) -> Home {
        let dir = TempDir::new().unwrap();
        let mut history = History::new(&dir.path().join("data").join("grid-arcade"));
        for (entry, moves) in entries {
            history.append(entry, moves).unwrap();
        }
        let settings = dir.path().join("cfg").join("grid-arcade");
        fs::create_dir_all(&settings).unwrap();
        fs::write(settings.join("config.toml"), config).unwrap();
        Home {
            dir,
            config: config.to_string(),
        }
    }

    /// `grid-arcade ARGS` in this home: whether it succeeded, and its output.
    fn run(&self, args: &[&str]) -> (bool, String) {
        let home = self.dir.path();
        let out = Command::new(BINARY)
            .args(args)
            .env("HOME", home)
            .env("XDG_CONFIG_HOME", home.join("cfg"))
            .env("XDG_DATA_HOME", home.join("data"))
            .env_remove("GRID_ARCADE_CONFIG")
            .stdin(Stdio::null())
            .output()
            .unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    }

    /// The records screen of this home at 100x35, every page of the first Minesweeper table.
    fn records_screen(self) -> String {
        let mut f = Fixture::start_in(
            self.dir,
            &self.config,
            TRAITS,
            Size::new(100, 35),
            Launch::default(),
            Some("data/grid-arcade"),
        );
        open_records(&mut f.app);
        text(&draw(&f.app))
    }
}

fn expert(bbbv: u32, clicks: u32) -> Facts<'static> {
    Facts {
        level: "expert".into(),
        rule: "opening".into(),
        first: Some([10, 12]),
        bbbv,
        clicks,
        ..Facts::default()
    }
}

fn entry(facts: &Facts, duration_ms: u64, result: Outcome) -> Entry<'static> {
    Entry::new(
        "minesweeper",
        facts,
        Timestamp { unix_seconds: 0 },
        duration_ms,
        result,
        3,
    )
}

#[test]
fn a_win_has_one_speed_and_efficiency_in_every_export_and_other_games_have_none() {
    // 17 3BV in 0.32 s: 53.125 3BV/s, which one rounding makes 53.13 everywhere.
    let records = "[records.minesweeper.expert]\nplayed = 4\nwon = 2\n";
    let home = Home::with(
        records,
        &[
            (entry(&expert(17, 19), 320, Outcome::Won), "0:r10,12"),
            (entry(&expert(17, 17), 400, Outcome::Won), "0:r10,12"),
            (entry(&expert(82, 2), 320, Outcome::Lost), "0:r10,12"),
            (
                entry(&expert(150, 3), 5_000, Outcome::Abandoned),
                "0:r10,12",
            ),
        ],
    );
    let (ok, json) = home.run(&["stats", "--json"]);
    assert!(ok);
    let games: Vec<serde_json::Value> = serde_json::from_str(&json).unwrap();
    let figures = |game: &serde_json::Value| {
        let facts = &game["minesweeper"];
        (facts["bbbv_per_s"].clone(), facts["efficiency"].clone())
    };
    assert_eq!(figures(&games[0]), (53.13.into(), 89.into()));
    assert_eq!(figures(&games[1]), (42.5.into(), 100.into()));
    for game in &games[2..] {
        assert_eq!(
            figures(game),
            (serde_json::Value::Null, serde_json::Value::Null)
        );
    }
    let (ok, csv) = home.run(&["stats", "--csv"]);
    assert!(ok);
    let rows: Vec<Vec<&str>> = csv.lines().map(|row| row.split(',').collect()).collect();
    let column = |name: &str| rows[0].iter().position(|c| *c == name).unwrap();
    let (speed, efficiency) = (column("bbbv_per_s"), column("efficiency"));
    assert_eq!((rows[1][speed], rows[1][efficiency]), ("53.13", "89"));
    for row in &rows[3..] {
        assert_eq!((row[speed], row[efficiency]), ("", ""), "{csv}");
    }
    // The records screen plots the wins' 3BV/s the same way.
    let screen = home.records_screen();
    assert!(screen.contains("53.13"), "{screen}");
}
