//! The history boiled down, table by table, in one pass over the file: what the records screen
//! plots and `grid-arcade stats` prints, so that both give the same figures.
//!
//! Each line is read into an [`Entry`] that borrows from it, and handed to its game's tally, which
//! reads the game's own fields and keeps each game in a few bytes; each table is then reduced to
//! what it shows (series thinned to a few hundred points, counts, the latest mistakes). A hundred
//! thousand games fit in a few megabytes while they are read and in far less once reduced.
//!
//! A table's reset (a line of its own, see [`Reset`]) drops the table's games read before it.

pub mod series;

use std::any::Any;
use std::collections::{HashMap, VecDeque};
use std::io;

use serde::Deserialize;

use super::{Entry, History, Outcome, Reset};
use crate::games::{GameId, Named};

/// A table's games while the history is read, as its game counts them: one tally per table.
pub trait Tally: Default + Send + 'static {
    /// The game's own fields of a line, as the game declares them.
    type Facts<'a>: Deserialize<'a>;
    /// What the tally boils down to once every game is in.
    type Digest: Send + Sync + 'static;
    /// The key of the table a game counts in (`expert-hinted`, `3x3`), as the records name it.
    fn table(entry: &Entry, facts: &Self::Facts<'_>) -> String;
    /// What the list of a table's latest games says of a game besides its result and time.
    fn listed(entry: &Entry, facts: &Self::Facts<'_>) -> Listed;
    fn add(&mut self, entry: &Entry, facts: &Self::Facts<'_>);
    /// Adds the games of a later part of the file.
    fn append(&mut self, later: Self);
    fn digest(self) -> Self::Digest;
}

/// What the list of a table's latest games says of a game besides its result.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Listed {
    /// Its figure: Minesweeper its time (and a win's 3BV/s), 2048 the score, tic-tac-toe the
    /// opponent.
    pub detail: String,
    /// Its code, when its fields make one.
    pub code: Option<String>,
    /// How a loss came about, where the game tells losses apart (`forced guess`, `mistake`).
    pub loss: Option<&'static str>,
}

/// A game's tallies, whatever the game: what the pass over the file holds.
pub trait Tallies: Send {
    /// Adds a game of this kind; its table's key and what the list of games says of it, or
    /// `None` when its fields do not read.
    fn add(&mut self, entry: &Entry) -> Option<(String, Listed)>;
    fn append(&mut self, later: Box<dyn Tallies>);
    /// Drops the games of the table under `key` (it was reset after them).
    fn forget(&mut self, key: &str);
    fn digest(self: Box<Self>) -> Vec<(String, Box<dyn Any + Send + Sync>)>;
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
}

/// The tallies of every table of one game, a [`Tally`] each.
pub struct ByTable<T: Tally>(Vec<(String, T)>);

impl<T: Tally> Default for ByTable<T> {
    fn default() -> ByTable<T> {
        ByTable(Vec::new())
    }
}

impl<T: Tally> ByTable<T> {
    /// The tally of the table under `key`, made when it is the table's first game. Tables are
    /// few, and looked up by a walk through them.
    fn table(&mut self, key: &str) -> &mut T {
        let at = match self.0.iter().position(|(k, _)| k == key) {
            Some(at) => at,
            None => {
                self.0.push((key.to_string(), T::default()));
                self.0.len() - 1
            }
        };
        &mut self.0[at].1
    }
}

impl<T: Tally> Tallies for ByTable<T> {
    fn add(&mut self, entry: &Entry) -> Option<(String, Listed)> {
        let facts: T::Facts<'_> = serde_json::from_str(entry.facts.get()).ok()?;
        let key = T::table(entry, &facts);
        self.table(&key).add(entry, &facts);
        Some((key, T::listed(entry, &facts)))
    }

    fn append(&mut self, later: Box<dyn Tallies>) {
        if let Ok(later) = later.into_any().downcast::<ByTable<T>>() {
            for (key, tally) in later.0 {
                self.table(&key).append(tally);
            }
        }
    }

    fn forget(&mut self, key: &str) {
        self.0.retain(|(k, _)| k != key);
    }

    fn digest(self: Box<Self>) -> Vec<(String, Box<dyn Any + Send + Sync>)> {
        self.0
            .into_iter()
            .map(|(key, tally)| (key, Box::new(tally.digest()) as Box<dyn Any + Send + Sync>))
            .collect()
    }

    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
}

/// A game whose games the history holds: what the pass asks of it.
pub trait Kind: Named + Sync {
    /// Empty tallies for its games.
    fn tallies(&self) -> Box<dyn Tallies>;
}

/// Every table of the history, under its game and its key in the records.
#[derive(Default)]
pub struct Digest {
    tables: HashMap<(GameId, String), Box<dyn Any + Send + Sync>>,
    /// What every table has: its games, most recent first.
    games: HashMap<(GameId, String), Games>,
    /// Lines that could not be read (damaged, of another format, of no game this version plays);
    /// they stay in the file.
    pub skipped: usize,
    /// Games left out because their table was reset after them, per game; they stay in the file.
    pub before_resets: HashMap<GameId, usize>,
}

/// Games of a table kept for the records screen's list of games to watch again.
pub const RECENT_GAMES: usize = 100;

/// The games of a table, whatever its game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Games {
    pub count: usize,
    /// When the latest game started.
    pub last_start: String,
    /// The latest games, most recent first.
    pub latest: Vec<Recent>,
}

