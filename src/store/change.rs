//! Changes to the file, expressed so that they can be replayed on top of a newer copy of it.
//!
//! A save re-reads the file and applies this process's pending changes to what it finds, so two
//! copies of grid-arcade running at once never lose each other's results: counters add up, bests
//! keep the better value and ranked lists keep the best entries of both.

use toml_edit::{Array, InlineTable, Item, Table, Value};

/// Which end of a number is the good one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Better {
    Lower,
    Higher,
}

impl Better {
    /// True when `candidate` beats `incumbent` strictly.
    fn beats(self, candidate: Number, incumbent: Number) -> bool {
        match (self, candidate.compare(incumbent)) {
            (Better::Lower, Some(order)) => order.is_lt(),
            (Better::Higher, Some(order)) => order.is_gt(),
            (_, None) => false,
        }
    }
}

/// A number field of an entry. Integers compare as integers, so that two scores or times near
/// 2^63 that a float would confuse still rank right.
#[derive(Clone, Copy, Debug)]
enum Number {
    Integer(i64),
    Float(f64),
}

impl Number {
    fn compare(self, other: Number) -> Option<std::cmp::Ordering> {
        match (self, other) {
            (Number::Integer(a), Number::Integer(b)) => Some(a.cmp(&b)),
            (a, b) => a.as_float().partial_cmp(&b.as_float()),
        }
    }

    fn as_float(self) -> f64 {
        match self {
            Number::Integer(n) => n as f64,
            Number::Float(f) => f,
        }
    }
}

#[derive(Clone, Debug)]
pub enum Op {
    /// Replace the value (a setting, a current streak).
    Set(Value),
    /// Add to a counter; a missing or damaged counter counts as zero.
    Add(i64),
    /// Keep the larger of the stored number and this one.
    Max(i64),
    /// Set the value only where there is none: the first result stands (a day's daily game).
    Keep(Value),
    /// Set `entry` where there is none; where one stands, keep `entry` under `under` in it when
    /// its `key` field is better than the one kept there (a daily game another copy recorded
    /// first is a retry of the day).
    KeepOrBest {
        entry: InlineTable,
        under: String,
        key: String,
        better: Better,
    },
    /// Replace the stored inline table if this one's `key` field is better.
    Best {
        entry: InlineTable,
        key: String,
        better: Better,
    },
    /// Insert into a list of inline tables ordered by `key`, keeping the best `limit`.
    Rank {
        entry: InlineTable,
        key: String,
        better: Better,
        limit: usize,
    },
    /// Delete the item (a reset of records).
    Remove,
}

#[derive(Clone, Debug)]
pub struct Change {
    pub path: Vec<String>,
    pub op: Op,
}

impl Change {
    pub fn new(path: &[&str], op: Op) -> Change {
        Change {
            path: path.iter().map(|s| s.to_string()).collect(),
            op,
        }
    }
}

/// Applies one change to a document's root table, creating missing tables on the way. Anything in
/// the way that is not a table is a damaged value and is replaced.
pub fn apply(root: &mut Table, change: &Change) {
    let Some((leaf, parents)) = change.path.split_last() else {
        return;
    };
    if matches!(change.op, Op::Remove) && !path_exists(root, parents) {
        return;
    }
    let added = !path_exists(root, &change.path);
    let mut table: &mut dyn toml_edit::TableLike = root;
    let mut inline = false;
    for key in parents {
        let item = table.entry(key).or_insert_with(|| empty_table(inline));
        if !item.is_table_like() {
            *item = empty_table(inline);
        }
        inline |= item.is_inline_table();
        table = item.as_table_like_mut().expect("made a table above");
    }
    let old = table.get(leaf).and_then(Item::as_value);
    let new = match &change.op {
        Op::Remove => {
            table.remove(leaf);
            return;
        }
        Op::Set(value) => value.clone(),
        Op::Keep(value) => match old {
            Some(_) => return,
            None => value.clone(),
        },
        Op::KeepOrBest {
            entry,
            under,
            key,
            better,
        } => match old {
            // A damaged value stands, as with `Keep`.
            Some(old) if !old.is_inline_table() => return,
            Some(_) => {
                let path = [&change.path[..], std::slice::from_ref(under)].concat();
                let (entry, key, better) = (entry.clone(), key.clone(), *better);
                let op = Op::Best { entry, key, better };
                return apply(root, &Change { path, op });
            }
            None => Value::InlineTable(entry.clone()),
        },
        Op::Add(amount) => {
            let base = old.and_then(Value::as_integer).filter(|n| *n >= 0);
            Value::from(base.unwrap_or(0).saturating_add(*amount))
        }
        Op::Max(n) => match old.and_then(Value::as_integer) {
            Some(stored) if stored >= *n => return,
            _ => Value::from(*n),
        },
        Op::Best { entry, key, better } => {
            let stored = old.and_then(|v| number_field(v, key));
            match (number_field_of(entry, key), stored) {
                (Some(new), Some(stored)) if !better.beats(new, stored) => return,
                _ => Value::InlineTable(entry.clone()),
            }
        }
        Op::Rank {
            entry,
            key,
            better,
            limit,
        } => Value::Array(ranked(old, entry, key, *better, *limit)),
    };
    set_keeping_decor(table, leaf, new);
    if added && inline {
        tidy_inline_tables(root, &change.path);
    }
}

