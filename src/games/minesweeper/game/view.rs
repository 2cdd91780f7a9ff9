//! What each cell shows: during play only what the player knows, after the end the whole truth.

use super::super::grid::Pos;
use super::{Game, Mark, Status};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellView {
    Hidden,
    Flagged,
    Question,
    /// An opened safe cell and the number of mines around it.
    Revealed(u8),
    /// A mine the player opened (after a chord on a wrong flag, there may be more than one).
    ExplodedMine,
    /// After a loss: a mine the player had not flagged.
    Mine,
    /// After a loss: a flag on a safe cell.
    WrongFlag,
}

impl Game {
    /// The view of one cell; `Hidden` for a position off the board. While the game runs it shows
    /// only what the player can see (flags, question marks, revealed numbers), which is all a
    /// solver may read. After a win every mine shows as `Flagged`.
    pub fn cell(&self, pos: Pos) -> CellView {
        let Some(index) = self.grid.index(pos) else {
            return CellView::Hidden;
        };
        let mark = self.marks[index];
        let Some(field) = self.placed_field() else {
            return marked(mark);
        };
        let lost = self.status == Status::Lost;
        match (mark, field.is_mine_at(index)) {
            (Mark::Revealed, true) => CellView::ExplodedMine,
            (Mark::Revealed, false) => CellView::Revealed(field.count_at(index)),
            (Mark::Flagged, false) if lost => CellView::WrongFlag,
            (Mark::Hidden | Mark::Question, true) if lost => CellView::Mine,
            _ => marked(mark),
        }
    }

    /// A revealed number with more flags around it than its value, worth highlighting.
    pub fn is_overflagged(&self, pos: Pos) -> bool {
        let (Some(index), Some(field)) = (self.grid.index(pos), self.placed_field()) else {
            return false;
        };
        self.marks[index] == Mark::Revealed
            && !field.is_mine_at(index)
            && self.flags_around(index) > usize::from(field.count_at(index))
    }
}

/// A closed cell as the player marked it (no cell is revealed before the mines are placed).
fn marked(mark: Mark) -> CellView {
    match mark {
        Mark::Flagged => CellView::Flagged,
        Mark::Question => CellView::Question,
        Mark::Hidden | Mark::Revealed => CellView::Hidden,
    }
}