/// A game in the list of a table's latest games.
#[derive(Clone, Debug, PartialEq)]
pub struct Recent {
    pub id: String,
    /// When it started (`2026-12-01T14:05:09Z`).
    pub start: String,
    pub result: Outcome,
    /// Time played, in ms.
    pub duration_ms: u64,
    /// What its game says of it: Minesweeper its time, 2048 the score, tic-tac-toe the
    /// opponent.
    pub detail: String,
    pub code: Option<String>,
    /// What the list can be filtered by: its result (`won`, `lost`, `given up`...), how a loss
    /// came about, and `assisted`.
    pub tags: Vec<&'static str>,
}

impl Recent {
    fn of(entry: Entry, listed: Listed) -> Recent {
        let result = match entry.result {
            Outcome::Abandoned => "given up",
            result => result.name(),
        };
        let tags = [
            Some(result),
            listed.loss,
            entry.assisted().then_some("assisted"),
        ];
        Recent {
            tags: tags.into_iter().flatten().collect(),
            id: entry.id.into_owned(),
            start: entry.start.into_owned(),
            result: entry.result,
            duration_ms: entry.duration_ms,
            detail: listed.detail,
            code: listed.code,
        }
    }
}

/// More threads than this gain little: the disk and the merge take over.
const MAX_PARTS: usize = 4;
/// A history shorter than this many bytes per part is read on one thread.
const PART_BYTES: u64 = 1 << 20;

impl Digest {
    /// Reads the whole history of the games `kinds`, a long one in parts on as many threads as
    /// there are cores.
    pub fn read(history: &History, kinds: &[&dyn Kind]) -> io::Result<Digest> {
        let parts = std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_PARTS));
        let fresh = || Part::new(kinds);
        let mut read = history
            .scan_in_parts(parts, PART_BYTES, fresh, Part::add)?
            .into_iter();
        let (mut all, mut skipped) = read.next().unwrap_or_else(|| (fresh(), 0));
        for (later, later_skipped) in read {
            all.append(later);
            skipped += later_skipped;
        }
        Ok(all.digest(skipped))
    }

    /// The digest of a table, as its game's tally made it.
    pub fn table<D: 'static>(&self, game: GameId, key: &str) -> Option<&D> {
        self.tables
            .get(&(game, key.to_string()))
            .and_then(|table| table.downcast_ref())
    }

    /// The tables of `game`, by key in order, with their digests.
    pub fn tables_of(&self, game: GameId) -> Vec<(&str, &(dyn Any + Send + Sync))> {
        let mut tables: Vec<_> = (self.tables.iter())
            .filter(|((g, _), _)| *g == game)
            .map(|((_, key), table)| (key.as_str(), table.as_ref()))
            .collect();
        tables.sort_by_key(|(key, _)| *key);
        tables
    }

    /// The games of a table.
    pub fn games(&self, game: GameId, key: &str) -> Option<&Games> {
        self.games.get(&(game, key.to_string()))
    }

    /// The latest games of a table, most recent first.
    pub fn recent(&self, game: GameId, key: &str) -> &[Recent] {
        self.games(game, key).map_or(&[], |games| &games.latest)
    }
}

/// What one part of the file holds once read.
struct Part {
    tallies: Vec<(GameId, Box<dyn Tallies>)>,
    /// The games of each table, the latest oldest first.
    tables: Vec<((GameId, String), PartGames)>,
    /// The tables reset in this part: the parts before lose their games.
    resets: Vec<(GameId, String)>,
    /// Games left out by those resets, per game.
    before_resets: HashMap<GameId, usize>,
}

