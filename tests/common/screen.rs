//! What the screen tests share: an app started the way `main` starts it, with its files in a
//! temporary folder; its screen drawn on ratatui's `TestBackend` and read back as text; and
//! terminal events made and handled the way the event loop handles them.

use std::fs;
use std::time::{Duration, Instant};

use grid_arcade::app::{self, Action, App, Launch};
use grid_arcade::store::Store;
use grid_arcade::ui::games;
use grid_arcade::ui::menu::{MenuAction, MenuItem};
use grid_arcade::ui::theme::TerminalTraits;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseEvent, MouseEventKind,
};
use ratatui::layout::Size;
use tempfile::TempDir;

use super::drive::TRAITS;

/// An app and the temporary folder that holds its config file (and data folder, if any).
pub struct Fixture {
    pub app: App,
    pub dir: TempDir,
}

impl Fixture {
    /// Starts an app with `launch` in a terminal of `size` with 256 colours, its config file
    /// holding `config` in a new temporary folder, and no data folder.
    pub fn start(config: &str, size: Size, launch: Launch) -> Fixture {
        Fixture::start_in(TempDir::new().unwrap(), config, TRAITS, size, launch, None)
    }

    /// Starts an app with `launch` in a terminal of `size` with `traits`, its config file holding
    /// `config` in `dir`, and its data folder `data` there too, if any.
    pub fn start_in(
        dir: TempDir,
        config: &str,
        traits: TerminalTraits,
        size: Size,
        launch: Launch,
        data: Option<&str>,
    ) -> Fixture {
        let path = dir.path().join("config.toml");
        fs::write(&path, config).unwrap();
        let data = data.map(|data| dir.path().join(data));
        let store = Store::open(path, games::schema()).unwrap();
        let app = App::new(store, traits, size, launch, data, None);
        Fixture { app, dir }
    }

    /// Another copy of the program on this one's files (the config file, and the data folder
    /// `data` if any), with the menu open in a 100x35 terminal.
    pub fn second_copy(&self, data: Option<&str>) -> App {
        let store = Store::open(self.dir.path().join("config.toml"), games::schema()).unwrap();
        let data = data.map(|data| self.dir.path().join(data));
        App::new(
            store,
            TRAITS,
            Size::new(100, 35),
            Launch::default(),
            data,
            None,
        )
    }

    /// Starts an app with `launch` in a 100x35 terminal with 256 colours, its config file holding
    /// `config` in a new temporary folder, and a data folder (saves and a history) there too.
    pub fn with_data(config: &str, launch: Launch) -> Fixture {
        let size = Size::new(100, 35);
        Fixture::start_in(
            TempDir::new().unwrap(),
            config,
            TRAITS,
            size,
            launch,
            Some("data"),
        )
    }

    /// Starts an app with the menu open in a terminal of `size` with 256 colours, its config
    /// file holding `config` and its data folder a history of `history` (JSON lines).
    pub fn with_history(config: &str, history: &str, size: Size) -> Fixture {
        let dir = TempDir::new().unwrap();
        let data = dir.path().join("data");
        fs::create_dir_all(&data).unwrap();
        fs::write(data.join(grid_arcade::history::FILE), history).unwrap();
        Fixture::start_in(dir, config, TRAITS, size, Launch::default(), Some("data"))
    }

    /// Turns a terminal event into an action the way the event loop does, and applies it.
    pub fn send(&mut self, event: Event) {
        send(&mut self.app, event);
    }
}

/// Opens the records screen from the menu and waits until its history is read (ticks collect
/// it, as the event loop's do when the reading thread wakes it).
pub fn open_records(app: &mut App) {
    app.update(Action::Menu(MenuAction::OpenItem(
        MenuItem::Records.position(),
    )));
    let start = Instant::now();
    while app.records.reading() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the history is read"
        );
        std::thread::sleep(Duration::from_millis(1));
        app.update(Action::Tick);
    }
}

/// A config file that sets the theme.
pub fn theme(name: &str) -> String {
    format!("[general]\ntheme = \"{name}\"\n")
}

/// Draws the app's screen on a `TestBackend` of the app's size.
pub fn draw(app: &App) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(app.size.width, app.size.height)).unwrap();
    terminal.draw(|frame| app::draw(app, frame)).unwrap();
    terminal.backend().buffer().clone()
}

/// The buffer's text, a line per row with its trailing blanks trimmed.
pub fn text(buffer: &Buffer) -> String {
    let width = buffer.area.width as usize;
    buffer
        .content
        .chunks(width.max(1))
        .map(|row| {
            row.iter()
                .map(|c| c.symbol())
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `text` without its blanks: words wrapped over rows compare as on one line.
pub fn squashed(text: &str) -> String {
    text.split_whitespace().collect()
}

/// Turns a terminal event into an action the way the event loop does, and applies it.
pub fn send(app: &mut App, event: Event) {
    if let Some(action) = app::action_for(app, &event) {
        app.update(action);
    }
}

/// A key pressed without modifiers.
pub fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

/// A mouse event without modifiers at a 0-based cell.
pub fn mouse(kind: MouseEventKind, column: u16, row: u16) -> Event {
    Event::Mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    })
}
