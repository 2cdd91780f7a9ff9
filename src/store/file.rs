//! The file system side of the store: where the file lives, the advisory lock that serialises saves
//! between running copies, atomic replacement, and setting a damaged file aside.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::timestamp::Timestamp;

/// Environment variable that overrides the config file's location.
pub const CONFIG_ENV: &str = "GRID_ARCADE_CONFIG";

/// The file used when neither `--config` nor `GRID_ARCADE_CONFIG` names one.
pub fn default_config_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "grid-arcade")
        .map(|dirs| dirs.config_dir().join("config.toml"))
}

/// The folder for state that is not configuration (a 2048 game in progress).
pub fn default_data_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "grid-arcade").map(|dirs| dirs.data_dir().to_path_buf())
}

/// Picks the config file: the command line first, then the environment, then the platform default.
pub fn resolve_config_path(from_cli: Option<PathBuf>) -> PathBuf {
    from_cli
        .or_else(|| {
            std::env::var_os(CONFIG_ENV)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        })
        .or_else(default_config_path)
        .unwrap_or_else(|| PathBuf::from("grid-arcade.toml"))
}

/// An exclusive advisory lock on `<file>.lock`, held until dropped.
///
/// A sidecar file is locked rather than the config itself because the config is replaced by rename,
/// and a lock on a replaced inode would protect nothing.
pub struct FileLock {
    file: File,
}

impl FileLock {
    pub fn acquire(target: &Path) -> io::Result<FileLock> {
        if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
            fs::create_dir_all(dir)?;
        }
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(sidecar(target, ".lock"))?;
        file.lock()?;
        Ok(FileLock { file })
    }
}

impl Drop for FileLock {
    fn drop(&mut self) {
        // Closing the file releases the lock too; unlocking first just makes it prompt.
        let _ = self.file.unlock();
    }
}

/// Reads the file, treating a missing file (or a missing folder) as empty.
pub fn read_or_empty(path: &Path) -> io::Result<String> {
    match fs::read_to_string(path) {
        Ok(text) => Ok(text),
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
            ) =>
        {
            Ok(String::new())
        }
        Err(e) => Err(e),
    }
}

/// How hard a write insists on reaching the disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Durability {
    /// Flushed to the disk before the call returns: records and settings.
    Synced,
    /// Left to the system to flush: state rewritten after every move, where waiting for the disk
    /// would slow play and an older copy after a power cut costs one move.
    Cached,
}

/// Replaces `path` with `contents` so that a reader sees either the old or the new file, never a
/// mix: write a temporary file in the same folder, flush it to disk, rename it over the target.
pub fn write_atomically(path: &Path, contents: &str, durability: Durability) -> io::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    if let Some(dir) = dir {
        fs::create_dir_all(dir)?;
    }
    let temp = sidecar(path, &format!(".tmp-{}", std::process::id()));
    let result = (|| {
        let mut file = File::create(&temp)?;
        file.write_all(contents.as_bytes())?;
        if durability == Durability::Synced {
            file.sync_all()?;
        }
        fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
        return result;
    }
    // The rename itself is durable only once the folder is synced; not every platform allows it.
    if durability == Durability::Synced
        && let Some(dir) = dir
        && let Ok(dir) = File::open(dir)
    {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// Moves a damaged file to `<file>.bad-<timestamp>` and returns where it went.
pub fn set_aside(path: &Path, now: Timestamp) -> io::Result<PathBuf> {
    let stamp = now.compact();
    let mut aside = sidecar(path, &format!(".bad-{stamp}"));
    let mut n = 1;
    while aside.exists() {
        n += 1;
        aside = sidecar(path, &format!(".bad-{stamp}-{n}"));
    }
    fs::rename(path, &aside)?;
    Ok(aside)
}

/// `config.toml` + `.lock` = `config.toml.lock`, in the same folder.
fn sidecar(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}
