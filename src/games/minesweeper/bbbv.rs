//! 3BV (Bechtel's Board Benchmark Value): the fewest left clicks that clear a board.

use super::field::MineField;
use super::flood::open_area;

/// 3BV per second of play, the speed that Minesweeper lists compare; 0 for no time at all.
pub fn bbbv_per_second(bbbv: usize, time_ms: u64) -> f64 {
    if time_ms == 0 {
        0.0
    } else {
        bbbv as f64 * 1000.0 / time_ms as f64
    }
}

/// 3BV per click: 1 when no click was wasted; 0 before any click.
pub fn efficiency(bbbv: usize, clicks: usize) -> f64 {
    if clicks == 0 {
        0.0
    } else {
        bbbv as f64 / clicks as f64
    }
}

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
