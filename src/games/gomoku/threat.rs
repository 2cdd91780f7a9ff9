//! What a move does, in words for the hint: the threat it makes or the one it answers.

use std::fmt;

use super::Mark;
use super::board::Board;
use super::pattern::{Class, Shape};

/// The reason for a suggested move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Threat {
    /// Five in a row: the game is won.
    Five,
    /// Five next move on either of two cells.
    OpenFour,
    /// Two fours at once: five next move on either.
    DoubleFour,
    FourThree,
    Four,
    DoubleThree,
    OpenThree,
    /// A win by a row of fours, in this many moves of the player's own counting the five.
    WinsByFours(usize),
    /// A win by threes and fours, in at most this many moves of the player's own.
    WinsByThreats(usize),
    BlocksFour,
    BlocksOpenThree,
    /// Stops the opponent's win by a row of fours.
    StopsFours,
    /// Stops the opponent's win by threes and fours.
    StopsThreats,
    /// Nothing urgent: the move builds shape.
    Builds,
}

impl fmt::Display for Threat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Threat::Five => f.write_str("five"),
            Threat::OpenFour => f.write_str("open four"),
            Threat::DoubleFour => f.write_str("double four"),
            Threat::FourThree => f.write_str("four-three"),
            Threat::Four => f.write_str("four"),
            Threat::DoubleThree => f.write_str("double three"),
            Threat::OpenThree => f.write_str("open three"),
            Threat::WinsByFours(moves) => write!(f, "wins by fours in {moves}"),
            Threat::WinsByThreats(moves) => write!(f, "wins by threats in {moves}"),
            Threat::BlocksFour => f.write_str("blocks a four"),
            Threat::BlocksOpenThree => f.write_str("blocks an open three"),
            Threat::StopsFours => f.write_str("stops a win by fours"),
            Threat::StopsThreats => f.write_str("stops a win by threats"),
            Threat::Builds => f.write_str("builds"),
        }
    }
}

/// The threat a move of `me` on the empty `cell` makes, or the one it answers.
pub(super) fn describe(board: &Board, cell: usize, me: Mark) -> Threat {
    let them = me.other();
    let shapes = board.shapes(cell, me);
    let blocks = |shape: Shape| board.shapes(cell, them).contains(&shape);
    match board.class(cell, me) {
        Class::Five => Threat::Five,
        _ if blocks(Shape::Five) => Threat::BlocksFour,
        Class::WinningFour if shapes.contains(&Shape::OpenFour) => Threat::OpenFour,
        Class::WinningFour => Threat::DoubleFour,
        Class::FourThree => Threat::FourThree,
        Class::Four => Threat::Four,
        _ if board.has(them, Shape::OpenFour)
            && (blocks(Shape::OpenFour) || blocks(Shape::Four)) =>
        {
            Threat::BlocksOpenThree
        }
        Class::DoubleThree => Threat::DoubleThree,
        Class::OpenThree => Threat::OpenThree,
        Class::Quiet => Threat::Builds,
    }
}
