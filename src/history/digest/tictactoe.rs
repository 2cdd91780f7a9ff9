//! A tic-tac-toe board's history as the records screen shows it: wins, draws and losses by
//! opponent.

use std::collections::HashMap;

use crate::history::Outcome;
use crate::records::tictactoe::{TWO_PLAYERS, opponent_order};

/// Results against one opponent. For two players, `won` counts X's wins and `lost` O's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub won: u64,
    pub drawn: u64,
    pub lost: u64,
}

impl Tally {
    pub fn games(&self) -> u64 {
        self.won + self.drawn + self.lost
    }
}

/// The games of one board while the history is read.
#[derive(Default)]
pub(super) struct Games {
    by_opponent: HashMap<String, Tally>,
}

impl Games {
    pub(super) fn add(&mut self, opponent: &str, result: Outcome, mark: Option<&str>) {
        let two_players = opponent == TWO_PLAYERS;
        let tally = match self.by_opponent.get_mut(opponent) {
            Some(tally) => tally,
            None => self.by_opponent.entry(opponent.to_string()).or_default(),
        };
        match (result, two_players) {
            // Two players: the mark is the winner's.
            (Outcome::Won | Outcome::Lost, true) => match mark {
                Some("O") => tally.lost += 1,
                _ => tally.won += 1,
            },
            (Outcome::Won, false) => tally.won += 1,
            (Outcome::Draw, _) => tally.drawn += 1,
            // Given up against the computer counts as lost, as in the records.
            (Outcome::Lost | Outcome::Abandoned | Outcome::Over, false) => tally.lost += 1,
            // Two players leaving a game decide nothing.
            (Outcome::Abandoned | Outcome::Over, true) => {}
        }
    }

    /// Adds the games of a later part of the file.
    pub(super) fn append(&mut self, later: Games) {
        for (opponent, tally) in later.by_opponent {
            let sum = self.by_opponent.entry(opponent).or_default();
            sum.won += tally.won;
            sum.drawn += tally.drawn;
            sum.lost += tally.lost;
        }
    }

    pub(super) fn digest(self) -> TicTacToeDigest {
        let mut opponents: Vec<(String, Tally)> = self
            .by_opponent
            .into_iter()
            .filter(|(_, tally)| tally.games() > 0)
            .collect();
        opponents.sort_by(|(a, _), (b, _)| (opponent_order(a), a).cmp(&(opponent_order(b), b)));
        TicTacToeDigest {
            games: opponents.iter().map(|(_, t)| t.games()).sum(),
            opponents,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct TicTacToeDigest {
    /// Games that ended with a result.
    pub games: u64,
    /// In the records' order of opponents: easy, medium, hard, two players.
    pub opponents: Vec<(String, Tally)>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_are_counted_by_opponent_in_the_records_order() {
        let mut games = Games::default();
        games.add("human", Outcome::Won, Some("X"));
        games.add("human", Outcome::Won, Some("O"));
        games.add("human", Outcome::Draw, None);
        games.add("human", Outcome::Abandoned, None);
        games.add("hard", Outcome::Draw, Some("X"));
        games.add("hard", Outcome::Abandoned, Some("X"));
        games.add("easy", Outcome::Won, Some("O"));
        let digest = games.digest();
        let tally = |won, drawn, lost| Tally { won, drawn, lost };
        assert_eq!(
            digest.opponents,
            vec![
                ("easy".to_string(), tally(1, 0, 0)),
                ("hard".to_string(), tally(0, 1, 1)),
                ("human".to_string(), tally(1, 1, 1)),
            ]
        );
        assert_eq!(digest.games, 6);
    }
}
