//! The 2048 screen's test fixtures, shared by the files that test it: games started at a board,
//! a seed or from a save, their files, and the board read back from the screen.
//!
//! Positions are made the way a save is read: `Game::new(size, SEED)` written as TOML, its board
//! (and score, moves, win and assist marks) replaced, and read back, which runs the save checks.
//! A model `Game` played move for move beside the app says what the board must be.

use std::fs;
use std::path::{Path, PathBuf};

use super::drive::TRAITS;
use super::drive::twenty48::position;
use super::screen::{Fixture, mouse, text, theme};
use grid_arcade::app::{Action, Launch};
use grid_arcade::games::twenty48::{Cell, Direction, Game, win_exponent};
use grid_arcade::play::twenty48::record::Twenty48Record;
use grid_arcade::play::twenty48::save_stem;
use grid_arcade::play::twenty48::settings::SIZE as T48_SIZE;
use grid_arcade::store::SettingValue;
use grid_arcade::ui::ScreenId;
use grid_arcade::ui::theme::{Palette, TerminalTraits};
use grid_arcade::ui::twenty48::layout::BoardLayout;
use grid_arcade::ui::twenty48::{SETTLE, SLIDE, Twenty48Action, Twenty48Screen};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, MouseButton, MouseEventKind};
use ratatui::layout::{Position, Rect, Size};
use ratatui::style::Color;
use tempfile::TempDir;

pub const SEED: u64 = 7;
pub const SIZES: [usize; 3] = [3, 4, 8];
pub const THEMES: [&str; 2] = ["color", "ascii"];
/// The 80x24 terminal of the snapshots.
pub const TERMINAL: Size = Size::new(80, 24);

