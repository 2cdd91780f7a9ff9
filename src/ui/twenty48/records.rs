//! What the records screen shows of a 2048 board size from the history: the score of each game,
//! the biggest tiles, and the moves of the latest games.

use crate::history::digest::Digest;
use crate::play::twenty48::GAME;
use crate::play::twenty48::facts::Twenty48Digest;
use crate::records::ScoreTable;
use crate::ui::plots::{Best, Page, Plot, compact};

/// A tile's value as a bar's label: `2048`, `16k`.
fn tile_label(tile: u64) -> String {
    if tile < 16_384 {
        tile.to_string()
    } else {
        format!("{}k", tile / 1024)
    }
}

pub fn page<'a>(table: &'a ScoreTable, digest: &'a Digest) -> Page<'a> {
    let Some(d) = digest.table::<Twenty48Digest>(GAME, &table.key) else {
        return Page::default();
    };
    Page {
        texts: Vec::new(),
        plots: vec![
            Plot::Series {
                title: "Score of each unaided game",
                each: "a game",
                series: &d.scores,
                best: Best::Highest,
                label: |score| compact(score.round() as u64),
            },
            Plot::Counts {
                title: "Biggest tile",
                legend: "games by their biggest tile",
                left_out: "tiles up to",
                bars: (d.tiles.iter())
                    .map(|(tile, games)| (tile_label(*tile), *games))
                    .collect(),
            },
            Plot::Latest {
                title: "Moves of each game",
                unit: "moves",
                values: &d.recent_moves,
            },
        ],
        games: d.games,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_labels_stay_short() {
        assert_eq!(tile_label(2048), "2048");
        assert_eq!(tile_label(131_072), "128k");
    }
}
