//! Settings and records: one TOML file, read at start, saved after every change.
//!
//! Saving never loses anything: the file is re-read under a lock and this process's changes are
//! replayed on top (see [`change`]), comments and unknown keys survive, and the write is atomic. A
//! file that does not parse is set aside, never overwritten; a folder that cannot be written only
//! costs a notice.

pub mod change;
pub mod file;
pub mod saved_game;
pub mod settings;

use std::collections::HashSet;
use std::io;
use std::path::{Path, PathBuf};

use toml_edit::DocumentMut;

use crate::records::Records;
use crate::timestamp::Timestamp;
pub use change::{Better, Change, Op};
pub use settings::{Setting, SettingValue, Settings};

const NEW_FILE_HEADER: &str =
    "# grid-arcade settings and records. Every key is described in config.example.toml.\n";

pub struct Store {
    path: PathBuf,
    /// The file as last read, with this process's changes applied.
    doc: DocumentMut,
    /// Changes not yet written to the file.
    pending: Vec<Change>,
    settings: Settings,
    records: Records,
    notices: Vec<String>,
    /// Notices already given, so a damaged value or a read-only folder is reported once.
    told: HashSet<String>,
}

impl Store {
    /// Opens the file at `path`. Never fails: whatever goes wrong becomes a notice and defaults.
    pub fn open(path: PathBuf) -> Store {
        let mut store = Store {
            path,
            doc: DocumentMut::new(),
            pending: Vec::new(),
            settings: Settings::default(),
            records: Records::default(),
            notices: Vec::new(),
            told: HashSet::new(),
        };
        match file::read_or_empty(&store.path).map(|text| text.parse::<DocumentMut>()) {
            Ok(Ok(doc)) => store.doc = doc,
            // Set aside only under the lock, and only if it is still damaged once the lock is held:
            // another copy may have been replacing it at that moment.
            Ok(Err(_)) => {
                let lock = file::FileLock::acquire(&store.path);
                match file::read_or_empty(&store.path).map(|text| text.parse::<DocumentMut>()) {
                    Ok(Ok(doc)) => store.doc = doc,
                    Ok(Err(error)) => {
                        store.set_aside(&error, lock.is_ok());
                    }
                    Err(error) => store.tell_unreadable(&error),
                }
            }
            Err(error) => store.tell_unreadable(&error),
        }
        store.decode();
        store
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn records(&self) -> &Records {
        &self.records
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

    /// Changes a setting (and any setting that depends on it) and saves.
    pub fn set(&mut self, setting: &Setting, value: SettingValue) {
        let changes = self.settings.changes_for(setting, value);
        self.commit(changes);
    }

    /// Writes pending changes; on failure they stay pending for the next save and a notice says why.
    /// Returns whether everything is on disk.
    pub fn save(&mut self) -> bool {
        if self.pending.is_empty() {
            return true;
        }
        match self.merge_into_file() {
            Ok(doc) => {
                self.doc = doc;
                self.pending.clear();
                self.decode();
                true
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

    /// Under the lock: re-read the file, replay the pending changes on it, replace it atomically.
    fn merge_into_file(&mut self) -> io::Result<DocumentMut> {
        let _lock = file::FileLock::acquire(&self.path)?;
        let text = file::read_or_empty(&self.path)?;
        let mut doc = match text.parse::<DocumentMut>() {
            Ok(doc) => doc,
            // Never write over a file that could not be moved out of the way.
            Err(error) if self.set_aside(&error, true) => DocumentMut::new(),
            Err(_) => return Err(io::Error::other("the damaged file is still in the way")),
        };
        if doc.as_table().is_empty() && doc.decor().prefix().is_none_or(|p| p.as_str() == Some(""))
        {
            doc.decor_mut().set_prefix(NEW_FILE_HEADER);
        }
        for change in &self.pending {
            change::apply(doc.as_table_mut(), change);
        }
        file::write_atomically(&self.path, &doc.to_string(), file::Durability::Synced)?;
        Ok(doc)
    }

    /// Moves a file that does not parse out of the way and tells where; returns whether it moved.
    fn set_aside(&mut self, error: &toml_edit::TomlError, may_move: bool) -> bool {
        let reason = error.message().trim().to_string();
        let outcome = if may_move {
            file::set_aside(&self.path, Timestamp::now())
        } else {
            Err(io::Error::other("the folder is not writable"))
        };
        let moved = outcome.is_ok();
        self.tell(match outcome {
            Ok(aside) => format!(
                "{} could not be read ({reason}); it was kept as {} and defaults are in use",
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
        self.settings = Settings::decode(self.doc.as_table(), &mut notices);
        self.records = Records::decode(self.doc.as_table(), &mut notices);
        for notice in notices {
            self.tell(format!("{}: {notice}", self.file_name()));
        }
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