/// Sets afresh the spacing inside the inline tables along `path`: a key added to one read from
/// the file would follow the spacing before its `}` (`{ a = 1 , b = 2 }`).
fn tidy_inline_tables(root: &mut Table, path: &[String]) {
    let Some((first, rest)) = path.split_first() else {
        return;
    };
    let mut item = root.get_mut(first);
    for key in rest {
        let Some(current) = item else {
            return;
        };
        if let Some(table) = current.as_inline_table_mut() {
            table.fmt();
        }
        item = current.get_mut(key.as_str());
    }
}

fn path_exists(root: &Table, path: &[String]) -> bool {
    let mut item: Option<&Item> = None;
    for key in path {
        item = match item {
            None => root.get(key),
            Some(parent) => parent.get(key.as_str()),
        };
        if item.is_none() {
            return false;
        }
    }
    true
}

fn empty_table(inline: bool) -> Item {
    if inline {
        Item::Value(Value::InlineTable(InlineTable::new()))
    } else {
        let mut table = Table::new();
        table.set_implicit(true);
        Item::Table(table)
    }
}

/// Writes `value` under `key`, keeping the comments and spacing of the value it replaces. (Replacing
/// the whole entry would reset the key's decoration, and with it the comment lines above the key.)
fn set_keeping_decor(table: &mut dyn toml_edit::TableLike, key: &str, mut value: Value) {
    match table.get_mut(key) {
        Some(Item::Value(old)) => {
            *value.decor_mut() = old.decor().clone();
            *old = value;
        }
        Some(other) => *other = Item::Value(value),
        None => {
            table.insert(key, Item::Value(value));
        }
    }
}

fn number_field(value: &Value, key: &str) -> Option<Number> {
    value
        .as_inline_table()
        .and_then(|t| number_field_of(t, key))
}

fn number_field_of(table: &InlineTable, key: &str) -> Option<Number> {
    match table.get(key)? {
        Value::Integer(n) => Some(Number::Integer(*n.value())),
        Value::Float(f) => Some(Number::Float(*f.value())),
        _ => None,
    }
}

fn ranked(
    old: Option<&Value>,
    entry: &InlineTable,
    key: &str,
    better: Better,
    limit: usize,
) -> Array {
    let mut entries: Vec<InlineTable> = old
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_inline_table().cloned())
        .filter(|t| number_field_of(t, key).is_some())
        .collect();
    // Equal results keep their age order: the older entry stays ahead.
    let at = match number_field_of(entry, key) {
        Some(new) => entries
            .iter()
            .position(|t| number_field_of(t, key).is_some_and(|n| better.beats(new, n)))
            .unwrap_or(entries.len()),
        None => entries.len(),
    };
    entries.insert(at, entry.clone());
    entries.truncate(limit);
    let mut array: Array = entries.into_iter().map(Value::InlineTable).collect();
    // One entry per line reads better than one long line.
    for value in array.iter_mut() {
        value.decor_mut().set_prefix("\n    ");
    }
    array.set_trailing("\n");
    array.set_trailing_comma(true);
    array
}

#[cfg(test)]
mod tests {
    use super::*;
    use toml_edit::DocumentMut;

    fn run(text: &str, changes: &[Change]) -> String {
        let mut doc: DocumentMut = text.parse().unwrap();
        for change in changes {
            apply(doc.as_table_mut(), change);
        }
        doc.to_string()
    }

    fn entry(time: i64) -> InlineTable {
        let mut t = InlineTable::new();
        t.insert("time_ms", time.into());
        t
    }

