//! How the player judges and searches ([`STRATEGY`]), and the levels of play, which differ in
//! their budgets.

use std::time::Duration;

use super::budget::Budget;
use super::eval::{Evaluation, Weights};

/// How the player judges positions and how far it looks: what the tuning bench varies.
pub struct Strategy {
    pub evaluation: Evaluation,
    /// Chance nodes reached with a smaller probability than this are evaluated, not expanded.
    pub probability_cut: f32,
    /// On 4x4, the search looks `distinct tiles - depth_offset` player moves ahead (at least 1,
    /// at most `max_depth`): positions with many kinds of tiles are the delicate ones.
    pub depth_offset: u32,
    pub max_depth: u32,
}

impl Strategy {
    /// The deepest 4x4 search for a board holding `distinct` kinds of tiles.
    pub fn packed_depth(&self, distinct: u32) -> u32 {
        distinct
            .saturating_sub(self.depth_offset)
            .clamp(1, self.max_depth)
    }
}

/// How well the computer plays, chosen in the settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Level {
    /// About a millisecond a move: 8192 in 94% of games, 16384 in 58%.
    #[default]
    Fast,
    /// Five times the budget of fast, under 5 ms a move: 8192 in 98% of games, 16384 in 88%.
    Strong,
}

/// The evaluation and search of the player at every level: the weights and form of the strongest public
/// hand-built expectimax player of 4x4 2048 (nneonneo's 2048-ai). The levels differ in their
/// budgets alone: with the same strategy, the depth that the strong level's larger budget buys
/// is what takes it from 16384 in 58% of the bench's seeded games to 88% (README, "Figures"),
/// while the tuning bench found no weights that it could tell from these.
pub static STRATEGY: Strategy = Strategy {
    evaluation: Evaluation::new(Weights {
        base: 200_000.0,
        empty: 270.0,
        merges: 700.0,
        monotone: 47.0,
        monotone_power: 4.0,
        sum: 11.0,
        sum_power: 3.5,
    }),
    probability_cut: 1e-4,
    depth_offset: 2,
    max_depth: 10,
};

impl Level {
    pub const ALL: [Level; 2] = [Level::Fast, Level::Strong];

    /// The name in the settings.
    pub fn name(self) -> &'static str {
        match self {
            Level::Fast => "fast",
            Level::Strong => "strong",
        }
    }

    /// The level of that name.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|level| level.name() == name)
    }

    /// A hint on the screen: a few milliseconds on 4x4, within a time bound that keeps the
    /// screen's answer prompt on a slow or busy machine.
    pub const fn hint(self) -> Budget {
        match self {
            Level::Fast => Budget::nodes(1_000_000).with_time(Duration::from_millis(40)),
            Level::Strong => Budget::nodes(3_000_000).with_time(Duration::from_millis(90)),
        }
    }

    /// A move of autoplay (the strength bench gives its figures); the screen sets the pace
    /// between moves.
    pub const fn autoplay(self) -> Budget {
        match self {
            Level::Fast => Budget::nodes(200_000).with_time(Duration::from_millis(40)),
            Level::Strong => Budget::nodes(1_100_000).with_time(Duration::from_millis(60)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_go_by_their_names() {
        for level in Level::ALL {
            assert_eq!(Level::from_name(level.name()), Some(level));
        }
        assert_eq!(Level::from_name("medium"), None);
        assert_eq!(Level::default(), Level::Fast);
    }

    #[test]
    fn depth_grows_with_the_kinds_of_tiles_within_bounds() {
        assert_eq!(STRATEGY.packed_depth(0), 1);
        assert_eq!(STRATEGY.packed_depth(16), STRATEGY.max_depth);
        for distinct in 1..16 {
            assert!(STRATEGY.packed_depth(distinct) <= STRATEGY.packed_depth(distinct + 1));
        }
    }
}
