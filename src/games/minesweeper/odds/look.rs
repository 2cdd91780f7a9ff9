//! One guess looked at a move ahead: for every number the cell may show, how likely it is, and
//! how safe the move after it can be.

use super::super::grid::Grid;
use super::position::{Position, Seen};
use super::weigh::{Weighed, weigh};

/// What opening one cell leads to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Outlook {
    /// The chance that the cell is safe.
    pub safe: f64,
    /// The chance that it is safe and its number proves another cell safe (or clears the board).
    pub progress: f64,
    /// The chance of surviving it and the move after, that move being the safest one then
    /// (blended with the second safest, since the safest alone is a narrow view).
    pub secondary: f64,
    /// How many numbers it may show: one means it tells nothing.
    pub values: u8,
    /// A safer cell that is safe whenever this one is: opening it first risks less and loses
    /// nothing, since this one can still follow.
    pub dominated_by: Option<usize>,
}

/// How much the second safest cell of the next position counts in `Outlook::secondary` (0 and
/// 0.5 both measured worse).
const SECOND_SHARE: f64 = 0.2;

/// The outlook of opening `cell` in `position`, weighed as `weighed`; `None` when it cannot
/// reach `floor` (an upper bound is passed as numbers are tried, to stop early).
pub(super) fn look(
    position: &Position,
    weighed: &Weighed,
    cell: usize,
    floor: f64,
) -> Option<Outlook> {
    let grid = Grid::new(position.rows, position.cols);
    let safe = 1.0 - weighed.mine[cell].expect("a hidden cell");
    let (mut least, mut most) = (0u8, 0u8);
    for neighbour in grid.neighbour_indices(cell) {
        match (position.cells[neighbour], weighed.mine[neighbour]) {
            (Seen::Mine, _) | (_, Some(1.0)) => (least, most) = (least + 1, most + 1),
            (Seen::Hidden, Some(chance)) if chance > 0.0 => most += 1,
            _ => {}
        }
    }
    let mut next = position.clone();
    let mut outlook = Outlook {
        safe,
        progress: 0.0,
        secondary: 0.0,
        values: 0,
        dominated_by: None,
    };
    // The cells certainly safe after every number this one may show.
    let mut always_safe: Option<Vec<usize>> = None;
    let mut unseen = safe;
    for value in least..=most {
        if outlook.secondary + unseen < floor {
            return None;
        }
        next.cells[cell] = Seen::Revealed(value);
        let Ok(after) = weigh(&next) else {
            continue;
        };
        let share = (after.ln_layouts - weighed.ln_layouts).exp().min(unseen);
        unseen -= share;
        outlook.values += 1;
        let (first, second) = safest(&next, &after);
        if first == 1.0 {
            outlook.progress += share;
        }
        outlook.secondary += share * ((1.0 - SECOND_SHARE) * first + SECOND_SHARE * second);
        match &mut always_safe {
            None => {
                always_safe = Some(
                    (0..after.mine.len())
                        .filter(|&other| after.mine[other] == Some(0.0))
                        .collect(),
                )
            }
            Some(cells) => cells.retain(|&other| after.mine[other] == Some(0.0)),
        }
    }
    let chance = |other: usize| weighed.mine[other].unwrap_or(1.0);
    outlook.dominated_by = always_safe
        .unwrap_or_default()
        .into_iter()
        // Clearly safer: equal chances differ in their last bits.
        .filter(|&other| chance(other) < chance(cell) - 1e-9)
        .min_by(|&a, &b| chance(a).total_cmp(&chance(b)).then(a.cmp(&b)));
    Some(outlook)
}

/// The safety of the two safest hidden cells of a position that would tell something (1 for
/// both when nothing is left to guess, 1 for the first when such a cell is certainly safe).
/// A cell whose neighbours are all known shows a number known in advance: opening it settles
/// nothing, so it is no way forward (leaving such cells out measured a little better).
fn safest(position: &Position, weighed: &Weighed) -> (f64, f64) {
    let grid = Grid::new(position.rows, position.cols);
    let known = |cell: usize| {
        position.cells[cell] != Seen::Hidden
            || weighed.mine[cell].is_some_and(|chance| chance == 0.0 || chance == 1.0)
    };
    let (mut first, mut second) = (0.0, 0.0);
    let mut guess_left = false;
    for (cell, chance) in weighed.mine.iter().enumerate() {
        let Some(chance) = *chance else { continue };
        if chance == 1.0 {
            continue;
        }
        guess_left |= chance > 0.0;
        if grid.neighbour_indices(cell).all(known) {
            continue;
        }
        let safety = 1.0 - chance;
        if safety > first {
            second = first;
            first = safety;
        } else if safety > second {
            second = safety;
        }
    }
    if guess_left {
        (first, second)
    } else {
        (1.0, 1.0)
    }
}
