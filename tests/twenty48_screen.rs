//! The 2048 screen on `TestBackend`: boards of 3x3, 4x4 and 8x8 in play, won and over, in colour
//! and ASCII; the tile colours read back from the buffer; a move's animation frame by frame and a
//! key that cuts it short; undo; swipes and edge clicks from synthetic mouse events; numbers that
//! become 2^k on narrow tiles; saves that are damaged or of another size; the records. Tests
//! marked ignored show known issues of the program; each fails until its issue is fixed.
//!
//! Positions are made the way a save is read: `Game::new(size, SEED)` written as TOML, its board
//! (and score, moves, win and assist marks) replaced, and read back, which runs the save checks.
//! A model `Game` played move for move beside the app says what the board must be.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use common::drive::TRAITS;
use common::drive::twenty48::{
    corner_move, expected_board, one_move_from_the_end, position, position_with,
};
use common::screen::{Fixture, draw, key, mouse, text, theme};
use grid_arcade::app::{Action, Launch};
use grid_arcade::games::twenty48::{Cell, Direction, Game, Status, tile_value, win_exponent};
use grid_arcade::play::twenty48::record::Twenty48Record;
use grid_arcade::play::twenty48::save_stem;
use grid_arcade::play::twenty48::saved::SavedGame;
use grid_arcade::play::twenty48::settings::SIZE as T48_SIZE;
use grid_arcade::store::SettingValue;
use grid_arcade::ui;
use grid_arcade::ui::ScreenId;
use grid_arcade::ui::menu::MenuAction;
use grid_arcade::ui::theme::{Palette, TerminalTraits};
use grid_arcade::ui::twenty48::layout::BoardLayout;
use grid_arcade::ui::twenty48::{SETTLE, SLIDE, Twenty48Action, Twenty48Screen};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, MouseButton, MouseEventKind};
use ratatui::layout::{Position, Rect, Size};
use ratatui::style::{Color, Modifier};
use tempfile::TempDir;

const SEED: u64 = 7;
const SIZES: [usize; 3] = [3, 4, 8];
const THEMES: [&str; 2] = ["color", "ascii"];
/// The 80x24 terminal of the snapshots.
const TERMINAL: Size = Size::new(80, 24);

