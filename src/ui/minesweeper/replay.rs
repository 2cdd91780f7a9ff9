//! Minesweeper replays drawn: the board as the game's screen draws it, its window following the
//! cell of the last move, the clock, and what each click did.

use ratatui::buffer::Buffer;
use ratatui::layout::{Rect, Size};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::draw::{fit_titles, window_captions, with_numbers};
use super::{CellMarks, layout, render_cells};
use crate::games::minesweeper::{Game, Move, Pos};
use crate::history::Entry;
use crate::play::minesweeper::facts::Facts;
use crate::records::{capitalised, format_time_ms};
use crate::replay::{Replay, Timeline};
use crate::ui::replay::BoardView;
use crate::ui::status::Part;
use crate::ui::{View as ScreenView, panel};

pub struct View;

impl BoardView for View {
    type Game = Game;

    fn title(&self, entry: &Entry) -> String {
        let Some(facts) = entry.facts::<Facts>() else {
            return "Minesweeper".to_string();
        };
        let level = capitalised(&facts.level);
        match facts.size() {
            Some(size) => format!(
                "Minesweeper {level} {}x{}, {} mines",
                size.rows(),
                size.cols(),
                size.mines()
            ),
            None => format!("Minesweeper {level}"),
        }
    }

    fn figure(&self, replay: &Replay, _: &Timeline<Game>, time_ms: u64) -> Part<'static> {
        Part::new(
            vec![Span::raw(format_time_ms(time_ms))],
            format_time_ms(replay.end_ms()).len(),
        )
    }

    fn last_move(&self, replay: &Replay, timeline: &Timeline<Game>) -> String {
        let at = replay.at();
        let Some(step) = at.checked_sub(1).map(|k| timeline.steps()[k]) else {
            return "the board before the first click".to_string();
        };
        let cell = |what: &str, p: Pos| format!("{what} row {}, column {}", p.row + 1, p.col + 1);
        let what = match step {
            Move::Reveal(p) => cell("opened", p),
            Move::Flag(p) => cell("flag on", p),
            Move::Chord(p) => cell("chord on", p),
            Move::Hint => "asked for a hint".to_string(),
            Move::Opening(p) => cell("the first cell opened for the player:", p),
        };
        format!("at {}: {what}", format_time_ms(replay.time_of(at - 1)))
    }

    fn longest_move(&self) -> &'static str {
        "at 99999.9 s: chord on row 1000, column 1000"
    }

    /// One row of cells in its border.
    fn min_board(&self, _: &Timeline<Game>, width: u16) -> Size {
        Size::new(width, 3)
    }

    fn render(
        &self,
        replay: &Replay,
        timeline: &Timeline<Game>,
        area: Rect,
        (status_rows, bottom_rows): (u16, u16),
        view: &ScreenView,
        buf: &mut Buffer,
    ) -> (Rect, Rect) {
        let theme = &with_numbers(view.theme, view.store.settings());
        let game = timeline.current();
        let at = |view| {
            layout::layout(
                area,
                game.rows(),
                game.cols(),
                view,
                None,
                |_| status_rows,
                bottom_rows,
            )
        };
        let cursor = last_cell(timeline.steps(), timeline.at());
        // The window follows the last move's cell, in its middle where the board is larger.
        let first = at(Pos::new(0, 0));
        let layout = at(cursor.map_or(first.origin, |c| {
            Pos::new(
                c.row.saturating_sub(first.shown_rows / 2),
                c.col.saturating_sub(first.shown_cols / 2),
            )
        }));
        // The game's name on the border where it fits whole (the status names it too), and
        // which part of the board shows where the window does not hold it all.
        let captions: Vec<(String, bool)> = window_captions(&layout, game.rows(), game.cols())
            .into_iter()
            .map(|caption| (caption, true))
            .collect();
        let names = [format!(" {} ", self.title(&replay.entry)), String::new()];
        let (name, caption) = fit_titles(&names, &captions, layout.frame.width);
        panel(name, theme)
            .title_top(Line::styled(caption, theme.dim()).right_aligned())
            .render(layout.frame, buf);
        let marks = CellMarks {
            cursor,
            ..Default::default()
        };
        render_cells(game, &marks, &layout, theme, buf);
        (layout.status, layout.footer)
    }
}

/// The cell of the last move that names one, up to step `at`.
fn last_cell(steps: &[Move], at: usize) -> Option<Pos> {
    steps[..at].iter().rev().find_map(|step| match *step {
        Move::Reveal(p) | Move::Flag(p) | Move::Chord(p) | Move::Opening(p) => Some(p),
        Move::Hint => None,
    })
}
