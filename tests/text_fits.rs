//! No text is ever cut, at any size a screen is drawn at: footers wrap whole over as many rows as
//! they need, notices and setting descriptions wrap, table names wrap, at 40x12, 80x24, 100x35
//! and 200x60, in colour, mono and ASCII.

mod common;

use common::drive::{RECORDS, history};
use common::screen::{Fixture, draw, open_records, text, theme};
use grid_arcade::app::{Action, App, Launch};
use grid_arcade::games::GameId;
use grid_arcade::ui;
use grid_arcade::ui::ScreenId;
use grid_arcade::ui::footer::Hint;
use grid_arcade::ui::games::SETTINGS as ALL;
use grid_arcade::ui::marks::MarksAction;
use grid_arcade::ui::menu::{MenuAction, MenuItem};
use grid_arcade::ui::minesweeper::MinesAction;
use grid_arcade::ui::records::RecordsAction;
use grid_arcade::ui::settings::SettingsAction;
use grid_arcade::ui::tictactoe::TicTacToeAction;
use grid_arcade::ui::twenty48::Twenty48Action;
use ratatui::buffer::Buffer;
use ratatui::layout::{Rect, Size};

const SIZES: [Size; 4] = [
    Size::new(40, 12),
    Size::new(80, 24),
    Size::new(100, 35),
    Size::new(200, 60),
];
const THEMES: [&str; 3] = ["color", "mono", "ascii"];