/// The 2048 game of the fixture's app, its files, and moves and events played on it.
impl Fixture {
    fn data_dir(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    /// The file of the game being played, named after its board size.
    fn save_path(&self) -> PathBuf {
        save_file(&self.data_dir(), self.game().size())
    }

    fn screen(&self) -> &Twenty48Screen {
        self.app
            .games
            .find::<Twenty48Screen>()
            .expect("2048 is open")
    }

    fn game(&self) -> &Game {
        &self.screen().session.game
    }

    /// Puts the game at a position, as if it had been resumed from a save.
    fn set_game(&mut self, game: Game) {
        let screen = self
            .app
            .games
            .find_mut::<Twenty48Screen>()
            .expect("2048 is open");
        screen.session.game = game;
        screen.session.last_gain = 0;
    }

    fn play(&mut self, action: Twenty48Action) {
        self.app.update(Action::from(action));
    }

    fn slide(&mut self, direction: Direction) {
        self.play(Twenty48Action::Slide(direction));
    }

    /// Lets the running animation end, as the event loop's last tick does.
    fn settle(&mut self) {
        self.app.now += SLIDE + SETTLE;
        self.app.update(Action::Tick);
        assert!(self.screen().animation.is_none());
    }

    fn layout(&self) -> BoardLayout {
        self.screen()
            .layout(self.app.screen_area(), &self.app.store)
    }

    fn record(&self, size: usize) -> &Twenty48Record {
        grid_arcade::play::twenty48::record::records(&self.app.store)
            .tables
            .get(&format!("{size}x{size}"))
            .unwrap_or_else(|| panic!("no record for {size}x{size}"))
    }
}

/// An app started with the given config file text, launch and data folder (under the temporary
/// folder), in a terminal of `size`.
fn start(config: &str, launch: Launch, size: Size, palette: Option<Palette>) -> Fixture {
    let dir = TempDir::new().unwrap();
    start_in(dir, config, launch, size, palette)
}

fn start_in(
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
fn new_game(theme_name: &str, size: usize) -> Fixture {
    start(
        &theme(theme_name),
        fresh(size),
        TERMINAL,
        Some(Palette::Ansi256),
    )
}

fn fresh(size: usize) -> Launch {
    Launch {
        seed: Some(SEED),
        open: Some(grid_arcade::play::twenty48::GAME),
        pins: vec![(&T48_SIZE, SettingValue::Number(size as i64))],
        ..Launch::default()
    }
}

/// `grid-arcade 2048` without options: the saved game, if it can be resumed.
fn resume() -> Launch {
    Launch {
        open: Some(grid_arcade::play::twenty48::GAME),
        ..Launch::default()
    }
}

/// Two tiles that make the win tile when slid left, and a few others.
fn one_move_from_the_win(size: usize) -> Vec<u8> {
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
fn board_with(tiles: &[(usize, u8)]) -> Vec<u8> {
    let mut cells = vec![0; 16];
    for &(i, exponent) in tiles {
        cells[i] = exponent;
    }
    cells
}

/// A 2 alone in the top row and an 8 in the bottom right corner: Right takes the 2 across.
const LONE_TWO: [(usize, u8); 2] = [(0, 1), (15, 3)];

/// A new 4x4 game in colour put at the position `board_with(tiles)`, and the model game at the
/// same position.
fn new_game_with(tiles: &[(usize, u8)]) -> (Fixture, Game) {
    let mut f = new_game("color", 4);
    let model = position(4, &board_with(tiles), 0, 0);
    f.set_game(model.clone());
    (f, model)
}

/// A 4x4 position holding the tiles 2 to 2048 (exponents 1 to 11) and five empty cells.
fn two_to_2048() -> Game {
    let cells: Vec<u8> = (1..=11).chain([0; 5]).collect();
    position(4, &cells, 0, 0)
}

fn cell(row: usize, col: usize) -> Cell {
    Cell { row, col }
}

/// The screen's text, then a map of its background colours: one letter per colour in the order
/// they first appear (a blank where there is none), and what each letter stands for. Tiles, empty
/// cells and the board's gaps show as blocks of letters.
fn snapshot(buffer: &Buffer) -> String {
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
fn text_in(buffer: &Buffer, rect: Rect) -> String {
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
fn shown_board(buffer: &Buffer, layout: &BoardLayout) -> Vec<Vec<String>> {
    (0..layout.size)
        .map(|row| {
            (0..layout.size)
                .map(|col| text_in(buffer, layout.tile_rect(cell(row, col))))
                .collect()
        })
        .collect()
}

fn press(at: Position) -> Event {
    mouse(MouseEventKind::Down(MouseButton::Left), at.x, at.y)
}

fn release(at: Position) -> Event {
    mouse(MouseEventKind::Up(MouseButton::Left), at.x, at.y)
}

/// The moves that set up the snapshots of games in progress.
const OPENING: [Direction; 4] = [
    Direction::Left,
    Direction::Down,
    Direction::Right,
    Direction::Down,
];

#[test]
fn games_in_progress_in_colour_and_ascii() {
    for size in SIZES {
        for theme in THEMES {
            let mut f = new_game(theme, size);
            let mut model = Game::new(size, SEED).unwrap();
            for direction in OPENING.iter().cycle().take(24) {
                f.slide(*direction);
                model.play(*direction);
            }
            f.settle();
            assert_eq!(f.game(), &model);
            let buffer = draw(&f.app);
            // The ASCII theme keeps the colours: empty cells are blank in both.
            assert_eq!(shown_board(&buffer, &f.layout()), expected_board(&model));
            if theme == "ascii" {
                assert!(text(&buffer).is_ascii(), "{}", text(&buffer));
            }
            let status = text_in(&buffer, f.layout().status);
            assert!(
                status.contains(&format!("score {}", model.score()))
                    && status.contains(&format!("moves {}", model.moves())),
                "{status}"
            );
            insta::assert_snapshot!(
                format!("in_progress_{size}x{size}_{theme}"),
                snapshot(&buffer)
            );
        }
    }
}

#[test]
fn the_win_shows_its_choices_in_colour_and_ascii() {
    for size in SIZES {
        for theme in THEMES {
            let mut f = new_game(theme, size);
            let start = position(size, &one_move_from_the_win(size), 1000 * size as u64, 400);
            f.set_game(start.clone());
            f.slide(Direction::Left);
            f.settle();
            assert_eq!(f.game().status(), Status::Won);
            let mut model = start;
            assert!(model.play(Direction::Left).unwrap().won);
            assert_eq!(f.game(), &model);
            let buffer = draw(&f.app);
            let shot = text(&buffer);
            let win = tile_value(win_exponent(size));
            assert!(shot.contains(&format!("You win! ({win})")), "{shot}");
            assert!(shot.contains("Enter keep going"), "{shot}");
            common::footers::check_card(&f.app, "the win card");
            if theme == "ascii" {
                assert!(shot.is_ascii(), "{shot}");
            }
            insta::assert_snapshot!(format!("won_{size}x{size}_{theme}"), snapshot(&buffer));

            // The card names undo, and undo works there as after any end (it asks first);
            // moves wait for the answer; Enter goes on.
            assert!(shot.contains("u undo"), "{shot}");
            assert_eq!(
                grid_arcade::app::action_for(&f.app, &key(KeyCode::Char('u'))),
                Some(Twenty48Action::Undo.into()),
            );
            f.send(key(KeyCode::Char('u')));
            assert!(text(&draw(&f.app)).contains("Undo?"));
            f.send(key(KeyCode::Char('n')));
            f.slide(Direction::Right);
            assert_eq!(f.game(), &model, "no move while the win waits");
            f.send(key(KeyCode::Enter));
            assert_eq!(f.game().status(), Status::Playing);
            assert!(!text(&draw(&f.app)).contains("You win!"));
        }
    }
}

#[test]
fn game_over_shows_its_choices_in_colour_and_ascii() {
    for size in SIZES {
        for theme in THEMES {
            let mut f = new_game(theme, size);
            let start = position(size, &one_move_from_the_end(size), 300 * size as u64, 250);
            f.set_game(start.clone());
            assert_eq!(f.game().status(), Status::Playing);
            f.slide(Direction::Left);
            f.settle();
            let mut model = start;
            model.play(Direction::Left).unwrap();
            assert_eq!(model.status(), Status::Over);
            assert_eq!(f.game(), &model);
            let buffer = draw(&f.app);
            let shot = text(&buffer);
            assert!(shot.contains("Game over!"), "{shot}");
            assert!(shot.contains("n/Enter new"), "{shot}");
            common::footers::check_card(&f.app, "the game over card");
            if theme == "ascii" {
                assert!(shot.is_ascii(), "{shot}");
            }
            insta::assert_snapshot!(format!("over_{size}x{size}_{theme}"), snapshot(&buffer));
        }
    }
}

/// The background of every cell of `rect`, which must be one colour.
fn background(buffer: &Buffer, rect: Rect) -> Color {
    let colours: Vec<Color> = rect.positions().map(|p| buffer[(p.x, p.y)].bg).collect();
    assert!(
        colours.iter().all(|c| *c == colours[0]),
        "one colour over {rect:?}: {colours:?}"
    );
    colours[0]
}

/// A 5x5 position holding the tiles 2 to 65536 (exponents 1 to 16) and nine empty cells.
fn two_to_65536() -> Game {
    let cells: Vec<u8> = (1..=16).chain([0; 9]).collect();
    position(5, &cells, 0, 0)
}

/// [`two_to_65536`] drawn in `palette`: the background and number colour of each tile, the empty
/// cells' background and the board's.
fn tile_colours(palette: Palette) -> (Vec<(Color, Color)>, Color, Color) {
    let mut f = start(
        "[general]\ntheme = \"color\"\n",
        fresh(5),
        TERMINAL,
        Some(palette),
    );
    f.set_game(two_to_65536());
    let buffer = draw(&f.app);
    let layout = f.layout();
    let at = |i: usize| layout.tile_rect(cell(i / 5, i % 5));
    let tiles: Vec<(Color, Color)> = (0..16)
        .map(|i| {
            let rect = at(i);
            let number = rect
                .positions()
                .find(|p| buffer[(p.x, p.y)].symbol() != " ")
                .expect("a number on the tile");
            (background(&buffer, rect), buffer[number].fg)
        })
        .collect();
    // The numbers are on the tiles.
    for (i, exponent) in (1..=16u8).enumerate() {
        assert_eq!(
            text_in(&buffer, at(i)),
            tile_value(exponent).to_string(),
            "{palette:?}"
        );
    }
    let empty = background(&buffer, at(24));
    // The board's colour shows in the gap left of the first tile.
    let first = at(0);
    let board = buffer[(first.x - 1, first.y)].bg;
    (tiles, empty, board)
}

fn distinct<T: std::fmt::Debug>(items: &[T]) -> usize {
    let mut seen: Vec<String> = items.iter().map(|c| format!("{c:?}")).collect();
    seen.sort();
    seen.dedup();
    seen.len()
}

fn backgrounds(tiles: &[(Color, Color)]) -> Vec<Color> {
    tiles.iter().map(|(background, _)| *background).collect()
}

#[test]
fn tiles_2_to_65536_get_sixteen_colours_in_the_256_colour_table() {
    let (tiles, empty, board) = tile_colours(Palette::Ansi256);
    let tiles = backgrounds(&tiles);
    assert!(
        tiles.iter().all(|c| matches!(c, Color::Indexed(_))),
        "{tiles:?}"
    );
    assert_eq!(distinct(&tiles), 16, "{tiles:?}");
    assert!(!tiles.contains(&empty), "{tiles:?} vs empty {empty:?}");
    assert!(!tiles.contains(&board), "{tiles:?} vs board {board:?}");
    assert_ne!(empty, board);
}

#[test]
fn tiles_2_to_65536_get_sixteen_colours_in_true_colour() {
    let (tiles, empty, board) = tile_colours(Palette::TrueColor);
    let tiles = backgrounds(&tiles);
    assert!(
        tiles.iter().all(|c| matches!(c, Color::Rgb(..))),
        "{tiles:?}"
    );
    assert_eq!(distinct(&tiles), 16, "{tiles:?}");
    assert!(!tiles.contains(&empty) && !tiles.contains(&board));
}

/// Sixteen colours hold fourteen tile backgrounds beside the board's and the empty places', so the
/// largest tiles are told apart by background and number colour together.
#[test]
fn tiles_2_to_65536_get_sixteen_looks_in_16_colours() {
    let (tiles, empty, _) = tile_colours(Palette::Ansi16);
    assert_eq!(distinct(&tiles), 16, "{tiles:?}");
    assert_eq!(distinct(&backgrounds(&tiles)), 14, "{tiles:?}");
    assert!(
        !backgrounds(&tiles).contains(&empty),
        "{tiles:?} vs empty {empty:?}"
    );
}

#[test]
fn no_tile_has_the_board_colour_in_16_colours() {
    let (tiles, _, board) = tile_colours(Palette::Ansi16);
    assert!(
        !backgrounds(&tiles).contains(&board),
        "{tiles:?} vs board {board:?}"
    );
}

/// [`two_to_2048`] drawn without colour.
fn mono_board() -> (Buffer, BoardLayout) {
    let mut f = start("[general]\ntheme = \"mono\"\n", fresh(4), TERMINAL, None);
    f.set_game(two_to_2048());
    (draw(&f.app), f.layout())
}

#[test]
fn without_colour_tiles_are_reversed_and_the_numbers_tell_them_apart() {
    let (buffer, layout) = mono_board();
    for i in 0..11 {
        let rect = layout.tile_rect(cell(i / 4, i % 4));
        assert!(
            rect.positions()
                .all(|p| buffer[(p.x, p.y)].modifier.contains(Modifier::REVERSED)),
            "tile {i} is a reversed block"
        );
        // The number is on the tile's middle row.
        let middle = Rect {
            y: rect.y + (rect.height - 1) / 2,
            height: 1,
            ..rect
        };
        let number = tile_value(i as u8 + 1).to_string();
        assert!(
            text_in(&buffer, middle).starts_with(&number),
            "tile {i}: {:?}",
            text_in(&buffer, middle)
        );
    }
    let empty = layout.tile_rect(cell(3, 3));
    assert_eq!(text_in(&buffer, empty), "·");
    assert!(buffer.content.iter().all(|c| c.bg == Color::Reset));
}

#[test]
fn without_colour_a_tile_shows_its_number_alone() {
    let (buffer, layout) = mono_board();
    for i in 0..11 {
        let rect = layout.tile_rect(cell(i / 4, i % 4));
        assert_eq!(
            text_in(&buffer, rect),
            tile_value(i as u8 + 1).to_string(),
            "tile {i}"
        );
    }
}

/// The leftmost column in row `y` of the board drawn with background `colour`.
fn leftmost(buffer: &Buffer, layout: &BoardLayout, y: u16, colour: Color) -> Option<u16> {
    (layout.board.left()..layout.board.right()).find(|&x| buffer[(x, y)].bg == colour)
}

#[test]
fn a_move_slides_its_tiles_then_settles_and_stops_the_clock() {
    let (mut f, mut model) = new_game_with(&LONE_TWO);
    let layout = f.layout();
    let two = ui::twenty48::tile_style(1, &f.app.theme).bg.unwrap();
    let (from, to) = (layout.tile_rect(cell(0, 0)), layout.tile_rect(cell(0, 3)));
    assert_eq!(f.app.next_deadline(), None, "nothing wakes a still board");

    let t0 = f.app.now;
    f.slide(Direction::Right);
    let report = model.play(Direction::Right).unwrap();
    assert_eq!(f.game(), &model);
    let deadline = f.app.next_deadline().expect("the animation wakes the loop");
    assert!(deadline > t0 && deadline - t0 <= Duration::from_millis(25));

    // While sliding, the 2 is between its start and end cells, further on each frame, and the new
    // tile is not drawn yet.
    let spawned = layout.tile_rect(report.spawned.cell);
    let mut last = from.x;
    // The first frame already shows the tiles on their way, so the slide ends a frame early.
    for ms in [5, 20, 35, 50] {
        f.app.now = t0 + Duration::from_millis(ms);
        let buffer = draw(&f.app);
        let x = leftmost(&buffer, &layout, from.y, two).expect("the 2 is drawn");
        assert!(from.x < x && x < to.x, "at {ms} ms the 2 is at column {x}");
        assert!(x > last, "at {ms} ms the 2 moved on from {last} to {x}");
        last = x;
        let moving = Rect::new(x, from.y, layout.tile_width, layout.tile_height);
        assert_eq!(text_in(&buffer, moving), "2");
        if spawned.y != from.y {
            assert_eq!(text_in(&buffer, spawned), "", "at {ms} ms");
        }
    }

    // Settling: every tile in place; the new tile grows in from its middle.
    f.app.now = t0 + SLIDE + Duration::from_millis(10);
    let buffer = draw(&f.app);
    assert_eq!(leftmost(&buffer, &layout, to.y, two), Some(to.x));
    let new_colour = ui::twenty48::tile_style(report.spawned.exponent, &f.app.theme)
        .bg
        .unwrap();
    assert_ne!(
        buffer[(spawned.x, spawned.y)].bg,
        new_colour,
        "the new tile's corner is not drawn yet"
    );
    let middle = (
        spawned.x + spawned.width / 2,
        spawned.y + (spawned.height - 1) / 2,
    );
    assert_eq!(buffer[middle].bg, new_colour, "its middle is");
    assert!(f.app.next_deadline().is_some());

    // After SLIDE + SETTLE the last tick ends the animation and nothing wakes the loop again.
    f.app.now = t0 + SLIDE + SETTLE;
    f.app.update(Action::Tick);
    assert!(f.screen().animation.is_none());
    assert_eq!(f.app.next_deadline(), None);
    let buffer = draw(&f.app);
    assert_eq!(shown_board(&buffer, &layout), expected_board(&model));
    assert_eq!(background(&buffer, spawned), new_colour);
}

#[test]
fn merged_tiles_flash_while_settling() {
    let (mut f, mut model) = new_game_with(&[(4, 2), (5, 2)]);
    let t0 = f.app.now;
    f.slide(Direction::Left);
    model.play(Direction::Left).unwrap();
    let layout = f.layout();
    let merged = layout.tile_rect(cell(1, 0));
    f.app.now = t0 + SLIDE + Duration::from_millis(60);
    let buffer = draw(&f.app);
    assert!(
        buffer[(merged.x, merged.y)]
            .modifier
            .contains(Modifier::REVERSED)
    );
    assert_eq!(text_in(&buffer, merged), "8");
    f.settle();
    let buffer = draw(&f.app);
    assert!(
        !buffer[(merged.x, merged.y)]
            .modifier
            .contains(Modifier::REVERSED)
    );
    assert_eq!(shown_board(&buffer, &layout), expected_board(&model));
}

#[test]
fn a_key_during_an_animation_finishes_it_and_plays() {
    let (mut f, mut model) = new_game_with(&LONE_TWO);
    let layout = f.layout();
    let t0 = f.app.now;
    f.slide(Direction::Right);
    model.play(Direction::Right).unwrap();

    // A third of the way through the slide, Down.
    f.app.now = t0 + Duration::from_millis(30);
    f.send(key(KeyCode::Down));
    model.play(Direction::Down).unwrap();
    assert_eq!(f.game(), &model, "the key played its move");
    assert_eq!(f.game().moves(), 2);
    let animation = f
        .screen()
        .animation
        .as_ref()
        .expect("the second move shows");
    assert!(animation.started <= f.app.now && f.app.now - animation.started < SLIDE);
    assert_eq!(animation.report.direction, Direction::Down);

    // The second slide starts where the first one ends: the 2 leaves the top right corner
    // downwards, in the rightmost column.
    let buffer = draw(&f.app);
    let corner = layout.tile_rect(cell(0, 3));
    let two = ui::twenty48::tile_style(1, &f.app.theme).bg.unwrap();
    let top = (layout.board.top()..layout.board.bottom())
        .find(|&y| buffer[(corner.x, y)].bg == two)
        .expect("the 2 is drawn in the rightmost column");
    assert!(
        top > corner.y && top < layout.tile_rect(cell(3, 3)).y,
        "the 2 is at row {top}"
    );
    f.settle();
    assert_eq!(shown_board(&draw(&f.app), &layout), expected_board(&model));
}

#[test]
fn with_animations_off_a_move_shows_at_once_and_nothing_wakes_the_loop() {
    let mut f = start(
        "[general]\ntheme = \"color\"\n[2048]\nanimations = false\n",
        fresh(4),
        TERMINAL,
        Some(Palette::Ansi256),
    );
    let mut model = Game::new(4, SEED).unwrap();
    for direction in Direction::ALL {
        f.slide(direction);
        model.play(direction);
        assert!(f.screen().animation.is_none());
        assert_eq!(f.app.next_deadline(), None);
    }
    assert_eq!(
        shown_board(&draw(&f.app), &f.layout()),
        expected_board(&model)
    );
}

#[test]
fn undo_takes_the_move_back_and_marks_the_game() {
    let mut f = new_game("color", 4);
    let mut model = Game::new(4, SEED).unwrap();
    for direction in [Direction::Left, Direction::Down, Direction::Right] {
        f.slide(direction);
        model.play(direction);
    }
    f.settle();
    assert!(!f.screen().session.assisted());
    assert!(!text(&draw(&f.app)).contains("used undo"));

    // The first undo asks: it sends the game to the assisted best.
    f.send(key(KeyCode::Char('u')));
    assert!(text(&draw(&f.app)).contains("Undo? This game will count toward the assisted best."));
    f.send(key(KeyCode::Char('n')));
    assert!(!f.game().undo_used() && f.game().moves() == model.moves());
    f.send(key(KeyCode::Char('u')));
    f.send(key(KeyCode::Char('y')));
    assert!(model.undo());
    assert_eq!(f.game(), &model);
    assert!(f.game().undo_used() && f.screen().session.assisted());
    assert_eq!(f.screen().session.last_gain, 0);
    let buffer = draw(&f.app);
    let status = text_in(&buffer, f.layout().status);
    assert!(status.contains("used undo"), "{status}");
    assert!(
        status.contains(&format!("moves {}", model.moves())),
        "{status}"
    );
    assert_eq!(shown_board(&buffer, &f.layout()), expected_board(&model));

    // Backspace undoes too; the saved game keeps the mark.
    f.send(key(KeyCode::Backspace));
    assert!(model.undo());
    assert_eq!(f.game(), &model);
    let saved = fs::read_to_string(f.save_path()).unwrap();
    assert!(saved.contains("assists = [\"undo\"]"), "{saved}");
    let resumed = toml::from_str::<SavedGame>(&saved).unwrap().game;
    assert_eq!(resumed, model);
}

#[test]
fn every_move_key_of_the_help_maps_to_its_slide() {
    let keys = [
        (KeyCode::Left, Direction::Left),
        (KeyCode::Down, Direction::Down),
        (KeyCode::Right, Direction::Right),
        (KeyCode::Up, Direction::Up),
        (KeyCode::Char('s'), Direction::Down),
        (KeyCode::Char('d'), Direction::Right),
        (KeyCode::Char('w'), Direction::Up),
        (KeyCode::Char('j'), Direction::Down),
        (KeyCode::Char('l'), Direction::Right),
        (KeyCode::Char('k'), Direction::Up),
        (KeyCode::Char('a'), Direction::Left),
        (KeyCode::Char('h'), Direction::Left),
    ];
    for (code, direction) in keys {
        let f = new_game("color", 4);
        assert_eq!(
            grid_arcade::app::action_for(&f.app, &key(code)),
            Some(Action::from(Twenty48Action::Slide(direction))),
            "{code:?}"
        );
    }
    // The computer has keys of its own, which no movement scheme uses.
    let f = new_game("color", 4);
    assert_eq!(
        grid_arcade::app::action_for(&f.app, &key(KeyCode::Char('t'))),
        Some(Action::from(Twenty48Action::Hint))
    );
    assert_eq!(
        grid_arcade::app::action_for(&f.app, &key(KeyCode::Char('A'))),
        Some(Action::from(Twenty48Action::Autoplay))
    );
}

#[test]
fn a_new_game_asks_first_while_one_runs() {
    let mut f = new_game("color", 4);
    f.send(key(KeyCode::Char('n')));
    assert!(f.screen().question.is_none(), "no move yet: no question");
    assert_eq!(f.game().moves(), 0);
    f.slide(Direction::Left);
    f.settle();
    let played = f.game().clone();
    f.send(key(KeyCode::Char('n')));
    assert!(f.screen().question.is_some());
    assert!(text(&draw(&f.app)).contains("Start a new game?"));
    f.send(key(KeyCode::Char('x')));
    assert_eq!(f.game(), &played, "any other key keeps the game");
    f.send(key(KeyCode::Char('r')));
    f.send(key(KeyCode::Char('y')));
    assert_eq!(f.game().moves(), 0, "a new game");
    assert_ne!(f.game(), &played);
    // The game left for the new one counts as played.
    assert_eq!(f.record(4).played, 1);
}

#[test]
fn swipes_and_edge_clicks_land_where_the_layout_says() {
    let mut f = new_game("color", 4);
    // Tiles in the middle, so that every direction moves something. Each gesture starts here.
    let start = position(4, &board_with(&[(5, 1), (10, 2)]), 0, 0);
    let layout = f.layout();
    let board = layout.board;
    let middle = Position::new(board.x + board.width / 2, board.y + board.height / 2);
    let shift = |p: Position, dx: i32, dy: i32| {
        Position::new((i32::from(p.x) + dx) as u16, (i32::from(p.y) + dy) as u16)
    };
    let gesture = |f: &mut Fixture, from: Position, to: Position, expected: Option<Direction>| {
        f.set_game(start.clone());
        f.send(press(from));
        assert_eq!(f.game(), &start, "nothing happens on the press");
        f.send(release(to));
        let mut model = start.clone();
        if let Some(direction) = expected {
            assert!(model.play(direction).is_some(), "{direction:?} moves");
        }
        assert_eq!(
            f.game(),
            &model,
            "press at {from:?}, release at {to:?}: expected {expected:?}"
        );
        f.settle();
    };

    // Swipes: at least two columns or one row, along the longer way.
    gesture(&mut f, middle, shift(middle, 3, 0), Some(Direction::Right));
    gesture(&mut f, middle, shift(middle, -2, 0), Some(Direction::Left));
    gesture(&mut f, middle, shift(middle, 0, 1), Some(Direction::Down));
    gesture(&mut f, middle, shift(middle, 1, -2), Some(Direction::Up));
    gesture(&mut f, middle, shift(middle, -5, 2), Some(Direction::Left));
    gesture(&mut f, middle, shift(middle, 3, 2), Some(Direction::Down));
    // A swipe may start and end off the board.
    gesture(
        &mut f,
        Position::new(0, middle.y),
        Position::new(10, middle.y),
        Some(Direction::Right),
    );
    // Clicks (or moves of one column): nothing in the middle of the board or outside it.
    gesture(&mut f, middle, middle, None);
    gesture(&mut f, middle, shift(middle, 1, 0), None);
    gesture(&mut f, Position::new(0, 0), Position::new(0, 0), None);
    // A click in the outer quarter of the board slides toward that edge.
    let edges = [
        (Position::new(middle.x, board.y), Direction::Up),
        (Position::new(board.right() - 1, middle.y), Direction::Right),
        (Position::new(middle.x, board.bottom() - 1), Direction::Down),
        (Position::new(board.x, middle.y), Direction::Left),
    ];
    for (at, direction) in edges {
        assert_eq!(layout.band_direction(at), Some(direction));
        gesture(&mut f, at, at, Some(direction));
    }
    // The band ends a quarter of the way in.
    let quarter = board.width / 4;
    let inside = Position::new(board.x + quarter + 1, middle.y);
    assert_eq!(layout.band_direction(inside), None);
    gesture(&mut f, inside, inside, None);
    let in_band = Position::new(board.x + quarter - 1, middle.y);
    gesture(&mut f, in_band, in_band, Some(Direction::Left));
    // A release without a press does nothing.
    f.set_game(start.clone());
    f.send(release(Position::new(board.x, middle.y)));
    assert_eq!(f.game(), &start);
}

#[test]
fn a_notice_takes_the_first_click_not_the_board() {
    let mut f = new_game("color", 4);
    f.app.notices.push_back("something happened".into());
    let board = f.layout().board;
    let edge = Position::new(board.x, board.y + board.height / 2);
    f.send(press(edge));
    assert!(f.app.notices.is_empty());
    f.send(release(edge));
    assert_eq!(
        f.game().moves(),
        0,
        "a release without its press is no click"
    );
}

#[test]
fn numbers_wider_than_their_tile_are_written_as_powers_of_two() {
    // 8x8 in its smallest terminal: tiles of four columns.
    let mut f = new_game("color", 8);
    let min = f.screen().min_size(0);
    f.app.update(Action::Resize(min));
    let layout = f.layout();
    assert_eq!(layout.tile_width, 4);
    let mut cells = vec![0; 64];
    cells[0] = 13; // 8192 fits
    cells[1] = 14; // 16384 does not
    cells[2] = 20;
    cells[3] = 65; // the largest an 8x8 board can hold
    f.set_game(position(8, &cells, 0, 0));
    let buffer = draw(&f.app);
    let at = |col| text_in(&buffer, layout.tile_rect(cell(0, col)));
    assert_eq!(
        [at(0), at(1), at(2), at(3)],
        ["8192", "2^14", "2^20", "2^65"].map(String::from),
        "\n{}",
        text(&buffer)
    );

    // At 80x24 the tiles are seven columns wide: 16384 and 131072 fit, 2^24 does not.
    f.app.update(Action::Resize(TERMINAL));
    let layout = f.layout();
    assert_eq!(layout.tile_width, 7);
    cells[2] = 17;
    cells[3] = 24;
    f.set_game(position(8, &cells, 0, 0));
    let buffer = draw(&f.app);
    let at = |col| text_in(&buffer, layout.tile_rect(cell(0, col)));
    assert_eq!(
        [at(0), at(1), at(2), at(3)],
        ["8192", "16384", "131072", "2^24"].map(String::from)
    );
}

#[test]
fn drawing_never_panics_at_any_size() {
    for size in SIZES {
        let mut f = new_game("color", size);
        let start = position(size, &one_move_from_the_win(size), 0, 0);
        f.set_game(start);
        let t0 = f.app.now;
        f.slide(Direction::Left);
        for width in (0..90).step_by(3) {
            for height in 0..30 {
                f.app.update(Action::Resize(Size::new(width, height)));
                f.app.now = t0 + Duration::from_millis(u64::from(width + height) * 3);
                draw(&f.app);
            }
        }
    }
}

#[test]
fn a_saved_game_is_resumed_as_it_was() {
    let mut model = Game::new(4, SEED).unwrap();
    for direction in OPENING.iter().cycle().take(10) {
        model.play(*direction);
    }
    model.undo();
    let dir = folder_with_save(&toml::to_string(&model).unwrap());
    let mut f = start_in(dir, "", resume(), TERMINAL, Some(Palette::Ansi256));
    assert!(f.app.notices.is_empty(), "{:?}", f.app.notices);
    assert_eq!(f.game(), &model);
    // The random source came back too: the next move brings the same new tile.
    f.slide(Direction::Up);
    model.play(Direction::Up);
    assert_eq!(f.game(), &model);
}

/// Where a game of `size` is kept in the data folder `data`.
fn save_file(data: &Path, size: usize) -> PathBuf {
    data.join(format!("{}.toml", save_stem(size)))
}

/// A temporary folder whose data folder holds `save` as the saved 4x4 game.
fn folder_with_save(save: &str) -> TempDir {
    let dir = TempDir::new().unwrap();
    let data = dir.path().join("data");
    fs::create_dir_all(&data).unwrap();
    fs::write(save_file(&data, 4), save).unwrap();
    dir
}

/// Starts `grid-arcade 2048` (no options, settings size `size`) with `save` in the data folder.
fn start_with_save(save: &str, size: usize) -> Fixture {
    start_in(
        folder_with_save(save),
        &format!("[2048]\nsize = {size}\n"),
        resume(),
        TERMINAL,
        Some(Palette::Ansi256),
    )
}

/// The files set aside in the data folder.
fn set_aside(data: &Path) -> Vec<PathBuf> {
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
fn position_of(save: &mut toml::Table) -> &mut toml::Table {
    save["position"].as_table_mut().unwrap()
}

#[test]
fn a_damaged_save_is_set_aside_with_a_notice_and_a_new_game_starts() {
    let mut game = Game::new(4, 3).unwrap();
    for direction in OPENING.iter().cycle().take(6) {
        game.play(*direction);
    }
    let good = toml::to_string(&game).unwrap();
    let edited = |edit: &dyn Fn(&mut toml::Table)| {
        let mut save: toml::Table = good.parse().unwrap();
        edit(&mut save);
        toml::to_string(&save).unwrap()
    };
    let damaged = [
        ("not TOML", "this is not a saved game".to_string()),
        ("empty", String::new()),
        ("cut in half", good[..good.len() / 2].to_string()),
        (
            "another version",
            edited(&|s| {
                s.insert("version".into(), 2.into());
            }),
        ),
        (
            "a tile no 4x4 board can hold",
            edited(&|s| {
                position_of(s)["board"]["cells"].as_array_mut().unwrap()[0] = 40.into();
            }),
        ),
        (
            "a board of the wrong shape",
            edited(&|s| {
                position_of(s)["board"]["cells"]
                    .as_array_mut()
                    .unwrap()
                    .pop();
            }),
        ),
        (
            "a size out of range",
            edited(&|s| {
                position_of(s)["board"]
                    .as_table_mut()
                    .unwrap()
                    .insert("size".into(), 12.into());
            }),
        ),
        (
            "moves that do not follow the history",
            edited(&|s| {
                position_of(s).insert("moves".into(), 60.into());
            }),
        ),
        (
            "a damaged random source",
            edited(&|s| {
                position_of(s).insert("rng".into(), "{\"state\":-1}".into());
            }),
        ),
        ("an unknown field", format!("cheat = true\n{good}")),
    ];
    for (what, save) in damaged {
        let mut f = start_with_save(&save, 4);
        assert_eq!(f.app.notices.len(), 1, "{what}: {:?}", f.app.notices);
        let notice = f.app.notices[0].clone();
        assert!(
            notice.contains("could not be resumed") && notice.contains("kept as"),
            "{what}: {notice}"
        );
        assert!(!f.save_path().exists(), "{what}: moved away");
        let aside = set_aside(&f.data_dir());
        assert_eq!(aside.len(), 1, "{what}");
        assert_eq!(
            fs::read_to_string(&aside[0]).unwrap(),
            save,
            "{what}: kept whole"
        );
        assert!(notice.contains(&aside[0].display().to_string()), "{notice}");
        // A new game, drawn with the notice below it; a key dismisses the notice.
        assert_eq!(f.game().moves(), 0, "{what}");
        assert_eq!(f.game().size(), 4);
        let shot = text(&draw(&f.app));
        assert!(shot.contains("could not be resumed"), "{what}:\n{shot}");
        f.send(key(KeyCode::Left));
        assert!(f.app.notices.is_empty());
        // Moves are saved again as usual.
        let before = f.game().clone();
        for direction in Direction::ALL {
            f.slide(direction);
        }
        assert_ne!(f.game(), &before);
        let saved: Game = toml::from_str::<SavedGame>(&fs::read_to_string(f.save_path()).unwrap())
            .unwrap()
            .game;
        assert_eq!(&saved, f.game(), "{what}");
    }
}

#[test]
fn a_save_of_another_size_is_never_set_aside_and_waits_for_its_size() {
    let mut other = Game::new(5, 3).unwrap();
    other.play(Direction::Left);
    other.play(Direction::Down);
    let save = toml::to_string(&other).unwrap();
    let dir = TempDir::new().unwrap();
    let data = dir.path().join("data");
    fs::create_dir_all(&data).unwrap();
    fs::write(save_file(&data, 5), &save).unwrap();

    // From the menu with the size setting at 4: a new 4x4 game; the 5x5 one stays as it is.
    let menu = Launch::default();
    let mut f = Fixture::start_in(
        dir,
        "[2048]\nsize = 4\n",
        TRAITS,
        TERMINAL,
        menu,
        Some("data"),
    );
    assert!(
        !text(&draw(&f.app)).contains("resume"),
        "no 4x4 game to resume"
    );
    f.app.update(Action::Menu(MenuAction::OpenItem(2)));
    assert!(f.app.notices.is_empty(), "{:?}", f.app.notices);
    assert_eq!((f.game().size(), f.game().moves()), (4, 0));
    assert!(set_aside(&data).is_empty());
    assert_eq!(fs::read_to_string(save_file(&data, 5)).unwrap(), save);

    // With the size at 5, the saved game is offered and resumed.
    f.app.update(Action::Back);
    f.app.store.set(&T48_SIZE, SettingValue::Number(5));
    f.app.update(Action::Menu(MenuAction::OpenItem(2)));
    assert_eq!(f.game(), &other);
    assert!(
        grid_arcade::play::twenty48::record::records(&f.app.store)
            .tables
            .is_empty(),
        "not recorded"
    );
}

#[test]
fn an_unreadable_save_never_stops_the_game() {
    // A folder where the save should be: it can be neither read nor replaced.
    let dir = TempDir::new().unwrap();
    fs::create_dir_all(save_file(&dir.path().join("data"), 4)).unwrap();
    let mut f = start_in(dir, "", resume(), TERMINAL, Some(Palette::Ansi256));
    assert_eq!(f.app.notices.len(), 1, "{:?}", f.app.notices);
    assert!(
        f.app.notices[0].contains("could not be read"),
        "{:?}",
        f.app.notices
    );
    assert_eq!(f.game().moves(), 0);
    f.send(key(KeyCode::Enter));
    for direction in Direction::ALL {
        f.slide(direction);
    }
    assert!(f.game().moves() > 0);
    assert!(f.app.notices.is_empty(), "{:?}", f.app.notices);
    // The new game is kept in a file of its own; the folder in the way is left alone.
    let data = f.data_dir();
    assert!(save_file(&data, 4).is_dir());
    let kept =
        toml::from_str::<SavedGame>(&fs::read_to_string(data.join("2048-4x4.2.toml")).unwrap())
            .unwrap()
            .game;
    assert_eq!(&kept, f.game());
    draw(&f.app);
}

#[test]
fn a_seeded_game_from_the_command_line_leaves_the_saved_one_for_later() {
    let mut saved = Game::new(4, 3).unwrap();
    for direction in OPENING.iter().cycle().take(8) {
        saved.play(*direction);
    }
    let text = toml::to_string(&saved).unwrap();
    let dir = folder_with_save(&text);
    let mut f = start_in(dir, "", fresh(4), TERMINAL, Some(Palette::Ansi256));
    assert!(f.app.notices.is_empty(), "{:?}", f.app.notices);
    assert_eq!(f.game(), &Game::new(4, SEED).unwrap());
    f.slide(Direction::Left);
    assert!(
        grid_arcade::play::twenty48::record::records(&f.app.store)
            .tables
            .is_empty(),
        "nothing recorded"
    );
    let data = f.data_dir();
    assert_eq!(fs::read_to_string(save_file(&data, 4)).unwrap(), text);
    assert!(
        data.join("2048-4x4.2.toml").exists(),
        "the new game's own file"
    );

    // Started again without options, the game played last is the one offered.
    f.app.update(Action::Quit);
    let dir = f.dir;
    drop(f.app);
    let f = start_in(dir, "", resume(), TERMINAL, Some(Palette::Ansi256));
    assert_eq!(f.game().moves(), 1);
    assert_ne!(f.game(), &saved);
}

#[test]
fn game_over_records_played_best_score_best_tile_and_the_top_list() {
    let mut f = new_game("color", 3);
    let start = position(3, &one_move_from_the_end(3), 3000, 200);
    f.set_game(start.clone());
    f.slide(Direction::Left);
    let mut model = start;
    model.play(Direction::Left).unwrap();
    assert_eq!(f.game(), &model);
    assert_eq!(f.game().status(), Status::Over);
    // Until the player moves on, undo can take the end back: the game is kept, not yet recorded.
    assert!(f.save_path().exists(), "the ended game is kept");
    assert!(
        grid_arcade::play::twenty48::record::records(&f.app.store)
            .tables
            .is_empty()
    );
    assert_eq!(
        grid_arcade::app::action_for(&f.app, &key(KeyCode::Char('u'))),
        Some(Action::from(Twenty48Action::Undo))
    );
    assert_eq!(
        grid_arcade::app::action_for(&f.app, &key(KeyCode::Left)),
        None
    );
    f.send(key(KeyCode::Char('n')));
    assert_eq!(f.game().moves(), 0, "no question: the game had ended");
    let record = f.record(3);
    assert_eq!(record.played, 1);
    assert_eq!(record.won, 0);
    assert_eq!(record.best_score, 3004);
    assert_eq!(record.best_score_assisted, 0);
    assert_eq!(record.best_tile, 128);
    assert_eq!(record.top.len(), 1);
    assert_eq!(record.top[0].score, 3004);
    assert_eq!(record.top[0].tile, 128);
    assert!(!record.top[0].undo && !record.top[0].hint);
    assert!(record.top[0].date.is_some());
    let file = fs::read_to_string(f.dir.path().join("config.toml")).unwrap();
    let file: toml::Table = file.parse().unwrap();
    let saved = &file["records"]["2048"]["3x3"];
    assert_eq!(saved["played"].as_integer(), Some(1), "{saved}");
    assert_eq!(saved["best_score"].as_integer(), Some(3004), "{saved}");
    assert_eq!(saved["best_tile"].as_integer(), Some(128), "{saved}");
    assert_eq!(saved["top"][0]["score"].as_integer(), Some(3004), "{saved}");
    assert!(
        !save_file(&f.data_dir(), 3).exists() || f.game().moves() == 0,
        "the recorded game's file is gone"
    );

    // The new game does not count the old one twice.
    f.send(key(KeyCode::Char('n')));
    assert_eq!(f.game().moves(), 0);
    assert_eq!(f.record(3).played, 1);
}

#[test]
fn undo_after_the_end_takes_it_back_and_the_game_counts_once() {
    let mut f = new_game("color", 3);
    let start = position(3, &one_move_from_the_end(3), 3000, 200);
    f.set_game(start);
    f.slide(Direction::Left);
    assert_eq!(f.game().status(), Status::Over);
    f.send(key(KeyCode::Char('u')));
    f.send(key(KeyCode::Char('y')));
    assert_eq!(f.game().status(), Status::Playing);
    assert!(f.game().undo_used());
    f.slide(Direction::Left);
    assert_eq!(f.game().status(), Status::Over);
    // Leaving the ended game makes it final: recorded once, as assisted.
    f.app.update(Action::Back);
    let record = f.record(3);
    assert_eq!(record.played, 1);
    assert_eq!((record.best_score, record.best_score_assisted), (0, 3004));
    assert!(record.top[0].undo);
    f.app.update(Action::Menu(MenuAction::OpenItem(2)));
    assert_eq!(f.game().moves(), 0, "a new game after the recorded one");
    assert_eq!(f.record(3).played, 1);
}

#[test]
fn a_won_game_is_recorded_as_reaching_the_win_tile() {
    let mut f = new_game("color", 4);
    f.set_game(position(4, &one_move_from_the_win(4), 20_000, 900));
    f.slide(Direction::Left);
    f.send(key(KeyCode::Enter));
    // Left for a new game, the game counts as played and won.
    f.send(key(KeyCode::Char('n')));
    f.send(key(KeyCode::Char('y')));
    let record = f.record(4);
    assert_eq!((record.played, record.won), (1, 1));
    assert_eq!(record.best_tile, 2048);
    assert!(record.best_score > 20_000);
}

#[test]
fn a_game_with_undo_keeps_its_best_apart() {
    // A clean best higher than this game will reach, so the moves before the undo raise nothing.
    let config = "[records.2048.\"3x3\"]\nbest_score = 100000\nplayed = 4\n";
    let mut f = start(config, fresh(3), TERMINAL, Some(Palette::Ansi256));
    let mut model = Game::new(3, SEED).unwrap();
    for _ in 0..3 {
        let direction = corner_move(&model).expect("a game that is not over has a move");
        f.slide(direction);
        model.play(direction);
    }
    f.send(key(KeyCode::Char('u')));
    f.send(key(KeyCode::Char('y')));
    assert!(model.undo());
    while model.status() != Status::Over {
        let direction = corner_move(&model).expect("a game that is not over has a move");
        f.slide(direction);
        model.play(direction);
        assert_eq!(f.game(), &model);
    }
    assert!(model.score() > 0);
    f.send(key(KeyCode::Char('n')));
    let record = f.record(3);
    assert_eq!(record.played, 5);
    assert_eq!(record.best_score, 100_000, "the clean best is untouched");
    assert_eq!(record.best_score_assisted, model.score());
    assert_eq!(record.top[0].score, model.score());
    assert!(record.top[0].undo);

    // The status line of an assisted game shows the assisted best.
    let mut f = start_in(
        TempDir::new().unwrap(),
        "[records.2048.\"4x4\"]\nbest_score = 5000\nbest_score_assisted = 7000\n",
        fresh(4),
        TERMINAL,
        Some(Palette::Ansi256),
    );
    let status = |f: &Fixture| text_in(&draw(&f.app), f.layout().status);
    assert!(status(&f).contains("best 5000"), "{}", status(&f));
    let marked = position_with(4, &one_move_from_the_win(4), 100, 10, |save| {
        save.insert(
            "assists".into(),
            toml::Value::Array(vec![toml::Value::from("undo")]),
        );
    });
    f.set_game(marked);
    assert!(status(&f).contains("best* 7000"), "{}", status(&f));
    assert!(status(&f).contains("* used undo"), "{}", status(&f));
}

#[test]
fn the_best_shown_is_the_recorded_one_and_never_goes_down() {
    let config = "[records.2048.\"4x4\"]\nplayed = 1\nbest_score = 20\n";
    let mut f = start(config, fresh(4), TERMINAL, Some(Palette::Ansi256));
    let mut model = Game::new(4, SEED).unwrap();
    let status = |f: &Fixture| text_in(&draw(&f.app), f.layout().status);
    for direction in OPENING.iter().cycle().take(30) {
        f.slide(*direction);
        model.play(*direction);
        assert!(status(&f).contains("best 20"), "{}", status(&f));
    }
    assert!(model.score() > 20);
    assert!(status(&f).contains("beaten"), "{}", status(&f));
    // Leaving a running game records nothing: a best belongs to a game that has ended.
    f.app.update(Action::Back);
    assert_eq!(f.record(4).best_score, 20);
    assert_eq!(f.record(4).played, 1);
}

#[test]
fn a_4x4_game_plays_in_40x12() {
    // The status and the footer wrap to the terminal's width: at 40 columns they take fewer rows
    // than at the screen's narrowest, 36, and leave the board its four rows.
    let f = start("", fresh(4), Size::new(40, 12), None);
    assert!(f.screen().min_size(40).height <= 12);
    assert!(f.screen().min_size(36).height > 12);
    let buffer = draw(&f.app);
    let layout = f.layout();
    let whole = text_in(&buffer, f.app.screen_area());
    assert!(!whole.contains("enlarge"), "{whole}");
    assert_eq!(layout.board.height, 4, "{whole}");
    assert!(whole.contains("code "), "{whole}");
    assert!(whole.contains("? help"), "{whole}");
}

#[test]
fn the_smallest_terminal_still_shows_the_whole_score() {
    let mut f = new_game("color", 4);
    let min = f.screen().min_size(0);
    f.app.update(Action::Resize(min));
    f.set_game(position(4, &board_with(&[(0, 11)]), 20_312, 1500));
    let buffer = draw(&f.app);
    let status = text_in(&buffer, f.layout().status);
    assert!(status.contains("score 20312"), "{min:?}: {status:?}");
}

#[test]
fn headless_autoplay_plays_seeded_games_to_the_end_legally_and_counts_as_assisted() {
    for seed in [1, 2, 3] {
        let mut f = start(
            "[2048]\nanimations = false\n",
            Launch {
                seed: Some(seed),
                ..fresh(3)
            },
            TERMINAL,
            Some(Palette::Ansi256),
        );
        f.play(Twenty48Action::Autoplay);
        f.play(Twenty48Action::Answer(true));
        assert!(f.screen().session.computer.autoplay);
        let start = std::time::Instant::now();
        let (mut moves, mut board) = (0, *f.game().board());
        while f.game().status() != Status::Over {
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "seed {seed}: no end"
            );
            std::thread::sleep(Duration::from_micros(200));
            // Each tick a second later than the last, so autoplay's pace never holds it back.
            f.app.now += Duration::from_secs(1);
            f.app.update(Action::Tick);
            let game = f.game();
            // Every move the computer makes is legal: it changes the board, one move at a time.
            if game.moves() != moves {
                assert_eq!(game.moves(), moves + 1, "seed {seed}");
                assert_ne!(*game.board(), board, "seed {seed}");
                (moves, board) = (game.moves(), *game.board());
            }
            // At the win autoplay stops and waits for the player, as the screen does.
            if game.status() == Status::Won {
                f.play(Twenty48Action::KeepGoing);
                f.play(Twenty48Action::Autoplay);
            }
        }
        let game = f.game();
        assert!(game.autoplayed(), "seed {seed}");
        assert!(!game.can_move(), "the game ends only when nothing can move");
        assert!(game.moves() > 10, "seed {seed}: {} moves", game.moves());
        assert!(
            !f.screen().session.computer.autoplay,
            "autoplay stops at the end"
        );
        // Recorded when the player moves on, toward the assisted best only.
        assert!(
            grid_arcade::play::twenty48::record::records(&f.app.store)
                .tables
                .is_empty(),
            "seed {seed}"
        );
        let path = f.save_path();
        assert!(path.exists());
        f.app.update(Action::Back);
        let record = f.record(3);
        assert_eq!(record.played, 1);
        assert_eq!(record.best_score, 0, "seed {seed}");
        assert_eq!(record.best_score_assisted, f.game().score(), "seed {seed}");
        assert!(record.top[0].autoplay);
        assert!(!path.exists());
    }
}

#[test]
fn the_end_of_a_game_is_a_card_beside_or_below_a_board_that_stays_readable() {
    let config = "[records.2048.\"4x4\"]\nplayed = 3\nbest_score = 500\ntop = [{ score = 500, tile = 64 }, { score = 100, tile = 16 }]\n";
    for size in [3, 4, 5] {
        for terminal in [
            Size::new(40, 12),
            TERMINAL,
            Size::new(100, 35),
            Size::new(200, 60),
        ] {
            let mut f = start(config, fresh(size), terminal, Some(Palette::Ansi256));
            if f.screen().min_size(terminal.width).height > terminal.height {
                continue;
            }
            let start = position(size, &one_move_from_the_end(size), 300 * size as u64, 250);
            f.set_game(start.clone());
            f.slide(Direction::Left);
            f.settle();
            let mut model = start;
            model.play(Direction::Left).unwrap();
            assert_eq!(f.game().status(), Status::Over);
            let buffer = draw(&f.app);
            let layout = f.layout();
            let card = layout.card.expect("a card at the end");
            assert!(card.intersection(layout.board).is_empty());
            assert!(card.x >= layout.board.right() || card.y >= layout.board.bottom());
            // Every tile shows its whole number.
            assert_eq!(
                shown_board(&buffer, &layout),
                expected_board(&model),
                "{size}x{size} at {terminal:?}"
            );
            let card_text = text_in(&buffer, card);
            let squashed: String = card_text.split_whitespace().collect();
            let score = model.score().to_string();
            for words in ["Game over!", &score, "best", "rank"] {
                let words: String = words.split_whitespace().collect();
                assert!(
                    squashed.contains(&words),
                    "{words} at {terminal:?}: {card_text}\n{layout:?}\n{}",
                    text(&buffer)
                );
            }
            if size == 4 {
                assert!(squashed.contains("1ofthetenbest"), "{card_text}");
                assert!(squashed.contains("Newbest!"), "{card_text}");
            }
        }
    }
}

#[test]
fn the_status_line_keeps_its_parts_in_place_from_move_to_move_and_during_autoplay() {
    let mut f = new_game("color", 4);
    let columns = |f: &Fixture| {
        let status = text_in(&draw(&f.app), f.layout().status);
        let at = |word: &str| status.lines().find_map(|line| line.find(word));
        // The best's slot reads "best" or, once the game is assisted, "assisted best".
        ((at("score"), at("moves"), at("biggest")), status)
    };
    let (first, first_status) = columns(&f);
    let mut gains = Vec::new();
    for direction in OPENING.iter().cycle().take(30) {
        f.slide(*direction);
        f.settle();
        gains.push(f.screen().session.last_gain);
        let (now, status) = columns(&f);
        assert_eq!(now, first, "\n{first_status}\n{status}");
    }
    assert!(
        gains.contains(&0) && gains.iter().any(|g| *g >= 10),
        "{gains:?}"
    );
    f.play(Twenty48Action::Autoplay);
    f.play(Twenty48Action::Answer(true));
    let (now, status) = columns(&f);
    assert!(status.contains("autoplay: any key stops"), "{status}");
    assert_eq!(now, first, "\n{first_status}\n{status}");
}

#[test]
fn the_figures_read_as_one_block_at_every_size_the_game_draws_at() {
    let mut f = new_game("color", 4);
    let mut drawn = 0;
    for width in 30..=60 {
        for height in 10..=16 {
            f.app.update(Action::Resize(Size::new(width, height)));
            if !grid_arcade::app::fits(&f.app, f.app.screen_area()) {
                continue;
            }
            drawn += 1;
            let buffer = draw(&f.app);
            let shot = text(&buffer);
            let layout = f.screen().layout(f.app.screen_area(), &f.app.store);
            let rows: Vec<&str> = shot
                .lines()
                .skip(usize::from(layout.status.y))
                .take(usize::from(layout.status.height))
                .filter(|row| !row.trim().is_empty())
                .collect();
            // The figures' rows start at one column: none stands indented apart.
            let figures: Vec<&&str> = rows
                .iter()
                .filter(|row| {
                    ["score", "moves", "best", "biggest"]
                        .iter()
                        .any(|w| row.contains(w))
                })
                .collect();
            let starts: Vec<usize> = figures
                .iter()
                .map(|row| row.len() - row.trim_start().len())
                .collect();
            assert!(
                starts.windows(2).all(|pair| pair[0] == pair[1]),
                "{width}x{height}:\n{shot}"
            );
            // From 40 columns the four figures take two rows.
            if width >= 40 {
                assert_eq!(figures.len(), 2, "{width}x{height}:\n{shot}");
            }
            for word in ["score", "best", "moves", "biggest"] {
                assert!(shot.contains(word), "{width}x{height}: {word}\n{shot}");
            }
        }
    }
    assert!(drawn > 100, "drawn at {drawn} sizes");
}

/// The `duration_ms` of the one game in the history of `f`.
fn recorded_duration_ms(f: &Fixture) -> u64 {
    let history = fs::read_to_string(f.data_dir().join("history.jsonl")).unwrap();
    let line: serde_json::Value = serde_json::from_str(history.lines().last().unwrap()).unwrap();
    line["duration_ms"].as_u64().unwrap()
}

#[test]
fn the_time_played_stops_on_the_end_card_and_runs_again_after_undo() {
    let mut f = new_game("color", 3);
    f.set_game(position(3, &one_move_from_the_end(3), 3000, 200));
    f.slide(Direction::Left);
    assert_eq!(f.game().status(), Status::Over);
    // Fifteen seconds on the end card are not played.
    f.app.now += Duration::from_secs(15);
    f.send(key(KeyCode::Char('u')));
    f.send(key(KeyCode::Char('y')));
    assert_eq!(f.game().status(), Status::Playing);
    // After undo the game is played again: these three seconds count.
    f.app.now += Duration::from_secs(3);
    f.slide(Direction::Left);
    assert_eq!(f.game().status(), Status::Over);
    f.app.now += Duration::from_secs(15);
    f.send(key(KeyCode::Char('n')));
    assert_eq!(recorded_duration_ms(&f), 3_000);
}

#[test]
fn a_save_whose_board_is_not_its_names_is_set_aside_never_written_over() {
    let mut other = Game::new(5, 3).unwrap();
    other.play(Direction::Left);
    let save = toml::to_string(&other).unwrap();
    let dir = folder_with_save(&save);
    let data = dir.path().join("data");
    let mut f = Fixture::start_in(
        dir,
        "[2048]\nsize = 4\n",
        TRAITS,
        TERMINAL,
        Launch::default(),
        Some("data"),
    );
    f.app.update(Action::Menu(MenuAction::OpenItem(2)));
    assert_eq!((f.game().size(), f.game().moves()), (4, 0));
    let notice = f.app.notices.front().cloned().unwrap_or_default();
    assert!(notice.contains("it holds a 5x5 game"), "{notice}");
    let aside = set_aside(&data);
    assert_eq!(aside.len(), 1);
    assert!(notice.contains(&aside[0].display().to_string()), "{notice}");
    assert_eq!(fs::read_to_string(&aside[0]).unwrap(), save);
    f.slide(Direction::Left);
    assert_eq!(fs::read_to_string(&aside[0]).unwrap(), save);
}

#[test]
fn the_time_played_stops_while_a_question_is_on_screen() {
    let mut f = new_game("color", 3);
    f.set_game(position(3, &one_move_from_the_end(3), 3000, 200));
    f.slide(Direction::Left);
    f.send(key(KeyCode::Char('u')));
    f.send(key(KeyCode::Char('y')));
    f.app.now += Duration::from_secs(1);
    // Thirty seconds reading "start a new game?" are not played; answering no plays on.
    f.send(key(KeyCode::Char('n')));
    let asked = text(&draw(&f.app));
    assert!(asked.contains("y yes"), "{asked}");
    f.app.now += Duration::from_secs(30);
    f.send(key(KeyCode::Char('n')));
    f.app.now += Duration::from_secs(2);
    f.slide(Direction::Left);
    assert_eq!(f.game().status(), Status::Over);
    f.send(key(KeyCode::Char('n')));
    assert_eq!(recorded_duration_ms(&f), 3_000);
}
