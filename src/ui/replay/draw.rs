//! Drawing the replay: a status line (the game, the move, the clock or score, playing or paused
//! and the speed), the board as the game's screen draws it, what the last move did, a gauge of
//! the replay's progress (and of the analysis while it runs), and the footer.

use crate::records::format_time_ms;
use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::{Rect, Size};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::{Analysis, ReplayScreen};
use crate::app::App;
use crate::games::minesweeper::{Move, Pos as MinesPos};
use crate::games::tictactoe::{Mark, Outcome as TicTacToeOutcome};
use crate::games::twenty48::{Direction, Input};
use crate::replay::{Positions, Replay};
use crate::ui::status::{self, Part};
use crate::ui::theme::Theme;
use crate::ui::{footer, minesweeper as mines_ui, panel, split_bottom, tictactoe, twenty48};

/// The narrowest the screen is drawn: the footer, the status and the move's line wrap within it.
const MIN_WIDTH: u16 = 40;
/// The columns of the analysis' progress bar.
const ANALYSIS_BAR: u16 = 12;

/// The keys of the screen, the turning points' only for 2048.
fn footer(screen: &ReplayScreen, playing: bool) -> Vec<footer::Hint> {
    let mut hints = vec![
        ("Space", if playing { "pause" } else { "play" }),
        ("←→", "step"),
        ("Home/End", "start/end"),
        ("1-4", "speed"),
    ];
    if matches!(screen.replay.positions, Positions::Twenty48(_)) {
        hints.push(("m", "turning point"));
    }
    hints.extend([("Esc", "back"), ("?", "help")]);
    hints
}

/// The rows under the board: what the last move did (and for 2048 the analysis), the gauge and
/// the footer. Room is kept for the longest text of each line, so that the board never moves.
fn bottom_rows(screen: &ReplayScreen, width: u16) -> u16 {
    let longest: &[&str] = match screen.replay.positions {
        Positions::Minesweeper(_) => &["at 99999.9 s: chord on row 1000, column 1000"],
        Positions::TicTacToe(_) => &["move 25: X at row 5, column 5"],
        Positions::Twenty48(_) => &[
            "move 999999: kept going after the win",
            "turning point move 999999: you went ← right, the computer ← right, seeing the game lost after yours",
        ],
    };
    let text_rows: usize = longest
        .iter()
        .map(|line| {
            Paragraph::new(*line)
                .wrap(Wrap { trim: true })
                .line_count(width)
        })
        .sum();
    text_rows as u16 + 1 + footer::height(&footer(screen, true), width)
}

fn status_parts(screen: &ReplayScreen, now: Instant, theme: &Theme) -> Vec<Part<'static>> {
    let replay = &screen.replay;
    let entry = &replay.entry;
    let n = replay.len();
    let moves = format!("move {} of {n}", replay.at());
    let figure = match &replay.positions {
        Positions::Minesweeper(_) => Part::new(
            vec![Span::raw(format_time_ms(screen.time_ms(now)))],
            format_time_ms(replay.end_ms()).len(),
        ),
        Positions::TicTacToe(timeline) => {
            let turn = match (timeline.current().outcome(), timeline.current().turn()) {
                (Some(TicTacToeOutcome::Draw), _) => "a draw".to_string(),
                (Some(TicTacToeOutcome::Win { mark, .. }), _) => format!("{mark} wins"),
                (None, Some(mark)) => format!("{mark} to move"),
                (None, None) => String::new(),
            };
            Part::new(vec![Span::raw(turn)], "X to move".len())
        }
        Positions::Twenty48(timeline) => {
            let final_score = entry.twenty48.as_ref().map_or(0, |t| t.score);
            Part::new(
                vec![Span::raw(format!("score {}", timeline.current().score()))],
                format!("score {final_score}").len(),
            )
        }
    };
    let state = format!(
        "{} {}x",
        if screen.playback.is_playing() {
            "playing"
        } else {
            "paused"
        },
        screen.playback.speed()
    );
    let result = format!("{:?}", entry.result).to_lowercase();
    let date = entry.start.get(..10).unwrap_or(&entry.start);
    vec![
        Part::text(format!("Replay: {}", title(replay)), theme.title()),
        Part::new(vec![Span::raw(moves)], format!("move {n} of {n}").len()),
        figure,
        Part::new(vec![Span::styled(state, theme.key())], "playing 8x".len()),
        Part::text(format!("{result}, {date}"), theme.dim()),
    ]
}

