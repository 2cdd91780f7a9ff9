//! A game's replay view with its positions at hand: each game implements [`BoardView`] for its
//! own positions, and the replay screen asks it as a [`ReplayView`].

use ratatui::buffer::Buffer;
use ratatui::layout::{Rect, Size};

use super::{MarkSearch, ReplayView};
use crate::history::Entry;
use crate::replay::{Replay, Steps, Timeline};
use crate::ui::View;
use crate::ui::status::Part;

/// How the replays of a game whose positions are `Game`s are drawn: what [`ReplayView`] asks,
/// given the positions.
pub trait BoardView: Sync {
    type Game: Steps + 'static;
    /// The game as its table is named: `Minesweeper Beginner 9x9, 10 mines`.
    fn title(&self, entry: &Entry) -> String;
    fn figure(
        &self,
        replay: &Replay,
        positions: &Timeline<Self::Game>,
        time_ms: u64,
    ) -> Part<'static>;
    fn last_move(&self, replay: &Replay, positions: &Timeline<Self::Game>) -> String;
    fn longest_move(&self) -> &'static str;
    fn min_board(&self, positions: &Timeline<Self::Game>, width: u16) -> Size;
    fn render(
        &self,
        replay: &Replay,
        positions: &Timeline<Self::Game>,
        area: Rect,
        rows: (u16, u16),
        view: &View,
        buf: &mut Buffer,
    ) -> (Rect, Rect);
    /// What to look through the replay for, if anything.
    fn marks(&self, replay: &Replay, positions: &Timeline<Self::Game>) -> Option<MarkSearch> {
        let _ = (replay, positions);
        None
    }
}

/// A replay is built by its own game, so its positions are always the view's; were they not,
/// it would show an empty board rather than stop the program.
impl<T: BoardView> ReplayView for T {
    fn title(&self, replay: &Replay) -> String {
        BoardView::title(self, &replay.entry)
    }

    fn figure(&self, replay: &Replay, time_ms: u64) -> Part<'static> {
        replay
            .timeline()
            .map_or(Part::new(Vec::new(), 0), |positions| {
                BoardView::figure(self, replay, positions, time_ms)
            })
    }

    fn last_move(&self, replay: &Replay) -> String {
        replay.timeline().map_or(String::new(), |positions| {
            BoardView::last_move(self, replay, positions)
        })
    }

    fn longest_move(&self) -> &'static str {
        BoardView::longest_move(self)
    }

    fn min_board(&self, replay: &Replay, width: u16) -> Size {
        replay.timeline().map_or(Size::new(0, 0), |positions| {
            BoardView::min_board(self, positions, width)
        })
    }

    fn render(
        &self,
        replay: &Replay,
        area: Rect,
        rows: (u16, u16),
        view: &View,
        buf: &mut Buffer,
    ) -> (Rect, Rect) {
        match replay.timeline() {
            Some(positions) => BoardView::render(self, replay, positions, area, rows, view, buf),
            None => (area, area),
        }
    }

    fn marks(&self, replay: &Replay) -> Option<MarkSearch> {
        BoardView::marks(self, replay, replay.timeline()?)
    }
}
