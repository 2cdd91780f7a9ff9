//! Files: where grid-arcade keeps them, reading without ever blocking, the advisory lock that
//! serialises saves between running copies, atomic replacement that keeps a file's mode and links,
//! and the files kept beside one (damaged, unsaved, temporary).

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::timestamp::Timestamp;

/// Environment variable that overrides the config file's location.
pub const CONFIG_ENV: &str = "GRID_ARCADE_CONFIG";

/// The file used when neither `--config` nor `GRID_ARCADE_CONFIG` names one.
pub fn default_config_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "grid-arcade")
        .map(|dirs| dirs.config_dir().join("config.toml"))
}

/// The folder for state that is not configuration (games in progress).
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

/// Something other than a regular file stands where a file is expected: it is never read in a way
/// that could block (a named pipe) and never replaced.
#[derive(Debug)]
pub struct NotAFile {
    path: PathBuf,
    kind: &'static str,
}

impl fmt::Display for NotAFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is {}, not a file", self.path.display(), self.kind)
    }
}

impl std::error::Error for NotAFile {}

impl NotAFile {
    fn error(path: &Path, file_type: fs::FileType) -> io::Error {
        #[cfg(unix)]
        use std::os::unix::fs::FileTypeExt;
        let kind = if file_type.is_dir() {
            "a folder"
        } else {
            #[cfg(unix)]
            {
                if file_type.is_fifo() {
                    "a named pipe"
                } else if file_type.is_char_device() || file_type.is_block_device() {
                    "a device"
                } else if file_type.is_socket() {
                    "a socket"
                } else {
                    "something else"
                }
            }
            #[cfg(not(unix))]
            "something else"
        };
        io::Error::new(
            io::ErrorKind::InvalidInput,
            NotAFile {
                path: path.to_path_buf(),
                kind,
            },
        )
    }

    /// Whether `error` says that something other than a file is in the way.
    pub fn is(error: &io::Error) -> bool {
        error.get_ref().is_some_and(|inner| inner.is::<NotAFile>())
    }
}

/// The file a chain of symbolic links leads to, whether or not it exists yet, so that a save
/// replaces the link's target (in the target's folder) and the link stays a link.
pub fn follow_links(path: &Path) -> PathBuf {
    let mut path = path.to_path_buf();
    // As many hops as the system itself follows before it calls it a loop.
    for _ in 0..40 {
        match fs::read_link(&path) {
            // `join` keeps an absolute target as it is and reads a relative one from the link's folder.
            Ok(target) => {
                path = path
                    .parent()
                    .map_or(target.clone(), |dir| dir.join(&target))
            }
            Err(_) => break,
        }
    }
    path
}

/// Opens `path` for reading without blocking on a named pipe, and refuses anything that is not a
/// regular file. `Ok(None)`: there is no file (nor folder).
fn open_regular(path: &Path) -> io::Result<Option<File>> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = match options.open(path) {
        Ok(file) => file,
        Err(e) if is_missing(&e) => return Ok(None),
        Err(e) => return Err(e),
    };
    let file_type = file.metadata()?.file_type();
    if !file_type.is_file() {
        return Err(NotAFile::error(path, file_type));
    }
    Ok(Some(file))
}

fn is_missing(error: &io::Error) -> bool {
    matches!(
        error.kind(),
        io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
    )
}

/// What a file holds.
#[derive(Debug, PartialEq, Eq)]
pub enum Contents {
    /// No file there (or no folder).
    Missing,
    Text(String),
    /// Bytes that are not UTF-8 text: a file to set aside, like one that does not parse. The
    /// place is that of the first byte that is not text.
    NotText(Place),
}

/// A place in a text file, as editors count: lines and columns (in characters) from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub line: usize,
    pub column: usize,
}

