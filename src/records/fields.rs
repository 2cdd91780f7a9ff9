//! Lenient reading of record tables: a missing value is zero or absent, a damaged one (wrong type,
//! negative count) is zero or absent too, with a notice that names it.

use std::collections::BTreeMap;

use toml_edit::{Item, TableLike, Value};

use crate::games::GameId;
use crate::store::settings::shown;
use crate::timestamp::Date;

pub struct Fields<'a> {
    table: &'a dyn TableLike,
    /// Dotted path of the table, for notices.
    at: String,
    notices: &'a mut Vec<String>,
}

impl<'a> Fields<'a> {
    pub fn new(table: &'a dyn TableLike, at: String, notices: &'a mut Vec<String>) -> Fields<'a> {
        Fields { table, at, notices }
    }

    /// A non-negative whole number; missing counts as zero.
    pub fn count(&mut self, key: &str) -> u64 {
        self.whole(key).unwrap_or(0)
    }

    /// A non-negative whole number read as one (never through a float, so seeds and times stay
    /// exact); `None` when missing or damaged.
    pub fn whole(&mut self, key: &str) -> Option<u64> {
        self.read(key, "a whole number of at least 0", |v| {
            v.as_integer().and_then(|n| u64::try_from(n).ok())
        })
    }

    /// Any whole number (a streak may be negative).
    pub fn integer(&mut self, key: &str) -> i64 {
        self.read(key, "a whole number", Value::as_integer)
            .unwrap_or(0)
    }

    /// A non-negative number, whole or not.
    pub fn number(&mut self, key: &str) -> Option<f64> {
        self.read(key, "a number of at least 0", |v| {
            v.as_float()
                .or_else(|| v.as_integer().map(|n| n as f64))
                .filter(|n| *n >= 0.0)
        })
    }

    pub fn text(&mut self, key: &str) -> Option<String> {
        self.read(key, "text", |v| v.as_str().map(str::to_string))
    }

    /// A cell as `[row, column]`.
    pub fn cell(&mut self, key: &str) -> Option<[u64; 2]> {
        self.read(key, "a cell like [3, 4]", |v| {
            let mut parts = v
                .as_array()?
                .iter()
                .map(|n| u64::try_from(n.as_integer()?).ok());
            match (parts.next(), parts.next(), parts.next()) {
                (Some(Some(row)), Some(Some(col)), None) => Some([row, col]),
                _ => None,
            }
        })
    }

    pub fn flag(&mut self, key: &str) -> bool {
        self.read(key, "true or false", Value::as_bool)
            .unwrap_or(false)
    }

    pub fn date(&mut self, key: &str) -> Option<Date> {
        self.read(key, "a date like 2026-11-29", |v| {
            v.as_datetime().and_then(Date::from_toml)
        })
    }

    /// A sub-table; `None` when missing, and when damaged (with a notice).
    pub fn table(&mut self, key: &str) -> Option<Fields<'_>> {
        let item = self.table.get(key)?;
        match item.as_table_like() {
            Some(table) => Some(Fields::new(
                table,
                format!("{}.{key}", self.at),
                self.notices,
            )),
            None => {
                self.bad(key, item, "a table");
                None
            }
        }
    }

    /// Decodes every entry of a list of tables; entries that are not tables are dropped with a notice.
    pub fn list<T>(
        &mut self,
        key: &str,
        mut decode: impl FnMut(&mut Fields) -> Option<T>,
    ) -> Vec<T> {
        let Some(item) = self.table.get(key) else {
            return Vec::new();
        };
        let Some(array) = item.as_array() else {
            self.bad(key, item, "a list");
            return Vec::new();
        };
        let mut out = Vec::new();
        for (i, value) in array.iter().enumerate() {
            let at = format!("{}.{key}[{i}]", self.at);
            match value.as_inline_table() {
                Some(entry) => out.extend(decode(&mut Fields::new(entry, at, self.notices))),
                None => self
                    .notices
                    .push(format!("{at} is not a table; it was left out")),
            }
        }
        out
    }

    fn read<T>(
        &mut self,
        key: &str,
        wanted: &str,
        decode: impl Fn(&Value) -> Option<T>,
    ) -> Option<T> {
        let item = self.table.get(key)?;
        let decoded = item.as_value().and_then(decode);
        if decoded.is_none() {
            self.bad(key, item, wanted);
        }
        decoded
    }

    fn bad(&mut self, key: &str, item: &Item, wanted: &str) {
        self.notices.push(format!(
            "{}.{key} = {} is not {wanted}; it counts as empty",
            self.at,
            shown(item)
        ));
    }
}

/// The sub-tables of `item` (missing: none), with notices for entries that are not tables.
pub fn sub_tables_of<'a>(
    item: Option<&'a Item>,
    at: &str,
    notices: &mut Vec<String>,
) -> Vec<(&'a str, &'a dyn TableLike)> {
    match item.map(Item::as_table_like) {
        None => Vec::new(),
        Some(Some(table)) => sub_tables(table, at, notices),
        Some(None) => {
            notices.push(format!("{at} is not a table; it was left out"));
            Vec::new()
        }
    }
}

/// The tables of `game` in `records`, by key, each read by `read`.
pub fn decode_tables<T>(
    records: Option<&Item>,
    game: GameId,
    notices: &mut Vec<String>,
    read: impl Fn(&mut Fields) -> T,
) -> BTreeMap<String, T> {
    let at = format!("records.{}", game.key());
    sub_tables_of(records.and_then(|r| r.get(game.key())), &at, notices)
        .into_iter()
        .map(|(key, table)| {
            let mut fields = Fields::new(table, format!("{at}.{key}"), notices);
            (key.to_string(), read(&mut fields))
        })
        .collect()
}

/// The sub-tables of `table`, in file order, with notices for entries that are not tables.
pub fn sub_tables<'a>(
    table: &'a dyn TableLike,
    at: &str,
    notices: &mut Vec<String>,
) -> Vec<(&'a str, &'a dyn TableLike)> {
    table
        .iter()
        .filter_map(|(key, item)| match item.as_table_like() {
            Some(sub) => Some((key, sub)),
            None => {
                notices.push(format!("{at}.{key} is not a table; it was left out"));
                None
            }
        })
        .collect()
}
