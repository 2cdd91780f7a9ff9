//! `grid-arcade stats`: the history summed up per game and table as text, or exported whole for a
//! spreadsheet (CSV) or another program (JSON). Works without a terminal.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::games::GameId;
use crate::history::{Entry, Loss, Outcome};
use crate::records::format_time_ms;

/// The text summary of `entries`, game by game and table by table.
pub fn text(entries: &[Entry]) -> String {
    if entries.is_empty() {
        return "No games in the history yet.\n".to_string();
    }
    let mut tables: BTreeMap<(usize, String), Vec<&Entry>> = BTreeMap::new();
    for entry in entries {
        let Some(game) = entry.game() else { continue };
        let order = GameId::ALL.iter().position(|g| *g == game).unwrap_or(0);
        tables
            .entry((order, entry.table()))
            .or_default()
            .push(entry);
    }
    let mut out = String::new();
    for ((order, table), games) in tables {
        let game = GameId::ALL[order];
        let _ = writeln!(out, "{} {table}", game.title());
        let count = |result| games.iter().filter(|e| e.result == result).count();
        let played = games.len();
        let won = count(Outcome::Won);
        let _ = writeln!(out, "  games: {played}");
        match game {
            GameId::Minesweeper => minesweeper(&mut out, &games, won),
            GameId::TicTacToe => {
                let _ = writeln!(
                    out,
                    "  won {won}, lost {}, drawn {}, given up {}",
                    count(Outcome::Lost),
                    count(Outcome::Draw),
                    count(Outcome::Abandoned)
                );
            }
            GameId::Twenty48 => twenty48(&mut out, &games, won),
        }
        if let Some(last) = games.iter().map(|e| e.start.as_str()).max() {
            let _ = writeln!(out, "  last played: {last}");
        }
        out.push('\n');
    }
    out
}

fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        "-".to_string()
    } else {
        format!("{:.0}%", part as f64 * 100.0 / whole as f64)
    }
}

fn minesweeper(out: &mut String, games: &[&Entry], won: usize) {
    let lost: Vec<&&Entry> = games.iter().filter(|e| e.result != Outcome::Won).collect();
    let loss = |kind| {
        lost.iter()
            .filter(|e| e.minesweeper.as_ref().and_then(|m| m.loss) == Some(kind))
            .count()
    };
    let forced = loss(Loss::ForcedGuess);
    let _ = writeln!(out, "  won: {won} ({})", percent(won, games.len()));
    let _ = writeln!(
        out,
        "  of {} losses, {forced} were forced guesses and {} mistakes",
        lost.len(),
        loss(Loss::Mistake)
    );
    let _ = writeln!(
        out,
        "  won without counting forced guesses: {}",
        percent(won, games.len() - forced)
    );
    let wins: Vec<&&Entry> = games.iter().filter(|e| e.result == Outcome::Won).collect();
    if let Some(best) = wins.iter().min_by_key(|e| e.duration_ms) {
        let mean = wins.iter().map(|e| e.duration_ms).sum::<u64>() / wins.len() as u64;
        let _ = writeln!(
            out,
            "  best time: {} (code {}), mean winning time: {}",
            format_time_ms(best.duration_ms),
            code_text(best),
            format_time_ms(mean)
        );
    }
}

fn twenty48(out: &mut String, games: &[&Entry], won: usize) {
    let facts: Vec<_> = games
        .iter()
        .filter_map(|e| Some((*e, e.twenty48.as_ref()?)))
        .collect();
    let Some((best, best_facts)) = facts.iter().max_by_key(|(_, f)| f.score) else {
        return;
    };
    let mean = facts.iter().map(|(_, f)| f.score).sum::<u64>() / facts.len() as u64;
    let tile = facts.iter().map(|(_, f)| f.tile).max().unwrap_or(0);
    let _ = writeln!(out, "  reached the win tile: {won}");
    let _ = writeln!(
        out,
        "  best score: {} (code {}), mean score: {mean}, biggest tile: {tile}",
        best_facts.score,
        code_text(best)
    );
}

