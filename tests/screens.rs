//! The shell's screens drawn on ratatui's `TestBackend`: snapshots at 80x24 and at a too-small
//! size, the records with their plots and pages, help wrapped once, the settings list, the mouse
//! on the records' games and notices in a row.

mod common;

use std::fs;

use common::drive::{RECORDS, history};
use common::screen::{Fixture, draw, open_records, send, text};
use common::screens::*;
use grid_arcade::app::{Action, App};
use grid_arcade::ui::ScreenId;
use grid_arcade::ui::records::{HistoryState, RecordsAction};
use grid_arcade::{ui, ui::settings::SettingsAction};
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Size;

/// The Minesweeper Beginner games the history's digest holds.
fn beginner_games(digest: &grid_arcade::history::digest::Digest) -> usize {
    use grid_arcade::play::minesweeper::{GAME, digest::MinesweeperDigest};
    digest
        .table::<MinesweeperDigest>(GAME, "beginner")
        .unwrap()
        .games
}

#[test]
fn menu_with_records() {
    let f = fixture(RECORDS, Size::new(80, 24));
    insta::assert_snapshot!(text(&draw(&f.app)));
}

#[test]
fn records_table_and_reset_question() {
    let mut f = fixture(RECORDS, Size::new(80, 24));
    open(&mut f.app, ScreenId::Records);
    insta::assert_snapshot!("records", text(&draw(&f.app)));
    f.app.update(Action::Records(RecordsAction::NextTable));
    f.app.update(Action::Records(RecordsAction::NextTable));
    insta::assert_snapshot!("records_tictactoe", text(&draw(&f.app)));
    f.app.update(Action::Records(RecordsAction::AskReset));
    insta::assert_snapshot!("records_reset_question", text(&draw(&f.app)));
    f.app.update(Action::Records(RecordsAction::ConfirmReset));
    assert!(!grid_arcade::play::tictactoe::record::records(&f.app.store).contains_key("3x3"));
}

#[test]
fn records_with_plots_at_80x24_100x35_and_200x60() {
    for size in [Size::new(80, 24), Size::new(100, 35), Size::new(200, 60)] {
        let mut f = Fixture::with_history(RECORDS, &history(), size);
        open_records(&mut f.app);
        for (table, name) in [(0, "minesweeper"), (2, "tictactoe"), (3, "2048")] {
            let shots: Vec<String> = pages(&mut f.app, table).iter().map(text).collect();
            let shots = shots.join("\n--------\n");
            let name = format!("records_{name}_{}x{}", size.width, size.height);
            insta::assert_snapshot!(name, shots);
        }
    }
}

#[test]
fn the_latest_mistakes_start_on_the_page_of_their_heading_at_every_height() {
    for height in 16..=40 {
        let size = Size::new(80, height);
        let mut f = Fixture::with_history(RECORDS, &history(), size);
        open_records(&mut f.app);
        let shots: Vec<String> = pages(&mut f.app, 0).iter().map(text).collect();
        let page = shots
            .iter()
            .find(|shot| shot.contains("Latest mistakes"))
            .unwrap_or_else(|| panic!("no mistakes at {size:?}"));
        let lines: Vec<&str> = page.lines().collect();
        let heading = lines
            .iter()
            .position(|line| line.contains("Latest mistakes"))
            .unwrap();
        assert!(
            lines[heading + 1].contains("game g00000"),
            "the list goes on to another page at {size:?}:\n{page}"
        );
    }
}

#[test]
fn series_plots_label_the_y_axis_between_its_ends_and_name_the_x_axis() {
    for size in [Size::new(80, 24), Size::new(200, 60)] {
        let mut f = Fixture::with_history(RECORDS, &history(), size);
        open_records(&mut f.app);
        let shots: Vec<String> = pages(&mut f.app, 0).iter().map(text).collect();
        let shots = shots.join("\n");
        // The time by game plot: each y label is a time in seconds just left of the axis.
        let y_labels = shots.lines().filter(|line| line.contains(" s│")).count();
        assert!(y_labels >= 3, "{y_labels} y labels at {size:?}:\n{shots}");
        assert!(
            shots
                .lines()
                .any(|line| line.contains(" 1 ") && line.contains(" game ")),
            "x axis named at {size:?}:\n{shots}"
        );
    }
}

