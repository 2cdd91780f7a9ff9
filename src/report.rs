//! The records as `grid-arcade scores` prints them: aligned plain text, or JSON.

use std::fmt::Write;

use crate::records::Records;

pub fn text(records: &Records) -> String {
    let tables = records.tables();
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

pub fn json(records: &Records) -> String {
    serde_json::to_string_pretty(records).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}
