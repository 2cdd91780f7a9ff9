//! The one rule of 2048: how a line of tiles slides toward its wall.
//!
//! Tiles are exponents (1 is a 2, 2 is a 4, 0 is an empty cell). Every direction of a board move
//! and the public [`slide_line`] go through [`slide_in_place`], so there is one slide and one merge
//! rule.

/// The largest board side: a line holds at most this many cells.
pub const MAX_SIZE: usize = 8;

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
/// nearest the wall merges first: `[1, 1, 1, 0]` becomes `[2, 1, 0, 0]`. The line may hold up to
/// [`MAX_SIZE`] cells, as a board line does; a longer line panics.
pub fn slide_line(line: &[u8]) -> (Vec<u8>, u64) {
    assert!(line.len() <= MAX_SIZE, "a line of {} cells", line.len());
    let mut padded: Line = [0; MAX_SIZE];
    padded[..line.len()].copy_from_slice(line);
    let score = slide_in_place(&mut padded, |_, _, _, _| {});
    (padded[..line.len()].to_vec(), score)
}

/// A line of a board of any size, padded with empty cells to the longest line. Empty cells past
/// the end never change a slide toward index 0, so one fixed-size slide serves every size, and
/// builds its result whole instead of clearing a tail of varying length.
pub(super) type Line = [u8; MAX_SIZE];

/// Slides `line` toward index 0, in place, and returns the points scored.
///
/// `on_tile(from, to, exponent, merged)` hears about every tile that was on the line, with places
/// along it and the tile's exponent before the move: tiles that stay put too, so a screen can draw
/// every tile from the motions alone.
pub(super) fn slide_in_place(
    line: &mut Line,
    mut on_tile: impl FnMut(usize, usize, u8, bool),
) -> u64 {
    let mut laid: Line = [0; MAX_SIZE];
    let mut score = 0u64;
    let mut slot = 0;
    // Where the tile laid last came from, while that tile may still take a partner. A merged tile
    // is never waiting, so it cannot merge again, and pairs nearest the wall merge first.
    let mut waiting: Option<usize> = None;
    for (from, &exponent) in line.iter().enumerate() {
        if exponent == 0 {
            continue;
        }
        if let Some(partner) = waiting.take() {
            let last = slot - 1;
            if laid[last] == exponent {
                laid[last] = exponent + 1;
                score = score.saturating_add(merge_points(exponent + 1));
                on_tile(partner, last, exponent, true);
                on_tile(from, last, exponent, true);
                continue;
            }
            on_tile(partner, last, laid[last], false);
        }
        laid[slot] = exponent;
        waiting = Some(from);
        slot += 1;
    }
    if let Some(partner) = waiting {
        on_tile(partner, slot - 1, laid[slot - 1], false);
    }
    *line = laid;
    score
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
        let mut cells = [1, 1, 2, 0, 2, 0, 0, 0];
        let mut motions = Vec::new();
        let score = slide_in_place(&mut cells, |from, to, exponent, merged| {
            motions.push((from, to, exponent, merged))
        });
        assert_eq!(cells, [2, 3, 0, 0, 0, 0, 0, 0]);
        assert_eq!(score, 4 + 8);
        assert_eq!(
            motions,
            vec![
                (0, 0, 1, true),
                (1, 0, 1, true),
                (2, 1, 2, true),
                (4, 1, 2, true)
            ]
        );
    }

    #[test]
    fn a_line_that_cannot_move_stays_and_reports_every_tile_in_place() {
        let mut cells = [1, 2, 0, 0, 0, 0, 0, 0];
        let mut motions = Vec::new();
        let score = slide_in_place(&mut cells, |from, to, exponent, merged| {
            motions.push((from, to, exponent, merged))
        });
        assert_eq!(score, 0);
        assert_eq!(cells, [1, 2, 0, 0, 0, 0, 0, 0]);
        assert_eq!(motions, vec![(0, 0, 1, false), (1, 1, 2, false)]);
    }

    #[test]
    #[should_panic]
    fn a_line_longer_than_any_board_panics() {
        slide_line(&[1; MAX_SIZE + 1]);
    }
}
