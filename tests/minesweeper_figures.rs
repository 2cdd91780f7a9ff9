//! Minesweeper's figures over one history, as the records screen, `grid-arcade stats` (text, JSON
//! and CSV) and `grid-arcade scores` give them: every figure the same wherever it shows.

mod common;

use std::fs;
use std::process::{Command, Stdio};

use common::drive::TRAITS;
use common::drive::minesweeper::{move_to, play};
use common::screen::{Fixture, draw, open_records, text};
use grid_arcade::app::Launch;
use grid_arcade::games::minesweeper::{
    BoardSize, CellView, Difficulty, FirstClick, GameOptions, Pos, Status, place_mines,
    place_no_guess,
};
use grid_arcade::history::{Entry, History, Outcome};
use grid_arcade::play::minesweeper::Setup;
use grid_arcade::play::minesweeper::facts::{Facts, Loss};
use grid_arcade::timestamp::Timestamp;
use grid_arcade::ui::minesweeper::{MinesAction, MinesweeperScreen};
use ratatui::layout::Size;
use tempfile::TempDir;

const BINARY: &str = env!("CARGO_BIN_EXE_grid-arcade");

/// A home folder with a settings file and a data folder, which the command line and the app
/// started in-process share.
struct Home {
    dir: TempDir,
}

/// Where the data folder is in a home, for the app started in-process.
const DATA: &str = "data/grid-arcade";

