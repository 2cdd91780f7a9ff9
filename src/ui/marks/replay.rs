//! Replays of a game of marks in a row drawn: the board as the game's screen draws it, the last
//! move marked, and whose turn it is.

use std::marker::PhantomData;

use ratatui::buffer::Buffer;
use ratatui::layout::{Rect, Size};
use ratatui::text::Span;

use super::{BoardLayout, Marked, MarksUi, Rows};
use crate::games::marks::{Game, Mark, Outcome};
use crate::history::Entry;
use crate::play::marks::{Facts, TWO_PLAYERS};
use crate::replay::{Replay, Timeline};
use crate::ui::View as ScreenView;
use crate::ui::replay::{BoardView, ReplayView};
use crate::ui::status::Part;

pub struct View<V>(PhantomData<fn() -> V>);

/// The replay view of `V`.
pub fn view<V: MarksUi>() -> &'static dyn ReplayView {
    &View::<V>(PhantomData)
}

impl<V: MarksUi> BoardView for View<V> {
    type Game = Game<V::Rules>;

    fn title(&self, entry: &Entry) -> String {
        let Some(facts) = entry.facts::<Facts>() else {
            return V::TITLE.to_string();
        };
        match facts.opponent.as_ref() {
            TWO_PLAYERS => format!("{} {}, two players", V::TITLE, facts.table()),
            level => format!("{} {}, vs {level}", V::TITLE, facts.table()),
        }
    }

    fn figure(&self, _: &Replay, timeline: &Timeline<Self::Game>, _: u64) -> Part<'static> {
        let game = timeline.current();
        let turn = match (game.outcome(), game.turn()) {
            (Some(Outcome::Draw), _) => "a draw".to_string(),
            (Some(Outcome::Win { mark, .. }), _) => format!("{mark} wins"),
            (None, Some(mark)) => format!("{mark} to move"),
            (None, None) => String::new(),
        };
        Part::new(vec![Span::raw(turn)], "X to move".len())
    }

    fn last_move(&self, replay: &Replay, timeline: &Timeline<Self::Game>) -> String {
        let at = replay.at();
        match at.checked_sub(1) {
            Some(k) => {
                let pos = timeline.steps()[k];
                let cell = V::cell_name(pos, timeline.current().rules());
                format!("move {at}: {} at {cell}", Mark::to_move_after(k))
            }
            None => "X to open the game".to_string(),
        }
    }

    fn longest_move(&self) -> &'static str {
        V::LONGEST_MOVE
    }

    fn min_board(&self, timeline: &Timeline<Self::Game>, _: u16) -> Size {
        V::min_board(timeline.current().rules())
    }

    fn render(
        &self,
        _: &Replay,
        timeline: &Timeline<Self::Game>,
        area: Rect,
        (status, footer): (u16, u16),
        view: &ScreenView,
        buf: &mut Buffer,
    ) -> (Rect, Rect) {
        let game = timeline.current();
        let rows = Rows {
            status,
            result: 0,
            footer,
        };
        let layout = V::layout(area, game.rules(), rows);
        let last = timeline.at().checked_sub(1).map(|k| timeline.steps()[k]);
        let marked = Marked {
            last,
            ..Marked::default()
        };
        V::render_board(game, marked, &layout, view.theme, buf);
        let [status, _, footer] = layout.around();
        (status, footer)
    }
}
