//! Settings and records: one TOML file, read at start, saved after every change.
//!
//! Saving never loses anything: the file is re-read under a lock and this process's changes are
//! replayed on top (see [`change`]), comments and unknown keys survive, and the write is atomic. A
//! file that does not parse is set aside, never overwritten; a folder that cannot be written only
//! costs a notice.

pub mod change;
pub mod saved_games;
pub mod settings;
pub mod unsaved;

use std::any::Any;
use std::collections::HashSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use toml_edit::{DocumentMut, Item, Table};

use crate::disk as file;
use crate::history::{Entry, History};
use crate::timestamp::Timestamp;
pub use change::{Better, Change, Op};
pub use settings::{Setting, SettingValue, Settings};

/// A part of the file that a game (or the daily challenge) owns: its records, read into a value
/// of its own type that the store keeps without knowing it.
pub trait Section: Sync {
    /// Reads the records from `records` (the file's `[records]` table, if any), with notices
    /// for the values that are damaged.
    fn decode(&self, records: Option<&Item>, notices: &mut Vec<String>) -> Box<dyn Any>;
}

/// What the file holds besides its keys: every setting, and the sections whose records are read.
pub struct Schema {
    pub settings: Vec<&'static Setting>,
    pub sections: Vec<&'static dyn Section>,
}

const NEW_FILE_HEADER: &str =
    "# grid-arcade settings and records. Every key is described in config.example.toml.\n";

pub struct Store {
    path: PathBuf,
    /// The file as last read, with this process's changes applied: everything this program knows.
    doc: DocumentMut,
    /// Changes not yet written to the file.
    pending: Vec<Change>,
    schema: Schema,
    settings: Settings,
    /// Each section's records, as it read them.
    records: Vec<Box<dyn Any>>,
    notices: Vec<String>,
    /// Notices already given, so a damaged value or a read-only folder is reported once.
    told: HashSet<String>,
    /// When a save that found another copy holding the lock is tried again.
    retry_at: Option<Instant>,
    /// Where every finished game is remembered, when the program keeps a history.
    history: Option<History>,
}

/// What the file at the path holds.
enum Found {
    Doc(DocumentMut),
    /// Not TOML, or not text at all: to be set aside, never written over.
    Damaged(String),
}

fn read_doc(path: &Path) -> io::Result<Found> {
    Ok(match file::read(path)? {
        file::Contents::Missing => Found::Doc(DocumentMut::new()),
        file::Contents::NotText(place) => Found::Damaged(format!("{place}: it is not UTF-8 text")),
        file::Contents::Text(text) => match text.parse::<DocumentMut>() {
            Ok(doc) => Found::Doc(doc),
            Err(error) => Found::Damaged(parse_failure(&text, &error)),
        },
    })
}

/// Where the text fails to parse and what was expected there, on one line.
fn parse_failure(text: &str, error: &toml_edit::TomlError) -> String {
    let what: Vec<_> = (error.message().lines())
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect();
    match error.span() {
        Some(span) => format!("{}: {}", file::Place::of(text, span.start), what.join(", ")),
        None => what.join(", "),
    }
}

/// How long a save that found the lock held waits before it tries again.
const RETRY_AFTER: Duration = Duration::from_secs(1);
/// How long opening waits for another copy's lock before it sets a damaged file aside.
const OPENING_PATIENCE: Duration = Duration::from_secs(2);

impl Store {
    /// Opens the file at `path`. Fails only when something other than a regular file is there (a
    /// folder, a named pipe, a device); whatever else goes wrong becomes a notice and defaults.
    pub fn open(path: PathBuf, schema: Schema) -> io::Result<Store> {
        let mut store = Store::unread(path, schema);
        file::remove_stale_temps(&store.path);
        match read_doc(&store.path) {
            Ok(Found::Doc(doc)) => store.doc = doc,
            // Set aside only under the lock, and only if it is still damaged once the lock is held:
            // another copy may have been replacing it at that moment.
            Ok(Found::Damaged(_)) => {
                let lock = file::FileLock::acquire(&store.path, OPENING_PATIENCE);
                match read_doc(&store.path) {
                    Ok(Found::Doc(doc)) => store.doc = doc,
                    Ok(Found::Damaged(reason)) => {
                        store.set_aside(&reason, lock.is_ok());
                    }
                    Err(error) => store.tell_unreadable(&error),
                }
            }
            Err(error) if file::NotAFile::is(&error) => return Err(error),
            Err(error) => store.tell_unreadable(&error),
        }
        store.decode();
        // Changes an earlier copy could not save join the file now, if the lock is free; else
        // at this copy's next save.
        if !file::kept_beside(&store.path, unsaved::LABEL).is_empty() {
            let _ = store.merge_into_file(file::LOCK_PATIENCE);
        }
        Ok(store)
    }

