//! 3BV (Bechtel's Board Benchmark Value): the fewest left clicks that clear a board.

use super::field::MineField;
use super::flood::open_area;

impl MineField {
    /// One click per zero area (which also opens its numbered border), plus one click per numbered
    /// safe cell that no zero area reaches.
    pub fn bbbv(&self) -> usize {
        let cells = self.grid().cells();
        let mut covered = vec![false; cells];
        let mut clicks = 0;
        for start in 0..cells {
            if covered[start] || self.is_mine_at(start) || self.count_at(start) != 0 {
                continue;
            }
            clicks += 1;
            covered[start] = true;
            open_area(self, start, |cell| {
                !std::mem::replace(&mut covered[cell], true)
            });
        }
        clicks
            + (0..cells)
                .filter(|&cell| !covered[cell] && !self.is_mine_at(cell))
                .count()
    }
}
