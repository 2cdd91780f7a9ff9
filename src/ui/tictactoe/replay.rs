//! Tic-tac-toe replays drawn: the grid as the game's screen draws it, the last move marked, and
//! whose turn it is.

use ratatui::buffer::Buffer;
use ratatui::layout::{Rect, Size};
use ratatui::text::Span;

use super::{layout, render_board};
use crate::games::tictactoe::{Game, Mark, Outcome};
use crate::history::Entry;
use crate::play::tictactoe::TWO_PLAYERS;
use crate::play::tictactoe::facts::Facts;
use crate::replay::{Replay, Timeline};
use crate::ui::View as ScreenView;
use crate::ui::replay::BoardView;
use crate::ui::status::Part;

pub struct View;

impl BoardView for View {
    type Game = Game;

    fn title(&self, entry: &Entry) -> String {
        let Some(facts) = entry.facts::<Facts>() else {
            return "Tic-tac-toe".to_string();
        };
        match facts.opponent.as_ref() {
            TWO_PLAYERS => format!("Tic-tac-toe {}, two players", facts.board),
            level => format!("Tic-tac-toe {}, vs {level}", facts.board),
        }
    }

    fn figure(&self, _: &Replay, timeline: &Timeline<Game>, _: u64) -> Part<'static> {
        let game = timeline.current();
        let turn = match (game.outcome(), game.turn()) {
            (Some(Outcome::Draw), _) => "a draw".to_string(),
            (Some(Outcome::Win { mark, .. }), _) => format!("{mark} wins"),
            (None, Some(mark)) => format!("{mark} to move"),
            (None, None) => String::new(),
        };
        Part::new(vec![Span::raw(turn)], "X to move".len())
    }

    fn last_move(&self, replay: &Replay, timeline: &Timeline<Game>) -> String {
        let at = replay.at();
        match at.checked_sub(1) {
            Some(k) => {
                let pos = timeline.steps()[k];
                format!(
                    "move {at}: {} at row {}, column {}",
                    Mark::to_move_after(k),
                    pos.row + 1,
                    pos.col + 1
                )
            }
            None => "X to open the game".to_string(),
        }
    }

    fn longest_move(&self) -> &'static str {
        "move 25: X at row 5, column 5"
    }

    fn min_board(&self, timeline: &Timeline<Game>, _: u16) -> Size {
        let rules = timeline.current().rules();
        Size::new((rules.cols() * 4) as u16, (rules.rows() * 2 + 1) as u16)
    }

    fn render(
        &self,
        _: &Replay,
        timeline: &Timeline<Game>,
        area: Rect,
        (status_rows, bottom_rows): (u16, u16),
        view: &ScreenView,
        buf: &mut Buffer,
    ) -> (Rect, Rect) {
        let game = timeline.current();
        let rules = game.rules();
        let layout = layout::layout(
            area,
            rules.rows(),
            rules.cols(),
            status_rows,
            0,
            bottom_rows,
        );
        let last = timeline.at().checked_sub(1).map(|k| timeline.steps()[k]);
        render_board(game, last, None, &layout, view.theme, buf);
        (layout.status, layout.footer)
    }
}
