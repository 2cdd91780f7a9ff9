//! New tiles: where they appear and what they are.

use rand::RngExt;

use super::board::{Board, Cell};
use crate::games::GameRng;

/// A tile on the board: where it is and its exponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tile {
    pub cell: Cell,
    pub exponent: u8,
}

/// Puts a new tile on a uniformly chosen empty cell: a 2 with probability 0.9, a 4 with 0.1, as
/// in the original game. Returns None, drawing nothing from `rng`, when the board is full.
pub(super) fn spawn(board: &mut Board, rng: &mut GameRng) -> Option<Tile> {
    let empty = board.empty_count();
    if empty == 0 {
        return None;
    }
    // The original draws the value before the cell; keeping its order costs nothing.
    let exponent = if rng.random_bool(0.9) { 1 } else { 2 };
    let cell = board.fill_nth_empty(rng.random_range(0..empty), exponent)?;
    Some(Tile { cell, exponent })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::rng_from_seed;

    #[test]
    fn about_one_new_tile_in_ten_is_a_four() {
        let empty = Board::new(4).unwrap();
        let mut rng = rng_from_seed(7);
        let draws = 100_000;
        let fours = (0..draws)
            .filter(|_| spawn(&mut empty.clone(), &mut rng).unwrap().exponent == 2)
            .count();
        // The standard deviation is under 0.1 percentage point; a bound of 1 point is generous
        // yet fails for odds of 0.88 or 0.92.
        let share = fours as f64 / draws as f64;
        assert!((0.09..0.11).contains(&share), "{share}");
    }

    #[test]
    fn new_tiles_land_uniformly_on_empty_cells_only() {
        // Six tiles leave ten empty cells on a 4x4 board.
        let cells = [1, 0, 0, 2, 0, 3, 0, 0, 0, 0, 4, 0, 5, 0, 6, 0];
        let start = Board::from_cells(4, &cells).unwrap();
        let mut rng = rng_from_seed(11);
        let draws = 50_000;
        let mut hits = [0u32; 16];
        for _ in 0..draws {
            let tile = spawn(&mut start.clone(), &mut rng).unwrap();
            hits[tile.cell.row * 4 + tile.cell.col] += 1;
        }
        for (index, &count) in hits.iter().enumerate() {
            assert_eq!(
                count > 0,
                cells[index] == 0,
                "cell {index} hit {count} times"
            );
        }
        // Pearson's chi-square over the ten empty cells (9 degrees of freedom): 27.9 is the value
        // uniform draws exceed one time in a thousand.
        let expected = draws as f64 / 10.0;
        let chi_square: f64 = hits
            .iter()
            .filter(|&&count| count > 0)
            .map(|&count| (count as f64 - expected).powi(2) / expected)
            .sum();
        assert!(chi_square < 27.9, "{chi_square}");
    }

    #[test]
    fn a_full_board_gets_no_tile_and_draws_nothing() {
        let mut full = Board::from_cells(3, &[1, 2, 1, 2, 1, 2, 1, 2, 1]).unwrap();
        let before = full;
        let mut rng = rng_from_seed(3);
        assert_eq!(spawn(&mut full, &mut rng), None);
        assert_eq!(full, before);
        assert_eq!(rng, rng_from_seed(3));
    }

    #[test]
    fn the_same_seed_spawns_the_same_tiles() {
        let spawns = |seed| {
            let mut board = Board::new(5).unwrap();
            let mut rng = rng_from_seed(seed);
            (0..25)
                .map(|_| spawn(&mut board, &mut rng).unwrap())
                .collect::<Vec<_>>()
        };
        assert_eq!(spawns(42), spawns(42));
        assert_ne!(spawns(42), spawns(43));
    }
}
