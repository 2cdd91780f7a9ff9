//! What the records screen shows of a tic-tac-toe board from the history: the results against
//! each opponent.

use crate::history::digest::Digest;
use crate::play::tictactoe::facts::TicTacToeDigest;
use crate::play::tictactoe::{GAME, TWO_PLAYERS};
use crate::records::ScoreTable;
use crate::ui::plots::{Page, Plot};

pub fn page<'a>(table: &'a ScoreTable, digest: &'a Digest) -> Page<'a> {
    let Some(d) = digest.table::<TicTacToeDigest>(GAME, &table.key) else {
        return Page::default();
    };
    let name = |opponent: &str| match opponent {
        TWO_PLAYERS => "2 players".to_string(),
        other => other.to_string(),
    };
    let two_players = d.opponents.iter().any(|(o, _)| o == TWO_PLAYERS);
    Page {
        texts: Vec::new(),
        plots: vec![Plot::Results {
            title: "Results by opponent",
            rows: (d.opponents.iter())
                .map(|(opponent, t)| (name(opponent), [t.won, t.drawn, t.lost]))
                .collect(),
            note: two_players.then_some("2 players: won is X, lost is O"),
        }],
        games: d.games as usize,
    }
}