/// The game as the records name its table.
fn title(replay: &Replay) -> String {
    let entry = &replay.entry;
    if let Some(m) = &entry.minesweeper {
        // Levels are checked names of one word: the first letter up.
        let mut letters = m.level.chars();
        let level: String = letters
            .next()
            .map(|first| first.to_uppercase().chain(letters).collect())
            .unwrap_or_default();
        format!(
            "Minesweeper {level} {}x{}, {} mines",
            m.rows, m.cols, m.mines
        )
    } else if let Some(t) = &entry.tictactoe {
        match t.opponent.as_str() {
            crate::records::tictactoe::TWO_PLAYERS => {
                format!("Tic-tac-toe {}, two players", t.board)
            }
            level => format!("Tic-tac-toe {}, vs {level}", t.board),
        }
    } else if let Some(t) = &entry.twenty48 {
        format!("2048 {0}x{0}", t.size)
    } else {
        String::new()
    }
}

/// What the last move did, and for 2048 the analysis: its progress, the turning point of this
/// position, or how many there are.
fn move_lines(screen: &ReplayScreen, theme: &Theme) -> Vec<Line<'static>> {
    let replay = &screen.replay;
    let at = replay.at();
    let last = match &replay.positions {
        Positions::Minesweeper(timeline) => match at.checked_sub(1).map(|k| timeline.steps()[k]) {
            None => "the board before the first click".to_string(),
            Some(step) => {
                let at_ms = replay.time_of(at - 1);
                let cell = |what: &str, p: MinesPos| {
                    format!("{what} row {}, column {}", p.row + 1, p.col + 1)
                };
                let what = match step {
                    Move::Reveal(p) => cell("opened", p),
                    Move::Flag(p) => cell("flag on", p),
                    Move::Chord(p) => cell("chord on", p),
                    Move::Hint => "asked for a hint".to_string(),
                };
                format!("at {}: {what}", format_time_ms(at_ms))
            }
        },
        Positions::TicTacToe(timeline) => match at.checked_sub(1) {
            None => "X to open the game".to_string(),
            Some(k) => {
                let pos = timeline.steps()[k];
                format!(
                    "move {at}: {} at row {}, column {}",
                    Mark::to_move_after(k),
                    pos.row + 1,
                    pos.col + 1
                )
            }
        },
        Positions::Twenty48(timeline) => match at.checked_sub(1).map(|k| timeline.steps()[k]) {
            None => "the board as the game began".to_string(),
            Some(Input::Slide(direction)) => format!("move {at}: {}", direction.name()),
            Some(Input::Undo) => format!("move {at}: undo"),
            Some(Input::KeepGoing) => format!("move {at}: kept going after the win"),
        },
    };
    let mut lines = vec![Line::raw(last)];
    let arrow = |d: Direction| format!("{} {}", theme.symbol(arrow_of(d), ""), d.name());
    match &screen.analysis {
        Analysis::None => {}
        Analysis::Running { progress, .. } => {
            let mut line = Line::styled("looking for turning points ", theme.dim());
            line.extend(bar(progress.ratio(), ANALYSIS_BAR, &[], theme).spans);
            line.push_span(Span::raw(format!(" {:3.0}%", progress.ratio() * 100.0)));
            lines.push(line);
        }
        Analysis::Done(points) => {
            let here = points.iter().find(|p| p.step == at);
            lines.push(match here {
                Some(point) => Line::from(vec![
                    Span::styled("turning point ", theme.alert()),
                    Span::raw(format!(
                        "move {}: you went {}, the computer {}, {}",
                        point.step + 1,
                        arrow(point.played).trim(),
                        arrow(point.computer).trim(),
                        expectation(point.cost)
                    )),
                ]),
                None if points.is_empty() => Line::styled(
                    "no turning points: the computer found no move much better",
                    theme.dim(),
                ),
                None => Line::styled(
                    match points.len() {
                        1 => "1 turning point, marked on the bar: m goes to it".to_string(),
                        n => format!("{n} turning points, marked on the bar: m goes to the next"),
                    },
                    theme.dim(),
                ),
            });
        }
    }
    lines
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

fn arrow_of(direction: Direction) -> &'static str {
    match direction {
        Direction::Up => "↑",
        Direction::Down => "↓",
        Direction::Left => "←",
        Direction::Right => "→",
    }
}

/// A bar `ratio` full across `width` columns, with a mark at each of the shares in `marks`.
fn bar(ratio: f64, width: u16, marks: &[f64], theme: &Theme) -> Line<'static> {
    let width = usize::from(width);
    let column = |share: f64| ((share.clamp(0.0, 1.0) * width as f64).round() as usize).min(width);
    let full = column(ratio);
    let mut columns: Vec<(&'static str, ratatui::style::Style)> = (0..width)
        .map(|x| {
            if x < full {
                (theme.symbol("━", "="), theme.key())
            } else {
                (theme.symbol("─", "-"), theme.dim())
            }
        })
        .collect();
    for &share in marks {
        if let Some(at) = columns.get_mut(column(share).min(width.saturating_sub(1))) {
            *at = (theme.symbol("┃", "|"), theme.alert());
        }
    }
    Line::from(
        columns
            .into_iter()
            .map(|(symbol, style)| Span::styled(symbol, style))
            .collect::<Vec<_>>(),
    )
}