#[test]
fn the_records_read_the_history_when_they_open_and_let_it_go_when_they_close() {
    let mut f = Fixture::with_history(RECORDS, &history(), Size::new(100, 35));
    assert!(matches!(f.app.records.history(), HistoryState::Unread));
    open_records(&mut f.app);
    let HistoryState::Read(digest) = f.app.records.history() else {
        panic!("the history is read");
    };
    assert_eq!(beginner_games(digest), 40);
    // A table with a single game says why it has no plots.
    f.app.update(Action::Records(RecordsAction::Select(1)));
    let screen = text(&draw(&f.app));
    assert!(
        screen.contains("Plots need two games of this table in the"),
        "{screen}"
    );
    // Help from the records keeps the history; the menu lets it go.
    f.app.update(Action::OpenHelp);
    f.app.update(Action::Back);
    assert_eq!(f.app.screen, ScreenId::Records);
    assert!(matches!(f.app.records.history(), HistoryState::Read(_)));
    f.app.update(Action::Records(RecordsAction::Back));
    assert!(matches!(f.app.records.history(), HistoryState::Unread));
}

#[test]
fn damaged_history_lines_are_skipped_with_one_notice_and_kept() {
    let damaged = history() + "{\"v\":1,\"id\":\"cut in ha\n{\"v\":9}\n";
    let mut f = Fixture::with_history(RECORDS, &damaged, Size::new(100, 35));
    open_records(&mut f.app);
    assert_eq!(
        Vec::from(f.app.notices.clone()),
        ["history.jsonl: 2 damaged lines were skipped; they stay in the file"]
    );
    let HistoryState::Read(digest) = f.app.records.history() else {
        panic!("the history is read");
    };
    assert_eq!(beginner_games(digest), 40, "the rest is read");
    f.app.update(Action::DismissNotice);
    f.app.update(Action::Records(RecordsAction::Back));
    open_records(&mut f.app);
    assert!(f.app.notices.is_empty(), "told once");
    let kept = std::fs::read_to_string(f.dir.path().join("data").join("history.jsonl")).unwrap();
    assert_eq!(kept, damaged);
}

#[test]
fn a_terminal_too_small_for_a_screen_and_its_notice_is_told_its_own_size_and_enough() {
    let damaged = history() + "{\"v\":1,\"id\":\"cut in ha\n";
    let min = ui::records::MIN_SIZE;
    let mut f = Fixture::with_history(RECORDS, &damaged, min);
    open_records(&mut f.app);
    assert!(!f.app.notices.is_empty());
    let shot = text(&draw(&f.app));
    let flat = shot.split_whitespace().collect::<Vec<_>>().join(" ");
    let asked = flat
        .split("enlarge the terminal to at least ")
        .nth(1)
        .and_then(|rest| rest.split_once(&format!(" (now {}x{})", min.width, min.height)))
        .map(|(size, _)| size.to_string())
        .unwrap_or_else(|| panic!("the terminal's own size is named:\n{shot}"));
    let (width, height) = asked.split_once('x').unwrap();
    let asked = Size::new(width.parse().unwrap(), height.parse().unwrap());
    assert!(
        asked.height > min.height,
        "the notice's rows count: {asked:?}"
    );
    f.app.update(Action::Resize(asked));
    let shot = text(&draw(&f.app));
    assert!(
        !shot.contains("enlarge"),
        "the size asked for is enough:\n{shot}"
    );
    assert!(shot.contains("played"), "{shot}");
}

#[test]
fn records_when_nothing_was_played() {
    let mut f = fixture("", Size::new(80, 24));
    open(&mut f.app, ScreenId::Records);
    insta::assert_snapshot!(text(&draw(&f.app)));
}

#[test]
fn settings_screen() {
    let mut f = fixture("", Size::new(80, 24));
    open(&mut f.app, ScreenId::Settings);
    f.app.update(Action::Settings(SettingsAction::Down));
    f.app.update(Action::Settings(SettingsAction::Down));
    f.app.update(Action::Settings(SettingsAction::Step(2)));
    insta::assert_snapshot!(text(&draw(&f.app)));
}

#[test]
fn help_screen_names_the_keys_and_the_file() {
    let mut app = fixed_path_app(Size::new(80, 24));
    app.update(Action::OpenHelp);
    insta::assert_snapshot!(text(&draw(&app)));
    // Scrolled to its end, the help shows the last wrapped row: where the file is.
    app.update(Action::Help(ui::help::HelpAction::Scroll(1000)));
    let end = text(&draw(&app));
    assert!(
        end.contains("/nonexistent/grid-arcade/config.toml"),
        "{end}"
    );
}