/// The columns of the CSV export; a game's own columns are empty for the other games.
const COLUMNS: [&str; 30] = [
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
    "level",
    "rows",
    "cols",
    "mines",
    "rule",
    "first_row",
    "first_col",
    "bbbv",
    "bbbv_per_s",
    "clicks",
    "efficiency",
    "loss",
    "board",
    "opponent",
    "mark",
    "size",
    "score",
    "tile",
    "moves",
];

/// `entries` as CSV, a header then a row per game.
pub fn csv(entries: &[Entry]) -> String {
    let mut out = COLUMNS.join(",");
    out.push('\n');
    for entry in entries {
        let text = |value: &dyn std::fmt::Display| value.to_string();
        let m = entry.minesweeper.as_ref();
        let size = m.and_then(|m| m.size());
        let t = entry.tictactoe.as_ref();
        let w = entry.twenty48.as_ref();
        let cells: [String; 30] = [
            entry.id.clone(),
            entry.game().map_or(String::new(), |g| g.key().to_string()),
            entry.table(),
            entry.start.clone(),
            text(&entry.duration_ms),
            name(&entry.result),
            text(&entry.seed),
            code_text(entry),
            text(&entry.hints),
            text(&entry.undo),
            text(&entry.autoplay),
            m.map_or(String::new(), |m| m.level.clone()),
            size.map_or(String::new(), |s| text(&s.rows())),
            size.map_or(String::new(), |s| text(&s.cols())),
            size.map_or(String::new(), |s| text(&s.mines())),
            m.map_or(String::new(), |m| m.rule.clone()),
            m.and_then(|m| m.first)
                .map_or(String::new(), |f| text(&f[0])),
            m.and_then(|m| m.first)
                .map_or(String::new(), |f| text(&f[1])),
            m.map_or(String::new(), |m| text(&m.bbbv)),
            entry
                .bbbv_per_s()
                .map_or(String::new(), |rate| format!("{rate:.2}")),
            m.map_or(String::new(), |m| text(&m.clicks)),
            m.map_or(String::new(), |m| format!("{:.2}", m.efficiency())),
            m.and_then(|m| m.loss).map_or(String::new(), |l| name(&l)),
            t.map_or(String::new(), |t| t.board.clone()),
            t.map_or(String::new(), |t| t.opponent.clone()),
            t.and_then(|t| t.mark.clone()).unwrap_or_default(),
            w.map_or(String::new(), |w| text(&w.size)),
            w.map_or(String::new(), |w| text(&w.score)),
            w.map_or(String::new(), |w| text(&w.tile)),
            // The moves of a game of either kind that counts them.
            t.map(|t| u64::from(t.moves))
                .or(w.map(|w| w.moves))
                .map_or(String::new(), |n| text(&n)),
        ];
        out.push_str(&cells.map(|cell| quoted(&cell)).join(","));
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

/// The entries as a JSON array, one object per game as the history writes it, with its code and,
/// for Minesweeper, its 3BV/s and efficiency.
pub fn json(entries: &[Entry]) -> String {
    let games: Vec<serde_json::Value> = entries
        .iter()
        .map(|entry| {
            let mut game = serde_json::to_value(entry).unwrap_or_default();
            if let Some(fields) = game.as_object_mut() {
                fields.insert("code".to_string(), code_text(entry).into());
                if let (Some(rate), Some(m)) = (entry.bbbv_per_s(), &entry.minesweeper)
                    && let Some(facts) = fields
                        .get_mut("minesweeper")
                        .and_then(|f| f.as_object_mut())
                {
                    facts.insert("bbbv_per_s".to_string(), rounded(rate));
                    facts.insert("efficiency".to_string(), rounded(m.efficiency()));
                }
            }
            game
        })
        .collect();
    serde_json::to_string_pretty(&games).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

/// Two decimals, as the screens show them.
fn rounded(value: f64) -> serde_json::Value {
    ((value * 100.0).round() / 100.0).into()
}

/// The code of an entry's game, empty for fields no game has.
fn code_text(entry: &Entry) -> String {
    entry.code().map(|code| code.encode()).unwrap_or_default()
}

/// The name an enumeration has in the history (`won`, `forced-guess`).
fn name(value: &impl serde::Serialize) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}
