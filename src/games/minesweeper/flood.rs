//! Opening the connected area of cells with no neighbouring mine, shared by reveals and by 3BV.

use super::field::MineField;

/// A run of opened zeros in one row whose neighbours are still to be opened.
struct Span {
    row: usize,
    first: usize,
    last: usize,
}

/// Spreads from `start`, a safe cell the caller has already opened, through every cell with no
/// neighbouring mine, to the numbered border around them. `open(index)` opens one cell and says
/// whether it was newly opened; cells it refuses (already open, flagged) stop the spread there.
///
/// The area is walked as horizontal runs of zeros, kept on an explicit work list instead of
/// recursion: each cell is looked at a few times, in memory order, which opens a whole
/// 1000x1000 board in a few milliseconds. Every zero is opened exactly once, by the run that
/// owns it, and that run then opens the rows above and below it.
pub(super) fn open_area(field: &MineField, start: usize, mut open: impl FnMut(usize) -> bool) {
    if field.count_at(start) != 0 {
        return;
    }
    let grid = field.grid();
    let (rows, cols) = (grid.rows(), grid.cols());
    // Only neighbours of zeros are ever looked at, so none of them is a mine.
    let is_zero = |row: usize, col: usize| field.count_at(row * cols + col) == 0;
    let mut spans = vec![Span {
        row: start / cols,
        first: start % cols,
        last: start % cols,
    }];
    while let Some(Span {
        row,
        mut first,
        mut last,
    }) = spans.pop()
    {
        let index = |col: usize| row * cols + col;
        while first > 0 && is_zero(row, first - 1) && open(index(first - 1)) {
            first -= 1;
        }
        while last + 1 < cols && is_zero(row, last + 1) && open(index(last + 1)) {
            last += 1;
        }
        // The cells just past the run are numbers, flags or cells already open.
        if first > 0 {
            open(index(first - 1));
        }
        if last + 1 < cols {
            open(index(last + 1));
        }
        let (left, right) = (first.saturating_sub(1), (last + 1).min(cols - 1));
        let next_rows = [
            row.checked_sub(1),
            Some(row + 1).filter(|&below| below < rows),
        ];
        for next_row in next_rows.into_iter().flatten() {
            let mut run_start = None;
            for col in left..=right {
                let new_zero = open(next_row * cols + col) && is_zero(next_row, col);
                match (new_zero, run_start) {
                    (true, None) => run_start = Some(col),
                    (false, Some(first)) => {
                        spans.push(Span {
                            row: next_row,
                            first,
                            last: col - 1,
                        });
                        run_start = None;
                    }
                    _ => {}
                }
            }
            if let Some(first) = run_start {
                spans.push(Span {
                    row: next_row,
                    first,
                    last: right,
                });
            }
        }
    }
}
