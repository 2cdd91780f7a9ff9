//! The tic-tac-toe screen: a game of marks' screen with a grid of large marks, and digits that
//! place on 3x3.

mod draw;
mod input;
pub mod layout;

use ratatui::buffer::Buffer;
use ratatui::layout::{Rect, Size};

use super::footer;
use super::marks::{Marked, MarksAction, MarksScreen, MarksUi, Rows};
use super::theme::Theme;
use crate::games::tictactoe::{Game, Pos, Rules};
use crate::play::tictactoe::{Session, TicTacToe};
use layout::GridLayout;

pub const MIN_SIZE: Size = Size::new(34, 10);

pub type TicTacToeAction = MarksAction;
pub type TicTacToeScreen = MarksScreen<TicTacToe>;

impl MarksUi for TicTacToe {
    type Layout = GridLayout;
    const LONGEST_MOVE: &'static str = "move 25: X at row 5, column 5";

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

    fn min_size(_: Rules, _: Rows) -> Size {
        MIN_SIZE
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

    fn place_key(session: &Session) -> footer::Hint {
        let rules = session.game.rules();
        if (rules.rows(), rules.cols()) == (3, 3) {
            ("Space/1-9", "place")
        } else {
            ("Space", "place")
        }
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
