//! Drawing the gomoku board: lines whose crossings hold the stones, column letters and row
//! numbers, the cursor in brackets, the last move in parentheses, a hint as a star, and the
//! winning row lit.

use ratatui::buffer::Buffer;
use ratatui::layout::Position;
use ratatui::style::{Modifier, Style};

use super::layout::GomokuLayout;
use crate::games::gomoku::{Game, Outcome, Pos};
use crate::ui::marks::{Marked, mark_style};
use crate::ui::theme::Theme;

/// The column letters, A at the left; row numbers count from 1 at the bottom.
const LETTERS: &str = "ABCDEFGHIJKLMNOPQRST";

/// A cell as players name it: its column's letter and its row's number, `H8` in the middle of
/// 15x15.
pub fn cell_name(pos: Pos, size: usize) -> String {
    let letter = LETTERS.chars().nth(pos.col).unwrap_or('?');
    format!("{letter}{}", size.saturating_sub(pos.row))
}

pub fn render_board(
    game: &Game,
    marked: Marked,
    layout: &GomokuLayout,
    theme: &Theme,
    buf: &mut Buffer,
) {
    let n = layout.size;
    let dim = theme.dim();
    for (col, letter) in LETTERS.chars().take(n).enumerate() {
        let (x, _) = layout.crossing(Pos::new(0, col));
        put(buf, x, layout.letters.y, &letter.to_string(), dim);
    }
    for row in 0..n {
        let (_, y) = layout.crossing(Pos::new(row, 0));
        let number = format!("{:>2}", n - row);
        for (dx, digit) in (0..).zip(number.chars()) {
            put(buf, layout.numbers.x + dx, y, &digit.to_string(), dim);
        }
        for col in 0..n {
            render_lines(Pos::new(row, col), layout, theme, buf);
        }
    }
    let winning: &[Pos] = match game.outcome() {
        Some(Outcome::Win { line, .. }) => line,
        _ => &[],
    };
    for &pos in game.history() {
        let Some(mark) = game.mark_at(pos) else {
            continue;
        };
        let (x, y) = layout.crossing(pos);
        let mut style = mark_style(mark, theme);
        if winning.contains(&pos) {
            style = style.add_modifier(Modifier::REVERSED);
            // The lit stones join into a bar along their row.
            let half = layout.cell_width / 2;
            for dx in x - half..=x + half {
                if let Some(cell) = buf.cell_mut(Position::new(dx, y)) {
                    cell.set_style(style);
                }
            }
        }
        put(buf, x, y, &mark.to_string(), style);
    }
    if let Some(hint) = marked.hint {
        let (x, y) = layout.crossing(hint);
        put(buf, x, y, "*", theme.good().add_modifier(Modifier::BOLD));
    }
    if let Some(last) = marked.last.filter(|last| Some(*last) != marked.cursor) {
        let style = game
            .mark_at(last)
            .map_or(dim, |mark| mark_style(mark, theme));
        bracket(layout, last, ("(", ")"), style, buf);
    }
    if let Some(cursor) = marked.cursor {
        bracket(layout, cursor, ("[", "]"), theme.key(), buf);
    }
}

/// The lines through the cell of `pos`: across its crossing's row, down its crossing's column,
/// none past the board's edges.
fn render_lines(pos: Pos, layout: &GomokuLayout, theme: &Theme, buf: &mut Buffer) {
    let last = layout.size - 1;
    let (x, y) = layout.crossing(pos);
    let style = theme.dim();
    let across = theme.symbol("─", "-");
    let down = theme.symbol("│", "|");
    let half = layout.cell_width / 2;
    for dx in 1..=half {
        if pos.col > 0 {
            put(buf, x - dx, y, across, style);
        }
        if pos.col < last {
            put(buf, x + dx, y, across, style);
        }
    }
    let top = layout.grid.y + pos.row as u16 * layout.cell_height;
    for row_y in top..top + layout.cell_height {
        if row_y < y && pos.row > 0 || row_y > y && pos.row < last {
            put(buf, x, row_y, down, style);
        }
    }
    put(buf, x, y, crossing(pos, last, theme), style);
}

/// The crossing's character: corners, edges and the inside of the board.
fn crossing(pos: Pos, last: usize, theme: &Theme) -> &'static str {
    let unicode = match (pos.row, pos.col) {
        (0, 0) => "┌",
        (0, c) if c == last => "┐",
        (0, _) => "┬",
        (r, 0) if r == last => "└",
        (r, c) if r == last && c == last => "┘",
        (r, _) if r == last => "┴",
        (_, 0) => "├",
        (_, c) if c == last => "┤",
        _ => "┼",
    };
    theme.symbol(unicode, "+")
}

/// Marks the cell of `pos` with a character each side of its crossing.
fn bracket(
    layout: &GomokuLayout,
    pos: Pos,
    (open, close): (&str, &str),
    style: Style,
    buf: &mut Buffer,
) {
    let (x, y) = layout.crossing(pos);
    put(buf, x - 1, y, open, style);
    put(buf, x + 1, y, close, style);
}

/// Writes one character, in `style` alone, where the terminal has room for it.
fn put(buf: &mut Buffer, x: u16, y: u16, symbol: &str, style: Style) {
    if let Some(cell) = buf.cell_mut(Position::new(x, y)) {
        cell.reset();
        cell.set_symbol(symbol).set_style(style);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_named_by_letter_and_number_from_the_bottom() {
        assert_eq!(cell_name(Pos::new(7, 7), 15), "H8");
        assert_eq!(cell_name(Pos::new(0, 0), 15), "A15");
        assert_eq!(cell_name(Pos::new(14, 14), 15), "O1");
    }
}
