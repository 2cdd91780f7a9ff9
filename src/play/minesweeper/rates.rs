//! The speed and efficiency of a won game, worked out once for the screens, the records,
//! `stats --json` and `stats --csv` alike: 3BV per second to two decimals, and efficiency (3BV per
//! click) in whole percent. A game that did not end in a win has neither: its board was not
//! cleared, and the whole board's 3BV over part of it would overstate both.

use crate::games::minesweeper::{bbbv_per_second, efficiency};

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rates {
    /// 3BV per second, rounded to two decimals.
    pub bbbv_per_s: f64,
    /// 3BV per click, in percent, rounded to a whole number.
    pub efficiency: u32,
}

impl Rates {
    /// The rates of a game that cleared a board of `bbbv` with `clicks` clicks in `time_ms`;
    /// `None` unless it was `won`.
    pub fn of(won: bool, bbbv: usize, clicks: usize, time_ms: u64) -> Option<Rates> {
        won.then(|| Rates {
            bbbv_per_s: (bbbv_per_second(bbbv, time_ms) * 100.0).round() / 100.0,
            efficiency: (efficiency(bbbv, clicks) * 100.0).round() as u32,
        })
    }

    /// `53.13`.
    pub fn bbbv_per_s_text(&self) -> String {
        format!("{:.2}", self.bbbv_per_s)
    }

    /// `79%`.
    pub fn efficiency_text(&self) -> String {
        format!("{}%", self.efficiency)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_has_its_rates_rounded_once_and_nothing_else_has_any() {
        // 17 3BV in 320 ms is 53.125 a second: the one rounding gives 53.13 wherever it shows.
        let rates = Rates::of(true, 17, 19, 320).unwrap();
        assert_eq!(rates.bbbv_per_s, 53.13);
        assert_eq!(rates.bbbv_per_s_text(), "53.13");
        assert_eq!(rates.efficiency, 89);
        assert_eq!(rates.efficiency_text(), "89%");
        assert_eq!(Rates::of(false, 17, 2, 320), None);
    }
}
