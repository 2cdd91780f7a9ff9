//! Tests of the rules, one file per subject; hand-made boards are drawn as text.

mod chord;
mod end;
mod examine;
mod first_click;
mod flags;
mod flood;
mod hint;
mod no_guess;
mod size;
mod solver;
mod statistics;

use super::{CellView, Game, MineField, Pos};

/// A board drawn one line per row: `*` a mine, `.` a safe cell; blank lines and indentation are
/// ignored so pictures can sit in the test's code.
fn field(picture: &str) -> MineField {
    let rows: Vec<&str> = picture
        .lines()
        .map(str::trim)
        .filter(|row| !row.is_empty())
        .collect();
    assert!(
        rows.iter().all(|row| row.len() == rows[0].len()),
        "ragged picture"
    );
    let mines: Vec<Pos> = rows
        .iter()
        .enumerate()
        .flat_map(|(row, line)| {
            line.char_indices()
                .filter(|&(_, c)| c == '*')
                .map(move |(col, _)| Pos::new(row, col))
        })
        .collect();
    MineField::from_mines(rows.len(), rows[0].len(), &mines).unwrap()
}

fn game(picture: &str) -> Game {
    Game::from_field(field(picture), false)
}

/// Every cell's view, row by row, to compare whole boards.
fn views(game: &Game) -> Vec<CellView> {
    game.grid().positions().map(|pos| game.cell(pos)).collect()
}

/// The positions around `pos`, computed independently of the code under test.
fn around(rows: usize, cols: usize, pos: Pos) -> Vec<Pos> {
    let mut found = Vec::new();
    for row in pos.row as isize - 1..=pos.row as isize + 1 {
        for col in pos.col as isize - 1..=pos.col as isize + 1 {
            let inside = (0..rows as isize).contains(&row) && (0..cols as isize).contains(&col);
            if inside && (row, col) != (pos.row as isize, pos.col as isize) {
                found.push(Pos::new(row as usize, col as usize));
            }
        }
    }
    found
}

/// The number of mines around `pos`, the slow and obvious way.
fn mines_around(field: &MineField, pos: Pos) -> u8 {
    let grid = field.grid();
    around(grid.rows(), grid.cols(), pos)
        .into_iter()
        .filter(|&near| field.is_mine(near))
        .count() as u8
}
