//! The tic-tac-toe screen: a game of marks' screen with a grid of large marks, and digits that
//! place on 3x3.

mod draw;
mod input;
pub mod layout;

use ratatui::buffer::Buffer;
use ratatui::layout::{Rect, Size};

use super::marks::{Marked, MarksAction, MarksScreen, MarksUi, Rows};
use super::theme::Theme;
use crate::games::tictactoe::{Game, Pos, Rules};
use crate::play::tictactoe::{Session, TicTacToe};
use layout::GridLayout;

/// The narrowest the screen is drawn: its status, result and footer wrap within it.
const MIN_WIDTH: u16 = 30;

pub type TicTacToeAction = MarksAction;
pub type TicTacToeScreen = MarksScreen<TicTacToe>;

impl MarksUi for TicTacToe {
    type Layout = GridLayout;
    const LONGEST_MOVE: &'static str = "move 25: X at row 5, column 5";
    const PLACE: &'static str = "place your mark";
    const CLICK: &'static str = "place your mark in that cell";
    const HINT: &'static str = "the strongest move is marked";
    const DIGITS: Option<&'static str> =
        Some("1-9 place directly on 3x3 (phone or numpad layout: see options)");

    fn help() -> &'static str {
        include_str!("../../../assets/help/tictactoe.txt")
    }

    fn layout(area: Rect, rules: Rules, rows: Rows) -> GridLayout {
        layout::layout(
            area,
            rules.rows(),
            rules.cols(),
            rows.status,
            rows.result,
            rows.footer,
        )
    }

    fn min_size(rules: Rules, rows: Rows) -> Size {
        let (width, height) = layout::min_grid(rules.rows(), rules.cols());
        Size::new(
            MIN_WIDTH.max(width),
            rows.status + height + rows.result + rows.footer,
        )
    }

    fn render_board(
        game: &Game,
        marked: Marked,
        layout: &GridLayout,
        theme: &Theme,
        buf: &mut Buffer,
    ) {
        // The cursor while playing; in a replay, which has none, the last move.
        let cursor = marked.cursor.or(marked.last);
        draw::render_board(game, cursor, marked.hint, layout, theme, buf);
    }

    fn digit_cell(digit: char, session: &Session) -> Option<Pos> {
        input::digit_cell(digit, session)
    }

    fn cell_name(pos: Pos, _: Rules) -> String {
        format!("row {}, column {}", pos.row + 1, pos.col + 1)
    }

    fn hint_text(hint: Pos, rules: Rules) -> String {
        Self::cell_name(hint, rules)
    }

    fn min_board(rules: Rules) -> Size {
        Size::new((rules.cols() * 4) as u16, (rules.rows() * 2 + 1) as u16)
    }
}
