//! Placing the mines once the first cell is known, by the first-click rule.

use super::field::MineField;
use super::first_click::FirstClick;
use super::grid::Pos;
use super::no_guess::place_no_guess;
use super::size::BoardSize;
use super::uniform::place_uniform;

/// The board for a first reveal at `first`; `None` when `first` is off the board. The same seed,
/// size, mode and first cell always give the same board. `Opening` and `Safe` spread the mines
/// uniformly over the cells the mode leaves free, and first cells close together give much the
/// same board for one seed; `NoGuess` gives `place_no_guess`'s board, which may be an ordinary
/// opening board when generation fell back (`place_no_guess` tells).
pub fn place_mines(size: BoardSize, seed: u64, first: Pos, mode: FirstClick) -> Option<MineField> {
    if mode == FirstClick::NoGuess {
        return place_no_guess(size, seed, first).map(|board| board.field);
    }
    place_uniform(size, seed, first, mode == FirstClick::Opening)
}
