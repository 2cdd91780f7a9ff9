//! Board geometry: positions, the flat index of each cell and its neighbours.

/// A cell position, counted from the top-left corner: `row` 0 is the top row, `col` 0 the left
/// column. `usize` so that positions index the board directly; any value is accepted by the game,
/// and a position off the board is simply ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    pub row: usize,
    pub col: usize,
}

impl Pos {
    pub const fn new(row: usize, col: usize) -> Self {
        Pos { row, col }
    }
}

/// The shape of a board. Cells are stored row by row in flat vectors, so a cell is identified
/// inside the module by its index `row * cols + col`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    rows: usize,
    cols: usize,
}

impl Grid {
    /// Callers guarantee at least one row and one column.
    pub(super) const fn new(rows: usize, cols: usize) -> Self {
        Grid { rows, cols }
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    pub fn contains(&self, pos: Pos) -> bool {
        pos.row < self.rows && pos.col < self.cols
    }

    /// Every position, row by row.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + use<> {
        let grid = *self;
        (0..grid.cells()).map(move |index| grid.pos(index))
    }

    /// The up to eight positions around `pos`; none when `pos` is off the board.
    pub fn neighbours(&self, pos: Pos) -> impl Iterator<Item = Pos> + use<> {
        let grid = *self;
        grid.index(pos)
            .into_iter()
            .flat_map(move |index| grid.neighbour_indices(index))
            .map(move |index| grid.pos(index))
    }

    pub(super) fn index(&self, pos: Pos) -> Option<usize> {
        self.contains(pos).then(|| pos.row * self.cols + pos.col)
    }

    pub(super) fn pos(&self, index: usize) -> Pos {
        Pos::new(index / self.cols, index % self.cols)
    }

    /// The indices around the cell at `index`, which must be on the board.
    pub(super) fn neighbour_indices(&self, index: usize) -> impl Iterator<Item = usize> + use<> {
        let (row, col) = (index / self.cols, index % self.cols);
        let (up, down) = (row > 0, row + 1 < self.rows);
        let (left, right) = (col > 0, col + 1 < self.cols);
        let width = self.cols;
        let candidates = [
            (up && left, index.wrapping_sub(width + 1)),
            (up, index.wrapping_sub(width)),
            (up && right, index.wrapping_sub(width - 1)),
            (left, index.wrapping_sub(1)),
            (right, index + 1),
            (down && left, index + width - 1),
            (down, index + width),
            (down && right, index + width + 1),
        ];
        candidates
            .into_iter()
            .filter_map(|(inside, neighbour)| inside.then_some(neighbour))
    }
}