impl Place {
    /// The place of the byte at `offset` of `text` (an offset past the end is the end).
    pub fn of(text: &str, offset: usize) -> Place {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &text[..offset];
        let line_start = before.rfind('\n').map_or(0, |at| at + 1);
        Place {
            line: before.matches('\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// Reads a file as text, never blocking, refusing what is not a regular file (see [`NotAFile`]).
pub fn read(path: &Path) -> io::Result<Contents> {
    let Some(mut file) = open_regular(path)? else {
        return Ok(Contents::Missing);
    };
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)?;
    Ok(match String::from_utf8(bytes) {
        Ok(text) => Contents::Text(text),
        Err(error) => {
            let valid = error.utf8_error().valid_up_to();
            let bytes = error.into_bytes();
            let text = std::str::from_utf8(&bytes[..valid]).unwrap_or_default();
            Contents::NotText(Place::of(text, valid))
        }
    })
}

/// Whether something other than a regular file stands at `path` (a missing file is fine).
pub fn check_regular(path: &Path) -> io::Result<()> {
    match fs::metadata(path) {
        Ok(meta) if !meta.is_file() => Err(NotAFile::error(path, meta.file_type())),
        _ => Ok(()),
    }
}

/// How long a save waits for another copy's lock before it keeps its changes for later: short
/// enough that the screen keeps answering keys.
pub const LOCK_PATIENCE: Duration = Duration::from_millis(30);

/// How long quitting waits for another copy's lock before it keeps what is unsaved in a file
/// beside: long enough to outwait another copy's save, short enough that quitting feels at once.
pub const CLOSING_PATIENCE: Duration = Duration::from_millis(250);

/// An exclusive advisory lock on `<file>.lock`, held until dropped.
///
/// A sidecar file is locked rather than the file itself because the file is replaced by rename,
/// and a lock on a replaced inode would protect nothing. The lock sits beside the link's target,
/// so copies that reach the same file through different links share it.
#[derive(Debug)]
pub struct FileLock {
    file: File,
}

impl FileLock {
    /// Takes the lock, waiting at most `patience`; another copy holding it longer gives an error
    /// of kind `WouldBlock`.
    pub fn acquire(target: &Path, patience: Duration) -> io::Result<FileLock> {
        let target = follow_links(target);
        create_parent(&target)?;
        let path = sidecar(&target, ".lock");
        let mut options = OpenOptions::new();
        options.create(true).truncate(false).write(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.custom_flags(libc::O_NONBLOCK);
        }
        let file = options.open(&path)?;
        let file_type = file.metadata()?.file_type();
        if !file_type.is_file() {
            return Err(NotAFile::error(&path, file_type));
        }
        let start = Instant::now();
        loop {
            match file.try_lock() {
                Ok(()) => return Ok(FileLock { file }),
                Err(fs::TryLockError::Error(e)) => return Err(e),
                Err(fs::TryLockError::WouldBlock) if start.elapsed() >= patience => {
                    return Err(io::Error::new(
                        io::ErrorKind::WouldBlock,
                        format!("another program holds {}", path.display()),
                    ));
                }
                Err(fs::TryLockError::WouldBlock) => std::thread::sleep(Duration::from_millis(5)),
            }
        }
    }
}

impl Drop for FileLock {
    fn drop(&mut self) {
        // Closing the file releases the lock too; unlocking first just makes it prompt.
        let _ = self.file.unlock();
    }
}

fn create_parent(path: &Path) -> io::Result<()> {
    match path.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(dir) => fs::create_dir_all(dir),
        None => Ok(()),
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

/// Replaces the file at `path` (or at the end of its links) with `contents` so that a reader sees
/// either the old or the new file, never a mix: a temporary file in the same folder with the old
/// file's permissions, flushed, renamed over the target. Anything but a regular file in the way is
/// refused, never replaced.
pub fn write_atomically(path: &Path, contents: &str, durability: Durability) -> io::Result<()> {
    let path = follow_links(path);
    let existing = match fs::symlink_metadata(&path) {
        Ok(meta) if !meta.is_file() => return Err(NotAFile::error(&path, meta.file_type())),
        Ok(meta) => Some(meta.permissions()),
        Err(e) if is_missing(&e) => None,
        Err(e) => return Err(e),
    };
    create_parent(&path)?;
    let temp = sidecar(&path, &format!(".tmp-{}", std::process::id()));
    let result = (|| {
        let mut file = File::create(&temp)?;
        if let Some(permissions) = existing {
            file.set_permissions(permissions)?;
        }
        file.write_all(contents.as_bytes())?;
        if durability == Durability::Synced {
            file.sync_all()?;
        }
        fs::rename(&temp, &path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
        return result;
    }
    // The rename itself is durable only once the folder is synced; not every platform allows it.
    if durability == Durability::Synced
        && let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && let Ok(dir) = File::open(dir)
    {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// Moves a damaged file to `<file>.bad-<timestamp>` and returns where it went.
pub fn set_aside(path: &Path, now: Timestamp) -> io::Result<PathBuf> {
    let path = follow_links(path);
    let aside = free_name_beside(&path, "bad", now);
    fs::rename(&path, &aside)?;
    Ok(aside)
}

/// Writes `contents` to a new `<file>.<label>-<timestamp>` beside `path` and returns its name.
pub fn write_beside(path: &Path, label: &str, contents: &str) -> io::Result<PathBuf> {
    let path = follow_links(path);
    create_parent(&path)?;
    let beside = free_name_beside(&path, label, Timestamp::now());
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&beside)?
        .write_all(contents.as_bytes())?;
    Ok(beside)
}

/// `<file>.<label>-<timestamp>`, with `-2`, `-3`... when that name is taken.
fn free_name_beside(path: &Path, label: &str, now: Timestamp) -> PathBuf {
    let stamp = now.compact();
    let mut name = sidecar(path, &format!(".{label}-{stamp}"));
    let mut n = 1;
    while fs::symlink_metadata(&name).is_ok() {
        n += 1;
        name = sidecar(path, &format!(".{label}-{stamp}-{n}"));
    }
    name
}

/// The files `<file>.<label>-<tail>` beside `path`, with their tails, in the order of their
/// names (of their times, for the files [`write_beside`] makes). A file set aside in turn
/// (`<file>.<label>-<time>.bad-<time>`) is not one of them.
pub fn kept_beside(path: &Path, label: &str) -> Vec<(PathBuf, String)> {
    let path = follow_links(path);
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return Vec::new();
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let prefix = format!("{}.{label}-", name.to_string_lossy());
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut kept: Vec<_> = entries
        .flatten()
        .filter_map(|entry| {
            let file_name = entry.file_name();
            let tail = file_name.to_str()?.strip_prefix(&prefix)?;
            (!tail.contains('.')).then(|| (entry.path(), tail.to_string()))
        })
        .collect();
    kept.sort();
    kept
}

/// Removes the `<file>.tmp-<pid>` files that copies killed in the middle of a save left beside
/// `path`; the temporary files of copies still running are theirs.
pub fn remove_stale_temps(path: &Path) {
    for (temp, pid) in kept_beside(path, "tmp") {
        if let Ok(pid) = pid.parse::<u32>()
            && pid != std::process::id()
            && !process_is_running(pid)
        {
            let _ = fs::remove_file(temp);
        }
    }
}

/// Whether a process with this id exists (one we may not signal exists too).
fn process_is_running(pid: u32) -> bool {
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else {
            return false;
        };
        // Signal 0 checks that the process exists without sending anything.
        // SAFETY: kill with signal 0 has no effect on the target process.
        let status = unsafe { libc::kill(pid, 0) };
        status == 0 || io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        true
    }
}

/// `config.toml` + `.lock` = `config.toml.lock`, in the same folder.
pub fn sidecar(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}

#[cfg(test)]
#[path = "disk_tests.rs"]
mod tests;