    /// Opens the file for a command that only prints: nothing beside it is created, moved or
    /// written, and a file that cannot be read is an error naming where it fails.
    pub fn read_only(path: PathBuf, schema: Schema) -> io::Result<Store> {
        let mut store = Store::unread(path, schema);
        match read_doc(&store.path) {
            Ok(Found::Doc(mut doc)) => {
                store.with_unsaved(&mut doc);
                store.doc = doc;
            }
            Ok(Found::Damaged(reason)) => {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "{} could not be read ({reason}); it is left as it is",
                        store.path.display()
                    ),
                ));
            }
            Err(error) if file::NotAFile::is(&error) => return Err(error),
            Err(error) => {
                let path = store.path.display();
                return Err(io::Error::new(
                    error.kind(),
                    format!("could not read {path}: {error}"),
                ));
            }
        }
        store.decode();
        Ok(store)
    }

    fn unread(path: PathBuf, schema: Schema) -> Store {
        Store {
            path,
            doc: DocumentMut::new(),
            pending: Vec::new(),
            settings: Settings::defaults(&schema.settings),
            schema,
            records: Vec::new(),
            notices: Vec::new(),
            told: HashSet::new(),
            retry_at: None,
            history: None,
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn settings_mut(&mut self) -> &mut Settings {
        &mut self.settings
    }

    /// The records of the section that reads them into a `T`.
    pub fn records<T: 'static>(&self) -> Option<&T> {
        self.records.iter().find_map(|r| r.downcast_ref::<T>())
    }

    /// The settings and sections the file is read with.
    pub fn schema(&self) -> &Schema {
        &self.schema
    }

    /// Notices for the player (damaged file, bad values, failed saves) since the last call.
    pub fn take_notices(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notices)
    }

    /// Applies changes in memory and writes them to the file at once.
    pub fn commit(&mut self, changes: impl IntoIterator<Item = Change>) {
        for change in changes {
            change::apply(self.doc.as_table_mut(), &change);
            self.pending.push(change);
        }
        self.decode();
        self.save();
    }

    /// Changes a setting (and any setting that depends on it) and saves; a pin on it lets go,
    /// since the player chose the value.
    pub fn set(&mut self, setting: &Setting, value: SettingValue) {
        let changes = self.settings.changes_for(setting, value);
        self.settings.unpin(&[setting]);
        self.commit(changes);
    }

    /// Remembers every finished game in `history` from now on, starting with the games an
    /// earlier copy kept beside it.
    pub fn keep_history(&mut self, history: History) {
        self.history = Some(history);
        self.with_history(History::retry);
    }

    /// Adds a game that ended or was abandoned to the history, with the moves that replay it.
    pub fn remember(&mut self, entry: &Entry, moves: &str) {
        self.with_history(|history| history.append(entry, moves));
    }

    /// Resets `game`'s records table `table` with `change`, and marks the moment in the
    /// history, so that the figures it gives of the table start again with the table.
    pub fn reset(&mut self, change: Change, game: &str, table: &str) {
        self.commit([change]);
        self.with_history(|history| history.append_reset(game, table));
    }

    /// Does `write` to the history, and tells what went wrong.
    fn with_history(&mut self, write: impl FnOnce(&mut History) -> Result<(), String>) {
        let Some(history) = &mut self.history else {
            return;
        };
        let result = write(history);
        let notices = history.take_notices();
        for notice in notices.into_iter().chain(result.err()) {
            self.tell(notice);
        }
    }

    /// When changes (or games for the history) kept in memory because another copy held the
    /// lock are to be saved again.
    pub fn retry_due(&self) -> Option<Instant> {
        let settings = self.retry_at.filter(|_| !self.pending.is_empty());
        let history = self.history.as_ref().and_then(History::retry_due);
        settings.into_iter().chain(history).min()
    }

    /// Writes pending changes; on failure they stay pending for the next save and a notice says why.
    /// Returns whether everything is on disk.
    pub fn save(&mut self) -> bool {
        self.with_history(History::retry);
        self.retry_at = None;
        if self.pending.is_empty() {
            return true;
        }
        match self.merge_into_file(file::LOCK_PATIENCE) {
            Ok(()) => true,
            Err(error) if error.kind() == io::ErrorKind::WouldBlock => {
                self.retry_at = Some(Instant::now() + RETRY_AFTER);
                self.tell(format!(
                    "another grid-arcade is saving to {}; your changes are kept and saved as soon \
                     as it is done",
                    self.path.display()
                ));
                false
            }
            Err(error) if file::NotAFile::is(&error) => {
                self.tell(format!("{error}; play goes on without saving"));
                false
            }
            Err(error) => {
                self.tell(format!(
                    "could not save to {}: {error}; play goes on and saving will be tried again",
                    self.path.display()
                ));
                false
            }
        }
    }

    /// Saves before the program ends, waiting a little for another copy's lock. What still cannot
    /// be written goes to a file beside (`config.toml.unsaved-<time>`); the message says where.
    pub fn close(&mut self) -> Option<String> {
        let history = self.history.as_mut().and_then(History::close);
        let settings = self.close_settings();
        match (settings, history) {
            (Some(a), Some(b)) => Some(format!("{a}; {b}")),
            (a, b) => a.or(b),
        }
    }

    /// The file another copy holds locked, if one does now (a save then waits for it).
    pub fn saving_elsewhere(&self) -> Option<PathBuf> {
        let history = self.history.as_ref().map(History::path);
        std::iter::once(self.path.as_path())
            .chain(history)
            .find(|path| {
                matches!(file::FileLock::acquire(path, Duration::ZERO),
                    Err(e) if e.kind() == io::ErrorKind::WouldBlock)
            })
            .map(Path::to_path_buf)
    }

    /// Under the lock: re-read the file, replay the pending changes on it, replace it atomically.
    fn merge_into_file(&mut self, patience: Duration) -> io::Result<()> {
        let _lock = file::FileLock::acquire(&self.path, patience)?;
        let mut doc = match read_doc(&self.path)? {
            Found::Doc(mut doc) => {
                for change in &self.pending {
                    change::apply(doc.as_table_mut(), change);
                }
                doc
            }
            // The fresh file holds everything this program knows, not only the last changes.
            Found::Damaged(reason) if self.set_aside(&reason, true) => self.doc.clone(),
            // Never write over a file that could not be moved out of the way.
            Found::Damaged(_) => {
                return Err(io::Error::other("the damaged file is still in the way"));
            }
        };
        if doc.as_table().is_empty() && doc.decor().prefix().is_none_or(|p| p.as_str() == Some(""))
        {
            doc.decor_mut().set_prefix(NEW_FILE_HEADER);
        }
        let merged = self.take_in_unsaved(&mut doc);
        file::write_atomically(&self.path, &doc.to_string(), file::Durability::Synced)?;
        for kept in merged {
            // Removed only once its changes are in the file; one left behind would count twice.
            if fs::remove_file(&kept).is_ok() {
                self.tell(format!(
                    "the changes kept in {} when another grid-arcade held the file were added \
                     to {}",
                    kept.display(),
                    self.path.display()
                ));
            }
        }
        self.doc = doc;
        self.pending.clear();
        self.decode();
        Ok(())
    }

    /// Moves a file that cannot be read out of the way and tells where; returns whether it moved.
    fn set_aside(&mut self, reason: &str, may_move: bool) -> bool {
        let outcome = if may_move {
            file::set_aside(&self.path, Timestamp::now())
        } else {
            Err(io::Error::other("the lock could not be taken"))
        };
        let moved = outcome.is_ok();
        self.tell(match outcome {
            Ok(aside) => format!(
                "{} could not be read ({reason}); it was moved to {}, defaults are in use and \
                 the next save writes a new file",
                self.path.display(),
                aside.display()
            ),
            Err(move_error) => format!(
                "{} could not be read ({reason}) nor set aside ({move_error}); defaults are in use",
                self.path.display()
            ),
        });
        moved
    }

    fn tell_unreadable(&mut self, error: &io::Error) {
        self.tell(format!(
            "could not read {}: {error}; playing with default settings",
            self.path.display()
        ));
    }

    fn decode(&mut self) {
        let mut notices = Vec::new();
        let root = self.doc.as_table();
        self.settings = Settings::decode(root, &self.schema.settings, &mut notices)
            .with_pins_of(&self.settings);
        let records = records_table(root, &mut notices);
        self.records = (self.schema.sections.iter())
            .map(|section| section.decode(records, &mut notices))
            .collect();
        for notice in notices {
            self.tell(format!("{}: {notice}", self.file_name()));
        }
    }

    /// The file as it stands, with this program's changes: for sections that read more than their
    /// records.
    pub fn root(&self) -> &Table {
        self.doc.as_table()
    }

    fn file_name(&self) -> String {
        self.path.file_name().map_or_else(
            || self.path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    }

    fn tell(&mut self, notice: String) {
        if self.told.insert(notice.clone()) {
            self.notices.push(notice);
        }
    }
}

/// The file's `[records]` table; anything else under that name gets a notice and reads as none.
fn records_table<'a>(root: &'a Table, notices: &mut Vec<String>) -> Option<&'a Item> {
    root.get("records").filter(|item| {
        let table = item.is_table_like();
        if !table {
            notices.push(format!(
                "records = {} is not a table; the records in it are left out",
                settings::shown(item)
            ));
        }
        table
    })
}