/// The screen's text with every run of blanks and line breaks made one space, so that text
/// wrapped over several rows reads as one line.
fn words(app: &App) -> String {
    text(&draw(app))
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The words drawn in `area` of `buffer`, rows joined: text wrapped within the area reads whole.
fn region_words(buffer: &Buffer, area: Rect) -> String {
    let rows: Vec<String> = (area.top()..area.bottom())
        .map(|y| {
            (area.left()..area.right())
                .map(|x| buffer[(x, y)].symbol().to_string())
                .collect()
        })
        .collect();
    rows.join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A hint as the footer writes it in `theme`.
fn written(hint: &Hint, theme: &str) -> String {
    let key: String = hint
        .0
        .chars()
        .map(|c| match (c, theme) {
            ('←', "ascii") => '<',
            ('↑', "ascii") => '^',
            ('↓', "ascii") => 'v',
            ('→', "ascii") => '>',
            (c, _) => c,
        })
        .collect();
    format!("{key} {}", hint.1)
}

fn assert_shown(app: &App, expected: &[String], what: &str) {
    if !grid_arcade::app::fits(app, app.screen_area()) {
        return;
    }
    let shown = words(app);
    for part in expected {
        assert!(
            shown.contains(part.as_str()),
            "{what} at {:?}: {part:?} is cut or missing:\n{}",
            app.size,
            text(&draw(app))
        );
    }
}

fn start(theme_name: &str, size: Size, open: Option<GameId>) -> Fixture {
    let launch = Launch {
        seed: Some(5),
        open,
        ..Launch::default()
    };
    Fixture::start(&format!("{}{RECORDS}", theme(theme_name)), size, launch)
}

/// The footer hints each game screen shows in the states a player meets.
fn game_footers(f: &mut Fixture, game: GameId) -> Vec<(String, Vec<Hint>)> {
    let mut footers = Vec::new();
    let mut note = |f: &Fixture, state: &str| {
        let hints = f.app.games.get(game).unwrap().footer();
        footers.push((state.to_string(), hints));
    };
    note(f, "new game");
    match game {
        grid_arcade::play::minesweeper::GAME => {
            f.app.update(MinesAction::Pause.into());
            note(f, "paused");
        }
        grid_arcade::play::tictactoe::GAME | grid_arcade::play::gomoku::GAME => {
            f.app.update(MarksAction::Place.into());
            note(f, "playing");
        }
        grid_arcade::play::twenty48::GAME => {
            f.app.update(
                Twenty48Action::Slide(grid_arcade::games::twenty48::Direction::Left).into(),
            );
            note(f, "playing");
        }
        _ => unreachable!("the four games"),
    }
    footers
}

#[test]
fn footers_wrap_whole_on_every_screen() {
    let shell: [(ScreenId, &[(&str, &str)]); 3] = [
        (
            ScreenId::Menu,
            &[
                ("↑↓", "move"),
                ("Enter", "open"),
                ("1-9,0", "choose"),
                ("?", "help"),
                ("q", "quit"),
            ],
        ),
        (
            ScreenId::Help,
            &[("↑↓", "scroll"), ("Esc", "back"), ("q", "quit")],
        ),
        (
            ScreenId::Settings,
            &[
                ("↑↓", "choose"),
                ("←→", "change"),
                ("Esc", "back"),
                ("?", "help"),
            ],
        ),
    ];
    for theme_name in THEMES {
        for size in SIZES {
            for (screen, hints) in shell {
                let mut f = start(theme_name, size, None);
                let item = match screen {
                    ScreenId::Settings => Some(MenuItem::Settings.position()),
                    ScreenId::Help => Some(MenuItem::Help.position()),
                    _ => None,
                };
                if let Some(item) = item {
                    f.app.update(Action::Menu(MenuAction::OpenItem(item)));
                }
                let expected: Vec<String> = hints
                    .iter()
                    .map(|&(key, does)| written(&(key.into(), does), theme_name))
                    .collect();
                assert_shown(&f.app, &expected, &format!("{screen:?} in {theme_name}"));
            }
            // The records' footer names the page keys when the table has pages.
            let mut f = start(theme_name, size, None);
            f.app.update(Action::Menu(MenuAction::OpenItem(
                MenuItem::Records.position(),
            )));
            let tables = grid_arcade::ui::games::tables(&f.app.store);
            let (_, geometry) = f.app.records.layout(
                &tables,
                &grid_arcade::ui::games::daily(&f.app.store),
                f.app.screen_area(),
                &f.app.theme,
            );
            let expected: Vec<String> = geometry
                .hints
                .iter()
                .map(|h| written(h, theme_name))
                .collect();
            assert!(expected.len() >= 4, "{expected:?}");
            assert_shown(&f.app, &expected, &format!("Records in {theme_name}"));
            for game in grid_arcade::ui::games::GAMES.iter().map(|g| g.id()) {
                let mut f = start(theme_name, size, Some(game));
                for (state, hints) in game_footers(&mut f, game) {
                    let expected: Vec<String> =
                        hints.iter().map(|h| written(h, theme_name)).collect();
                    assert_shown(
                        &f.app,
                        &expected,
                        &format!("{game:?} {state} in {theme_name}"),
                    );
                }
            }
        }
    }
}

#[test]
fn a_long_notice_shows_whole_with_its_last_words() {
    for size in SIZES {
        let mut f = start("color", size, None);
        let notice = "config.toml: setting minesweeper.custom.mines = 123456 does not fit a 5x5 \
                      board; using 16, and this sentence is long enough to need several rows";
        f.app.notices.push_back(notice.to_string());
        let shown = words(&f.app);
        assert!(shown.contains(notice), "{size:?}:\n{}", text(&draw(&f.app)));
        assert!(shown.contains("press any key"), "{size:?}");
    }
}

#[test]
fn every_settings_description_shows_whole() {
    for size in SIZES {
        let mut f = start("color", size, None);
        f.app.update(Action::Menu(MenuAction::OpenItem(
            MenuItem::Settings.position(),
        )));
        if !grid_arcade::app::fits(&f.app, f.app.screen_area()) {
            continue;
        }
        for setting in ALL.iter() {
            let about = ui::settings::geometry(f.app.screen_area(), &f.app.settings).about;
            let shown = region_words(&draw(&f.app), about);
            assert!(
                shown == setting.about,
                "{size:?}: {:?} is cut:\n{}",
                setting.about,
                text(&draw(&f.app))
            );
            f.app.update(Action::Settings(SettingsAction::Down));
        }
    }
}

#[test]
fn long_table_names_show_whole_in_the_list() {
    let config =
        format!("{RECORDS}[records.minesweeper.\"custom-120x250-2999-hinted\"]\nplayed = 1\n");
    for size in [Size::new(80, 24), Size::new(100, 35), Size::new(200, 60)] {
        let mut f = Fixture::start(&config, size, Launch::default());
        f.app.update(Action::Menu(MenuAction::OpenItem(
            MenuItem::Records.position(),
        )));
        let tables = grid_arcade::ui::games::tables(&f.app.store);
        let titles = ui::records::titles(&tables);
        let (_, geometry) = f.app.records.layout(
            &tables,
            &grid_arcade::ui::games::daily(&f.app.store),
            f.app.screen_area(),
            &f.app.theme,
        );
        let buffer = draw(&f.app);
        assert_eq!(
            geometry.entries.len(),
            titles.len(),
            "{size:?}: all in view"
        );
        for (i, rect) in geometry.entries {
            let shown: Vec<String> = (rect.top()..rect.bottom())
                .map(|y| {
                    (rect.left()..rect.right())
                        .map(|x| buffer[(x, y)].symbol().to_string())
                        .collect()
                })
                .collect();
            let shown = shown
                .join(" ")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            assert_eq!(shown, titles[i], "{size:?}");
        }
    }
}

#[test]
fn the_records_text_and_every_plot_show_whole_page_by_page() {
    let titles = [
        "Time of each win",
        "Wins by time",
        "Win rate per 20 games",
        "3BV per second of each win",
    ];
    for theme_name in THEMES {
        for size in SIZES {
            let config = format!("{}{RECORDS}", theme(theme_name));
            let mut f = Fixture::with_history(&config, &history(), size);
            open_records(&mut f.app);
            if !grid_arcade::app::fits(&f.app, f.app.screen_area()) {
                continue;
            }
            // The text read piece by piece in page order, and each plot's cell.
            let mut text_words = Vec::new();
            let mut cells = Vec::new();
            loop {
                let tables = grid_arcade::ui::games::tables(&f.app.store);
                let (_, geometry) = f.app.records.layout(
                    &tables,
                    &grid_arcade::ui::games::daily(&f.app.store),
                    f.app.screen_area(),
                    &f.app.theme,
                );
                let buffer = draw(&f.app);
                for piece in &geometry.page.texts {
                    text_words.push(region_words(&buffer, piece.rect));
                }
                for (_, cell) in &geometry.page.plots {
                    cells.push(region_words(&buffer, *cell));
                }
                if geometry.shown + 1 == geometry.pages {
                    break;
                }
                f.app.update(Action::Records(RecordsAction::NextPage));
            }
            let text_words = text_words.join(" ");
            let at = format!("{size:?} in {theme_name}");
            for sentence in [
                "Of 20 losses, 16 were forced guesses and 4 were mistakes.",
                "Win rate 40%; leaving out forced guesses, 67%.",
                "best time 8.45 s on 2026-11-29",
                "2026-11-02 game g0000012",
            ] {
                assert!(
                    text_words.contains(sentence),
                    "{at}: {sentence:?} in {text_words:?}"
                );
            }
            assert_eq!(cells.len(), titles.len(), "{at}: every plot once");
            for (cell, title) in cells.iter().zip(titles) {
                assert!(cell.starts_with(title), "{at}: {cell:?}");
            }
            assert!(cells[0].contains("average of 10 "), "{at}: {:?}", cells[0]);
            assert!(
                cells[0].contains("best 12.50 s (game 36)"),
                "{at}: {:?}",
                cells[0]
            );
        }
    }
}

#[test]
fn the_tictactoe_status_wraps_whole_in_a_narrow_terminal() {
    let launch = Launch {
        seed: Some(5),
        open: Some(grid_arcade::play::tictactoe::GAME),
        ..Launch::default()
    };
    let mut f = Fixture::start("", Size::new(40, 16), launch);
    f.app.update(TicTacToeAction::ChangeOpponent.into());
    f.app.update(TicTacToeAction::Place.into());
    f.app.update(TicTacToeAction::ChangeOpponent.into());
    let screen = f
        .app
        .games
        .find::<grid_arcade::ui::tictactoe::TicTacToeScreen>()
        .unwrap();
    let area = screen.layout(f.app.screen_area()).status;
    let shown = region_words(&draw(&f.app), area);
    for part in [
        "3x3 vs hard, next game two players",
        "you 0 computer 0 draws 0",
    ] {
        assert!(shown.contains(part), "{part:?} in {shown:?}");
    }
}
