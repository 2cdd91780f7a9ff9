//! Games in progress, kept in the data folder between runs: one file per game, written after every
//! move. A running copy of grid-arcade claims a file (an advisory lock beside it) for as long as it
//! plays that game, so two copies never play, overwrite or record the same saved game: the second
//! one gets a file of its own. A file that cannot be read is set aside, never written over.
//!
//! Files are named `<stem>.toml`, then `<stem>.2.toml`, `<stem>.3.toml`... when a stem's first
//! file is taken; a stem names a game and, where it keeps one game per board, the board
//! (`minesweeper`, `tictactoe`, `2048-4x4`).

use std::cell::RefCell;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::disk::{self as file, Contents, Durability, FileLock};
use crate::timestamp::Timestamp;

/// The folder of games in progress.
#[derive(Clone, Debug)]
pub struct SavedGames {
    dir: PathBuf,
    /// Why the last new game could not be given a file, if it could not: told at once, and
    /// again when the program ends with that game in progress.
    refused: RefCell<Option<String>>,
}

/// A saved game's file, claimed by this copy for as long as the value lives.
#[derive(Debug)]
pub struct SaveSlot {
    path: PathBuf,
    /// The lock on `<file>.lock`; dropping it releases the claim.
    _claim: FileLock,
}

/// What a game makes of a saved game it read.
#[derive(Debug, PartialEq, Eq)]
pub enum Fit {
    /// The game to resume.
    Resume,
    /// Another board's or level's game, left for when it is asked for.
    Pass,
    /// A game that is not what its file's name says (edited by hand): set aside for this reason,
    /// so that no save of the board its name says ever writes over it.
    SetAside(String),
}

impl From<bool> for Fit {
    fn from(fits: bool) -> Fit {
        if fits { Fit::Resume } else { Fit::Pass }
    }
}

/// What looking for a saved game found.
pub struct Resumed<T> {
    /// The most recently saved game that fits, with its claimed file.
    pub game: Option<(T, SaveSlot)>,
    /// Another running copy plays a saved game that would have fitted.
    pub busy: bool,
    /// What went wrong with files that could not be read (each set aside, or left alone).
    pub notices: Vec<String>,
}

impl SavedGames {
    pub fn new(dir: &Path) -> SavedGames {
        SavedGames {
            dir: dir.to_path_buf(),
            refused: RefCell::new(None),
        }
    }

    /// The saved game whose stem `wanted` accepts and whose contents `fits` accepts, most recently
    /// saved first, among those no other copy plays. Files that do not read are set aside.
    pub fn resume<T: DeserializeOwned>(
        &self,
        wanted: impl Fn(&str) -> bool,
        fits: impl Fn(&T) -> Fit,
    ) -> Resumed<T> {
        let mut resumed = Resumed {
            game: None,
            busy: false,
            notices: Vec::new(),
        };
        for path in self.saves(&wanted) {
            let Ok(slot) = SaveSlot::claim(path) else {
                resumed.busy = true;
                continue;
            };
            file::remove_stale_temps(&slot.path);
            match slot
                .load::<T>()
                .map(|game| game.map(|game| (fits(&game), game)))
            {
                Ok(Some((Fit::Resume, game))) => {
                    resumed.game = Some((game, slot));
                    break;
                }
                Ok(Some((Fit::SetAside(reason), _))) => {
                    resumed.notices.push(slot.set_aside(&reason));
                }
                Ok(_) => {}
                Err(notice) => resumed.notices.push(notice),
            }
        }
        resumed
    }

    /// Whether a saved game that `wanted` accepts waits, unclaimed.
    pub fn has_resumable(&self, wanted: impl Fn(&str) -> bool) -> bool {
        self.saves(&wanted)
            .into_iter()
            .any(|path| SaveSlot::claim(path).is_ok())
    }

    /// A claimed file for a new game of `stem`: the first of its names that holds no game and
    /// that no other copy claims; `Err` says why there is none.
    pub fn new_slot(&self, stem: &str) -> Result<SaveSlot, String> {
        let mut why = "every name for it is taken".to_string();
        let found = (1..1000).find_map(|n| {
            let path = self.dir.join(slot_name(stem, n));
            if fs::symlink_metadata(&path).is_ok() {
                return None;
            }
            match SaveSlot::claim(path) {
                Ok(slot) => Some(slot).filter(|slot| fs::symlink_metadata(&slot.path).is_err()),
                Err(e) => {
                    why = e.to_string();
                    None
                }
            }
        });
        let result = found.ok_or_else(|| {
            format!(
                "games in progress cannot be kept in {}: {why}",
                self.dir.display()
            )
        });
        *self.refused.borrow_mut() = result.as_ref().err().cloned();
        result
    }

    /// Why the last new game could not be given a file, if it could not.
    pub fn refused(&self) -> Option<String> {
        self.refused.borrow().clone()
    }

    /// The saved games whose stem `wanted` accepts, most recently saved first.
    fn saves(&self, wanted: &impl Fn(&str) -> bool) -> Vec<PathBuf> {
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        let mut found: Vec<(SystemTime, PathBuf)> = entries
            .flatten()
            .filter(|entry| {
                entry
                    .file_name()
                    .to_str()
                    .and_then(stem_of)
                    .is_some_and(wanted)
            })
            .map(|entry| {
                let saved = entry
                    .metadata()
                    .and_then(|m| m.modified())
                    .unwrap_or(SystemTime::UNIX_EPOCH);
                (saved, entry.path())
            })
            .collect();
        found.sort_by(|a, b| b.cmp(a));
        found.into_iter().map(|(_, path)| path).collect()
    }
}

