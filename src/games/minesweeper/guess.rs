//! A guess: a move that opened a cell logic had not proved safe, with its chances.

/// A move that opened a cell logic had not proved safe: the chance that it held a mine (for a
/// chord, the riskiest cell it opened) and the lowest chance of any hidden cell at that moment,
/// each in thousandths: 0 only when none, 1000 only when certain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Guess {
    pub mine: u16,
    pub safest: u16,
}

/// How far a guess's chance may lie above the safest cell's, in thousandths, and still be the
/// guess a careful player could make: the best guess also weighs how likely a cell is to open
/// more, so it is not always the lowest chance.
const CAREFUL_MARGIN: u16 = 100;

impl Guess {
    /// A chance between 0 and 1 in thousandths, rounded, kept off 0 and 1000 unless it is one.
    pub fn thousandths(chance: f64) -> u16 {
        if chance <= 0.0 {
            0
        } else if chance >= 1.0 {
            1000
        } else {
            ((chance * 1000.0).round() as u16).clamp(1, 999)
        }
    }

    /// Chances as fractions of 1.
    pub fn mine_chance(self) -> f64 {
        f64::from(self.mine) / 1000.0
    }

    pub fn safest_chance(self) -> f64 {
        f64::from(self.safest) / 1000.0
    }

    /// No cell was certainly safe: a guess was the only way on.
    pub fn forced(self) -> bool {
        self.safest > 0
    }

    /// Forced, and far riskier than the safest cell open.
    pub fn risky(self) -> bool {
        self.forced() && self.mine > self.safest.saturating_add(CAREFUL_MARGIN)
    }
}
