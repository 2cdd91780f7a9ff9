//! 2048's figures over games played in one home, as the end cards, the records screen,
//! `grid-arcade scores` and `grid-arcade stats` give them: a game helped by the computer never
//! stands as the unaided best anywhere, and "New best!" shows only for a new best of the table
//! the game went to.

mod common;

use std::fs;
use std::process::{Command, Stdio};

use common::drive::TRAITS;
use common::drive::twenty48::{one_move_from_the_end, position};
use common::screen::{Fixture, draw, key, open_records, send, text};
use grid_arcade::app::{Action, Launch};
use grid_arcade::games::twenty48::{Direction, Status};
use grid_arcade::ui::twenty48::{Twenty48Action, Twenty48Screen};
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Size;
use tempfile::TempDir;

const BINARY: &str = env!("CARGO_BIN_EXE_grid-arcade");
const DATA: &str = "data/grid-arcade";

/// 2048 on 3x3 in a fresh home, seeded.
fn a_3x3_game() -> Fixture {
    let dir = TempDir::new().unwrap();
    let config = "[2048]\nsize = 3\n";
    fs::write(dir.path().join("config.toml"), config).unwrap();
    let launch = Launch {
        open: Some(grid_arcade::play::twenty48::GAME),
        seed: Some(1),
        ..Launch::default()
    };
    Fixture::start_in(dir, config, TRAITS, Size::new(80, 24), launch, Some(DATA))
}

/// The records screen at the 3x3 table: its text.
fn the_3x3_records(f: &mut Fixture) -> String {
    open_records(&mut f.app);
    for _ in 0..2 {
        if !text(&draw(&f.app)).contains("3x3") {
            send(&mut f.app, key(KeyCode::Down));
        }
    }
    text(&draw(&f.app))
}

/// Plays a 3x3 game to its end from a full board scored `score` less the last merge's 4; with
/// `help`, a hint is taken first. Returns the end card's text.
fn play_to_the_end(f: &mut Fixture, score: u64, help: bool) -> String {
    let screen = f.app.games.find_mut::<Twenty48Screen>().unwrap();
    screen.session.game = position(3, &one_move_from_the_end(3), score - 4, 100);
    if help {
        send(&mut f.app, key(KeyCode::Char('t')));
        send(&mut f.app, key(KeyCode::Char('y')));
        let session = &f.app.games.find::<Twenty48Screen>().unwrap().session;
        assert!(session.assisted());
    }
    f.app
        .update(Action::from(Twenty48Action::Slide(Direction::Left)));
    let screen = f.app.games.find::<Twenty48Screen>().unwrap();
    assert_eq!(screen.session.game.status(), Status::Over);
    assert_eq!(screen.session.game.score(), score);
    f.app.now += std::time::Duration::from_secs(1);
    f.app.update(Action::Tick);
    let card = text(&draw(&f.app));
    send(&mut f.app, key(KeyCode::Char('n')));
    card
}

/// `grid-arcade ARGS` in the home `dir`: its output.
fn run(dir: &TempDir, args: &[&str]) -> String {
    let out = Command::new(BINARY)
        .args(args)
        .arg("--config")
        .arg(dir.path().join("config.toml"))
        .env("HOME", dir.path())
        .env("XDG_DATA_HOME", dir.path().join("data"))
        .env_remove("GRID_ARCADE_CONFIG")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_helped_game_never_stands_as_the_unaided_best_and_new_best_is_of_the_games_own_table() {
    let mut f = a_3x3_game();

    // The first game of a kind sets its best; beating nothing is no new best.
    let helped = play_to_the_end(&mut f, 20_204, true);
    assert!(
        helped.contains("best*  -"),
        "the first helped game:\n{helped}"
    );
    assert!(!helped.contains("New"), "{helped}");
    let first = play_to_the_end(&mut f, 1_016, false);
    assert!(
        first.contains("best   -"),
        "the first unaided game:\n{first}"
    );
    assert!(!first.contains("New"), "{first}");
    // Ranks count games of the same kind: the helped 20204 is above, but not counted.
    assert!(first.contains("1 of the ten best"), "{first}");
    let better = play_to_the_end(&mut f, 1_352, false);
    assert!(better.contains("best   1016"), "{better}");
    assert!(better.contains("New best!"), "{better}");
    assert!(better.contains("1 of the ten best"), "{better}");
    let worse = play_to_the_end(&mut f, 504, false);
    assert!(!worse.contains("New"), "{worse}");
    assert!(worse.contains("3 of the ten best"), "{worse}");
    let helped_again = play_to_the_end(&mut f, 20_404, true);
    assert!(helped_again.contains("best*  20204"), "{helped_again}");
    assert!(
        helped_again.contains("New assisted best!"),
        "{helped_again}"
    );

    let records = the_3x3_records(&mut f);
    assert!(records.contains("best score 1352"), "{records}");
    // The plots' page: the best marked is the unaided one.
    send(&mut f.app, key(KeyCode::Right));
    let plots = text(&draw(&f.app));
    assert!(plots.contains("best 1352"), "{plots}");
    assert!(!plots.contains("20404"), "{plots}");
    let dir = f.dir;

    let scores: serde_json::Value =
        serde_json::from_str(&run(&dir, &["scores", "--json"])).unwrap();
    let table = &scores["2048"]["3x3"];
    assert_eq!(table["best_score"], 1352, "{scores}");
    assert_eq!(table["best_score_assisted"], 20404, "{scores}");
    let scores = run(&dir, &["scores"]);
    assert!(scores.contains("1352"), "{scores}");
    let stats = run(&dir, &["stats", "2048"]);
    assert!(stats.contains("best score: 1352"), "{stats}");
    assert!(stats.contains("best assisted: 20404"), "{stats}");
}

#[test]
fn with_only_helped_games_no_unaided_best_is_shown_anywhere() {
    let mut f = a_3x3_game();
    play_to_the_end(&mut f, 1_016, true);
    let screen = text(&draw(&f.app));
    assert!(screen.contains("best -"), "the next game:\n{screen}");

    let records = the_3x3_records(&mut f);
    assert!(records.contains("best score -"), "{records}");
    assert!(records.contains("best assisted 1016"), "{records}");
    let dir = f.dir;

    let scores = run(&dir, &["scores"]);
    assert!(scores.contains("best score: -"), "{scores}");
    assert!(scores.contains("best assisted: 1016"), "{scores}");
    let stats = run(&dir, &["stats", "2048"]);
    assert!(stats.contains("best score: -"), "{stats}");
    assert!(stats.contains("best assisted: 1016"), "{stats}");
}