#[derive(Default)]
struct PartGames {
    count: usize,
    last_start: String,
    latest: VecDeque<Recent>,
}

impl Part {
    fn new(kinds: &[&dyn Kind]) -> Part {
        Part {
            tallies: kinds.iter().map(|k| (k.id(), k.tallies())).collect(),
            tables: Vec::new(),
            resets: Vec::new(),
            before_resets: HashMap::new(),
        }
    }

    /// Adds the game (or the reset) on `text`; `false` when the line cannot be read as either,
    /// of this format and of a game played here.
    fn add(&mut self, text: &str) -> bool {
        let Some(entry) = Entry::read(text) else {
            return Reset::read(text).is_some_and(|reset| self.reset(&reset.reset, &reset.table));
        };
        let Some((game, tallies)) = (self.tallies.iter_mut()).find(|(g, _)| g.key() == entry.game)
        else {
            return false;
        };
        let game = *game;
        let Some((key, listed)) = tallies.add(&entry) else {
            return false;
        };
        let games = self.games_of(game, key);
        games.count += 1;
        if *entry.start > *games.last_start {
            games.last_start = entry.start.to_string();
        }
        if games.latest.len() == RECENT_GAMES {
            games.latest.pop_front();
        }
        games.latest.push_back(Recent::of(entry, listed));
        true
    }

    /// Forgets the games of `game`'s table `key` read so far; `false` for a game not played here.
    fn reset(&mut self, game: &str, key: &str) -> bool {
        let Some((id, tallies)) = self.tallies.iter_mut().find(|(g, _)| g.key() == game) else {
            return false;
        };
        tallies.forget(key);
        let table = (*id, key.to_string());
        if let Some(at) = self.tables.iter().position(|(t, _)| *t == table) {
            *self.before_resets.entry(table.0).or_default() += self.tables.remove(at).1.count;
        }
        self.resets.push(table);
        true
    }

    /// The games of a table, made when it is the table's first.
    fn games_of(&mut self, game: GameId, key: String) -> &mut PartGames {
        let table = (game, key);
        let at = match self.tables.iter().position(|(t, _)| *t == table) {
            Some(at) => at,
            None => {
                self.tables.push((table, PartGames::default()));
                self.tables.len() - 1
            }
        };
        &mut self.tables[at].1
    }

    /// Adds the games of a later part of the file.
    fn append(&mut self, later: Part) {
        for (game, key) in later.resets {
            self.reset(game.key(), &key);
        }
        for (game, count) in later.before_resets {
            *self.before_resets.entry(game).or_default() += count;
        }
        for ((game, key), games) in later.tables {
            let mine = self.games_of(game, key);
            mine.count += games.count;
            if games.last_start > mine.last_start {
                mine.last_start = games.last_start;
            }
            mine.latest.extend(games.latest);
            let extra = mine.latest.len().saturating_sub(RECENT_GAMES);
            mine.latest.drain(..extra);
        }
        for ((_, mine), (_, theirs)) in self.tallies.iter_mut().zip(later.tallies) {
            mine.append(theirs);
        }
    }

