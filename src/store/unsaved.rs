//! Changes that could not be saved because another copy held the lock, kept in a file beside the
//! settings file (`config.toml.unsaved-<time>`) as the changes themselves, not as a copy of the
//! file: merged back later, they add up and take the better value exactly as a save that had
//! waited would have done.

use std::path::{Path, PathBuf};

use toml_edit::{Array, ArrayOfTables, DocumentMut, InlineTable, Item, Table, Value};

use super::Store;
use super::change::{self, Better, Change, Op};
use crate::disk as file;
use crate::timestamp::Timestamp;

/// The label of these files beside the settings file.
pub const LABEL: &str = "unsaved";

const HEADER: &str = "# grid-arcade: results and settings that could not be saved yet, because another \
                      grid-arcade held the file.\n# They are added to the settings file at the next \
                      start, and this file is then removed.\n";

impl Store {
    pub(super) fn close_settings(&mut self) -> Option<String> {
        if self.pending.is_empty() {
            return None;
        }
        // Quitting never waits on a lock held for long: what it holds up is kept beside, and
        // merged back at the next start.
        let error = match self.merge_into_file(file::CLOSING_PATIENCE) {
            Ok(()) => return None,
            Err(error) => error,
        };
        let contents = encode(&self.pending);
        let kept = file::write_beside(&self.path, LABEL, &contents).or_else(|_| {
            let fallback = std::env::temp_dir().join("grid-arcade-config.toml");
            file::write_beside(&fallback, LABEL, &contents)
        });
        Some(match kept {
            Ok(kept) => format!(
                "could not save to {} ({error}); the changes are kept in {} and added to it at \
                 the next start",
                self.path.display(),
                kept.display()
            ),
            Err(keep_error) => format!(
                "could not save to {} ({error}) nor keep the changes beside it ({keep_error})",
                self.path.display()
            ),
        })
    }

    /// Under the lock: applies to `doc` the changes of every unsaved file beside the file, and
    /// returns those files. One that cannot be read is set aside with a notice.
    pub(super) fn take_in_unsaved(&mut self, doc: &mut DocumentMut) -> Vec<PathBuf> {
        let mut merged = Vec::new();
        for (kept, read) in read_kept(&self.path) {
            match read {
                Ok(changes) => {
                    apply_all(doc, &changes);
                    merged.push(kept);
                }
                Err(reason) => {
                    let aside = file::set_aside(&kept, Timestamp::now()).map_or_else(
                        |e| format!("it could not be set aside: {e}"),
                        |aside| format!("it was moved to {}", aside.display()),
                    );
                    self.tell(format!(
                        "the unsaved changes in {} could not be read ({reason}); {aside}",
                        kept.display()
                    ));
                }
            }
        }
        merged
    }

    /// Applies to `doc`, in memory only, the changes kept beside the file that can be read: a
    /// command that only reads shows the records as they will be once merged.
    pub(super) fn with_unsaved(&self, doc: &mut DocumentMut) {
        for (_, read) in read_kept(&self.path) {
            if let Ok(changes) = read {
                apply_all(doc, &changes);
            }
        }
    }
}

/// Every unsaved file beside `path`, oldest first, with its changes or what is wrong with it.
fn read_kept(path: &Path) -> Vec<(PathBuf, Result<Vec<Change>, String>)> {
    (file::kept_beside(path, LABEL).into_iter())
        .map(|(kept, _)| {
            let read = match file::read(&kept) {
                Ok(file::Contents::Text(text)) => decode(&text),
                Ok(_) => Err("it is not text".to_string()),
                Err(error) => Err(error.to_string()),
            };
            (kept, read)
        })
        .collect()
}

fn apply_all(doc: &mut DocumentMut, changes: &[Change]) {
    for change in changes {
        change::apply(doc.as_table_mut(), change);
    }
}

/// The text of a file that keeps `changes`.
pub fn encode(changes: &[Change]) -> String {
    let mut list = ArrayOfTables::new();
    for change in changes {
        let mut table = Table::new();
        let path: Array = change.path.iter().map(String::as_str).collect();
        table.insert("path", Item::Value(path.into()));
        let mut put = |key: &str, value: Value| {
            table.insert(key, Item::Value(value));
        };
        // An entry under the name of its change, with the field that ranks it and which way.
        let mut put_entry = |name: &str, entry: &InlineTable, key: &str, better: Better| {
            put(name, entry.clone().into());
            put("key", key.into());
            put("better", better_name(better).into());
        };
        match &change.op {
            Op::Set(value) => put("set", value.clone()),
            Op::Add(n) => put("add", (*n).into()),
            Op::Max(n) => put("max", (*n).into()),
            Op::Keep(value) => put("keep", value.clone()),
            Op::KeepOrBest {
                entry,
                under,
                key,
                better,
            } => {
                put_entry("keep_or_best", entry, key, *better);
                put("under", under.as_str().into());
            }
            Op::Remove => put("remove", true.into()),
            Op::Best { entry, key, better } => put_entry("best", entry, key, *better),
            Op::Rank {
                entry,
                key,
                better,
                limit,
            } => {
                put_entry("rank", entry, key, *better);
                put("limit", i64::try_from(*limit).unwrap_or(i64::MAX).into());
            }
        }
        list.push(table);
    }
    let mut doc = DocumentMut::new();
    doc.insert("change", Item::ArrayOfTables(list));
    doc.decor_mut().set_prefix(HEADER);
    doc.to_string()
}