/// `<stem>.toml` for the first file of a stem, `<stem>.<n>.toml` after it.
fn slot_name(stem: &str, n: u32) -> String {
    if n == 1 {
        format!("{stem}.toml")
    } else {
        format!("{stem}.{n}.toml")
    }
}

/// The stem of a saved game's file name; `None` for other files (locks, temporary files...).
fn stem_of(name: &str) -> Option<&str> {
    let name = name.strip_suffix(".toml")?;
    Some(match name.rsplit_once('.') {
        Some((stem, n)) if n.parse::<u32>().is_ok() => stem,
        _ => name,
    })
}

impl SaveSlot {
    /// Claims the file at `path`; `Err` when another copy holds it or the lock cannot be made.
    fn claim(path: PathBuf) -> io::Result<SaveSlot> {
        let claim = FileLock::acquire(&path, Duration::ZERO)?;
        Ok(SaveSlot {
            path,
            _claim: claim,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The saved game, `Ok(None)` when there is none, or a notice when it could not be read (set
    /// aside if it is damaged; left in place if only reading failed).
    pub fn load<T: DeserializeOwned>(&self) -> Result<Option<T>, String> {
        let text = match file::read(&self.path) {
            Ok(Contents::Missing) => return Ok(None),
            Ok(Contents::Text(text)) => text,
            Ok(Contents::NotText(_)) => return Err(self.set_aside("it is not UTF-8 text")),
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

    /// Forgets the saved game (it ended); the claim stays for the next game in this file.
    pub fn delete(&self) -> io::Result<()> {
        match fs::remove_file(&self.path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }

    /// Moves the save out of the way and says where it went and why.
    fn set_aside(&self, reason: &str) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Saved {
        n: u32,
    }

    fn all(_: &str) -> bool {
        true
    }

    #[test]
    fn names_and_stems() {
        assert_eq!(slot_name("2048-4x4", 1), "2048-4x4.toml");
        assert_eq!(slot_name("2048-4x4", 3), "2048-4x4.3.toml");
        assert_eq!(stem_of("2048-4x4.3.toml"), Some("2048-4x4"));
        assert_eq!(stem_of("minesweeper.toml"), Some("minesweeper"));
        for other in [
            "minesweeper.toml.lock",
            "minesweeper.toml.tmp-12",
            "x.toml.bad-20261130T000000Z",
        ] {
            assert_eq!(stem_of(other), None, "{other}");
        }
    }

    #[test]
    fn a_claimed_game_is_not_offered_to_a_second_copy_which_gets_its_own_file() {
        let dir = tempfile::tempdir().unwrap();
        let games = SavedGames::new(dir.path());
        let first = games.new_slot("minesweeper").unwrap();
        first.save(&Saved { n: 1 }, Durability::Synced).unwrap();

        // The same program claiming again counts as another copy: the claim is per open file.
        let second = games.resume::<Saved>(all, |_| Fit::Resume);
        assert!(second.game.is_none() && second.busy);
        let own = games.new_slot("minesweeper").unwrap();
        assert_eq!(own.path(), dir.path().join("minesweeper.2.toml"));

        drop(first);
        let resumed = games.resume::<Saved>(|s| s == "minesweeper", |_| Fit::Resume);
        let (game, slot) = resumed.game.unwrap();
        assert_eq!(game, Saved { n: 1 });
        assert_eq!(slot.path(), dir.path().join("minesweeper.toml"));
        assert!(!games.has_resumable(all), "claimed again");
    }

    #[test]
    fn the_most_recent_save_that_fits_is_resumed() {
        let dir = tempfile::tempdir().unwrap();
        let games = SavedGames::new(dir.path());
        for (stem, n) in [("2048-4x4", 4), ("2048-5x5", 5)] {
            let slot = games.new_slot(stem).unwrap();
            slot.save(&Saved { n }, Durability::Synced).unwrap();
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let latest = games.resume::<Saved>(|s| s.starts_with("2048-"), |_| Fit::Resume);
        assert_eq!(latest.game.unwrap().0, Saved { n: 5 });
        let four = games.resume::<Saved>(|s| s == "2048-4x4", |_| Fit::Resume);
        assert_eq!(four.game.unwrap().0, Saved { n: 4 });
        let none = games.resume::<Saved>(all, |g| (g.n > 9).into());
        assert!(none.game.is_none() && !none.busy);
    }

    #[test]
    fn an_unreadable_save_is_set_aside_before_anything_is_written_over_it() {
        let dir = tempfile::tempdir().unwrap();
        let games = SavedGames::new(dir.path());
        fs::write(dir.path().join("tictactoe.toml"), b"n = \xff\n").unwrap();
        let resumed = games.resume::<Saved>(all, |_| Fit::Resume);
        assert!(resumed.game.is_none());
        assert_eq!(resumed.notices.len(), 1, "{:?}", resumed.notices);
        assert!(resumed.notices[0].contains("not UTF-8"));
        let kept: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().contains(".bad-"))
            .collect();
        assert_eq!(kept.len(), 1);
        assert_eq!(fs::read(kept[0].path()).unwrap(), b"n = \xff\n");
    }
}
