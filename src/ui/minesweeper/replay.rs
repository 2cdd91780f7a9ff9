//! Minesweeper replays drawn: the board as the game's screen draws it, its window following the
//! cell of the last move, the clock, what each click did, each guess marked with its chances,
//! and the verdict on a loss.

use ratatui::buffer::Buffer;
use ratatui::layout::{Rect, Size};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::draw::{fit_titles, window_captions, with_numbers};
use super::{CellMarks, layout, render_cells};
use crate::games::minesweeper::{Game, Move, Pos, Status, TimedMove};
use crate::history::Entry;
use crate::play::minesweeper::chance::percent;
use crate::play::minesweeper::facts::Facts;
use crate::play::minesweeper::replay::guesses;
use crate::play::minesweeper::verdict::Verdict;
use crate::records::{capitalised, format_time_ms};
use crate::replay::{Replay, Timeline};
use crate::ui::replay::{BoardView, Mark, MarkNames, MarkSearch};
use crate::ui::status::Part;
use crate::ui::{View as ScreenView, panel};

pub struct View;

static GUESSES: MarkNames = MarkNames {
    one: "guess",
    many: "guesses",
    searching: "looking for the guesses",
    none: "no guesses: logic proved every cell played",
    longest: "guess move 99999: >99% mine, the safest >99%",
    next: "next guess",
};

/// The guesses of a lost game: the last one's mark says what the loss was.
static LOST_GUESSES: MarkNames = MarkNames {
    longest: "guess move 99999: Forced guess: no safe cell; this one had a >99% chance of a mine, \
              the safest >99%",
    ..GUESSES
};

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
        let what = match step.play {
            Move::Reveal(p) => cell("opened", p),
            Move::Flag(p) => cell("flag on", p),
            Move::Chord(p) => cell("chord on", p),
            Move::Hint => "asked for a hint".to_string(),
            Move::Opening(p) => cell("the first cell opened for the player:", p),
            Move::Autoplay => "the computer took over".to_string(),
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

    /// Each guess, marked after its move with its chances; the fatal one of a lost game with
    /// what the loss was, as the game's screen said it.
    fn marks(&self, replay: &Replay, timeline: &Timeline<Game>) -> Option<MarkSearch> {
        let entry = replay.entry.clone();
        let steps = timeline.steps().to_vec();
        let end = timeline.current();
        let verdict = (end.status() == Status::Lost)
            .then(|| end.post_mortem())
            .flatten()
            .map(|seen| Verdict::of(steps.last().and_then(|step| step.guess), &seen));
        Some(MarkSearch {
            names: if verdict.is_some() {
                &LOST_GUESSES
            } else {
                &GUESSES
            },
            job: Box::new(move |progress| {
                let fatal = steps.len().checked_sub(1);
                guesses(&entry, &steps, progress)
                    .into_iter()
                    .map(|(step, guess)| {
                        let text = match verdict.filter(|_| Some(step) == fatal) {
                            Some(verdict) => format!("move {}: {}", step + 1, verdict.text()),
                            None => format!(
                                "move {}: {} mine, the safest {}",
                                step + 1,
                                percent(guess.mine_chance()),
                                percent(guess.safest_chance())
                            ),
                        };
                        Mark {
                            step: step + 1,
                            ascii: text.clone(),
                            text,
                        }
                    })
                    .collect()
            }),
        })
    }
}

/// The cell of the last move that names one, up to step `at`.
fn last_cell(steps: &[TimedMove], at: usize) -> Option<Pos> {
    steps[..at].iter().rev().find_map(|step| step.play.cell())
}
