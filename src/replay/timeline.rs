//! Any position of a game, reached cheaply: the game as it stood every few steps is kept, and a
//! position between two of them is the earlier one played forward. Opening a game plays it once;
//! a step back or a jump plays at most the steps between two kept positions.

/// A game that steps can be played on.
pub trait Steps: Clone {
    type Step: Copy;
    /// Plays `step`; `false` when the rules refuse it (it is then not from this game).
    fn apply(&mut self, step: Self::Step) -> bool;
    /// Whether no move is left to play.
    fn is_over(&self) -> bool;
}

pub struct Timeline<G: Steps> {
    steps: Vec<G::Step>,
    /// The game before step `i * every`, for every `i` up to the last step.
    kept: Vec<G>,
    every: usize,
    /// The position shown, after the first `at` steps.
    current: G,
    at: usize,
}

impl<G: Steps> Timeline<G> {
    /// The timeline of `steps` from `start`, with a position kept every `every` steps, shown at
    /// its end; `Err` with the index of the first step the rules refuse.
    pub fn build(start: G, steps: Vec<G::Step>, every: usize) -> Result<Timeline<G>, usize> {
        let every = every.max(1);
        let mut kept = Vec::with_capacity(steps.len() / every + 1);
        let mut game = start;
        for (i, &step) in steps.iter().enumerate() {
            if i % every == 0 {
                kept.push(game.clone());
            }
            if !game.apply(step) {
                return Err(i);
            }
        }
        if kept.is_empty() {
            kept.push(game.clone());
        }
        Ok(Timeline {
            at: steps.len(),
            steps,
            kept,
            every,
            current: game,
        })
    }

    pub fn len(&self) -> usize {
        self.steps.len()
    }

    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// How many steps the shown position is after the start.
    pub fn at(&self) -> usize {
        self.at
    }

    pub fn current(&self) -> &G {
        &self.current
    }

    pub fn steps(&self) -> &[G::Step] {
        &self.steps
    }

    /// Shows the position after `k` steps (at most all of them).
    pub fn seek(&mut self, k: usize) {
        let k = k.min(self.steps.len());
        if k == self.at {
            return;
        }
        // Forward within reach of the next kept position: play on from the shown one.
        let from_kept = (k / self.every).min(self.kept.len() - 1) * self.every;
        if k < self.at || from_kept > self.at {
            self.current = self.kept[from_kept / self.every].clone();
            self.at = from_kept;
        }
        for &step in &self.steps[self.at..k] {
            self.current.apply(step);
        }
        self.at = k;
    }

    /// The position after `k` steps, leaving the shown one as it is.
    pub fn position(&self, k: usize) -> G {
        let k = k.min(self.steps.len());
        let from = (k / self.every).min(self.kept.len() - 1);
        let mut game = self.kept[from].clone();
        for &step in &self.steps[from * self.every..k] {
            game.apply(step);
        }
        game
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sum that refuses to go below zero.
    #[derive(Clone, Debug, PartialEq)]
    struct Sum(i64);

    impl Steps for Sum {
        type Step = i64;
        fn apply(&mut self, step: i64) -> bool {
            self.0 += step;
            self.0 >= 0
        }
        fn is_over(&self) -> bool {
            false
        }
    }

    #[test]
    fn every_position_is_reached_from_anywhere() {
        let steps: Vec<i64> = (1..=50).collect();
        for every in [1, 3, 7, 50, 64] {
            let mut timeline = Timeline::build(Sum(0), steps.clone(), every).unwrap();
            assert_eq!(timeline.at(), 50);
            assert_eq!(timeline.current(), &Sum(1275));
            for k in [0, 49, 1, 25, 26, 50, 3, 2, 60] {
                timeline.seek(k);
                let k = k.min(50) as i64;
                assert_eq!(timeline.current(), &Sum(k * (k + 1) / 2), "{every} {k}");
                assert_eq!(timeline.position(k as usize), Sum(k * (k + 1) / 2));
            }
        }
        let empty = Timeline::build(Sum(4), Vec::new(), 8).unwrap();
        assert!(empty.is_empty());
        assert_eq!(empty.position(3), Sum(4));
    }

    #[test]
    fn a_refused_step_is_named() {
        assert_eq!(Timeline::build(Sum(0), vec![1, 2, -4, 1], 2).err(), Some(2));
    }
}