/// The rows of the help text shown, inside its frame.
fn help_page(app: &App) -> Vec<String> {
    text(&draw(app))
        .lines()
        .skip(1)
        .take_while(|line| !line.starts_with('╰'))
        .map(|line| {
            let inner: String = line.chars().skip(1).collect();
            inner
                .trim_end_matches(['│', '▲', '▼'])
                .trim_end()
                .to_string()
        })
        .collect()
}

/// Every row of the help text, scrolled through one row at a time.
fn help_rows(app: &mut App) -> Vec<String> {
    let mut rows = Vec::new();
    loop {
        let page = help_page(app);
        app.update(Action::Help(ui::help::HelpAction::Scroll(1)));
        if help_page(app) == page {
            rows.extend(page);
            // Less the margin inside the frame.
            let margin = (rows.iter())
                .filter(|row| !row.is_empty())
                .map(|row| row.len() - row.trim_start().len())
                .min()
                .unwrap_or(0);
            return rows
                .iter()
                .map(|row| row.chars().skip(margin).collect())
                .collect();
        }
        rows.push(page[0].clone());
    }
}

/// Whether `next` goes on with the words of `row`: a key's words beside it or under it, or a
/// paragraph of prose.
fn continues(row: &str, next: &str) -> bool {
    let indent = |r: &str| r.len() - r.trim_start().len();
    if row.trim().is_empty() || next.trim().is_empty() {
        return false;
    }
    if indent(next) > 0 {
        return indent(row) == indent(next) || indent(row) == 0 && row.trim().contains("  ");
    }
    !row.contains("  ") && !next.contains("  ") && next.starts_with(char::is_lowercase)
}

#[test]
fn help_is_wrapped_once_at_the_width_shown() {
    let games = grid_arcade::ui::games::GAMES.iter().map(|g| g.id());
    let screens = [None, Some(ScreenId::Settings), Some(ScreenId::Records)]
        .into_iter()
        .chain(games.map(|game| Some(ScreenId::Game(game))));
    for screen in screens {
        for size in [Size::new(40, 12), Size::new(80, 24), Size::new(200, 60)] {
            let mut app = fixed_path_app(size);
            match screen {
                Some(ScreenId::Game(game)) => {
                    app.update(Action::Menu(ui::menu::MenuAction::OpenItem(
                        ui::menu::MenuItem::Game(game).position(),
                    )));
                }
                Some(screen) => open(&mut app, screen),
                None => {}
            }
            app.update(Action::OpenHelp);
            assert_eq!(app.screen, ScreenId::Help);
            let rows = help_rows(&mut app);
            let width = rows.iter().map(|r| r.chars().count()).max().unwrap();
            // A row ends where the next word would not have fitted: one that could have held
            // it was wrapped twice (at 200 columns: a sentence hard-wrapped in the text).
            for pair in rows.windows(2) {
                let (row, next) = (&pair[0], &pair[1]);
                let word = next.split_whitespace().next().unwrap_or("");
                assert!(
                    !continues(row, next) || row.chars().count() + 1 + word.chars().count() > width,
                    "{screen:?} at {size:?}: {row:?} could have held {word:?}\n{}",
                    rows.join("\n")
                );
            }
        }
    }
}

#[test]
fn too_small_terminals_say_how_big_to_be() {
    let mut app = fixed_path_app(Size::new(24, 6));
    let mut shots = Vec::new();
    for screen in SCREENS {
        if screen != ScreenId::Menu {
            app.update(Action::Resize(Size::new(80, 24)));
            go_to(&mut app, screen);
            app.update(Action::Resize(Size::new(24, 6)));
        }
        let min = grid_arcade::app::enough(&app, 24);
        let screen_text = text(&draw(&app));
        assert!(
            screen_text.contains(&format!("{}x{}", min.width, min.height)),
            "{screen_text}"
        );
        shots.push(screen_text);
    }
    insta::assert_snapshot!(shots.join("\n--------\n"));
}

fn key_with(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code, modifiers))
}

