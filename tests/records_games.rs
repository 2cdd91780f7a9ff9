//! The records' list of a table's latest games: each game with its code (and a Minesweeper win's
//! 3BV/s), `f` going through the kinds of games it holds (won, lost, forced guesses, mistakes,
//! given up, assisted), and a lost game watched from the move that lost it.

mod common;

use common::drive::{RECORDS, beginner_facts, entry_code, history};
use common::replays::app_with;
use common::screen::{Fixture, draw, key, open_records, send, text};
use grid_arcade::history::{Entry, Outcome};
use grid_arcade::timestamp::Timestamp;
use grid_arcade::ui::ScreenId;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Size;

/// The rows of the open list of games: the lines inside its frame that hold a game.
fn rows(shot: &str) -> Vec<String> {
    shot.lines()
        .filter(|line| line.contains("│ 20"))
        .map(str::to_string)
        .collect()
}

#[test]
fn the_list_of_games_filters_by_kind_and_shows_codes_and_rates() {
    let mut f = Fixture::with_history(RECORDS, &history(), Size::new(100, 35));
    open_records(&mut f.app);
    // The first table is Minesweeper Beginner, with 40 games of every kind.
    send(&mut f.app, key(KeyCode::Enter));
    let all = text(&draw(&f.app));
    assert!(all.contains("f filter"), "{all}");
    let shown = rows(&all);
    assert!(!shown.is_empty(), "{all}");
    let lines = history();
    for row in &shown {
        // Every game names its code, and a win its 3BV/s.
        let id = row.split_whitespace().rev().nth(1).unwrap();
        let line = lines.lines().find(|line| line.contains(id)).unwrap();
        let entry: Entry = serde_json::from_str(line).unwrap();
        let code = entry_code(&entry).unwrap().encode();
        assert!(row.contains(&format!("  {code:<11}  {id}")), "{row}");
        assert_eq!(row.contains("won"), row.contains("3BV/s"), "{row}");
    }
    let mut seen = Vec::new();
    loop {
        send(&mut f.app, key(KeyCode::Char('f')));
        let Some(filter) = f.app.records.filter else {
            break;
        };
        seen.push(filter);
        let shot = text(&draw(&f.app));
        assert!(
            shot.contains(&format!("Latest games: Minesweeper Beginner, {filter}")),
            "{shot}"
        );
        let shown = rows(&shot);
        assert!(!shown.is_empty(), "{filter}: {shot}");
        assert!(shown.iter().all(|row| row.contains(filter)), "{shot}");
    }
    assert_eq!(
        seen,
        ["won", "lost", "forced guess", "mistake", "given up"],
        "each kind the table holds, then all again"
    );
    assert_eq!(rows(&text(&draw(&f.app))), shown);
}

#[test]
fn the_list_s_title_shows_whole_in_a_narrow_terminal_and_keeps_the_filter() {
    let mut f = Fixture::with_history(RECORDS, &history(), Size::new(40, 12));
    open_records(&mut f.app);
    send(&mut f.app, key(KeyCode::Enter));
    let top = |f: &Fixture| text(&draw(&f.app)).lines().next().unwrap().to_string();
    // Each title ends whole before the frame goes on: as much as fits of "Latest games:",
    // the table's name and the filter, the filter always.
    assert!(top(&f).contains(" Minesweeper Beginner ─"), "{}", top(&f));
    loop {
        send(&mut f.app, key(KeyCode::Char('f')));
        let Some(filter) = f.app.records.filter else {
            break;
        };
        let top = top(&f);
        assert!(
            top.contains(&format!(" Minesweeper Beginner, {filter} ─"))
                || top.starts_with(&format!("╭ Games: {filter} ─")),
            "{top}"
        );
    }
}

#[test]
fn a_lost_game_is_watched_from_the_move_that_lost_it() {
    let config = "[records.minesweeper.beginner]\nplayed = 1\n";
    let mut f = app_with(Size::new(100, 35), config);
    open_records(&mut f.app);
    send(&mut f.app, key(KeyCode::Enter));
    send(&mut f.app, key(KeyCode::Char('f')));
    assert_eq!(f.app.records.filter, Some("lost"));
    send(&mut f.app, key(KeyCode::Enter));
    assert_eq!(f.app.screen, ScreenId::Replay);
    let replay = &f.app.replay.as_ref().unwrap();
    // Three moves: the opening, a flag, and the mine; the replay waits before the last.
    assert_eq!((replay.replay.at(), replay.replay.len()), (2, 3));
    assert!(!replay.playback.is_playing());
    send(&mut f.app, key(KeyCode::Right));
    let end = text(&draw(&f.app));
    assert!(end.contains("mine"), "{end}");
}

#[test]
fn a_table_with_one_win_says_in_words_that_it_has_too_few_to_plot() {
    let line = |id: &str, result: Outcome| {
        let facts = beginner_facts(20, 25);
        let start = Timestamp {
            unix_seconds: 1_796_029_200,
        };
        let entry = Entry {
            id: id.to_string().into(),
            ..Entry::new("minesweeper", &facts, start, 20_000, result, 7)
        };
        serde_json::to_string(&entry).unwrap() + "\n"
    };
    let history = line("onewin01", Outcome::Won) + &line("oneloss1", Outcome::Lost);
    let config = "[records.minesweeper.beginner]\nplayed = 2\nwon = 1\n";
    let mut f = Fixture::with_history(config, &history, Size::new(100, 35));
    open_records(&mut f.app);
    let shot = text(&draw(&f.app));
    assert!(shot.contains("Fewer than two wins:"), "{shot}");
    assert!(!shot.contains("a wins"), "{shot}");
}
