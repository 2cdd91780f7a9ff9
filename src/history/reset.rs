//! A records table's reset, kept in the history as a line of its own among the games
//! (`{"v":1,"reset":"minesweeper","table":"expert","at":"2026-12-04T17:40:00Z"}`): the games
//! before it stay in the file, to be watched again, but no longer count in that table's figures,
//! so that the figures from the history start again with the table's own. The file's order is
//! the order the games were recorded in, whichever copy of the program wrote them.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use super::entry::FORMAT;
use crate::timestamp::Timestamp;

#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub struct Reset<'a> {
    pub v: u32,
    /// The game, as the file names it.
    #[serde(borrow)]
    pub reset: Cow<'a, str>,
    /// The table's key under its game in the records.
    #[serde(borrow)]
    pub table: Cow<'a, str>,
    /// When it was reset, in UTC.
    #[serde(borrow)]
    pub at: Cow<'a, str>,
}

impl Reset<'_> {
    /// The line of a reset of `game`'s table `table` now.
    pub fn line(game: &str, table: &str) -> String {
        let reset = Reset {
            v: FORMAT,
            reset: Cow::Borrowed(game),
            table: Cow::Borrowed(table),
            at: Cow::Owned(Timestamp::now().rfc3339()),
        };
        serde_json::to_string(&reset).expect("strings always have JSON")
    }

    /// The reset on `line`, if it holds one of this format.
    pub fn read(line: &str) -> Option<Reset<'_>> {
        serde_json::from_str::<Reset>(line)
            .ok()
            .filter(|reset| reset.v == FORMAT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::Entry;

    #[test]
    fn a_reset_line_reads_back_and_is_never_read_as_a_game() {
        let line = Reset::line("minesweeper", "expert-hinted");
        let reset = Reset::read(&line).unwrap();
        assert_eq!(
            (&*reset.reset, &*reset.table),
            ("minesweeper", "expert-hinted")
        );
        assert!(reset.at.ends_with('Z'), "{line}");
        assert!(serde_json::from_str::<Entry>(&line).is_err(), "{line}");
        assert_eq!(Reset::read(&line.replace("\"v\":1", "\"v\":2")), None);
        assert_eq!(Reset::read("{\"v\":1,\"id\":\"k3v9q2m7\"}"), None);
    }
}