#[test]
fn the_settings_list_shows_that_it_scrolls_and_pages_scroll_it() {
    let mut f = fixture("", Size::new(80, 24));
    open(&mut f.app, ScreenId::Settings);
    let shot = text(&draw(&f.app));
    // Settings below the list's end are marked on its border.
    assert!(!shot.contains("Animations") && shot.contains('▼'), "{shot}");
    assert!(!shot.contains('▲'), "{shot}");
    let before = fs::read_to_string(f.dir.path().join("config.toml")).unwrap();
    let selected = f.app.settings.selected;
    send(&mut f.app, key_with(KeyCode::PageDown, KeyModifiers::NONE));
    send(&mut f.app, key_with(KeyCode::PageDown, KeyModifiers::NONE));
    let shot = text(&draw(&f.app));
    assert!(f.app.settings.selected > selected + 5, "{shot}");
    assert!(
        shot.contains(ui::games::SETTINGS[f.app.settings.selected].label) && shot.contains('▲'),
        "{shot}"
    );
    // Paging changes no value.
    let after = fs::read_to_string(f.dir.path().join("config.toml")).unwrap();
    assert_eq!(before, after);
    send(&mut f.app, key_with(KeyCode::PageUp, KeyModifiers::NONE));
    send(&mut f.app, key_with(KeyCode::PageUp, KeyModifiers::NONE));
    assert_eq!(f.app.settings.selected, selected);
    // Shift and the arrows change a number by ten; the arrows alone by one.
    let rows = ui::games::SETTINGS
        .iter()
        .position(|s| s.dotted() == "minesweeper.custom.rows")
        .unwrap();
    f.app.update(Action::Settings(SettingsAction::Select(rows)));
    let value = |app: &App| {
        app.store
            .settings()
            .get(ui::games::SETTINGS[rows])
            .to_string()
    };
    let start: i64 = value(&f.app).parse().unwrap();
    send(&mut f.app, key_with(KeyCode::Left, KeyModifiers::SHIFT));
    assert_eq!(value(&f.app), (start - 10).to_string());
    send(&mut f.app, key_with(KeyCode::Right, KeyModifiers::NONE));
    assert_eq!(value(&f.app), (start - 9).to_string());
    let shot = text(&draw(&f.app));
    assert!(shot.contains("Shift-←→ by 10"), "{shot}");
}

#[test]
fn the_list_of_a_tables_games_follows_the_mouse() {
    let mut f = Fixture::with_history(RECORDS, &history(), Size::new(100, 35));
    open_records(&mut f.app);
    send(&mut f.app, key_with(KeyCode::Enter, KeyModifiers::NONE));
    assert_eq!(f.app.records.games, Some(0));
    let tables = ui::games::tables(&f.app.store);
    let daily = ui::games::daily(&f.app.store);
    let (_, geometry) = f
        .app
        .records
        .layout(&tables, &daily, f.app.screen_area(), &f.app.theme);
    let list = geometry.games_area();
    let click = |row: u16| {
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: list.x + 5,
            row: list.y + 1 + row,
            modifiers: KeyModifiers::NONE,
        })
    };
    // A click chooses the game under it, and draws it chosen.
    send(&mut f.app, click(1));
    assert_eq!(f.app.records.games, Some(1));
    assert_eq!(f.app.screen, ScreenId::Records);
    let buffer = draw(&f.app);
    let style = |row: u16| buffer[(list.x + 3, list.y + 1 + row)].style();
    assert!(
        style(1) != style(0) && style(0) == style(2),
        "the chosen game stands out:\n{}",
        text(&buffer)
    );
    // The wheel moves the choice; a second click on the chosen game watches it.
    send(&mut f.app, mouse_at(MouseEventKind::ScrollDown, list));
    assert_eq!(f.app.records.games, Some(2));
    assert_eq!(
        grid_arcade::app::action_for(&f.app, &click(2)),
        Some(Action::Records(RecordsAction::Watch))
    );
    assert_eq!(
        grid_arcade::app::action_for(&f.app, &click(0)),
        Some(Action::Records(RecordsAction::ChooseGame(0)))
    );
}

fn mouse_at(kind: MouseEventKind, area: ratatui::layout::Rect) -> Event {
    Event::Mouse(MouseEvent {
        kind,
        column: area.x + 2,
        row: area.y + 2,
        modifiers: KeyModifiers::NONE,
    })
}

#[test]
fn notices_in_a_row_count_as_they_are_read() {
    let config = "[general]\ntheme = \"neon\"  # inline\nbell = 3\n[2048]\nsize = 99\n";
    let mut f = fixture(config, Size::new(100, 35));
    assert_eq!(f.app.notices.len(), 3, "{:?}", f.app.notices);
    for k in 1..=3 {
        let screen = text(&draw(&f.app));
        assert!(screen.contains(&format!("({k} of 3)")), "{screen}");
        f.app.update(Action::DismissNotice);
    }
    assert!(f.app.notices.is_empty());
    assert_eq!(f.app.notices_read, 0);
}
