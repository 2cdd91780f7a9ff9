//! The one rule of 2048: how a line of tiles slides toward its wall.
//!
//! Tiles are exponents (1 is a 2, 2 is a 4, 0 is an empty cell). Every direction of a board move
//! and the public [`slide_line`] go through [`slide_along`], so there is one slide and one merge rule.

/// Points for making a tile of `exponent`: its value, saturated at `u64::MAX`.
///
/// Only tiles of 2^64 and more saturate; an 8x8 board could make one in theory, never in play.
pub fn merge_points(exponent: u8) -> u64 {
    1u64.checked_shl(exponent.into()).unwrap_or(u64::MAX)
}

/// Slides a line of exponents toward its start (index 0), as a move toward that wall does.
///
/// Returns the new line and the points scored by its merges. Two equal tiles that meet merge into
/// one of the next exponent; a merged tile does not merge again in the same move, and the pair
/// nearest the wall merges first: [1,1,1,0] becomes [2,1,0,0].
pub fn slide_line(line: &[u8]) -> (Vec<u8>, u64) {
    let mut slid = line.to_vec();
    let order: Vec<usize> = (0..line.len()).collect();
    let outcome = slide_along(&mut slid, &order, |_, _, _| {});
    (slid, outcome.score)
}

/// What sliding one line did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct LineOutcome {
    pub score: u64,
    pub changed: bool,
}

/// Slides the tiles of `cells` found at the indices `line` (listed from the wall outward) toward
/// the wall, in place.
///
/// `on_tile(from, to, merged)` hears about every tile that was on the line, with cell indices:
/// tiles that stay put too, so a screen can draw every tile from the motions alone.
pub(super) fn slide_along(
    cells: &mut [u8],
    line: &[usize],
    mut on_tile: impl FnMut(usize, usize, bool),
) -> LineOutcome {
    let mut outcome = LineOutcome {
        score: 0,
        changed: false,
    };
    // `slot` is the next free place counted from the wall. A tile waits in `pending` until the next
    // tile shows whether the two merge; so a merged tile is never offered a second partner.
    let mut slot = 0;
    let mut pending: Option<(u8, usize)> = None;
    for &from in line {
        let exponent = cells[from];
        if exponent == 0 {
            continue;
        }
        // Slots never pass the tile being read, so clearing it first makes in-place writes safe.
        cells[from] = 0;
        match pending {
            Some((waiting, waiting_from)) if waiting == exponent => {
                let to = line[slot];
                cells[to] = exponent + 1;
                outcome.score = outcome.score.saturating_add(merge_points(exponent + 1));
                outcome.changed = true;
                on_tile(waiting_from, to, true);
                on_tile(from, to, true);
                slot += 1;
                pending = None;
            }
            Some((waiting, waiting_from)) => {
                place(
                    cells,
                    line[slot],
                    waiting,
                    waiting_from,
                    &mut outcome,
                    &mut on_tile,
                );
                slot += 1;
                pending = Some((exponent, from));
            }
            None => pending = Some((exponent, from)),
        }
    }
    if let Some((waiting, waiting_from)) = pending {
        place(
            cells,
            line[slot],
            waiting,
            waiting_from,
            &mut outcome,
            &mut on_tile,
        );
    }
    outcome
}

/// Puts a tile that did not merge down at `to`.
fn place(
    cells: &mut [u8],
    to: usize,
    exponent: u8,
    from: usize,
    outcome: &mut LineOutcome,
    on_tile: &mut impl FnMut(usize, usize, bool),
) {
    cells[to] = exponent;
    outcome.changed |= from != to;
    on_tile(from, to, false);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Exponents from tile values, so the examples read like the game: 0 is empty.
    fn exps(values: &[u64]) -> Vec<u8> {
        values
            .iter()
            .map(|&v| if v == 0 { 0 } else { v.trailing_zeros() as u8 })
            .collect()
    }

    fn check(before: &[u64], after: &[u64], score: u64) {
        assert_eq!(
            slide_line(&exps(before)),
            (exps(after), score),
            "{before:?} should slide to {after:?}"
        );
    }

    #[test]
    fn the_original_games_examples() {
        check(&[2, 2, 2, 2], &[4, 4, 0, 0], 8);
        check(&[2, 2, 2, 0], &[4, 2, 0, 0], 4);
        check(&[4, 4, 8, 0], &[8, 8, 0, 0], 8);
        check(&[2, 2, 4, 4], &[4, 8, 0, 0], 12);
        check(&[8, 0, 0, 8], &[16, 0, 0, 0], 16);
    }

    #[test]
    fn tiles_slide_without_merging_when_they_differ() {
        check(&[0, 2, 0, 4], &[2, 4, 0, 0], 0);
        check(&[2, 4, 2, 4], &[2, 4, 2, 4], 0);
        check(&[0, 0, 0, 2], &[2, 0, 0, 0], 0);
        check(&[0, 0, 0, 0], &[0, 0, 0, 0], 0);
    }

    #[test]
    fn other_lengths() {
        check(&[2, 2, 2, 2, 2], &[4, 4, 2, 0, 0], 8);
        check(&[2, 2, 2], &[4, 2, 0], 4);
        check(&[0, 4, 4], &[8, 0, 0], 8);
        check(&[2, 0, 2, 4, 0, 4, 8, 8], &[4, 8, 16, 0, 0, 0, 0, 0], 28);
    }

    #[test]
    fn a_merged_tile_waits_for_the_next_move() {
        check(&[2, 2, 4, 0], &[4, 4, 0, 0], 4);
        check(&[4, 2, 2, 0], &[4, 4, 0, 0], 4);
    }

    #[test]
    fn points_saturate_past_u64() {
        assert_eq!(merge_points(1), 2);
        assert_eq!(merge_points(63), 1 << 63);
        assert_eq!(merge_points(64), u64::MAX);
        assert_eq!(merge_points(65), u64::MAX);
    }

    #[test]
    fn every_tile_is_reported_with_its_motion() {
        let mut cells = vec![1, 1, 2, 0, 2];
        let mut motions = Vec::new();
        let outcome = slide_along(&mut cells, &[0, 1, 2, 3, 4], |from, to, merged| {
            motions.push((from, to, merged))
        });
        assert_eq!(cells, vec![2, 3, 0, 0, 0]);
        assert_eq!(
            outcome,
            LineOutcome {
                score: 4 + 8,
                changed: true
            }
        );
        assert_eq!(
            motions,
            vec![(0, 0, true), (1, 0, true), (2, 1, true), (4, 1, true)]
        );
    }

    #[test]
    fn a_line_that_cannot_move_is_unchanged() {
        let mut cells = vec![1, 2, 0];
        let mut motions = Vec::new();
        let outcome = slide_along(&mut cells, &[0, 1, 2], |from, to, merged| {
            motions.push((from, to, merged))
        });
        assert!(!outcome.changed);
        assert_eq!(cells, vec![1, 2, 0]);
        assert_eq!(motions, vec![(0, 0, false), (1, 1, false)]);
    }

    #[test]
    fn lines_follow_the_given_cell_order() {
        // A line read from the far end, as a move toward the right wall reads a row.
        let mut cells = vec![1, 1, 0, 1];
        slide_along(&mut cells, &[3, 2, 1, 0], |_, _, _| {});
        assert_eq!(cells, vec![0, 0, 1, 2]);
    }
}
