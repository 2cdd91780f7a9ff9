//! Drawing the 2048 screen: the status line, the board with its tiles (sliding, flashing and
//! appearing while a move is shown), the win and game-over choices, and the footer.

use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::Span;
use ratatui::widgets::Widget;

use super::colors::{board_style, empty_style, tile_style};
use super::layout::BoardLayout;
use super::{SETTLE, SLIDE, Twenty48Screen};
use crate::app::App;
use crate::games::GameId;
use crate::games::twenty48::{Cell, Direction, Status, tile_value, win_exponent};
use crate::ui::footer::{self, Hint};
use crate::ui::theme::Theme;
use crate::ui::{fit_groups, render_choice};

/// The number on a tile, or `2^k` when the number is wider than the tile.
pub fn tile_text(exponent: u8, width: u16) -> String {
    let number = tile_value(exponent).to_string();
    if number.len() <= width as usize {
        number
    } else {
        format!("2^{exponent}")
    }
}

fn draw_tile(rect: Rect, exponent: u8, style: Style, buf: &mut Buffer) {
    buf.set_style(rect, style);
    let text = tile_text(exponent, rect.width);
    let x = rect.x + rect.width.saturating_sub(text.len() as u16) / 2;
    let y = rect.y + rect.height.saturating_sub(1) / 2;
    buf.set_stringn(x, y, &text, rect.width as usize, style);
}

/// Where a move's animation is at `now`.
enum Phase {
    /// Tiles on their way, 0 to 1.
    Sliding(f64),
    /// Tiles in place; merged tiles flash and the new tile grows in, 0 to 1.
    Settling(f64),
    Still,
}

fn phase(screen: &Twenty48Screen, now: Instant) -> Phase {
    let Some(animation) = &screen.animation else {
        return Phase::Still;
    };
    let elapsed = now.saturating_duration_since(animation.started);
    if elapsed < SLIDE {
        Phase::Sliding(elapsed.as_secs_f64() / SLIDE.as_secs_f64())
    } else if elapsed < SLIDE + SETTLE {
        Phase::Settling((elapsed - SLIDE).as_secs_f64() / SETTLE.as_secs_f64())
    } else {
        Phase::Still
    }
}

pub fn render(app: &App, screen: &Twenty48Screen, area: Rect, buf: &mut Buffer) {
    let theme = &app.theme;
    let layout = screen.layout(area);
    render_status(app, screen, &layout, buf);
    buf.set_style(layout.board, board_style(theme));
    let size = layout.size;
    let cells = (0..size).flat_map(|row| (0..size).map(move |col| Cell { row, col }));
    let board = screen.game.board();
    let sliding = matches!(phase(screen, app.now), Phase::Sliding(_));
    for cell in cells.clone() {
        let rect = layout.tile_rect(cell);
        buf.set_style(rect, empty_style(theme));
        // Without colour a dot marks an empty place; moving tiles pass over places, so none then.
        if !theme.has_color() && !sliding && board.get(cell) == Some(0) {
            let dot = theme.symbol("·", ".");
            buf.set_string(
                rect.x + rect.width / 2,
                rect.y + rect.height / 2,
                dot,
                theme.dim(),
            );
        }
    }
    match phase(screen, app.now) {
        Phase::Sliding(progress) => {
            let eased = 1.0 - (1.0 - progress).powi(2);
            let motions = &screen
                .animation
                .as_ref()
                .expect("sliding means animating")
                .report
                .motions;
            for motion in motions {
                let lerp = |from: usize, to: usize| from as f64 + (to as f64 - from as f64) * eased;
                let (x, y) = layout.tile_origin(
                    lerp(motion.from.row, motion.to.row),
                    lerp(motion.from.col, motion.to.col),
                );
                let rect = Rect::new(
                    x.round() as u16,
                    y.round() as u16,
                    layout.tile_width,
                    layout.tile_height,
                )
                .intersection(layout.board);
                draw_tile(
                    rect,
                    motion.exponent,
                    tile_style(motion.exponent, theme),
                    buf,
                );
            }
        }
        phase => {
            let report = screen.animation.as_ref().map(|a| &a.report);
            let settling = match phase {
                Phase::Settling(progress) => Some(progress),
                _ => None,
            };
            for cell in cells {
                let exponent = board.get(cell).unwrap_or(0);
                if exponent == 0 {
                    continue;
                }
                let mut rect = layout.tile_rect(cell);
                let mut style = tile_style(exponent, theme);
                if let (Some(progress), Some(report)) = (settling, report) {
                    if report.merged.iter().any(|t| t.cell == cell) {
                        // A merged tile flashes once.
                        style = style.add_modifier(Modifier::REVERSED);
                    }
                    if report.spawned.cell == cell && progress < 0.5 {
                        // A new tile grows in from its middle.
                        rect = rect.centered(
                            Constraint::Length(rect.width.div_ceil(2)),
                            Constraint::Length(rect.height.div_ceil(2)),
                        );
                    }
                }
                draw_tile(rect, exponent, style, buf);
            }
        }
    }
    render_choices(screen, &layout, theme, buf);
    footer::render(&footer(screen), theme, layout.footer, buf);
}

