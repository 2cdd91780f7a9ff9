//! The daily challenge: one Minesweeper board (no-guess, the standard expert 16x30 with 99 mines)
//! and one 2048 game (4x4) a day, the same for every player, from a seed derived from the UTC
//! date.

use serde::{Deserialize, Serialize};

use crate::code::GameCode;
use crate::games::GameId;
use crate::games::minesweeper::{BoardSize, Difficulty, FirstClick, Pos};
use crate::records::DailyRecords;
use crate::seeds;
use crate::timestamp::{Date, Timestamp};

/// The games of the daily challenge, in the order of the menu and the share line.
pub const GAMES: [GameId; 2] = [GameId::Minesweeper, GameId::Twenty48];

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
    /// An attempt at `game`'s daily of `date`: a retry when the day already has its result.
    pub fn of(date: Date, records: &DailyRecords, game: GameId) -> Attempt {
        Attempt {
            date,
            retry: records.has(game, date),
        }
    }

    /// `Daily 2026-12-01`, or `Daily 2026-12-01 retry`.
    pub fn label(self) -> String {
        let retry = if self.retry { " retry" } else { "" };
        format!("Daily {}{retry}", self.date)
    }
}

/// The date of today's challenge: the same day everywhere, in UTC.
pub fn today() -> Date {
    Timestamp::now().date()
}

/// The code of `game`'s daily of `date`; `None` for a game that has none.
pub fn code(game: GameId, date: Date) -> Option<GameCode> {
    let index = GAMES.iter().position(|&g| g == game)?;
    let seed = seeds::derived(BASE ^ date.days() as u64, index as u64);
    Some(match game {
        GameId::Minesweeper => GameCode::Minesweeper {
            level: Difficulty::Classic,
            size: BoardSize::CLASSIC,
            first_click: FirstClick::NoGuess,
            seed,
            // Everyone starts from the same opening, in the middle of the board.
            first: Some(Pos::new(8, 15)),
        },
        _ => GameCode::Twenty48 { size: 4, seed },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_daily_seeds_of_a_date_never_change() {
        let date: Date = "2026-12-01".parse().unwrap();
        let seeds: Vec<u64> = GAMES
            .iter()
            .map(|&game| code(game, date).unwrap().seed())
            .collect();
        assert_eq!(seeds, [572_850_264_661, 651_289_662_295]);
        let next = code(GameId::Minesweeper, date.add_days(1)).unwrap();
        assert_ne!(next.seed(), seeds[0]);
        assert_eq!(code(GameId::TicTacToe, date), None);
    }
}
