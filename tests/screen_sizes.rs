//! The shell's screens at every size and theme: drawn at every small size and at 40x12, every
//! records page at every size, themes that must stay ASCII or colourless, the size a too-small
//! screen names always enough, and random input that must never panic.

mod common;

use common::drive::{RECORDS, TRAITS, history};
use common::screen::{Fixture, draw, open_records, text};
use common::screens::*;
use grid_arcade::app::{Action, App, Launch};
use grid_arcade::store::Store;
use grid_arcade::ui;
use grid_arcade::ui::ScreenId;
use grid_arcade::ui::records::RecordsAction;
use grid_arcade::ui::theme::TerminalTraits;
use proptest::prelude::*;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Size;
use ratatui::style::Color;
use tempfile::TempDir;

#[test]
fn every_screen_draws_at_every_small_size() {
    let mut app = fixed_path_app(Size::new(80, 24));
    for screen in SCREENS {
        app.update(Action::Resize(Size::new(80, 24)));
        go_to(&mut app, screen);
        for width in 0..=60 {
            for height in 0..=20 {
                app.update(Action::Resize(Size::new(width, height)));
                draw(&app);
            }
        }
    }
}

#[test]
fn every_page_of_the_records_draws_at_every_size() {
    let mut f = Fixture::with_history(RECORDS, &history(), Size::new(80, 24));
    open_records(&mut f.app);
    for table in 0..grid_arcade::ui::games::tables(&f.app.store).len() {
        f.app.update(Action::Records(RecordsAction::Select(table)));
        for width in (0..=130).step_by(3) {
            for height in 0..=45 {
                f.app.update(Action::Resize(Size::new(width, height)));
                for page in 0..4 {
                    f.app.records.page = page;
                    draw(&f.app);
                }
            }
        }
    }
}

fn all_cells(buffer: &Buffer) -> impl Iterator<Item = &ratatui::buffer::Cell> {
    buffer.content.iter()
}

#[test]
fn the_ascii_theme_draws_only_ascii_and_mono_draws_no_colour() {
    for (theme, check) in [
        (
            "ascii",
            (|c: &ratatui::buffer::Cell| c.symbol().is_ascii()) as fn(&_) -> bool,
        ),
        ("mono", |c| c.fg == Color::Reset && c.bg == Color::Reset),
    ] {
        let mut f = Fixture::with_history(
            &format!("[general]\ntheme = \"{theme}\"\n{RECORDS}"),
            &history(),
            Size::new(80, 24),
        );
        for screen in SCREENS {
            go_to(&mut f.app, screen);
            // The records with every plot of every table.
            let buffers = match screen {
                ScreenId::Records => every_records_page(&mut f.app),
                _ => vec![draw(&f.app)],
            };
            for buffer in buffers {
                assert!(
                    all_cells(&buffer).all(check),
                    "{theme} on {screen:?}:\n{}",
                    text(&buffer)
                );
            }
        }
    }
}

#[test]
fn no_color_gives_a_monochrome_menu_with_the_selection_reversed() {
    let dir = TempDir::new().unwrap();
    let traits = TerminalTraits {
        no_color: true,
        ..TRAITS
    };
    let app = App::new(
        Store::open(dir.path().join("c.toml"), grid_arcade::ui::games::schema()).unwrap(),
        traits,
        Size::new(80, 24),
        Launch::default(),
        None,
        None,
    );
    let buffer = draw(&app);
    assert!(all_cells(&buffer).all(|c| c.fg == Color::Reset && c.bg == Color::Reset));
    let geometry = ui::menu::geometry(app.screen_area(), app.menu.selected);
    let row = geometry.item(0);
    let reversed = (row.x..row.right())
        .filter(|&x| {
            buffer[(x, row.y)]
                .modifier
                .contains(ratatui::style::Modifier::REVERSED)
        })
        .count();
    assert_eq!(reversed, "Minesweeper".len());
}

