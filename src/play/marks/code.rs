//! The part of a code every game of marks in a row has: the opponent and the player's side.

use super::settings::Opponent;
use crate::code::{Bits, CodeError, Reader};

/// Writes the opponent (by its place in [`Opponent::ALL`]) and whether the player is X.
pub fn write_sides(bits: &mut Bits, opponent: Opponent, plays_x: bool) {
    let at = Opponent::ALL.iter().position(|o| *o == opponent);
    bits.push(at.unwrap_or(0) as u64, 2);
    bits.push(plays_x.into(), 1);
}

/// The opponent and whether the player is X, as [`write_sides`] wrote them.
pub fn read_sides(bits: &mut Reader) -> Result<(Opponent, bool), CodeError> {
    let opponent = Opponent::ALL[bits.take(2)? as usize];
    Ok((opponent, bits.take(1)? == 1))
}
