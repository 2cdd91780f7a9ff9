//! The move to make: a cell certainly safe if there is one, else the best guess.

use super::Odds;
use super::endgame::endgame;
use super::guess::guess;
use super::look::look;
use super::position::Position;
use super::weigh::weigh;

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
    /// that it is safe and opens more: its number proves another cell safe (a zero always does)
    /// or leaves nothing to guess. `exact` is false where a part of the frontier was too large
    /// to count and its chances are estimated.
    Guess { mine: f64, opens: f64, exact: bool },
}

/// The move for `position` with its `odds`: the first safe cell in reading order, else the
/// guess the engine rates best (see `guess`); `None` when no cell is hidden but known mines.
pub fn best_move(position: &Position, odds: &Odds) -> Option<Choice> {
    let choice = |index: usize, why: Why| {
        let pos = position.pos(index);
        Some(Choice {
            row: pos.row,
            col: pos.col,
            why,
        })
    };
    if let Some(index) = odds.mine.iter().position(|&chance| chance == Some(0.0)) {
        return choice(index, Why::Safe);
    }
    let weighed = weigh(position).ok()?;
    // Few layouts left: the exact search; with a part estimated, the safest cell (estimated
    // chances are too coarse to look ahead on, and every look would estimate the part again);
    // else the one-move lookahead.
    let (index, outlook) = match endgame(position, &weighed) {
        Some((index, _)) => (index, look(position, &weighed, index, 0.0)?),
        None if !weighed.exact => {
            let (index, _) = odds.safest()?;
            (index, look(position, &weighed, index, 0.0)?)
        }
        None => guess(position, &weighed)?,
    };
    choice(
        index,
        Why::Guess {
            mine: odds.mine[index].unwrap_or(1.0 - outlook.safe),
            opens: outlook.progress,
            exact: odds.exact,
        },
    )
}