impl Home {
    /// A home whose settings file holds `config` and whose history holds `entries`, each with
    /// its moves.
    fn with(config: &str, entries: &[(Entry<'static>, &str)]) -> Home {
        let dir = TempDir::new().unwrap();
        let mut history = History::new(&dir.path().join(DATA));
        for (entry, moves) in entries {
            history.append(entry, moves).unwrap();
        }
        fs::write(dir.path().join("config.toml"), config).unwrap();
        Home { dir }
    }

    /// `grid-arcade ARGS` in this home: whether it succeeded, and its output.
    fn run(&self, args: &[&str]) -> (bool, String) {
        let home = self.dir.path();
        let out = Command::new(BINARY)
            .args(args)
            .arg("--config")
            .arg(home.join("config.toml"))
            .env("HOME", home)
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

    /// The app started in this home with `launch`, in a terminal of `size`.
    fn app(self, launch: Launch, size: Size) -> Fixture {
        let config = fs::read_to_string(self.dir.path().join("config.toml")).unwrap();
        Fixture::start_in(self.dir, &config, TRAITS, size, launch, Some(DATA))
    }

    /// The records screen of this home at 100x35, on its first table.
    fn records_screen(self) -> String {
        let mut f = self.app(Launch::default(), Size::new(100, 35));
        open_records(&mut f.app);
        text(&draw(&f.app))
    }
}

/// The home the app of `f` plays in, the app gone.
fn home_of(f: Fixture) -> Home {
    Home { dir: f.dir }
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

/// Wins a Beginner game of `rule` in `home`, revealing every safe cell from the centre.
fn win_beginner(home: Home, rule: FirstClick, seed: u64) -> Home {
    let setup = Setup {
        difficulty: Difficulty::Beginner,
        size: BoardSize::BEGINNER,
        options: GameOptions {
            first_click: rule,
            question_marks: false,
        },
    };
    let launch = Launch {
        seed: Some(seed),
        open: Some(grid_arcade::play::minesweeper::GAME),
        pins: setup.pins(),
        ..Launch::default()
    };
    let mut f = home.app(launch, Size::new(80, 24));
    play(&mut f.app, MinesAction::Reveal);
    let screen = f.app.games.find::<MinesweeperScreen>().unwrap();
    let game = &screen.session.game;
    let safe: Vec<Pos> = game
        .grid()
        .positions()
        .filter(|&pos| game.cell(pos) == CellView::Hidden)
        .filter(|&pos| !mines_of(rule, seed).contains(&pos))
        .collect();
    for pos in safe {
        move_to(&mut f.app, pos);
        play(&mut f.app, MinesAction::Reveal);
    }
    let game = &f
        .app
        .games
        .find::<MinesweeperScreen>()
        .unwrap()
        .session
        .game;
    assert_eq!(game.status(), Status::Won, "{rule:?}");
    home_of(f)
}

/// The mines of a Beginner board of `rule` and `seed` opened at its centre.
fn mines_of(rule: FirstClick, seed: u64) -> Vec<Pos> {
    let centre = Pos::new(4, 4);
    let field = match rule {
        FirstClick::NoGuess => {
            place_no_guess(BoardSize::BEGINNER, seed, centre)
                .unwrap()
                .field
        }
        rule => place_mines(BoardSize::BEGINNER, seed, centre, rule).unwrap(),
    };
    field.mines().collect()
}

#[test]
fn no_guess_games_keep_their_bests_in_tables_of_their_own_everywhere() {
    let home = Home::with("", &[]);
    let home = win_beginner(home, FirstClick::Opening, 5);
    let home = win_beginner(home, FirstClick::NoGuess, 6);
    let (ok, scores) = home.run(&["scores"]);
    assert!(ok);
    assert!(scores.contains("Minesweeper Beginner\n"), "{scores}");
    assert!(scores.contains("Minesweeper Beginner no-guess"), "{scores}");
    let (ok, json) = home.run(&["scores", "--json"]);
    assert!(ok);
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    let tables = &json["minesweeper"];
    assert_eq!(tables["beginner"]["won"], 1, "{json}");
    assert_eq!(tables["beginner-no-guess"]["won"], 1, "{json}");
    let (ok, stats) = home.run(&["stats"]);
    assert!(ok);
    assert!(stats.contains("Minesweeper beginner\n"), "{stats}");
    assert!(stats.contains("Minesweeper beginner-no-guess\n"), "{stats}");
    let mut f = home.app(Launch::default(), Size::new(100, 35));
    open_records(&mut f.app);
    let list = text(&draw(&f.app));
    assert!(list.contains("Minesweeper Beginner no-guess"), "{list}");
}

/// The text of the records screen's right panel, its lines joined with single spaces.
fn right_panel(screen: &str) -> String {
    let inside: Vec<&str> = screen
        .lines()
        .filter_map(|line| {
            let start = line.find("││")? + "││".len();
            let end = line.rfind('│').filter(|&end| end >= start)?;
            Some(&line[start..end])
        })
        .collect();
    inside
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn with_risk(loss: Option<Loss>, risk: Option<u16>) -> Facts<'static> {
    Facts {
        loss,
        risk,
        ..expert(100, 120)
    }
}

#[test]
fn the_losses_by_kind_and_the_luck_of_the_guesses_read_the_same_in_stats_and_on_the_records() {
    let games = [
        (Outcome::Won, None, Some(0)),
        (Outcome::Won, None, Some(500)),
        (Outcome::Lost, Some(Loss::ForcedGuess), Some(300)),
        (Outcome::Lost, Some(Loss::RiskyGuess), Some(600)),
        (Outcome::Lost, Some(Loss::Mistake), Some(0)),
        (Outcome::Lost, None, None),
        (Outcome::Abandoned, None, Some(0)),
    ];
    let entries: Vec<(Entry<'static>, &str)> = games
        .iter()
        .map(|&(result, loss, risk)| (entry(&with_risk(loss, risk), 50_000, result), "0:r10,12"))
        .collect();
    let records = "[records.minesweeper.expert]\nplayed = 7\nwon = 2\n";
    let home = Home::with(records, &entries);
    let sentences = [
        "Of 4 losses, 1 was a forced guess, 1 was a risky guess and 1 was a mistake. 1 was lost \
         before losses were examined.",
        "1 game was given up: neither a forced guess nor a mistake.",
        "Win rate 29%; leaving out forced guesses, 33%.",
        "Luck: 2 of 4 games won, against 2.6 expected from the chances of their forced guesses.",
    ];
    let (ok, stats) = home.run(&["stats"]);
    assert!(ok);
    let stats = stats.lines().map(str::trim).collect::<Vec<_>>();
    for sentence in sentences {
        assert!(stats.contains(&sentence), "{sentence}\n{stats:#?}");
    }
    let screen = right_panel(&home.records_screen());
    for sentence in sentences {
        assert!(screen.contains(sentence), "{sentence}\n{screen}");
    }
}
