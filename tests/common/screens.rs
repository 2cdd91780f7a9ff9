//! The shell's screens' test fixtures, shared by the files that test them: apps opened on a
//! screen, and every page of the records drawn.

use super::drive::TRAITS;
use super::screen::{Fixture, draw};
use grid_arcade::app::{Action, App, Launch};
use grid_arcade::store::Store;
use grid_arcade::ui;
use grid_arcade::ui::ScreenId;
use grid_arcade::ui::records::RecordsAction;
use ratatui::buffer::Buffer;
use ratatui::layout::Size;

pub fn fixture(file: &str, size: Size) -> Fixture {
    Fixture::start(file, size, Launch::default())
}

/// An app whose file path is the same on every machine (help shows it); nothing is saved.
pub fn fixed_path_app(size: Size) -> App {
    let store = Store::open(
        "/nonexistent/grid-arcade/config.toml".into(),
        grid_arcade::ui::games::schema(),
    )
    .unwrap();
    App::new(store, TRAITS, size, Launch::default(), None, None)
}

pub fn open(app: &mut App, screen: ScreenId) {
    let item = match screen {
        ScreenId::Records => ui::menu::MenuItem::Records.position(),
        ScreenId::Settings => ui::menu::MenuItem::Settings.position(),
        ScreenId::Help => ui::menu::MenuItem::Help.position(),
        _ => unreachable!(),
    };
    app.update(Action::Menu(ui::menu::MenuAction::OpenItem(item)));
    assert_eq!(app.screen, screen);
}

/// The shell's screens, the menu first.
pub const SCREENS: [ScreenId; 4] = [
    ScreenId::Menu,
    ScreenId::Records,
    ScreenId::Settings,
    ScreenId::Help,
];

/// From any of [`SCREENS`], back to the menu and on to `screen` (the menu stays put).
pub fn go_to(app: &mut App, screen: ScreenId) {
    if screen != ScreenId::Menu {
        app.update(Action::Back);
        app.update(Action::Back);
        open(app, screen);
    }
}

/// Every page of the records' table `table` (from 0), drawn.
pub fn pages(app: &mut App, table: usize) -> Vec<Buffer> {
    app.update(Action::Records(RecordsAction::Select(table)));
    let mut shots = vec![draw(app)];
    loop {
        let before = app.records.page;
        app.update(Action::Records(RecordsAction::NextPage));
        if app.records.page == before {
            return shots;
        }
        shots.push(draw(app));
    }
}

/// Every page of every table of the open records screen, once its history is read.
pub fn every_records_page(app: &mut App) -> Vec<Buffer> {
    while app.records.reading() {
        std::thread::sleep(std::time::Duration::from_millis(1));
        app.update(Action::Tick);
    }
    let tables = grid_arcade::ui::games::tables(&app.store).len();
    (0..tables).flat_map(|table| pages(app, table)).collect()
}
