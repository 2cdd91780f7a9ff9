//! The move to make: a cell certainly safe if there is one, else the best guess.

use super::Odds;
use super::position::Position;

/// A cell to open and why.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Choice {
    pub row: usize,
    pub col: usize,
    pub why: Why,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Why {
    /// No layout has a mine there.
    Safe,
    /// No cell is certainly safe; `mine` is this one's chance of a mine and `opens` the chance
    /// that it is safe and opens more: a zero, or a number that proves another cell safe.
    Guess { mine: f64, opens: f64 },
}

/// The move for `position` with its `odds`: the first safe cell in reading order, else the
/// guess the engine rates best; `None` when no cell is hidden.
pub fn best_move(position: &Position, odds: &Odds) -> Option<Choice> {
    let hidden = || {
        odds.mine
            .iter()
            .enumerate()
            .filter_map(|(index, chance)| chance.map(|chance| (index, chance)))
    };
    if let Some((index, _)) = hidden().find(|&(_, chance)| chance == 0.0) {
        let pos = position.pos(index);
        return Some(Choice {
            row: pos.row,
            col: pos.col,
            why: Why::Safe,
        });
    }
    let (index, mine) = hidden().min_by(|a, b| a.1.total_cmp(&b.1))?;
    let pos = position.pos(index);
    Some(Choice {
        row: pos.row,
        col: pos.col,
        why: Why::Guess { mine, opens: 0.0 },
    })
}
