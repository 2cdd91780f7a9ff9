//! The Minesweeper screen's test fixtures, shared by the files that test it: seeded games at a
//! level and a size, the screen of the app, and the mines the rules place.

use super::screen::{Fixture, theme};
use grid_arcade::app::{App, Launch};
use grid_arcade::games::minesweeper::{
    BoardSize, Difficulty, FirstClick, GameOptions, Pos, place_mines,
};
use grid_arcade::play::minesweeper::Setup;
use grid_arcade::ui::ScreenId;
use ratatui::layout::Size;

pub const SEED: u64 = 7;

pub fn setup(difficulty: Difficulty, size: BoardSize) -> Setup {
    Setup {
        difficulty,
        size,
        options: GameOptions {
            first_click: FirstClick::Opening,
            question_marks: false,
        },
    }
}

pub fn fixture(theme_name: &str, size: Size, game: Setup) -> Fixture {
    let launch = Launch {
        seed: Some(SEED),
        open: Some(grid_arcade::play::minesweeper::GAME),
        pins: game.pins(),
        ..Launch::default()
    };
    let f = Fixture::start(&theme(theme_name), size, launch);
    assert_eq!(
        f.app.screen,
        ScreenId::Game(grid_arcade::play::minesweeper::GAME)
    );
    f
}

pub fn beginner(theme: &str) -> Fixture {
    fixture(
        theme,
        Size::new(80, 24),
        setup(Difficulty::Beginner, BoardSize::BEGINNER),
    )
}

pub fn screen(app: &App) -> &grid_arcade::ui::minesweeper::MinesweeperScreen {
    app.games
        .find::<grid_arcade::ui::minesweeper::MinesweeperScreen>()
        .unwrap()
}

/// The mines of the game the fixture plays, known the way the rules place them.
pub fn mines(size: BoardSize, first: Pos) -> Vec<Pos> {
    place_mines(size, SEED, first, FirstClick::Opening)
        .unwrap()
        .mines()
        .collect()
}

pub const CENTRE: Pos = Pos::new(4, 4);