/// The changes a file keeps; `Err` says what is wrong with it.
pub fn decode(text: &str) -> Result<Vec<Change>, String> {
    let doc: DocumentMut = text.parse().map_err(|e: toml_edit::TomlError| {
        e.message().lines().next().unwrap_or_default().to_string()
    })?;
    let Some(list) = doc.get("change").and_then(Item::as_array_of_tables) else {
        return Err("it holds no [[change]] list".to_string());
    };
    list.iter()
        .enumerate()
        .map(|(at, table)| change_of(table).ok_or(format!("change {} is not one", at + 1)))
        .collect()
}

fn change_of(table: &Table) -> Option<Change> {
    let path = (table.get("path")?.as_array()?.iter())
        .map(|key| key.as_str().map(str::to_string))
        .collect::<Option<Vec<_>>>()
        .filter(|path| !path.is_empty())?;
    let value = |key: &str| table.get(key).and_then(Item::as_value);
    let entry = |key: &str| value(key).and_then(Value::as_inline_table).cloned();
    let key = || value("key").and_then(Value::as_str).map(str::to_string);
    let better = || match value("better").and_then(Value::as_str)? {
        "lower" => Some(Better::Lower),
        "higher" => Some(Better::Higher),
        _ => None,
    };
    let op = if let Some(v) = value("set") {
        Op::Set(v.clone())
    } else if let Some(v) = value("keep") {
        Op::Keep(v.clone())
    } else if let Some(n) = value("add") {
        Op::Add(n.as_integer()?)
    } else if let Some(n) = value("max") {
        Op::Max(n.as_integer()?)
    } else if value("remove").and_then(Value::as_bool) == Some(true) {
        Op::Remove
    } else if let Some(entry) = entry("keep_or_best") {
        Op::KeepOrBest {
            entry,
            under: value("under")?.as_str()?.to_string(),
            key: key()?,
            better: better()?,
        }
    } else if let Some(entry) = entry("best") {
        Op::Best {
            entry,
            key: key()?,
            better: better()?,
        }
    } else {
        Op::Rank {
            entry: entry("rank")?,
            key: key()?,
            better: better()?,
            limit: usize::try_from(value("limit")?.as_integer()?).ok()?,
        }
    };
    Some(Change { path, op })
}

fn better_name(better: Better) -> &'static str {
    match better {
        Better::Lower => "lower",
        Better::Higher => "higher",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::change::apply;

    fn entry(time: i64) -> InlineTable {
        let mut entry = InlineTable::new();
        entry.insert("time_ms", time.into());
        entry.insert("seed", 7.into());
        entry
    }

    fn keep_or_best(time: i64) -> Op {
        Op::KeepOrBest {
            entry: entry(time),
            under: "best_retry".into(),
            key: "time_ms".into(),
            better: Better::Lower,
        }
    }

    /// The file as `changes` leave it, applied to `text`.
    fn applied(text: &str, changes: &[Change]) -> String {
        let mut doc: DocumentMut = text.parse().unwrap();
        for change in changes {
            apply(doc.as_table_mut(), change);
        }
        doc.to_string()
    }

    #[test]
    fn every_kind_of_change_reads_back_as_it_was_written() {
        let changes = vec![
            Change::new(&["general", "theme"], Op::Set("mono".into())),
            Change::new(&["records", "m", "played"], Op::Add(2)),
            Change::new(&["records", "m", "longest"], Op::Max(4)),
            Change::new(&["records", "d", "2026-12-01"], Op::Keep("won".into())),
            Change::new(&["records", "old"], Op::Remove),
            Change::new(&["records", "d", "2026-12-02"], keep_or_best(800)),
            Change::new(&["records", "d", "2026-12-03"], keep_or_best(700)),
            Change::new(
                &["records", "m", "best"],
                Op::Best {
                    entry: entry(900),
                    key: "time_ms".into(),
                    better: Better::Lower,
                },
            ),
            Change::new(
                &["records", "m", "top"],
                Op::Rank {
                    entry: entry(900),
                    key: "time_ms".into(),
                    better: Better::Higher,
                    limit: 3,
                },
            ),
        ];
        let text = encode(&changes);
        assert!(text.starts_with("# grid-arcade"), "{text}");
        let read = decode(&text).unwrap();
        let start = "[records.m]\nplayed = 5\nlongest = 9\nbest = { time_ms = 1000 }\n\
                     [records.d]\n2026-12-02 = { time_ms = 1000 }\n[records.old]\nx = 1\n";
        // The same values, whatever the spacing inside the inline tables.
        let values = |text: String| text.parse::<toml::Table>().unwrap();
        let out = values(applied(start, &read));
        assert_eq!(out, values(applied(start, &changes)));
        let expected = "[records.m]\nplayed = 7\nlongest = 9\nbest = { time_ms = 900, seed = 7 }\n\
                        top = [{ time_ms = 900, seed = 7 }]\n[records.d]\n2026-12-01 = \"won\"\n\
                        2026-12-02 = { time_ms = 1000, best_retry = { time_ms = 800, seed = 7 } }\n\
                        2026-12-03 = { time_ms = 700, seed = 7 }\n[general]\ntheme = \"mono\"\n";
        assert_eq!(out, values(expected.to_string()));
    }

    #[test]
    fn a_file_that_is_not_a_list_of_changes_is_refused() {
        for text in [
            "[general\n",
            "[general]\ntheme = \"mono\"\n",
            "[[change]]\npath = []\nadd = 1\n",
            "[[change]]\npath = [\"a\"]\nadd = \"x\"\n",
            "[[change]]\npath = [\"a\"]\nbest = { t = 1 }\nkey = \"t\"\nbetter = \"odd\"\n",
        ] {
            assert!(decode(text).is_err(), "{text}");
        }
    }
}
