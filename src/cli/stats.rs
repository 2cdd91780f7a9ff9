//! `grid-arcade stats`: the history summed up per game and table as text (the figures of the
//! records screen, from the same digest), or exported whole for a spreadsheet (CSV) or another
//! program (JSON). Works without a terminal.

use std::fmt::Write;

use crate::history::Entry;
use crate::history::digest::Digest;
use crate::records::counted;
use crate::ui::game::GameUi;
use crate::ui::games::GAMES;

/// The text summary of `digest`'s tables of `games`, game by game and table by table.
pub fn text(digest: &Digest, games: &[&dyn GameUi]) -> String {
    let mut out = String::new();
    for game in games {
        for (key, table) in digest.tables_of(game.id()) {
            let Some(played) = digest.games(game.id(), key) else {
                continue;
            };
            let _ = writeln!(out, "{} {key}", game.title());
            let _ = writeln!(out, "  games: {}", played.count);
            for line in game.stats(table) {
                let _ = writeln!(out, "  {line}");
            }
            let _ = writeln!(out, "  last played: {}", played.last_start);
            out.push('\n');
        }
    }
    if !out.is_empty() {
        return out;
    }
    let before_resets: usize = (games.iter())
        .filter_map(|game| digest.before_resets.get(&game.id()))
        .sum();
    // Asked for one game, the answer names it: other games may well be in the history.
    let which = match games {
        [game] => format!("{} games", game.title()),
        _ => "games".to_string(),
    };
    if before_resets > 0 {
        return format!(
            "No {which} since the tables were reset; the history keeps the {} before, to watch \
             again (grid-arcade replay ID).\n",
            counted(before_resets as u64, "game", "games")
        );
    }
    format!("No {which} in the history yet.\n")
}

/// The columns every game has; each game's own come after, a column of one name once.
const COLUMNS: [&str; 11] = [
    "id",
    "game",
    "table",
    "start",
    "duration_ms",
    "result",
    "seed",
    "code",
    "hints",
    "undo",
    "autoplay",
];

/// `entries` (each with its game) as CSV, a header then a row per game; a game's own columns are
/// empty for the other games. The columns are the same whichever games the entries are of.
pub fn csv(entries: &[(&dyn GameUi, Entry)]) -> String {
    let mut columns: Vec<&str> = COLUMNS.to_vec();
    for game in GAMES {
        for column in game.csv_columns() {
            if !columns.contains(column) {
                columns.push(column);
            }
        }
    }
    let mut out = columns.join(",");
    out.push('\n');
    for (game, entry) in entries {
        let mut cells = vec![String::new(); columns.len()];
        let common = [
            entry.id.to_string(),
            entry.game.to_string(),
            game.entry_table(entry),
            entry.start.to_string(),
            entry.duration_ms.to_string(),
            entry.result.name().to_string(),
            entry.seed.to_string(),
            code_text(*game, entry),
            entry.hints.to_string(),
            entry.undo.to_string(),
            entry.autoplay.to_string(),
        ];
        for (cell, value) in cells.iter_mut().zip(common) {
            *cell = value;
        }
        for (column, value) in game.csv_columns().iter().zip(game.csv(entry)) {
            if let Some(at) = columns.iter().position(|c| c == column) {
                cells[at] = value;
            }
        }
        let row: Vec<String> = cells.iter().map(|cell| quoted(cell)).collect();
        out.push_str(&row.join(","));
        out.push('\n');
    }
    out
}

/// A CSV cell: quoted when it holds a comma, a quote or a line break.
fn quoted(cell: &str) -> String {
    if cell.contains([',', '"', '\n']) {
        format!("\"{}\"", cell.replace('"', "\"\""))
    } else {
        cell.to_string()
    }
}

/// The entries as a JSON array, one object per game as the history writes it, with its code and
/// the figures its game adds to its own fields.
pub fn json(entries: &[(&dyn GameUi, Entry)]) -> String {
    let games: Vec<serde_json::Value> = entries
        .iter()
        .map(|(game, entry)| {
            let mut value = serde_json::to_value(entry).unwrap_or_default();
            if let Some(fields) = value.as_object_mut() {
                fields.insert("code".to_string(), code_text(*game, entry).into());
                if let Some(facts) =
                    (fields.get_mut(entry.game.as_ref())).and_then(|facts| facts.as_object_mut())
                {
                    for (key, figure) in game.json_figures(entry) {
                        facts.insert(key.to_string(), figure);
                    }
                }
            }
            value
        })
        .collect();
    serde_json::to_string_pretty(&games).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

/// The code of an entry's game, empty for fields its game does not read.
fn code_text(game: &dyn GameUi, entry: &Entry) -> String {
    game.entry_code(entry)
        .map(|code| code.encode())
        .unwrap_or_default()
}
