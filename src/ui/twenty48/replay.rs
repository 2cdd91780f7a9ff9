//! 2048 replays drawn: the board as the game's screen draws it, the score, each move's
//! direction, and the turning points the computer finds in the background.

use ratatui::buffer::Buffer;
use ratatui::layout::{Rect, Size};
use ratatui::text::Span;

use super::{layout, render_places, render_tiles};
use crate::games::twenty48::{Direction, Game, Input};
use crate::history::Entry;
use crate::play::twenty48::facts::Facts;
use crate::play::twenty48::turning::turning_points;
use crate::replay::{Replay, Timeline};
use crate::ui::View as ScreenView;
use crate::ui::replay::{BoardView, Mark, MarkNames, MarkSearch};
use crate::ui::status::Part;

pub struct View;

static TURNING_POINTS: MarkNames = MarkNames {
    one: "turning point",
    many: "turning points",
    searching: "looking for turning points",
    none: "no turning points: the computer found no move much better",
    longest: "turning point move 999999: you went ← right, the computer ← right, seeing the game \
              lost after yours",
    next: "next turning point",
};

impl BoardView for View {
    type Game = Game;

    fn title(&self, entry: &Entry) -> String {
        entry.facts::<Facts>().map_or("2048".to_string(), |facts| {
            format!("2048 {0}x{0}", facts.size)
        })
    }

    fn figure(&self, replay: &Replay, timeline: &Timeline<Game>, _: u64) -> Part<'static> {
        let final_score = replay.entry.facts::<Facts>().map_or(0, |f| f.score);
        let score = timeline.current().score();
        Part::new(
            vec![Span::raw(format!("score {score}"))],
            format!("score {final_score}").len(),
        )
    }

    fn last_move(&self, replay: &Replay, timeline: &Timeline<Game>) -> String {
        let at = replay.at();
        match at.checked_sub(1).map(|k| timeline.steps()[k]) {
            None => "the board as the game began".to_string(),
            Some(Input::Slide(direction)) => format!("move {at}: {}", direction.name()),
            Some(Input::Undo) => format!("move {at}: undo"),
            Some(Input::KeepGoing) => format!("move {at}: kept going after the win"),
        }
    }

    fn longest_move(&self) -> &'static str {
        "move 999999: kept going after the win"
    }

    fn min_board(&self, timeline: &Timeline<Game>, _: u16) -> Size {
        layout::min_size(timeline.current().size(), 0)
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
        let layout = layout::layout(area, game.size(), status_rows, None, bottom_rows);
        render_places(game.board(), &layout, false, view.theme, buf);
        render_tiles(game.board(), &layout, None, view.theme, buf);
        (layout.status, layout.footer)
    }

    /// The computer looks through the game for the moves where it would have gone another way.
    fn marks(&self, replay: &Replay, timeline: &Timeline<Game>) -> Option<MarkSearch> {
        let (size, seed) = (timeline.current().size(), replay.entry.seed);
        let inputs = timeline.steps().to_vec();
        Some(MarkSearch {
            names: &TURNING_POINTS,
            job: Box::new(move |progress| {
                let mut player = crate::games::twenty48::Player::new();
                turning_points(size, seed, &inputs, &mut player, progress)
                    .into_iter()
                    .map(|point| {
                        let text = |arrows: bool| {
                            format!(
                                "move {}: you went {}, the computer {}, {}",
                                point.step + 1,
                                arrow(point.played, arrows),
                                arrow(point.computer, arrows),
                                expectation(point.cost)
                            )
                        };
                        Mark {
                            step: point.step,
                            text: text(true),
                            ascii: text(false),
                        }
                    })
                    .collect()
            }),
        })
    }
}

/// A direction's name, after its arrow where the terminal shows arrows.
fn arrow(direction: Direction, arrows: bool) -> String {
    let arrow = match direction {
        Direction::Up => "↑",
        Direction::Down => "↓",
        Direction::Left => "←",
        Direction::Right => "→",
    };
    if arrows {
        format!("{arrow} {}", direction.name())
    } else {
        direction.name().to_string()
    }
}

/// What the computer expected of the move played, against its own.
fn expectation(cost: f32) -> String {
    // The evaluation of a lost board is far below any other: a share past all of it means the
    // computer saw the game lost after the move played.
    if cost >= 1.0 {
        "seeing the game lost after yours".to_string()
    } else {
        format!("expecting {:.0}% less", cost * 100.0)
    }
}