/// The 2048 game of the fixture's app, its files, and moves and events played on it.
impl Fixture {
    pub fn data_dir(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    /// The file of the game being played, named after its board size.
    pub fn save_path(&self) -> PathBuf {
        save_file(&self.data_dir(), self.game().size())
    }

    pub fn screen(&self) -> &Twenty48Screen {
        self.app
            .games
            .find::<Twenty48Screen>()
            .expect("2048 is open")
    }

    pub fn game(&self) -> &Game {
        &self.screen().session.game
    }

    /// Puts the game at a position, as if it had been resumed from a save.
    pub fn set_game(&mut self, game: Game) {
        let screen = self
            .app
            .games
            .find_mut::<Twenty48Screen>()
            .expect("2048 is open");
        screen.session.game = game;
        screen.session.last_gain = 0;
    }

    pub fn play(&mut self, action: Twenty48Action) {
        self.app.update(Action::from(action));
    }

    pub fn slide(&mut self, direction: Direction) {
        self.play(Twenty48Action::Slide(direction));
    }

    /// Lets the running animation end, as the event loop's last tick does.
    pub fn settle(&mut self) {
        self.app.now += SLIDE + SETTLE;
        self.app.update(Action::Tick);
        assert!(self.screen().animation.is_none());
    }

    pub fn layout(&self) -> BoardLayout {
        self.screen()
            .layout(self.app.screen_area(), &self.app.store)
    }

    pub fn record(&self, size: usize) -> &Twenty48Record {
        grid_arcade::play::twenty48::record::records(&self.app.store)
            .tables
            .get(&format!("{size}x{size}"))
            .unwrap_or_else(|| panic!("no record for {size}x{size}"))
    }
}

/// An app started with the given config file text, launch and data folder (under the temporary
/// folder), in a terminal of `size`.
pub fn start(config: &str, launch: Launch, size: Size, palette: Option<Palette>) -> Fixture {
    let dir = TempDir::new().unwrap();
    start_in(dir, config, launch, size, palette)
}

pub fn start_in(
    dir: TempDir,
    config: &str,
    launch: Launch,
    size: Size,
    palette: Option<Palette>,
) -> Fixture {
    let traits = TerminalTraits { palette, ..TRAITS };
    let f = Fixture::start_in(dir, config, traits, size, launch, Some("data"));
    assert_eq!(
        f.app.screen,
        ScreenId::Game(grid_arcade::play::twenty48::GAME)
    );
    f
}

/// `grid-arcade 2048 --seed SEED --size SIZE` in an 80x24 terminal with 256 colours.
pub fn new_game(theme_name: &str, size: usize) -> Fixture {
    start(
        &theme(theme_name),
        fresh(size),
        TERMINAL,
        Some(Palette::Ansi256),
    )
}

pub fn fresh(size: usize) -> Launch {
    Launch {
        seed: Some(SEED),
        open: Some(grid_arcade::play::twenty48::GAME),
        pins: vec![(&T48_SIZE, SettingValue::Number(size as i64))],
        ..Launch::default()
    }
}

/// `grid-arcade 2048` without options: the saved game, if it can be resumed.
pub fn resume() -> Launch {
    Launch {
        open: Some(grid_arcade::play::twenty48::GAME),
        ..Launch::default()
    }
}

/// Two tiles that make the win tile when slid left, and a few others.
pub fn one_move_from_the_win(size: usize) -> Vec<u8> {
    let win = win_exponent(size);
    let mut cells = vec![0; size * size];
    cells[0] = win - 1;
    cells[1] = win - 1;
    cells[2] = 2;
    cells[size] = win - 2;
    cells[size + 1] = 4;
    cells[2 * size] = 1;
    cells[size * size - 1] = 3;
    cells
}

/// A 4x4 board, empty but for `tiles`: (cell index, exponent).
pub fn board_with(tiles: &[(usize, u8)]) -> Vec<u8> {
    let mut cells = vec![0; 16];
    for &(i, exponent) in tiles {
        cells[i] = exponent;
    }
    cells
}

/// A 2 alone in the top row and an 8 in the bottom right corner: Right takes the 2 across.
pub const LONE_TWO: [(usize, u8); 2] = [(0, 1), (15, 3)];

/// A new 4x4 game in colour put at the position `board_with(tiles)`, and the model game at the
/// same position.
pub fn new_game_with(tiles: &[(usize, u8)]) -> (Fixture, Game) {
    let mut f = new_game("color", 4);
    let model = position(4, &board_with(tiles), 0, 0);
    f.set_game(model.clone());
    (f, model)
}

/// A 4x4 position holding the tiles 2 to 2048 (exponents 1 to 11) and five empty cells.
pub fn two_to_2048() -> Game {
    let cells: Vec<u8> = (1..=11).chain([0; 5]).collect();
    position(4, &cells, 0, 0)
}

pub fn cell(row: usize, col: usize) -> Cell {
    Cell { row, col }
}

/// The screen's text, then a map of its background colours: one letter per colour in the order
/// they first appear (a blank where there is none), and what each letter stands for. Tiles, empty
/// cells and the board's gaps show as blocks of letters.
pub fn snapshot(buffer: &Buffer) -> String {
    let mut colours: Vec<Color> = Vec::new();
    let map: Vec<String> = buffer
        .content
        .chunks(buffer.area.width as usize)
        .map(|row| {
            row.iter()
                .map(|c| {
                    if c.bg == Color::Reset {
                        return ' ';
                    }
                    let i = colours.iter().position(|k| *k == c.bg).unwrap_or_else(|| {
                        colours.push(c.bg);
                        colours.len() - 1
                    });
                    char::from(b'a' + i as u8)
                })
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect();
    let legend: Vec<String> = colours
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{} {c:?}", char::from(b'a' + i as u8)))
        .collect();
    format!(
        "{}\n\nbackgrounds:\n{}\n{}",
        text(buffer),
        map.join("\n"),
        legend.join(", ")
    )
}

/// The text inside a rectangle of the buffer, rows joined by newlines, each trimmed.
pub fn text_in(buffer: &Buffer, rect: Rect) -> String {
    rect.rows()
        .map(|row| {
            row.positions()
                .map(|p| buffer[(p.x, p.y)].symbol().to_string())
                .collect::<String>()
                .trim()
                .to_string()
        })
        .filter(|row| !row.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// What the buffer shows on each tile: its number, or "" for an empty cell (or "." in ASCII).
pub fn shown_board(buffer: &Buffer, layout: &BoardLayout) -> Vec<Vec<String>> {
    (0..layout.size)
        .map(|row| {
            (0..layout.size)
                .map(|col| text_in(buffer, layout.tile_rect(cell(row, col))))
                .collect()
        })
        .collect()
}

pub fn press(at: Position) -> Event {
    mouse(MouseEventKind::Down(MouseButton::Left), at.x, at.y)
}

pub fn release(at: Position) -> Event {
    mouse(MouseEventKind::Up(MouseButton::Left), at.x, at.y)
}

/// The moves that set up the snapshots of games in progress.
pub const OPENING: [Direction; 4] = [
    Direction::Left,
    Direction::Down,
    Direction::Right,
    Direction::Down,
];

/// Where a game of `size` is kept in the data folder `data`.
pub fn save_file(data: &Path, size: usize) -> PathBuf {
    data.join(format!("{}.toml", save_stem(size)))
}

/// A temporary folder whose data folder holds `save` as the saved 4x4 game.
pub fn folder_with_save(save: &str) -> TempDir {
    let dir = TempDir::new().unwrap();
    let data = dir.path().join("data");
    fs::create_dir_all(&data).unwrap();
    fs::write(save_file(&data, 4), save).unwrap();
    dir
}

/// Starts `grid-arcade 2048` (no options, settings size `size`) with `save` in the data folder.
pub fn start_with_save(save: &str, size: usize) -> Fixture {
    start_in(
        folder_with_save(save),
        &format!("[2048]\nsize = {size}\n"),
        resume(),
        TERMINAL,
        Some(Palette::Ansi256),
    )
}

/// The files set aside in the data folder.
pub fn set_aside(data: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = fs::read_dir(data)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .contains(".toml.bad-")
        })
        .collect();
    found.sort();
    found
}

/// The `[position]` table of a save.
pub fn position_of(save: &mut toml::Table) -> &mut toml::Table {
    save["position"].as_table_mut().unwrap()
}

/// The `duration_ms` of the one game in the history of `f`.
pub fn recorded_duration_ms(f: &Fixture) -> u64 {
    let history = fs::read_to_string(f.data_dir().join("history.jsonl")).unwrap();
    let line: serde_json::Value = serde_json::from_str(history.lines().last().unwrap()).unwrap();
    line["duration_ms"].as_u64().unwrap()
}

/// The background of every cell of `rect`, which must be one colour.
pub fn background(buffer: &Buffer, rect: Rect) -> Color {
    let colours: Vec<Color> = rect.positions().map(|p| buffer[(p.x, p.y)].bg).collect();
    assert!(
        colours.iter().all(|c| *c == colours[0]),
        "one colour over {rect:?}: {colours:?}"
    );
    colours[0]
}
