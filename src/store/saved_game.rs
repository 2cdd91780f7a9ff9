//! A game in progress kept in the data folder between runs (2048). Written atomically after every
//! move; a save that cannot be read is set aside with a notice, never a crash and never lost.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::file::{self, Durability};
use crate::timestamp::Timestamp;

#[derive(Clone, Debug)]
pub struct SavedGame {
    path: PathBuf,
}

impl SavedGame {
    pub fn new(dir: &Path, file_name: &str) -> SavedGame {
        SavedGame {
            path: dir.join(file_name),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn exists(&self) -> bool {
        self.path.is_file()
    }

    /// The saved game, `Ok(None)` when there is none, or a notice when it was damaged and set aside.
    pub fn load<T: DeserializeOwned>(&self) -> Result<Option<T>, String> {
        let text = match fs::read_to_string(&self.path) {
            Ok(text) => text,
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
                ) =>
            {
                return Ok(None);
            }
            Err(e) => {
                return Err(format!(
                    "the saved game {} could not be read: {e}",
                    self.path.display()
                ));
            }
        };
        toml::from_str(&text)
            .map(Some)
            .map_err(|e| self.set_aside(e.message()))
    }

    pub fn save<T: Serialize>(&self, game: &T, durability: Durability) -> io::Result<()> {
        let text = toml::to_string(game).map_err(io::Error::other)?;
        file::write_atomically(&self.path, &text, durability)
    }

    /// Forgets the saved game (it ended).
    pub fn delete(&self) -> io::Result<()> {
        match fs::remove_file(&self.path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }

    /// Moves the save out of the way and says where it went and why.
    pub fn set_aside(&self, reason: &str) -> String {
        let reason = reason.trim();
        match file::set_aside(&self.path, Timestamp::now()) {
            Ok(aside) => format!(
                "the saved game could not be resumed ({reason}); it was kept as {}",
                aside.display()
            ),
            Err(e) => format!(
                "the saved game {} could not be resumed ({reason}) nor moved ({e})",
                self.path.display()
            ),
        }
    }
}
