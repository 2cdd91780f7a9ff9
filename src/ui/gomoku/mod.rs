//! The gomoku screen: a game of marks' screen with a board of lines whose crossings hold the
//! stones, named by letter and number, and hints that say what their move does.

mod draw;
pub mod layout;

use ratatui::buffer::Buffer;
use ratatui::layout::{Rect, Size};

use super::marks::{Marked, MarksAction, MarksScreen, MarksUi, Rows};
use super::theme::Theme;
use crate::games::gomoku::{Game, Pos, Rules, Threat};
use crate::play::gomoku::Gomoku;
pub use draw::cell_name;
use layout::GomokuLayout;

pub type GomokuAction = MarksAction;
pub type GomokuScreen = MarksScreen<Gomoku>;

impl MarksUi for Gomoku {
    type Layout = GomokuLayout;
    const LONGEST_MOVE: &'static str = "move 225: X at O15";
    const PLACE: &'static str = "place your stone";
    const CLICK: &'static str = "place your stone on that crossing";
    const HINT: &'static str = "the computer's move is starred and named with what it does (\"four\", \
                                \"open three\", \"four-three\", \"wins by fours in 7\")";

    fn help() -> &'static str {
        include_str!("../../../assets/help/gomoku.txt")
    }

    fn layout(area: Rect, rules: Rules, rows: Rows) -> GomokuLayout {
        layout::layout(area, rules.size(), rows)
    }

    fn min_size(rules: Rules, rows: Rows) -> Size {
        layout::min_size(rules.size(), rows)
    }

    fn render_board(
        game: &Game,
        marked: Marked,
        layout: &GomokuLayout,
        theme: &Theme,
        buf: &mut Buffer,
    ) {
        draw::render_board(game, marked, layout, theme, buf);
    }

    fn cell_name(pos: Pos, rules: Rules) -> String {
        cell_name(pos, rules.size())
    }

    /// The cell, and the threat the move makes or answers when there is one.
    fn hint_text((pos, threat): (Pos, Threat), rules: Rules) -> String {
        let cell = cell_name(pos, rules.size());
        match threat {
            Threat::Builds => cell,
            threat => format!("{cell}, {threat}"),
        }
    }

    fn min_board(rules: Rules) -> Size {
        layout::board_size(rules.size(), 1)
    }
}
