//! What the computer tells a Minesweeper player on `TestBackend`: why there is no hint before the
//! first reveal, the best guess where logic runs out, the chance of a mine under every hidden
//! cell, autoplay, and the verdict on a loss.

mod common;

use common::drive::minesweeper::play;
use common::screen::{Fixture, draw, text, theme};
use grid_arcade::app::{App, Launch};
use grid_arcade::games::minesweeper::{BoardSize, Difficulty, FirstClick, GameOptions};
use grid_arcade::play::minesweeper::Setup;
use grid_arcade::ui::minesweeper::{MinesAction, MinesweeperScreen};
use ratatui::layout::Size;

const SEED: u64 = 7;

fn setup(difficulty: Difficulty, size: BoardSize, first_click: FirstClick) -> Setup {
    Setup {
        difficulty,
        size,
        options: GameOptions {
            first_click,
            question_marks: false,
        },
    }
}

/// An app on a Minesweeper game of `setup` with a fixed seed, at 80x24, with a data folder.
fn fixture(setup: Setup) -> Fixture {
    let launch = Launch {
        seed: Some(SEED),
        open: Some(grid_arcade::play::minesweeper::GAME),
        pins: setup.pins(),
        ..Launch::default()
    };
    let mut f = Fixture::with_data(&theme("color"), launch);
    f.app
        .update(grid_arcade::app::Action::Resize(Size::new(80, 24)));
    f
}

fn screen(app: &App) -> &MinesweeperScreen {
    app.games.find::<MinesweeperScreen>().unwrap()
}

#[test]
fn a_hint_before_the_first_reveal_says_why_any_cell_will_do_and_asks_nothing() {
    for (rule, words) in [
        (
            FirstClick::Opening,
            "any first cell is safe: the first click opens an area",
        ),
        (
            FirstClick::Safe,
            "any first cell is safe: the first click never hits a mine",
        ),
    ] {
        let mut f = fixture(setup(Difficulty::Beginner, BoardSize::BEGINNER, rule));
        play(&mut f.app, MinesAction::Hint);
        assert_eq!(screen(&f.app).question, None);
        let shot = text(&draw(&f.app));
        assert!(shot.contains(words), "{rule:?}:\n{shot}");
        assert!(!screen(&f.app).session.game.used_hint());
        // The first reveal takes the word away.
        play(&mut f.app, MinesAction::Reveal);
        assert!(!text(&draw(&f.app)).contains(words));
    }
}
