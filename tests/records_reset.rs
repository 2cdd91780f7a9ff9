//! Resetting a records table: the table empties, and the figures the history gives of it (the
//! records' plots and luck, `grid-arcade stats`) start again with it, while the history file
//! keeps every game to be watched again.

mod common;

use std::fs;

use common::drive::{RECORDS, history};
use common::screen::{Fixture, open_records};
use grid_arcade::app::Action;
use grid_arcade::cli::stats;
use grid_arcade::history::digest::Digest;
use grid_arcade::history::{FILE, History};
use grid_arcade::ui::games::{GAMES, kinds, tables};
use grid_arcade::ui::records::RecordsAction;
use ratatui::layout::Size;

#[test]
fn a_reset_table_counts_only_the_games_after_it_in_the_history_s_figures() {
    let mut f = Fixture::with_history(RECORDS, &history(), Size::new(100, 35));
    let path = f.dir.path().join("data").join(FILE);
    let read = || Digest::read(&History::new(path.parent().unwrap()), &kinds()).unwrap();
    let before = read();
    open_records(&mut f.app);
    let shown = tables(&f.app.store);
    // Each game's first table: Minesweeper Beginner, tic-tac-toe 3x3, 2048 4x4.
    let reset: Vec<usize> = GAMES
        .iter()
        .filter_map(|game| shown.iter().position(|table| table.game == game.id()))
        .collect();
    assert_eq!(reset.len(), 3, "a table of each game: {shown:?}");
    for &at in reset.iter().rev() {
        let table = &shown[at];
        let games = before
            .games(table.game, &table.key)
            .map(|games| games.count);
        assert!(games > Some(1), "{:?} {} has games", table.game, table.key);
        f.app.update(Action::Records(RecordsAction::Select(at)));
        f.app.update(Action::Records(RecordsAction::AskReset));
        f.app.update(Action::Records(RecordsAction::ConfirmReset));
    }
    let lines = |path: &std::path::Path| fs::read_to_string(path).unwrap().lines().count();
    assert_eq!(
        lines(&path),
        history().lines().count() + 3,
        "every game stays in the file, and each reset is a line"
    );

    let after = read();
    assert_eq!(after.skipped, 0, "a reset is no damaged line");
    for (at, table) in shown.iter().enumerate() {
        let count = |digest: &Digest| digest.games(table.game, &table.key).map(|g| g.count);
        if reset.contains(&at) {
            assert_eq!(count(&after), None, "{:?} {}", table.game, table.key);
            let digested = after.tables_of(table.game);
            assert!(
                digested.iter().all(|(key, _)| *key != table.key),
                "{:?}",
                table.key
            );
        } else {
            assert_eq!(
                count(&after),
                count(&before),
                "{:?} {}",
                table.game,
                table.key
            );
        }
    }

    // A game played after the reset is the table's only one: in the digest and in `stats`.
    let minesweeper = &shown[reset[0]];
    let latest = &before.recent(minesweeper.game, &minesweeper.key)[0];
    let line = history()
        .lines()
        .find(|line| line.contains(&format!("\"id\":\"{}\"", latest.id)))
        .unwrap()
        .replace(&latest.id, "after001");
    fs::write(&path, fs::read_to_string(&path).unwrap() + &line + "\n").unwrap();
    let after = read();
    let games = after.games(minesweeper.game, &minesweeper.key).unwrap();
    assert_eq!((games.count, games.latest[0].id.as_str()), (1, "after001"));
    let text = stats::text(&after, GAMES);
    let section = text
        .split("\n\n")
        .find(|section| section.starts_with(&format!("Minesweeper {}\n", minesweeper.key)))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(section.contains("games: 1\n"), "{section}");
}

#[test]
fn stats_after_every_table_was_reset_says_the_history_keeps_its_games() {
    let dir = tempfile::tempdir().unwrap();
    let lines = history();
    let beginner: Vec<&str> = (lines.lines())
        .filter(|line| line.contains("\"level\":\"beginner\""))
        .collect();
    assert!(beginner.len() > 1);
    fs::write(dir.path().join(FILE), beginner.join("\n") + "\n").unwrap();
    let mut history = History::new(dir.path());
    let digest = || Digest::read(&History::new(dir.path()), &kinds()).unwrap();
    assert!(stats::text(&digest(), GAMES).starts_with("Minesweeper beginner\n"));
    history.append_reset("minesweeper", "beginner").unwrap();
    assert_eq!(
        stats::text(&digest(), GAMES),
        format!(
            "No games since the tables were reset; the history keeps the {} games before, to \
             watch again (grid-arcade replay ID).\n",
            beginner.len()
        )
    );
    // Asked for one game, the games kept before a reset are that game's own.
    let only = |key: &str| [*GAMES.iter().find(|game| game.id().key() == key).unwrap()];
    assert_eq!(
        stats::text(&digest(), &only("minesweeper")),
        format!(
            "No Minesweeper games since the tables were reset; the history keeps the {} games \
             before, to watch again (grid-arcade replay ID).\n",
            beginner.len()
        )
    );
    assert_eq!(
        stats::text(&digest(), &only("2048")),
        "No 2048 games in the history yet.\n"
    );
}
