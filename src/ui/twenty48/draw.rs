//! Drawing the 2048 screen: the status, the board with its tiles (sliding, flashing and appearing
//! while a move is shown), the card at the end of a game, the new-game question, and the footer.

use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::widgets::{Padding, Paragraph, Widget};

use super::colors::{board_style, empty_style, tile_style};
use super::layout::BoardLayout;
use super::{SETTLE, SLIDE, Twenty48Screen, text};
use crate::games::twenty48::{Board, Cell, MoveReport, tile_value};
use crate::play::twenty48::settings;
use crate::ui::keys::KeyTable;
use crate::ui::question::{self, Stakes};
use crate::ui::theme::Theme;
use crate::ui::{View, footer, panel, status};

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

pub fn render(view: &View, screen: &Twenty48Screen, area: Rect, buf: &mut Buffer) {
    let theme = view.theme;
    let layout = screen.layout(area, view.store);
    render_status(view, screen, &layout, buf);
    let board = screen.session.game.board();
    let phase = phase(screen, view.now);
    render_places(
        board,
        &layout,
        matches!(phase, Phase::Sliding(_)),
        theme,
        buf,
    );
    let report = screen.animation.as_ref().map(|a| &a.report);
    match (phase, report) {
        (Phase::Sliding(progress), Some(report)) => {
            let eased = 1.0 - (1.0 - progress).powi(2);
            for motion in &report.motions {
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
        (Phase::Settling(progress), Some(report)) => {
            render_tiles(board, &layout, Some((report, progress)), theme, buf);
        }
        _ => render_tiles(board, &layout, None, theme, buf),
    }
    render_card(view, screen, &layout, buf);
    if let Some(asked) = screen.question {
        let size = settings::size(view.store.settings());
        let next = screen.session.daily.map(|_| format!("{size}x{size}"));
        question::render(asked, Stakes::Scored, next.as_deref(), area, theme, buf);
    }
    footer::render(&screen.footer(), theme, layout.footer, buf);
}

fn cells(size: usize) -> impl Iterator<Item = Cell> + Clone {
    (0..size).flat_map(move |row| (0..size).map(move |col| Cell { row, col }))
}

/// The board and its empty places: the game screen's and the replay's.
pub(in crate::ui) fn render_places(
    board: &Board,
    layout: &BoardLayout,
    sliding: bool,
    theme: &Theme,
    buf: &mut Buffer,
) {
    buf.set_style(layout.board, board_style(theme));
    for cell in cells(layout.size) {
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
}

/// The tiles in their places; while a move settles (`settling`: its report and how far, 0 to
/// 1), merged tiles flash and the new tile grows in.
pub(in crate::ui) fn render_tiles(
    board: &Board,
    layout: &BoardLayout,
    settling: Option<(&MoveReport, f64)>,
    theme: &Theme,
    buf: &mut Buffer,
) {
    for cell in cells(layout.size) {
        let exponent = board.get(cell).unwrap_or(0);
        if exponent == 0 {
            continue;
        }
        let mut rect = layout.tile_rect(cell);
        let mut style = tile_style(exponent, theme);
        if let Some((report, progress)) = settling {
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

fn render_status(view: &View, screen: &Twenty48Screen, layout: &BoardLayout, buf: &mut Buffer) {
    let theme = view.theme;
    // The best of the table this game goes to, as recorded: it never goes down during a game.
    let figures = text::figures(screen, screen.session.standing(view.store), theme);
    let (figures_area, messages_area) = split_top(
        layout.status,
        status::grid_height(&figures, layout.status.width),
    );
    status::render_grid(&figures, figures_area, buf);
    status::render(&text::messages(screen, theme), messages_area, buf);
}

/// The first `rows` rows of `area`, and the rest.
fn split_top(area: Rect, rows: u16) -> (Rect, Rect) {
    let rows = rows.min(area.height);
    (
        Rect {
            height: rows,
            ..area
        },
        Rect {
            y: area.y + rows,
            height: area.height - rows,
            ..area
        },
    )
}

/// The card at the end of a game, beside or below the board.
fn render_card(view: &View, screen: &Twenty48Screen, layout: &BoardLayout, buf: &mut Buffer) {
    let Some(area) = layout.card else {
        return;
    };
    let standing = screen.session.standing(view.store);
    let card = Paragraph::new(text::card(screen, standing, view.theme));
    if layout.card_border {
        card.block(panel("", view.theme).padding(Padding::horizontal(1)))
            .render(area, buf);
    } else {
        card.render(area, buf);
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