    #[test]
    fn set_keeps_comments_and_order() {
        let text = "# top\n[general]\n# the look\ntheme = \"auto\" # choices\nother = 1\n";
        let out = run(
            text,
            &[Change::new(&["general", "theme"], Op::Set("mono".into()))],
        );
        assert_eq!(
            out,
            "# top\n[general]\n# the look\ntheme = \"mono\" # choices\nother = 1\n"
        );
    }

    #[test]
    fn add_creates_tables_and_counts_damage_as_zero() {
        let out = run(
            "",
            &[
                Change::new(&["records", "m", "beginner", "played"], Op::Add(1)),
                Change::new(&["records", "m", "beginner", "played"], Op::Add(2)),
            ],
        );
        assert_eq!(out, "[records.m.beginner]\nplayed = 3\n");
        let out = run(
            "[r]\nplayed = -4\n",
            &[Change::new(&["r", "played"], Op::Add(1))],
        );
        assert_eq!(out, "[r]\nplayed = 1\n");
    }

    #[test]
    fn max_keeps_the_larger() {
        let changes = [Change::new(&["r", "best"], Op::Max(10))];
        assert_eq!(run("[r]\nbest = 20\n", &changes), "[r]\nbest = 20\n");
        assert_eq!(run("[r]\nbest = 5\n", &changes), "[r]\nbest = 10\n");
    }

    #[test]
    fn best_replaces_only_when_better() {
        let best = |t| {
            Change::new(
                &["r", "best"],
                Op::Best {
                    entry: entry(t),
                    key: "time_ms".into(),
                    better: Better::Lower,
                },
            )
        };
        let out = run("", &[best(900), best(950), best(800)]);
        assert_eq!(out, "[r]\nbest = { time_ms = 800 }\n");
    }

    #[test]
    fn keep_or_best_keeps_the_first_and_the_best_of_the_others_under_it() {
        let day = |t| {
            Change::new(
                &["r", "d"],
                Op::KeepOrBest {
                    entry: entry(t),
                    under: "retry".into(),
                    key: "time_ms".into(),
                    better: Better::Lower,
                },
            )
        };
        let out = run("", &[day(900), day(950), day(800), day(850)]);
        assert_eq!(
            out,
            "[r]\nd = { time_ms = 900, retry = { time_ms = 800 } }\n"
        );
        assert_eq!(run("[r]\nd = 5\n", &[day(800)]), "[r]\nd = 5\n");
        assert_eq!(
            run("[r]\nd = { time_ms = 900 }\n", &[day(800)]),
            "[r]\nd = { time_ms = 900, retry = { time_ms = 800 } }\n"
        );
    }

    #[test]
    fn big_integers_compare_exactly() {
        // Both are the same f64; as integers the second is lower.
        let near = |n: i64| {
            let mut t = InlineTable::new();
            t.insert("time_ms", n.into());
            Change::new(
                &["r", "best"],
                Op::Best {
                    entry: t,
                    key: "time_ms".into(),
                    better: Better::Lower,
                },
            )
        };
        let big = 1 << 60;
        let out = run("", &[near(big + 1), near(big)]);
        assert_eq!(out, format!("[r]\nbest = {{ time_ms = {big} }}\n"));
    }

    #[test]
    fn rank_keeps_the_best_in_order() {
        let rank = |t| {
            Change::new(
                &["r", "top"],
                Op::Rank {
                    entry: entry(t),
                    key: "time_ms".into(),
                    better: Better::Lower,
                    limit: 3,
                },
            )
        };
        let out = run("", &[rank(50), rank(30), rank(40), rank(60), rank(10)]);
        let doc: DocumentMut = out.parse().unwrap();
        let times: Vec<i64> = doc["r"]["top"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| {
                v.as_inline_table()
                    .unwrap()
                    .get("time_ms")
                    .unwrap()
                    .as_integer()
                    .unwrap()
            })
            .collect();
        assert_eq!(times, [10, 30, 40]);
    }

    #[test]
    fn writes_into_inline_tables_without_panicking() {
        let out = run(
            "[m]\ncustom = { rows = 5 }\n",
            &[Change::new(
                &["m", "custom", "deep", "cols"],
                Op::Set(7.into()),
            )],
        );
        assert_eq!(out, "[m]\ncustom = { rows = 5, deep = { cols = 7 } }\n");
    }

    #[test]
    fn remove_deletes_and_ignores_missing() {
        let out = run(
            "[records.a]\nx = 1\n[records.b]\ny = 2\n",
            &[
                Change::new(&["records", "a"], Op::Remove),
                Change::new(&["records", "zzz", "q"], Op::Remove),
            ],
        );
        assert_eq!(out, "[records.b]\ny = 2\n");
    }
}
