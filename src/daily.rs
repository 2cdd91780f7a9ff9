//! The daily challenge: one game a day of each game that has one (Minesweeper's no-guess classic
//! board, a 4x4 2048), the same for every player, from a seed derived from the UTC date.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::games::GameId;
use crate::history::DailyMark;
use crate::records::daily::Daily;
use crate::seeds;
use crate::timestamp::{Date, Timestamp};

/// Mixed with the day's number into every daily seed. Changing it (or the derivation) changes
/// every player's daily boards: a test fixes the seeds of a few dates.
const BASE: u64 = 0x6772_6964_2d64_6179;

/// A daily game: the day it is of, and whether it is a retry (the day had a counted result when
/// it began).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attempt {
    pub date: Date,
    pub retry: bool,
}

impl Attempt {
    /// The attempt as its save found the `days`: a first attempt is a retry when its day holds
    /// another result than `ours` (another copy of the program recorded the day first).
    pub fn settled<T: PartialEq>(self, days: &BTreeMap<Date, T>, ours: &T) -> Attempt {
        Attempt {
            retry: self.retry || days.get(&self.date) != Some(ours),
            ..self
        }
    }

    /// An attempt at `game`'s daily of `date`: a retry when the day already has its result.
    pub fn of(date: Date, daily: &Daily, game: GameId) -> Attempt {
        Attempt {
            date,
            retry: daily.has(game, date),
        }
    }

    /// `Daily 2026-12-01`, or `Daily 2026-12-01 retry`.
    pub fn label(self) -> String {
        let retry = if self.retry { " retry" } else { "" };
        format!("Daily {}{retry}", self.date)
    }
}

impl From<Attempt> for DailyMark {
    fn from(attempt: Attempt) -> DailyMark {
        if attempt.retry {
            DailyMark::Retry
        } else {
            DailyMark::First
        }
    }
}

/// The date of today's challenge: the same day everywhere, in UTC.
pub fn today() -> Date {
    Timestamp::now().date()
}

/// The seed of `date`'s game of the daily game that comes `index`th in the list of games.
pub fn seed(date: Date, index: usize) -> u64 {
    seeds::derived(BASE ^ date.days() as u64, index as u64)
}

/// What a daily game's player reads at its end: the day's share line.
pub fn ended_notice(attempt: Attempt, line: &str) -> String {
    let counted = if attempt.retry {
        "a retry: the day's first attempt is the one that counts"
    } else {
        "this is the result that counts for the day"
    };
    format!(
        "{} over, {counted}. Share it (y copies it): {line}",
        attempt.label()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_daily_seeds_of_a_date_never_change() {
        let date: Date = "2026-12-01".parse().unwrap();
        assert_eq!(
            [seed(date, 0), seed(date, 1)],
            [572_850_264_661, 651_289_662_295]
        );
        assert_ne!(seed(date.add_days(1), 0), seed(date, 0));
    }
}