/// The smallest terminal the replay is drawn in: the board at its smallest with the rows around
/// it.
pub fn min_size(screen: &ReplayScreen, now: Instant) -> Size {
    let width = MIN_WIDTH;
    let other = status::height(&status_parts(screen, now, &Theme::mono()), width)
        + bottom_rows(screen, width);
    let board = match &screen.replay.positions {
        // One row of cells in its border.
        Positions::Minesweeper(_) => Size::new(width, 3),
        Positions::TicTacToe(timeline) => {
            let rules = timeline.current().rules();
            Size::new((rules.cols() * 4) as u16, (rules.rows() * 2 + 1) as u16)
        }
        Positions::Twenty48(timeline) => twenty48::layout::min_size(timeline.current().size(), 0),
    };
    Size::new(board.width.max(width), board.height + other)
}

pub fn render(app: &App, screen: &ReplayScreen, area: Rect, buf: &mut Buffer) {
    let theme = &app.theme;
    let now = app.now;
    let parts = status_parts(screen, now, theme);
    let status_rows = status::height(&parts, area.width);
    let bottom_rows = bottom_rows(screen, area.width);
    let (status_area, bottom) = match &screen.replay.positions {
        Positions::Minesweeper(timeline) => {
            let game = timeline.current();
            let at = |view| {
                mines_ui::layout::layout(
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
            let first = at(MinesPos::new(0, 0));
            let layout = at(cursor.map_or(first.origin, |c| {
                MinesPos::new(
                    c.row.saturating_sub(first.shown_rows / 2),
                    c.col.saturating_sub(first.shown_cols / 2),
                )
            }));
            // The game's name on the border where it fits whole; the status names it too.
            let name = format!(" {} ", title(&screen.replay));
            let room = usize::from(layout.frame.width.saturating_sub(2));
            let name = if name.chars().count() <= room {
                name
            } else {
                String::new()
            };
            panel(name, theme).render(layout.frame, buf);
            let marks = mines_ui::CellMarks {
                cursor,
                ..Default::default()
            };
            mines_ui::render_cells(game, &marks, &layout, theme, buf);
            (layout.status, layout.footer)
        }
        Positions::TicTacToe(timeline) => {
            let game = timeline.current();
            let rules = game.rules();
            let layout = tictactoe::layout::layout(
                area,
                rules.rows(),
                rules.cols(),
                status_rows,
                0,
                bottom_rows,
            );
            let last = timeline.at().checked_sub(1).map(|k| timeline.steps()[k]);
            tictactoe::render_board(game, last, None, &layout, theme, buf);
            (layout.status, layout.footer)
        }
        Positions::Twenty48(timeline) => {
            let game = timeline.current();
            let layout =
                twenty48::layout::layout(area, game.size(), status_rows, None, bottom_rows);
            twenty48::render_places(game.board(), &layout, false, theme, buf);
            twenty48::render_tiles(game.board(), &layout, None, theme, buf);
            (layout.status, layout.footer)
        }
    };
    status::render(&parts, status_area, buf);
    let (text_area, footer_area) =
        split_bottom(bottom, footer::height(&footer(screen, true), bottom.width));
    let (text_area, gauge_area) = split_bottom(text_area, 1);
    Paragraph::new(move_lines(screen, theme))
        .centered()
        .wrap(Wrap { trim: true })
        .render(text_area, buf);
    let n = screen.replay.len().max(1);
    let ratio = screen.replay.at() as f64 / n as f64;
    let marks: Vec<f64> = screen
        .turning_points()
        .iter()
        .map(|point| point.step as f64 / n as f64)
        .collect();
    let gauge_width = gauge_area.width.saturating_sub(4).min(72);
    let gauge = Rect {
        x: gauge_area.x + (gauge_area.width - gauge_width) / 2,
        width: gauge_width,
        ..gauge_area
    };
    bar(ratio, gauge_width, &marks, theme).render(gauge, buf);
    let playing = screen.playback.is_playing();
    footer::render(&footer(screen, playing), theme, footer_area, buf);
}

/// The cell of the last move that names one, up to step `at`.
fn last_cell(steps: &[Move], at: usize) -> Option<MinesPos> {
    steps[..at].iter().rev().find_map(|step| match *step {
        Move::Reveal(p) | Move::Flag(p) | Move::Chord(p) => Some(p),
        Move::Hint => None,
    })
}
