//! Line patterns: what a stone on an empty cell makes along one line, read from a table computed
//! once for every arrangement of the five cells on either side.
//!
//! A cell's pattern key, for one player and one direction, numbers the ten cells around it in
//! base 3: 0 empty, 1 the player's stone, 2 blocked (the other player's stone or the board's edge).
//! The table gives the [`Shape`] the player makes by playing the cell, counting only fives that
//! would pass through it, so a key never needs more than five cells each side (six in a row next
//! to a five shows within them, for the standard rule).

use std::sync::OnceLock;

use super::rules::Rule;

/// Cells each side of a cell that its key describes.
pub(super) const REACH: usize = 5;
/// Keys are below `3^(2 * REACH)`.
pub(super) const KEYS: usize = 59_049;

/// The key's digit of the cell `offset` steps away (-5..=5, not 0).
pub(super) fn place_value(offset: isize) -> u32 {
    let slot = if offset < 0 {
        offset + REACH as isize
    } else {
        offset + REACH as isize - 1
    };
    3_u32.pow(slot as u32)
}

/// What one stone makes along one line, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) enum Shape {
    /// No five can ever pass through the cell along this line.
    Dead,
    /// A five is still possible.
    One,
    /// A Three can be made with one more stone.
    Two,
    /// An open three can be made with one more stone.
    OpenTwo,
    /// A four can be made with one more stone.
    Three,
    /// An open four can be made with one more stone: a threat that must be answered.
    OpenThree,
    /// One more stone on one cell makes five.
    Four,
    /// Five can be made on two cells: the opponent cannot stop both.
    OpenFour,
    Five,
}

impl Shape {
    const ALL: [Shape; 9] = [
        Shape::Dead,
        Shape::One,
        Shape::Two,
        Shape::OpenTwo,
        Shape::Three,
        Shape::OpenThree,
        Shape::Four,
        Shape::OpenFour,
        Shape::Five,
    ];

    pub(super) const COUNT: usize = Shape::ALL.len();

    /// What is left of this shape when one stone fewer has been played.
    fn weaker(self) -> Shape {
        match self {
            Shape::OpenFour => Shape::OpenThree,
            Shape::Four => Shape::Three,
            Shape::OpenThree => Shape::OpenTwo,
            Shape::Three => Shape::Two,
            _ => Shape::One,
        }
    }
}

/// The shape table of `rule`, built on first use (a few milliseconds).
pub(super) fn shapes(rule: Rule) -> &'static [Shape] {
    static TABLES: OnceLock<[Vec<Shape>; 2]> = OnceLock::new();
    let tables = TABLES.get_or_init(|| Rule::ALL.map(build));
    &tables[rule as usize]
}

const EMPTY: u8 = 0;
const OWN: u8 = 1;
const CENTRE: usize = REACH;

fn build(rule: Rule) -> Vec<Shape> {
    let mut table = vec![None; KEYS];
    for key in 0..KEYS {
        shape_of(key, rule, &mut table);
    }
    table
        .into_iter()
        .map(|shape| shape.expect("every key"))
        .collect()
}

/// The shape of `key` with the centre played, from the shapes of the keys with one stone more.
fn shape_of(key: usize, rule: Rule, table: &mut [Option<Shape>]) -> Shape {
    if let Some(shape) = table[key] {
        return shape;
    }
    let mut line = [EMPTY; 2 * REACH + 1];
    let mut rest = key;
    for (index, cell) in line.iter_mut().enumerate() {
        if index != CENTRE {
            *cell = (rest % 3) as u8;
            rest /= 3;
        }
    }
    line[CENTRE] = OWN;
    let empties = (1..2 * REACH).filter(|&index| index != CENTRE && line[index] == EMPTY);
    let shape = if makes_five(&line, rule) {
        Shape::Five
    } else {
        let fives = empties
            .clone()
            .filter(|&index| {
                let mut next = line;
                next[index] = OWN;
                makes_five(&next, rule)
            })
            .count();
        match fives {
            0 if !five_fits(&line) => Shape::Dead,
            0 => empties
                .map(|index| {
                    let offset = index as isize - CENTRE as isize;
                    let child = key + place_value(offset) as usize;
                    shape_of(child, rule, table).weaker()
                })
                .max()
                .unwrap_or(Shape::One),
            1 => Shape::Four,
            _ => Shape::OpenFour,
        }
    };
    table[key] = Some(shape);
    shape
}

/// Whether the run of own stones through the centre wins.
fn makes_five(line: &[u8], rule: Rule) -> bool {
    let left = line[..CENTRE]
        .iter()
        .rev()
        .take_while(|&&c| c == OWN)
        .count();
    let right = line[CENTRE + 1..].iter().take_while(|&&c| c == OWN).count();
    rule.wins(left + 1 + right)
}

/// Whether some five cells through the centre hold nothing blocked.
fn five_fits(line: &[u8]) -> bool {
    (1..=CENTRE).any(|start| line[start..start + 5].iter().all(|&c| c <= OWN))
}

/// What a move makes across its four lines, strongest first: the classes that decide games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Class {
    Quiet,
    OpenThree,
    DoubleThree,
    Four,
    FourThree,
    /// An open four or two fours: five next move whatever the opponent does, bar their own five.
    WinningFour,
    Five,
}

pub(super) fn class(shapes: [Shape; 4]) -> Class {
    let count = |wanted: Shape| shapes.iter().filter(|&&s| s == wanted).count();
    let fours = count(Shape::Four) + count(Shape::OpenFour);
    let threes = count(Shape::OpenThree);
    if count(Shape::Five) > 0 {
        Class::Five
    } else if count(Shape::OpenFour) > 0 || fours >= 2 {
        Class::WinningFour
    } else if fours == 1 && threes > 0 {
        Class::FourThree
    } else if fours == 1 {
        Class::Four
    } else if threes >= 2 {
        Class::DoubleThree
    } else if threes == 1 {
        Class::OpenThree
    } else {
        Class::Quiet
    }
}

/// How much a shape on an empty cell is worth to the player who could play it, in the
/// evaluation: a four on the board shows as a Five on its last cell, an open three as open fours.
pub(super) const POTENTIAL: [i32; Shape::COUNT] = [0, 1, 3, 9, 12, 60, 70, 500, 3000];

/// How urgent playing a cell is for a player, for ordering moves: its shapes plus a bonus for
/// the classes that win.
pub(super) fn urgency(shapes: [Shape; 4]) -> i32 {
    const WEIGHT: [i32; Shape::COUNT] = [0, 1, 4, 12, 20, 80, 100, 2_000, 100_000];
    let bonus = match class(shapes) {
        Class::WinningFour => 10_000,
        Class::FourThree => 5_000,
        Class::DoubleThree => 1_000,
        _ => 0,
    };
    shapes.iter().map(|&s| WEIGHT[s as usize]).sum::<i32>() + bonus
}