    fn digest(self, skipped: usize) -> Digest {
        let tables = (self.tallies.into_iter())
            .flat_map(|(game, tallies)| {
                tallies
                    .digest()
                    .into_iter()
                    .map(move |(key, table)| ((game, key), table))
            })
            .collect();
        let games = (self.tables.into_iter())
            .map(|(table, games)| {
                let games = Games {
                    count: games.count,
                    last_start: games.last_start,
                    latest: games.latest.into_iter().rev().collect(),
                };
                (table, games)
            })
            .collect();
        Digest {
            tables,
            games,
            skipped,
            before_resets: self.before_resets,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use super::*;
    use crate::history::entry::tests::dice_entry;

    /// Dice games, a table per colour: the sides of each, summed.
    #[derive(Default)]
    struct Sides(u32);

    #[derive(Deserialize)]
    struct DiceFacts<'a> {
        #[serde(borrow)]
        colour: Cow<'a, str>,
        sides: u32,
    }

    impl Tally for Sides {
        type Facts<'a> = DiceFacts<'a>;
        type Digest = u32;
        fn table(_: &Entry, facts: &DiceFacts) -> String {
            facts.colour.to_string()
        }
        fn listed(_: &Entry, facts: &DiceFacts) -> Listed {
            Listed {
                detail: facts.sides.to_string(),
                ..Listed::default()
            }
        }
        fn add(&mut self, _: &Entry, facts: &DiceFacts) {
            self.0 += facts.sides;
        }
        fn append(&mut self, later: Sides) {
            self.0 += later.0;
        }
        fn digest(self) -> u32 {
            self.0
        }
    }

    struct Dice;

    impl Named for Dice {
        fn id(&self) -> GameId {
            GameId::new("dice")
        }
    }

    impl Kind for Dice {
        fn tallies(&self) -> Box<dyn Tallies> {
            Box::new(ByTable::<Sides>::default())
        }
    }

    #[test]
    fn every_table_of_the_file_is_digested_and_damaged_lines_are_counted() {
        let dir = tempfile::tempdir().unwrap();
        let mut history = History::new(dir.path());
        let blue = Entry {
            facts: Cow::Owned(
                serde_json::value::to_raw_value(&serde_json::json!({"colour": "blue", "sides": 6}))
                    .unwrap(),
            ),
            ..dice_entry()
        };
        for entry in [&dice_entry(), &blue, &dice_entry()] {
            history.append(entry, "").unwrap();
        }
        let path = dir.path().join(crate::history::FILE);
        let mut text = std::fs::read_to_string(&path).unwrap();
        text.push_str("{\"v\":1,\"id\":\"cut\n{\"v\":2}\n");
        let cards = serde_json::to_string(&Entry {
            game: "cards".into(),
            ..dice_entry()
        })
        .unwrap();
        text.push_str(&(cards + "\n"));
        std::fs::write(&path, text).unwrap();

        let digest = Digest::read(&history, &[&Dice]).unwrap();
        assert_eq!(
            digest.skipped, 3,
            "damaged, of another format, of no game played"
        );
        let dice = GameId::new("dice");
        assert_eq!(digest.table::<u32>(dice, "red"), Some(&40));
        assert_eq!(digest.table::<u32>(dice, "blue"), Some(&6));
        assert_eq!(digest.tables_of(dice).len(), 2);
        let red = digest.recent(dice, "red");
        assert_eq!(red.len(), 2);
        assert_eq!(
            (red[0].id.as_str(), red[0].detail.as_str()),
            ("k3v9q2m7", "20")
        );
        let games = digest.games(dice, "red").unwrap();
        assert_eq!(
            (games.count, games.last_start.as_str()),
            (2, "2026-12-01T14:05:09Z")
        );
    }

    #[test]
    fn a_reset_drops_the_games_of_its_table_before_it_in_its_part_and_in_parts_before() {
        let line = |entry: &Entry| serde_json::to_string(entry).unwrap();
        let red = line(&dice_entry());
        let blue = line(&Entry {
            facts: Cow::Owned(
                serde_json::value::to_raw_value(&serde_json::json!({"colour": "blue", "sides": 6}))
                    .unwrap(),
            ),
            ..dice_entry()
        });
        let reset_red = Reset::line("dice", "red");
        let read = |parts: &[&[&str]]| {
            let mut all = Part::new(&[&Dice]);
            for lines in parts {
                let mut part = Part::new(&[&Dice]);
                for line in *lines {
                    assert!(part.add(line), "{line}");
                }
                all.append(part);
            }
            let digest = all.digest(0);
            let count = |key| digest.games(GameId::new("dice"), key).map(|g| g.count);
            let sides = |key| digest.table::<u32>(GameId::new("dice"), key).copied();
            (count("red"), sides("red"), count("blue"), sides("blue"))
        };
        let whole = [&red, &blue, &red, &reset_red, &red].map(String::as_str);
        assert_eq!(read(&[&whole]), (Some(1), Some(20), Some(1), Some(6)));
        let (before, after) = whole.split_at(3);
        assert_eq!(
            read(&[before, after]),
            (Some(1), Some(20), Some(1), Some(6))
        );
        assert_eq!(read(&[&whole[..4]]), (None, None, Some(1), Some(6)));
        assert!(!Part::new(&[&Dice]).add(&Reset::line("cards", "red")));
    }

    #[test]
    fn no_history_file_is_an_empty_digest() {
        let dir = tempfile::tempdir().unwrap();
        let digest = Digest::read(&History::new(dir.path()), &[&Dice]).unwrap();
        assert!(digest.tables_of(GameId::new("dice")).is_empty());
        assert_eq!(digest.skipped, 0);
    }
}
