//! Games played in a real terminal (tmux) and read back: 2048 boards read from the screen and
//! moved on, tic-tac-toe and Minesweeper boards read and played, the data folder and the records
//! as `grid-arcade scores --json` prints them.

use std::cell::RefCell;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::{Cells, Tmux, grid_arcade, setting_shown};
use grid_arcade::games::tictactoe::Pos as TttPos;
use grid_arcade::games::twenty48::{Board, Cell, Direction, Game};
use grid_arcade::play::twenty48::saved::SavedGame;
use grid_arcade::ui::{tictactoe, twenty48};
use ratatui::layout::Rect;
use serde_json::Value;

pub const WIDTH: u16 = 80;
pub const HEIGHT: u16 = 24;
/// How long a test waits for something that should happen at once.
pub const PATIENCE: Duration = Duration::from_secs(10);
/// 2048 without animations: the board on screen is final as soon as the move count changes.
pub const NO_ANIMATIONS: &str = "[2048]\nanimations = false\n";

pub fn data_dir(home: &Path) -> PathBuf {
    home.join(".local").join("share").join("grid-arcade")
}

/// How many games of `game` ("minesweeper", "tictactoe" or "2048") the records count, over all
/// of its tables, as `grid-arcade scores --json` prints them.
pub fn games_recorded(home: &Path, game: &str) -> u64 {
    let out = grid_arcade(home)
        .args(["scores", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let scores: Value = serde_json::from_slice(&out.stdout).expect("scores --json prints JSON");
    let tables = |value: &Value| -> Vec<Value> {
        value
            .as_object()
            .map(|o| o.values().cloned().collect())
            .unwrap_or_default()
    };
    let count = |table: &Value, keys: &[&str]| -> u64 {
        keys.iter()
            .map(|key| table[*key].as_u64().unwrap_or(0))
            .sum()
    };
    match game {
        // Boards, then opponents; a game is a win, a loss or a draw.
        "tictactoe" => tables(&scores[game])
            .iter()
            .flat_map(tables)
            .map(|table| count(&table, &["wins", "losses", "draws"]))
            .sum(),
        _ => tables(&scores[game])
            .iter()
            .map(|table| count(table, &["played"]))
            .sum(),
    }
}

/// Waits until the screen satisfies `done` and the next capture is the same, so that a frame is
/// never read half drawn; returns the screen.
pub fn wait_settled(tmux: &Tmux, what: &str, done: impl Fn(&str) -> bool) -> String {
    let last = RefCell::new(String::new());
    tmux.wait_until(what, |screen| {
        let settled = done(screen) && *last.borrow() == screen;
        *last.borrow_mut() = screen.to_string();
        settled
    })
}

/// From the menu: sets the 2048 board size in Settings (a click on its label, then the number
/// typed) and goes back to the menu.
pub fn set_twenty48_size(tmux: &Tmux, size: usize) {
    tmux.keys(&["8"]);
    let (x, y) = tmux.find("Board size");
    tmux.click(x, y);
    tmux.type_text(&size.to_string());
    tmux.keys(&["Enter"]);
    tmux.wait_until(&format!("the board size to show {size}"), |s| {
        setting_shown(s, "Board size") == Some(size.to_string())
    });
    tmux.wait_for_config(&format!("size = {size}"));
    tmux.keys(&["Escape"]);
    tmux.wait_for("q quit");
}

// ---------------------------------------------------------------------------------------------
// 2048 on screen

/// What a 2048 screen shows of the game: the board (exponents, row by row), score and moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Twenty48View {
    pub board: Vec<Vec<u8>>,
    pub score: u64,
    pub moves: u64,
}

impl Twenty48View {
    /// Read from a screen where the game has the whole pane (no notice shows).
    pub fn read(screen: &str, size: usize) -> Option<Twenty48View> {
        let number_after = |label: &str| -> Option<u64> {
            screen
                .lines()
                .find(|l| l.contains("score ") && l.contains("moves "))?
                .split(label)
                .nth(1)?
                .split_whitespace()
                .next()?
                .parse()
                .ok()
        };
        let cells = Cells::of(screen);
        // At 80 columns the figures take a row, and what the computer says and the code another.
        let layout = twenty48::layout::layout(Rect::new(0, 0, WIDTH, HEIGHT), size, 2, None, 1);
        let board = (0..size)
            .map(|row| {
                (0..size)
                    .map(|col| {
                        let rect = layout.tile_rect(Cell { row, col });
                        let y = rect.y + (rect.height - 1) / 2;
                        let text = cells.span(y, rect.x, rect.right());
                        match text.trim() {
                            "" => Some(0),
                            number => number
                                .parse::<u64>()
                                .ok()
                                .filter(|n| n.is_power_of_two() && *n > 1)
                                .map(|n| n.trailing_zeros() as u8),
                        }
                    })
                    .collect::<Option<Vec<u8>>>()
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Twenty48View {
            board,
            score: number_after("score ")?,
            moves: number_after("moves ")?,
        })
    }

    pub fn of(game: &Game) -> Twenty48View {
        Twenty48View {
            board: game.board().rows().map(<[u8]>::to_vec).collect(),
            score: game.score(),
            moves: game.moves(),
        }
    }

    /// The first move, bottom-left corner first, that changes this board.
    pub fn a_move(&self) -> Direction {
        let cells: Vec<u8> = self.board.concat();
        let board = Board::from_cells(self.board.len(), &cells).expect("a board the rules allow");
        [
            Direction::Down,
            Direction::Left,
            Direction::Right,
            Direction::Up,
        ]
        .into_iter()
        .find(|&d| board.clone().slide(d).is_some())
        .expect("the game is not over")
    }
}

/// The tmux name of the arrow key for `direction`.
pub fn arrow(direction: Direction) -> &'static str {
    match direction {
        Direction::Left => "Left",
        Direction::Right => "Right",
        Direction::Up => "Up",
        Direction::Down => "Down",
    }
}

pub fn wait_view(tmux: &Tmux, size: usize, what: &str, done: impl Fn(&Twenty48View) -> bool) {
    tmux.wait_until(what, |s| {
        Twenty48View::read(s, size).is_some_and(|v| done(&v))
    });
}

pub fn view_now(tmux: &Tmux, size: usize) -> Twenty48View {
    let screen = wait_settled(tmux, &format!("a {size}x{size} 2048 board"), |s| {
        Twenty48View::read(s, size).is_some()
    });
    Twenty48View::read(&screen, size).unwrap()
}

/// Plays `count` moves on the 2048 board shown, each one that changes the board, and returns
/// what the screen shows after them.
pub fn slide(tmux: &Tmux, size: usize, count: usize) -> Twenty48View {
    for _ in 0..count {
        let view = view_now(tmux, size);
        tmux.keys(&[arrow(view.a_move())]);
        wait_view(tmux, size, &format!("move {}", view.moves + 1), |v| {
            v.moves == view.moves + 1
        });
    }
    view_now(tmux, size)
}

pub fn saved_twenty48(path: &Path) -> Game {
    let saved: SavedGame =
        toml::from_str(&fs::read_to_string(path).unwrap()).expect("a saved 2048 game");
    saved.game
}

/// The text of a rectangle of the screen, row by row, blanks included (tmux leaves out the
/// blanks at the end of a line).
pub fn region(screen: &str, rect: Rect) -> String {
    let cells = Cells::of(screen);
    (rect.y..rect.bottom())
        .map(|y| (rect.x..rect.right()).map(|x| cells.at(x, y)).collect())
        .collect::<Vec<String>>()
        .join("\n")
}

pub fn ttt_layout() -> tictactoe::layout::GridLayout {
    tictactoe::layout::layout(Rect::new(0, 0, WIDTH, HEIGHT), 3, 3, 1, 1, 1)
}

/// Whether each cell of the 3x3 board holds a mark, row by row: anything but blanks and the
/// cursor's corners.
pub fn ttt_marked(screen: &str) -> Vec<bool> {
    let cells = Cells::of(screen);
    let layout = ttt_layout();
    (0..9)
        .map(|i| {
            let rect = layout.cell_rect(TttPos::new(i / 3, i % 3)).unwrap();
            (rect.y..rect.bottom()).any(|y| {
                cells
                    .span(y, rect.x, rect.right())
                    .chars()
                    .any(|c| !matches!(c, ' ' | '┌' | '┐' | '└' | '┘'))
            })
        })
        .collect()
}

pub fn ttt_mark_count(screen: &str) -> usize {
    ttt_marked(screen).iter().filter(|&&m| m).count()
}

/// The board as drawn, without the cursor (which is not part of the game).
pub fn ttt_board(screen: &str) -> String {
    region(screen, ttt_layout().grid).replace(['┌', '┐', '└', '┘'], " ")
}

/// The digit key (phone layout) of the first free cell.
pub fn ttt_free_digit(screen: &str) -> String {
    let free = ttt_marked(screen)
        .iter()
        .position(|&m| !m)
        .expect("a free cell");
    (free + 1).to_string()
}

/// Places a mark with a digit key and waits for the computer's answer.
pub fn ttt_play_against_computer(tmux: &Tmux) {
    let screen = wait_settled(tmux, "your turn", |s| s.contains("your turn"));
    let before = ttt_mark_count(&screen);
    tmux.keys(&[&ttt_free_digit(&screen)]);
    tmux.wait_until("the computer's answer", |s| {
        s.contains("your turn") && ttt_mark_count(s) == before + 2
    });
}

/// The beginner board's box, border included.
pub fn mines_board(screen: &str) -> Option<String> {
    let lines: Vec<&str> = screen.lines().collect();
    let top = lines.iter().position(|l| l.contains("╭ Beginner"))?;
    let bottom = top + lines[top..].iter().position(|l| l.contains('╰'))?;
    Some(lines[top..=bottom].join("\n"))
}

pub fn hidden_cells(screen: &str) -> usize {
    mines_board(screen).map_or(0, |b| b.matches('■').count())
}

/// Reveals the cell under the cursor (the middle one at the start) and waits for it to open.
pub fn mines_first_reveal(tmux: &Tmux) {
    tmux.wait_until("a beginner board", |s| hidden_cells(s) == 81);
    tmux.keys(&["Space"]);
    tmux.wait_until("the first reveal", |s| (1..81).contains(&hidden_cells(s)));
}
