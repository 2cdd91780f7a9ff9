//! What the records screen shows of a table of a game of marks from the history: the results in
//! each row (opponent, and side where the game keeps sides apart).

use crate::history::digest::Digest;
use crate::play::marks::{MarksDigest, TWO_PLAYERS, Variant};
use crate::records::ScoreTable;
use crate::ui::plots::{Page, Plot};

pub fn page<'a, V: Variant>(table: &'a ScoreTable, digest: &'a Digest) -> Page<'a> {
    let Some(d) = digest.table::<MarksDigest>(V::GAME, &table.key) else {
        return Page::default();
    };
    let two_players = d.rows.iter().any(|(row, _)| row == TWO_PLAYERS);
    Page {
        texts: Vec::new(),
        plots: vec![Plot::Results {
            title: "Results by opponent",
            rows: (d.rows.iter())
                .map(|(row, t)| (V::row_label(row), [t.won, t.drawn, t.lost]))
                .collect(),
            note: two_players.then_some("2 players: won is X, lost is O"),
        }],
        games: d.games as usize,
    }
}
