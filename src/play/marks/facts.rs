//! A game of marks in a row as the history keeps it (the fields of its line, written and read from
//! this one declaration), and what the history's tallies make of it: a table's games by row
//! (opponent, and side where the records keep sides apart) and by result.

use std::borrow::Cow;
use std::collections::HashMap;
use std::marker::PhantomData;

use serde::{Deserialize, Serialize};

use super::Variant;
use super::settings::{Opponent, TWO_PLAYERS};
use crate::games::marks::Mark;
use crate::history::digest::Tally as TableTally;
use crate::history::{Entry, Outcome};

/// The fields of a game's line, under the game's key (`"tictactoe"`, `"gomoku"`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Facts<'a> {
    /// `3x3`, `4x4`, `5x5`, `15x15`.
    #[serde(borrow)]
    pub board: Cow<'a, str>,
    /// Gomoku's `freestyle` or `standard`; none where the board has one rule.
    #[serde(default, borrow, skip_serializing_if = "Option::is_none")]
    pub rule: Option<Cow<'a, str>>,
    /// `easy`, `medium`, `hard` or `human` (two players).
    #[serde(borrow)]
    pub opponent: Cow<'a, str>,
    /// The player's mark against the computer, `X` or `O`; for two players, the winner's.
    #[serde(default, borrow, skip_serializing_if = "Option::is_none")]
    pub mark: Option<Cow<'a, str>>,
    pub moves: u32,
}

impl Facts<'_> {
    /// The records table the game counts in: the rule where the board has several, else the
    /// board.
    pub fn table(&self) -> &str {
        self.rule.as_deref().unwrap_or(&self.board)
    }

    /// The game's cell of a column of `stats --csv`.
    pub fn column(&self, name: &str) -> String {
        match name {
            "board" => self.board.to_string(),
            "rule" => self.rule.as_deref().unwrap_or_default().to_string(),
            "opponent" => self.opponent.to_string(),
            "mark" => self.mark.as_deref().unwrap_or_default().to_string(),
            "moves" => self.moves.to_string(),
            _ => String::new(),
        }
    }
}

/// Results in one row. For two players, `won` counts X's wins and `lost` O's.
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

/// The games of one table while the history is read.
pub struct Results<V> {
    by_row: HashMap<String, Tally>,
    /// Games by their result as the history gives it: won, lost, drawn, given up.
    results: [u64; 4],
    game: PhantomData<fn() -> V>,
}

impl<V> Default for Results<V> {
    fn default() -> Results<V> {
        Results {
            by_row: HashMap::new(),
            results: [0; 4],
            game: PhantomData,
        }
    }
}

impl<V: Variant> TableTally for Results<V> {
    type Facts<'a> = Facts<'a>;
    type Digest = MarksDigest;

    fn table(_: &Entry, facts: &Facts) -> String {
        facts.table().to_string()
    }

    fn detail(_: &Entry, facts: &Facts) -> String {
        format!("vs {}", facts.opponent)
    }

    fn add(&mut self, entry: &Entry, facts: &Facts) {
        let mark = facts.mark.as_deref();
        self.count(row_of::<V>(&facts.opponent, mark), entry.result, mark);
        let result = match entry.result {
            Outcome::Won => 0,
            Outcome::Lost => 1,
            Outcome::Draw => 2,
            Outcome::Abandoned | Outcome::Over => 3,
        };
        self.results[result] += 1;
    }

    fn append(&mut self, later: Results<V>) {
        for (mine, theirs) in self.results.iter_mut().zip(later.results) {
            *mine += theirs;
        }
        for (row, tally) in later.by_row {
            let sum = self.by_row.entry(row).or_default();
            sum.won += tally.won;
            sum.drawn += tally.drawn;
            sum.lost += tally.lost;
        }
    }

    fn digest(self) -> MarksDigest {
        let order = V::rows();
        let rank = |row: &str| order.iter().position(|r| r == row).unwrap_or(order.len());
        let mut rows: Vec<(String, Tally)> = self
            .by_row
            .into_iter()
            .filter(|(_, tally)| tally.games() > 0)
            .collect();
        rows.sort_by(|(a, _), (b, _)| (rank(a), a).cmp(&(rank(b), b)));
        let [won, lost, drawn, given_up] = self.results;
        MarksDigest {
            games: rows.iter().map(|(_, t)| t.games()).sum(),
            rows,
            won,
            lost,
            drawn,
            given_up,
        }
    }
}

/// The row of a game with these fields; a name that is no opponent is a row of its own.
fn row_of<V: Variant>(opponent: &str, mark: Option<&str>) -> String {
    let player = if mark == Some("O") { Mark::O } else { Mark::X };
    match Opponent::from_name(opponent) {
        Some(opponent) => V::row(opponent, player),
        None => opponent.to_string(),
    }
}

impl<V> Results<V> {
    fn count(&mut self, row: String, result: Outcome, mark: Option<&str>) {
        let two_players = row == TWO_PLAYERS;
        let tally = self.by_row.entry(row).or_default();
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
pub struct MarksDigest {
    /// Games that ended with a result.
    pub games: u64,
    /// In the records' order of rows: easy, medium, hard, two players.
    pub rows: Vec<(String, Tally)>,
    /// Games by the history's result: for two players, won is X's win and lost O's.
    pub won: u64,
    pub lost: u64,
    pub drawn: u64,
    pub given_up: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::tictactoe::TicTacToe;

    #[test]
    fn results_are_counted_by_row_in_the_records_order() {
        let mut games = Results::<TicTacToe>::default();
        for (opponent, result, mark) in [
            ("human", Outcome::Won, Some("X")),
            ("human", Outcome::Won, Some("O")),
            ("human", Outcome::Draw, None),
            ("human", Outcome::Abandoned, None),
            ("hard", Outcome::Draw, Some("X")),
            ("hard", Outcome::Abandoned, Some("X")),
            ("easy", Outcome::Won, Some("O")),
        ] {
            games.count(row_of::<TicTacToe>(opponent, mark), result, mark);
        }
        let digest = games.digest();
        let tally = |won, drawn, lost| Tally { won, drawn, lost };
        assert_eq!(
            digest.rows,
            vec![
                ("easy".to_string(), tally(1, 0, 0)),
                ("hard".to_string(), tally(0, 1, 1)),
                ("human".to_string(), tally(1, 1, 1)),
            ]
        );
        assert_eq!(digest.games, 6);
    }
}
