//! The records as `grid-arcade scores` prints them: aligned plain text, or JSON. The tables are
//! the records screen's, game by game.

use std::fmt::Write;

use crate::store::Store;
use crate::ui::games::{self, GAMES};

pub fn text(store: &Store) -> String {
    let tables = games::tables(store);
    if tables.is_empty() {
        return "No records yet.\n".to_string();
    }
    let mut out = String::new();
    for table in tables {
        let _ = writeln!(out, "{}", table.title);
        for (label, value) in &table.facts {
            let _ = writeln!(out, "  {label}: {value}");
        }
        if !table.rows.is_empty() {
            let (header, rows) = table.aligned();
            for line in std::iter::once(header).chain(rows) {
                let _ = writeln!(out, "  {line}");
            }
        }
        out.push('\n');
    }
    out
}

/// Each game's records under its key, then the daily challenge's days under `daily`.
pub fn json(store: &Store) -> String {
    let mut records = serde_json::Map::new();
    let mut daily = serde_json::Map::new();
    for game in GAMES {
        let key = game.id().key().to_string();
        records.insert(key.clone(), game.records_json(store));
        if let Some(days) = game.daily_json(store) {
            daily.insert(key, days);
        }
    }
    records.insert("daily".to_string(), daily.into());
    serde_json::to_string_pretty(&records).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}
