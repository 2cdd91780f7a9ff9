//! Apps started and games played in-process: what the screen tests and the screen benches both
//! need.
//!
//! Part of the tests' `common` module; the benches include it with
//! `#[path = "../tests/common/drive.rs"] mod drive;`.

// Each test file and bench uses the part it needs.
#![allow(dead_code)]

use grid_arcade::ui::theme::{Palette, TerminalTraits};

/// A terminal with 256 colours, UTF-8 and a dark background, as most are.
pub const TRAITS: TerminalTraits = TerminalTraits {
    no_color: false,
    palette: Some(Palette::Ansi256),
    utf8: true,
    light_background: false,
};

/// Records of every game, so the menu's panel and the high-scores tables have rows to show.
pub const RECORDS: &str = r#"
[records.minesweeper.beginner]
played = 12
won = 5
streak = 2
longest_streak = 3
best = { time_ms = 8450, date = 2026-11-29, bbbv_per_s = 2.01, seed = 1234 }
top = [{ time_ms = 8450, date = 2026-11-29 }, { time_ms = 11020, date = 2026-11-27 }]

[records.minesweeper.expert]
played = 3

[records.tictactoe."3x3".hard]
wins = 0
losses = 1
draws = 7
streak = -1

[records.tictactoe."3x3".human]
wins = 3
losses = 2
draws = 1

[records.2048."4x4"]
played = 9
won = 1
best_score = 20312
best_tile = 2048
top = [{ score = 20312, tile = 2048, date = 2026-11-28, undo = false, hint = false }]
"#;

pub mod minesweeper {
    use grid_arcade::app::{Action, App};
    use grid_arcade::games::minesweeper::Pos;
    use grid_arcade::ui::minesweeper::MinesAction;

    pub fn play(app: &mut App, action: MinesAction) {
        app.update(Action::from(action));
    }

    /// Moves the cursor to `pos`: to the top left corner, then down and across.
    pub fn move_to(app: &mut App, pos: Pos) {
        play(
            app,
            MinesAction::Edge {
                row: Some(false),
                col: Some(false),
            },
        );
        play(
            app,
            MinesAction::Move {
                rows: pos.row as isize,
                cols: pos.col as isize,
            },
        );
    }
}

pub mod twenty48 {
    use grid_arcade::games::twenty48::{Direction, Game, tile_value};

    /// The move a player who keeps tiles in the bottom left corner would make; None when the
    /// game is over.
    pub fn corner_move(game: &Game) -> Option<Direction> {
        [
            Direction::Down,
            Direction::Left,
            Direction::Right,
            Direction::Up,
        ]
        .into_iter()
        .find(|&d| game.clone().play(d).is_some())
    }

    /// The numbers `game`'s board must show, row by row, "" for an empty cell.
    pub fn expected_board(game: &Game) -> Vec<Vec<String>> {
        game.board()
            .rows()
            .map(|row| {
                row.iter()
                    .map(|&e| match e {
                        0 => String::new(),
                        e => tile_value(e).to_string(),
                    })
                    .collect()
            })
            .collect()
    }
}