fn render_status(app: &App, screen: &Twenty48Screen, layout: &BoardLayout, buf: &mut Buffer) {
    let theme = &app.theme;
    let game = &screen.game;
    // The best of the table this game goes to, as recorded: it never goes down during a game.
    let standing = screen.standing(&app.store);
    let mut score = vec![
        Span::styled("score ", theme.dim()),
        Span::styled(game.score().to_string(), theme.title()),
    ];
    if screen.last_gain > 0 {
        score.push(Span::styled(
            format!(" +{}", screen.last_gain),
            theme.good(),
        ));
    }
    let figure = |label: &'static str, value: String| {
        vec![Span::styled(label, theme.dim()), Span::raw(value)]
    };
    let mut groups = vec![
        score,
        {
            // An assisted game goes to the assisted table: its best is that table's.
            let label = if screen.assisted() {
                " assisted best "
            } else {
                " best "
            };
            // Before the table holds a game, there is no best to show or to beat.
            let recorded = standing.best > 0;
            let value = if recorded {
                standing.best.to_string()
            } else {
                "-".to_string()
            };
            let mut best = figure(label, value);
            if recorded && standing.new_best {
                best.push(Span::styled(" beaten!", theme.good()));
            }
            best
        },
        figure(" moves ", game.moves().to_string()),
        figure(" biggest ", tile_value(game.biggest_tile()).to_string()),
    ];
    // What the computer says comes before the marks, which matter less.
    if screen.computer.autoplay {
        groups.insert(
            1,
            vec![Span::styled(" autoplay: any key stops", theme.key())],
        );
    } else if let Some(direction) = screen.computer.hint {
        let arrow = arrow(direction, theme);
        groups.insert(
            1,
            vec![Span::styled(
                format!(" hint: {arrow} {}", direction.name()),
                theme.good(),
            )],
        );
    }
    let marks: Vec<&str> = [
        (game.undo_used(), "undo"),
        (game.hint_used(), "hints"),
        (game.autoplayed(), "autoplay"),
    ]
    .into_iter()
    .filter_map(|(used, name)| used.then_some(name))
    .collect();
    if !marks.is_empty() {
        groups.push(vec![Span::styled(
            format!(" used {}", marks.join(", ")),
            theme.dim(),
        )]);
    }
    fit_groups(groups, layout.status.width as usize)
        .centered()
        .render(layout.status, buf);
}

/// The boxes over the board: the win, the game's end, a new game that needs confirming.
fn render_choices(screen: &Twenty48Screen, layout: &BoardLayout, theme: &Theme, buf: &mut Buffer) {
    let (title, style, choices): (String, Style, &[(&str, &str)]) =
        if let Some(asked) = screen.question {
            (
                asked.text(GameId::Twenty48).into(),
                theme.alert(),
                &[("y", "yes"), ("n", "no")],
            )
        } else {
            match screen.game.status() {
                Status::Won => (
                    format!(
                        "You win! ({})",
                        tile_value(win_exponent(screen.game.size()))
                    ),
                    theme.good(),
                    &[("Enter", "keep going"), ("n", "new game")],
                ),
                Status::Over => (
                    "Game over!".into(),
                    theme.bad(),
                    &[("n", "new game"), ("Esc", "menu")],
                ),
                Status::Playing => return,
            }
        };
    render_choice(layout.board, &title, style, choices, theme, buf);
}

/// The arrow of a direction, in ASCII when the theme asks.
fn arrow(direction: Direction, theme: &Theme) -> String {
    if theme.ascii {
        match direction {
            Direction::Up => "^",
            Direction::Down => "v",
            Direction::Left => "<",
            Direction::Right => ">",
        }
        .to_string()
    } else {
        direction.arrow().to_string()
    }
}

fn footer(screen: &Twenty48Screen) -> Vec<Hint> {
    match screen.game.status() {
        Status::Won => vec![
            ("Enter", "keep going"),
            ("n", "new"),
            ("Esc", "back"),
            ("?", "help"),
        ],
        Status::Over => vec![("n", "new"), ("u", "undo"), ("Esc", "back"), ("?", "help")],
        Status::Playing => vec![
            ("←↑↓→", "move"),
            ("u", "undo"),
            ("t", "hint"),
            ("A", "autoplay"),
            ("n", "new"),
            ("o", "options"),
            ("Esc", "back"),
            ("?", "help"),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_numbers_become_powers() {
        assert_eq!(tile_text(11, 4), "2048");
        assert_eq!(tile_text(14, 4), "2^14");
        assert_eq!(tile_text(14, 6), "16384");
        assert_eq!(tile_text(70, 8), "2^70");
    }
}
