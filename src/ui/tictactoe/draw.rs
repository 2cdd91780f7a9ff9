//! Drawing the tic-tac-toe board: a grid with large marks that grow with the cells, the cursor or
//! a hint, and the winning line.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Modifier, Style};

use super::layout::GridLayout;
use crate::games::tictactoe::{Game, Mark, Outcome, Pos};
use crate::ui::marks::mark_style;
use crate::ui::theme::Theme;

/// The lines of a mark drawn `width` x `height`: a letter in a one-row cell, and in larger cells a
/// big X of two diagonals and a big O ring, drawn with two-column strokes so that rows join.
pub fn mark_art(mark: Mark, width: u16, height: u16, ascii: bool) -> Vec<String> {
    let (w, h) = (width as usize, height as usize);
    let letter = match mark {
        Mark::X => 'X',
        Mark::O => 'O',
    };
    if h < 3 || w < 7 {
        let mut lines = vec![" ".repeat(w); h.max(1)];
        lines[(h.max(1) - 1) / 2] = format!("{letter:^w$}");
        return lines;
    }
    let ink = if ascii { letter } else { '█' };
    // One column of margin each side keeps neighbouring marks apart; strokes are two columns.
    let inner = w - 2;
    let last = inner - 2;
    let at = |r: usize, span: f64| ((r as f64) * span / (h - 1) as f64).round() as usize;
    let mut rows = vec![vec![' '; inner]; h];
    let stroke = |row: &mut Vec<char>, from: usize, to: usize| {
        for x in from.min(to)..=from.max(to) + 1 {
            row[x.min(inner - 1)] = ink;
        }
    };
    match mark {
        Mark::X => {
            for (r, row) in rows.iter_mut().enumerate() {
                let x = at(r, last as f64);
                stroke(row, x, x);
                stroke(row, last - x, last - x);
            }
        }
        Mark::O => {
            // A ring with cut corners: bars across the top and bottom, two-column sides.
            for (r, row) in rows.iter_mut().enumerate() {
                if r == 0 || r == h - 1 {
                    stroke(row, 2, last - 2);
                } else {
                    stroke(row, 0, 0);
                    stroke(row, last, last);
                }
            }
        }
    }
    rows.into_iter()
        .map(|row| format!(" {} ", row.into_iter().collect::<String>()))
        .collect()
}

fn render_grid(layout: &GridLayout, theme: &Theme, buf: &mut Buffer) {
    let (across, down, cross) = if theme.ascii {
        ("-", "|", "+")
    } else {
        ("─", "│", "┼")
    };
    let style = theme.dim();
    let grid = layout.grid;
    for col in 1..layout.cols as u16 {
        let x = grid.x + col * (layout.cell_width + 1) - 1;
        for y in grid.top()..grid.bottom() {
            put(buf, x, y, down, style);
        }
    }
    for row in 1..layout.rows as u16 {
        let y = grid.y + row * (layout.cell_height + 1) - 1;
        for x in grid.left()..grid.right() {
            let on_line = (x - grid.x + 1).is_multiple_of(layout.cell_width + 1);
            put(buf, x, y, if on_line { cross } else { across }, style);
        }
    }
}

fn put(buf: &mut Buffer, x: u16, y: u16, symbol: &str, style: Style) {
    if let Some(cell) = buf.cell_mut(Position::new(x, y)) {
        cell.set_symbol(symbol).set_style(style);
    }
}

/// The grid with its marks, the winning line lit, and the cursor or a hint where given: the game
/// screen's and the replay's.
pub(super) fn render_board(
    game: &Game,
    cursor: Option<Pos>,
    hint: Option<Pos>,
    layout: &GridLayout,
    theme: &Theme,
    buf: &mut Buffer,
) {
    render_grid(layout, theme, buf);
    let winning: Vec<Pos> = match game.outcome() {
        Some(Outcome::Win { line, .. }) => line.clone(),
        _ => Vec::new(),
    };
    for row in 0..layout.rows {
        for col in 0..layout.cols {
            let pos = Pos::new(row, col);
            if let Some(rect) = layout.cell_rect(pos) {
                let marked = if hint == Some(pos) {
                    Some(theme.good())
                } else {
                    (cursor == Some(pos)).then(|| theme.key())
                };
                render_cell(game, pos, rect, winning.contains(&pos), marked, theme, buf);
            }
        }
    }
}

/// A cell and its mark; `marked`: the style of the corners that mark the cursor or a hint.
fn render_cell(
    game: &Game,
    pos: Pos,
    rect: Rect,
    winning: bool,
    marked: Option<Style>,
    theme: &Theme,
    buf: &mut Buffer,
) {
    if let Some(mark) = game.mark_at(pos) {
        let mut style = mark_style(mark, theme);
        if winning {
            style = style.add_modifier(Modifier::REVERSED);
        }
        let art = mark_art(mark, rect.width, rect.height, theme.ascii);
        let top = rect.y + (rect.height - art.len() as u16) / 2;
        for (i, line) in art.iter().enumerate() {
            if winning {
                // The whole cell lights up, not just the strokes.
                buf.set_style(Rect::new(rect.x, top + i as u16, rect.width, 1), style);
            }
            buf.set_string(rect.x, top + i as u16, line, style);
        }
        if winning {
            buf.set_style(rect, style);
        }
    }
    if let Some(style) = marked {
        if rect.height == 1 {
            buf.set_style(rect, style.add_modifier(Modifier::REVERSED));
        } else {
            let corners = if theme.ascii {
                ["+", "+", "+", "+"]
            } else {
                ["┌", "┐", "└", "┘"]
            };
            let (right, bottom) = (rect.right() - 1, rect.bottom() - 1);
            for (symbol, (x, y)) in corners.iter().zip([
                (rect.x, rect.y),
                (right, rect.y),
                (rect.x, bottom),
                (right, bottom),
            ]) {
                put(buf, x, y, symbol, style);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_grow_with_their_cells() {
        assert_eq!(mark_art(Mark::X, 3, 1, false), [" X "]);
        assert_eq!(
            mark_art(Mark::X, 7, 3, false),
            [" ██ ██ ", "  ███  ", " ██ ██ "]
        );
        assert_eq!(
            mark_art(Mark::O, 9, 4, true),
            ["   OOO   ", " OO   OO ", " OO   OO ", "   OOO   "]
        );
        for h in 1..8u16 {
            for mark in [Mark::X, Mark::O] {
                let art = mark_art(mark, 2 * h + 1, h, false);
                assert_eq!(art.len(), h as usize);
                assert!(
                    art.iter()
                        .all(|l| l.chars().count() == (2 * h + 1) as usize),
                    "{art:?}"
                );
            }
        }
    }
}