fn event_strategy() -> impl Strategy<Value = Event> {
    let key = prop_oneof![
        Just(KeyCode::Up),
        Just(KeyCode::Down),
        Just(KeyCode::Left),
        Just(KeyCode::Right),
        Just(KeyCode::Enter),
        Just(KeyCode::Esc),
        Just(KeyCode::Tab),
        Just(KeyCode::Backspace),
        Just(KeyCode::PageUp),
        Just(KeyCode::PageDown),
        Just(KeyCode::F(1)),
        // Every printable key but 'q' and '7' (they quit from the menu, ending the run early).
        proptest::char::range(' ', '~')
            .prop_filter("quits", |c| *c != 'q' && *c != '7')
            .prop_map(KeyCode::Char),
    ]
    .prop_map(|code| Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
    let mouse = (0u16..100, 0u16..40, 0usize..5).prop_map(|(column, row, kind)| {
        let kind = [
            MouseEventKind::Down(MouseButton::Left),
            MouseEventKind::Up(MouseButton::Left),
            MouseEventKind::Down(MouseButton::Right),
            MouseEventKind::ScrollUp,
            MouseEventKind::ScrollDown,
        ][kind];
        Event::Mouse(MouseEvent {
            kind,
            column,
            row,
            modifiers: KeyModifiers::NONE,
        })
    });
    let resize = (0u16..120, 0u16..40).prop_map(|(w, h)| Event::Resize(w, h));
    prop_oneof![4 => key, 4 => mouse, 1 => resize]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Whatever arrives from the terminal, handling it and drawing never panics.
    #[test]
    fn random_input_never_panics(events in proptest::collection::vec(event_strategy(), 1..120)) {
        let mut f = fixture(RECORDS, Size::new(80, 24));
        for event in events {
            f.send(event);
            if f.app.quit {
                break;
            }
            draw(&f.app);
        }
    }
}

/// The size a too-small screen asks for: `at least WxH`.
fn asked_size(shot: &str) -> Size {
    let words = shot.split_whitespace().collect::<Vec<_>>();
    let at = words.iter().position(|w| *w == "least").expect(shot);
    let (width, height) = words[at + 1].split_once('x').expect(shot);
    Size::new(width.parse().unwrap(), height.parse().unwrap())
}

/// The app on each screen a player meets: the shell's screens and every game, new.
fn every_screen() -> Vec<App> {
    let mut apps = Vec::new();
    for screen in SCREENS.into_iter().chain([ScreenId::Daily]) {
        let mut app = fixed_path_app(Size::new(80, 24));
        match screen {
            ScreenId::Menu => {}
            ScreenId::Daily => {
                app.update(Action::Menu(ui::menu::MenuAction::OpenItem(
                    ui::menu::MenuItem::Daily.position(),
                )));
            }
            screen => open(&mut app, screen),
        }
        apps.push(app);
    }
    for size in [3, 4, 8] {
        for game in grid_arcade::ui::games::GAMES {
            let mut app = fixed_path_app(Size::new(80, 24));
            let pins = match game.id() {
                grid_arcade::play::twenty48::GAME => vec![(
                    &grid_arcade::play::twenty48::settings::SIZE,
                    grid_arcade::store::SettingValue::Number(size),
                )],
                _ if size != 3 => continue,
                _ => Vec::new(),
            };
            for (setting, value) in pins {
                app.store.settings_mut().pin(setting, value);
            }
            app.update(Action::Menu(ui::menu::MenuAction::OpenItem(
                ui::menu::MenuItem::Game(game.id()).position(),
            )));
            apps.push(app);
        }
    }
    apps
}

#[test]
fn the_size_a_too_small_screen_names_is_always_enough() {
    for mut app in every_screen() {
        let screen = app.screen;
        let min = grid_arcade::app::min_size(&app, 1);
        // From the narrowest width the message itself reads whole at.
        for width in min.width.saturating_sub(6).max(24)..=min.width + 12 {
            for height in 3..=min.height + 2 {
                app.update(Action::Resize(Size::new(width, height)));
                let shot = text(&draw(&app));
                if grid_arcade::app::fits(&app, app.screen_area()) {
                    continue;
                }
                let asked = asked_size(&shot);
                app.update(Action::Resize(asked));
                assert!(
                    grid_arcade::app::fits(&app, app.screen_area()),
                    "{screen:?} at {width}x{height} asks for {}x{}, which is refused too",
                    asked.width,
                    asked.height
                );
            }
        }
    }
}

#[test]
fn every_screen_draws_at_40x12() {
    // All but 2048's largest board and gomoku's 15x15, which need more rows than 12.
    let largest = |app: &App| {
        let gomoku = ScreenId::Game(grid_arcade::play::gomoku::GAME);
        app.screen == gomoku
            || app
                .games
                .find::<grid_arcade::ui::twenty48::Twenty48Screen>()
                .is_some_and(|screen| screen.session.game.size() == 8)
    };
    for mut app in every_screen().into_iter().filter(|app| !largest(app)) {
        app.update(Action::Resize(Size::new(40, 12)));
        let shot = text(&draw(&app));
        assert!(
            grid_arcade::app::fits(&app, app.screen_area()),
            "{:?} at 40x12:\n{shot}",
            app.screen
        );
    }
    // The menu's list scrolls to the items below what it shows.
    let mut app = fixed_path_app(Size::new(40, 12));
    let shot = text(&draw(&app));
    assert!(!shot.contains("Quit") && shot.contains('▼'), "{shot}");
    for _ in 1..ui::menu::items().len() {
        app.update(Action::Menu(ui::menu::MenuAction::Down));
    }
    let shot = text(&draw(&app));
    assert!(shot.contains("▸0 Quit") && shot.contains('▲'), "{shot}");
    let geometry = ui::menu::geometry(app.screen_area(), app.menu.selected);
    let quit = geometry.item(ui::menu::items().len() - 1);
    let click = Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: quit.x + 2,
        row: quit.y,
        modifiers: KeyModifiers::NONE,
    });
    assert_eq!(
        grid_arcade::app::action_for(&app, &click),
        Some(Action::Menu(ui::menu::MenuAction::OpenItem(
            ui::menu::items().len() - 1
        )))
    );
}
