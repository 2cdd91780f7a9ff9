//! A tic-tac-toe game as the history keeps it (the fields of its line, written and read from this
//! one declaration), and a board's games boiled down: wins, draws and losses by opponent.

use std::borrow::Cow;
use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::code::CodeGame;
use super::record::opponent_order;
use super::settings::{Opponent, TWO_PLAYERS};
use crate::code::GameCode;
use crate::games::tictactoe::PRESETS;
use crate::history::digest::Tally as TableTally;
use crate::history::{Entry, Outcome};

/// The fields of a tic-tac-toe game's line, under `"tictactoe"`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Facts<'a> {
    /// `3x3`, `4x4` or `5x5`.
    #[serde(borrow)]
    pub board: Cow<'a, str>,
    /// `easy`, `medium`, `hard` or `human` (two players).
    #[serde(borrow)]
    pub opponent: Cow<'a, str>,
    /// The player's mark against the computer, `X` or `O`; for two players, the winner's.
    #[serde(default, borrow, skip_serializing_if = "Option::is_none")]
    pub mark: Option<Cow<'a, str>>,
    pub moves: u32,
}

impl Facts<'_> {
    /// The code that gives the game again.
    pub fn code(&self, seed: u64) -> Option<GameCode> {
        let game = CodeGame {
            board: *PRESETS.iter().find(|p| p.name == self.board)?,
            opponent: Opponent::from_name(&self.opponent)?,
            // Two players have no side of their own: their codes all say X.
            plays_x: self.opponent == TWO_PLAYERS || self.mark.as_deref() == Some("X"),
        };
        Some(game.code(seed))
    }
}

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
pub struct Games {
    by_opponent: HashMap<String, Tally>,
    /// Games by their result as the history gives it: won, lost, drawn, given up.
    results: [u64; 4],
}

impl TableTally for Games {
    type Facts<'a> = Facts<'a>;
    type Digest = TicTacToeDigest;

    fn table(_: &Entry, facts: &Facts) -> String {
        facts.board.to_string()
    }

    fn detail(_: &Entry, facts: &Facts) -> String {
        format!("vs {}", facts.opponent)
    }

    fn add(&mut self, entry: &Entry, facts: &Facts) {
        self.count(&facts.opponent, entry.result, facts.mark.as_deref());
        let result = match entry.result {
            Outcome::Won => 0,
            Outcome::Lost => 1,
            Outcome::Draw => 2,
            Outcome::Abandoned | Outcome::Over => 3,
        };
        self.results[result] += 1;
    }

    fn append(&mut self, later: Games) {
        for (mine, theirs) in self.results.iter_mut().zip(later.results) {
            *mine += theirs;
        }
        for (opponent, tally) in later.by_opponent {
            let sum = self.by_opponent.entry(opponent).or_default();
            sum.won += tally.won;
            sum.drawn += tally.drawn;
            sum.lost += tally.lost;
        }
    }

    fn digest(self) -> TicTacToeDigest {
        let mut opponents: Vec<(String, Tally)> = self
            .by_opponent
            .into_iter()
            .filter(|(_, tally)| tally.games() > 0)
            .collect();
        opponents.sort_by(|(a, _), (b, _)| (opponent_order(a), a).cmp(&(opponent_order(b), b)));
        let [won, lost, drawn, given_up] = self.results;
        TicTacToeDigest {
            games: opponents.iter().map(|(_, t)| t.games()).sum(),
            opponents,
            won,
            lost,
            drawn,
            given_up,
        }
    }
}

impl Games {
    fn count(&mut self, opponent: &str, result: Outcome, mark: Option<&str>) {
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
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct TicTacToeDigest {
    /// Games that ended with a result.
    pub games: u64,
    /// In the records' order of opponents: easy, medium, hard, two players.
    pub opponents: Vec<(String, Tally)>,
    /// Games by the history's result: for two players, won is X's win and lost O's.
    pub won: u64,
    pub lost: u64,
    pub drawn: u64,
    pub given_up: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_are_counted_by_opponent_in_the_records_order() {
        let mut games = Games::default();
        games.count("human", Outcome::Won, Some("X"));
        games.count("human", Outcome::Won, Some("O"));
        games.count("human", Outcome::Draw, None);
        games.count("human", Outcome::Abandoned, None);
        games.count("hard", Outcome::Draw, Some("X"));
        games.count("hard", Outcome::Abandoned, Some("X"));
        games.count("easy", Outcome::Won, Some("O"));
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
