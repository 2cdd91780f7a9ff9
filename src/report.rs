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
            let widths: Vec<usize> = (0..table.header.len())
                .map(|col| {
                    table
                        .rows
                        .iter()
                        .map(|row| row[col].chars().count())
                        .chain([table.header[col].len()])
                        .max()
                        .unwrap_or(0)
                })
                .collect();
            let header = table
                .header
                .iter()
                .map(|h| h.to_string())
                .collect::<Vec<_>>();
            for row in std::iter::once(&header).chain(&table.rows) {
                let cells: Vec<String> = row
                    .iter()
                    .zip(&widths)
                    .map(|(cell, width)| format!("{cell:<width$}"))
                    .collect();
                let _ = writeln!(out, "  {}", cells.join("  ").trim_end());
            }
        }
        out.push('\n');
    }
    out
}

pub fn json(records: &Records) -> String {
    serde_json::to_string_pretty(records).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}
