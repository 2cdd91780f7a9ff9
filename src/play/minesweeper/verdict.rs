//! What a loss was, judged by the odds of the fatal move as the player saw the board: a forced
//! guess, a guess far riskier than a cell that was open, or a mistake. The game's screen says it
//! at once, and the post-mortem, the replay and the history say the same.

use super::chance::percent;
use super::facts::Loss;
use crate::games::minesweeper::{Guess, PostMortem};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// No cell was certainly safe, and this one was about as safe as any.
    Forced(Guess),
    /// No cell was certainly safe, but this one was far riskier than the safest.
    Risky(Guess),
    /// No cell was certainly safe; the fatal move's chances are not known.
    Unweighed,
    /// Logic proved the cell a mine.
    CertainMine,
    /// Logic proved this many cells safe.
    SafeCells(usize),
}

impl Verdict {
    /// The verdict on a loss from the fatal move's `guess` and what logic proved before it.
    pub fn of(guess: Option<Guess>, post_mortem: &PostMortem) -> Verdict {
        let certain_mine = guess.is_some_and(|guess| guess.mine == 1000);
        if certain_mine || post_mortem.mines.contains(&post_mortem.fatal) {
            return Verdict::CertainMine;
        }
        let unforced = guess.is_some_and(|guess| !guess.forced());
        if unforced || !post_mortem.safe.is_empty() {
            // The odds can prove a cell safe where the solver's bounds stop it: one at least.
            return Verdict::SafeCells(post_mortem.safe.len().max(1));
        }
        match guess {
            Some(guess) if guess.risky() => Verdict::Risky(guess),
            Some(guess) => Verdict::Forced(guess),
            None => Verdict::Unweighed,
        }
    }

    /// The kind of loss, as the history and the figures count it.
    pub fn loss(self) -> Loss {
        match self {
            Verdict::Forced(_) | Verdict::Unweighed => Loss::ForcedGuess,
            Verdict::Risky(_) => Loss::RiskyGuess,
            Verdict::CertainMine | Verdict::SafeCells(_) => Loss::Mistake,
        }
    }

    /// The shorter form, where the longer does not fit: `Forced guess: 33% mine, the safest 31%`.
    pub fn short_text(self) -> String {
        match self {
            Verdict::Forced(guess) => format!(
                "Forced guess: {} mine, the safest {}",
                percent(guess.mine_chance()),
                percent(guess.safest_chance())
            ),
            Verdict::CertainMine => "Mistake: a certain mine".to_string(),
            other => other.text(),
        }
    }

    /// The briefest form, where a small terminal leaves the board's border alone for it:
    /// `Forced guess: 33% mine`, `Risky guess: 45% vs 12%`, `Mistake: 4 cells were safe`.
    pub fn brief(self) -> String {
        match self {
            Verdict::Forced(guess) => {
                format!("Forced guess: {} mine", percent(guess.mine_chance()))
            }
            Verdict::Risky(guess) => format!(
                "Risky guess: {} vs {}",
                percent(guess.mine_chance()),
                percent(guess.safest_chance())
            ),
            Verdict::Unweighed => "Forced guess".to_string(),
            Verdict::CertainMine => "Mistake: a certain mine".to_string(),
            Verdict::SafeCells(1) => "Mistake: 1 cell was safe".to_string(),
            Verdict::SafeCells(n) => format!("Mistake: {n} cells were safe"),
        }
    }

    /// In words: `Forced guess: no safe cell; this one had a 33% chance of a mine, the safest 31%`.
    pub fn text(self) -> String {
        match self {
            Verdict::Forced(guess) => format!(
                "Forced guess: no safe cell; this one had a {} chance of a mine, the safest {}",
                percent(guess.mine_chance()),
                percent(guess.safest_chance())
            ),
            Verdict::Risky(guess) => format!(
                "Risky guess: {} while a {} cell was open",
                percent(guess.mine_chance()),
                percent(guess.safest_chance())
            ),
            Verdict::Unweighed => "Forced guess: no safe cell".to_string(),
            Verdict::CertainMine => "Mistake: this cell was certainly a mine".to_string(),
            Verdict::SafeCells(1) => "Mistake: 1 cell was provably safe".to_string(),
            Verdict::SafeCells(n) => format!("Mistake: {n} cells were provably safe"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::minesweeper::Pos;

    fn seen(safe: usize, fatal_proved_a_mine: bool) -> PostMortem {
        let fatal = Pos::new(0, 0);
        PostMortem {
            safe: (0..safe).map(|col| Pos::new(5, col)).collect(),
            mines: if fatal_proved_a_mine {
                vec![fatal]
            } else {
                Vec::new()
            },
            fatal,
        }
    }

    fn guess(mine: u16, safest: u16) -> Option<Guess> {
        Some(Guess {
            mine,
            safest,
            advised: false,
        })
    }

    #[test]
    fn each_loss_says_what_it_was() {
        let cases = [
            (
                guess(333, 310),
                seen(0, false),
                "Forced guess: no safe cell; this one had a 33% chance of a mine, the safest 31%",
                Loss::ForcedGuess,
            ),
            (
                guess(450, 120),
                seen(0, false),
                "Risky guess: 45% while a 12% cell was open",
                Loss::RiskyGuess,
            ),
            (
                guess(1000, 0),
                seen(2, true),
                "Mistake: this cell was certainly a mine",
                Loss::Mistake,
            ),
            (
                guess(200, 0),
                seen(4, false),
                "Mistake: 4 cells were provably safe",
                Loss::Mistake,
            ),
            (
                guess(200, 0),
                seen(0, false),
                "Mistake: 1 cell was provably safe",
                Loss::Mistake,
            ),
            (
                None,
                seen(0, false),
                "Forced guess: no safe cell",
                Loss::ForcedGuess,
            ),
        ];
        for (guess, seen, text, loss) in cases {
            let verdict = Verdict::of(guess, &seen);
            assert_eq!(verdict.text(), text);
            assert_eq!(verdict.loss(), loss, "{text}");
            assert!(verdict.short_text().len() <= text.len());
            // Whole in the border of the smallest board drawn (26 columns between its corners).
            assert!(verdict.brief().len() <= 26, "{}", verdict.brief());
        }
        let forced = Verdict::of(guess(333, 310), &seen(0, false));
        assert_eq!(
            forced.short_text(),
            "Forced guess: 33% mine, the safest 31%"
        );
    }
}
