//! The history's two files on disk: appended under the same advisory lock as every other save, so
//! that copies running at once never interleave or lose a line, and read line by line, so that a
//! damaged line costs only itself.

use std::fs::OpenOptions;
use std::io::{self, BufRead, BufReader, Seek, SeekFrom, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::entry::Entry;
use super::reset::Reset;
use super::unsaved;
use crate::disk::{self as file, FileLock};

/// The games, a line each.
pub const FILE: &str = "history.jsonl";
/// The moves of each game, a line each, beside the game's line by its id.
pub const MOVES_FILE: &str = "history-moves.jsonl";

/// How long a program waits for another copy's lock before it keeps the game for later: about
/// as long as a save.
const PATIENCE: Duration = file::LOCK_PATIENCE;
const RETRY_AFTER: Duration = Duration::from_secs(1);
/// Bytes read from the disk at a time: fewer calls for a long history, little memory.
const READ_BUFFER: usize = 64 * 1024;

/// The moves of one game, as the moves file keeps them.
#[derive(serde::Serialize, serde::Deserialize)]
struct MovesLine {
    id: String,
    moves: String,
}

pub struct History {
    path: PathBuf,
    moves_path: PathBuf,
    /// Lines of games (and of their moves; a reset has none) not yet written: another copy held
    /// the lock.
    pending: Vec<(String, Option<String>)>,
    retry_at: Option<Instant>,
    /// What went wrong with games kept beside by an earlier copy, for the player to read.
    notices: Vec<String>,
}

/// What reading the history found.
pub struct Read<T> {
    pub items: Vec<T>,
    /// Lines that could not be read (damaged, or of another format); they stay in the file.
    pub skipped: usize,
}

impl History {
    pub fn new(dir: &Path) -> History {
        History {
            path: dir.join(FILE),
            moves_path: dir.join(MOVES_FILE),
            pending: Vec::new(),
            retry_at: None,
            notices: Vec::new(),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Adds a game and its moves at the end of the files. When another copy holds the lock the
    /// game is kept and written a moment later; `Err` says what went wrong otherwise.
    pub fn append(&mut self, entry: &Entry, moves: &str) -> Result<(), String> {
        let line = serde_json::to_string(entry).map_err(|e| e.to_string())?;
        let moves = serde_json::to_string(&MovesLine {
            id: entry.id.to_string(),
            moves: moves.to_string(),
        })
        .map_err(|e| e.to_string())?;
        self.pending.push((line, Some(moves)));
        self.write_pending(PATIENCE)
    }

    /// Marks the reset of `game`'s table `table` after the games written so far (see
    /// [`Reset`]); written as a game is.
    pub fn append_reset(&mut self, game: &str, table: &str) -> Result<(), String> {
        self.pending.push((Reset::line(game, table), None));
        self.write_pending(PATIENCE)
    }

    /// When games kept because another copy held the lock are to be written again.
    pub fn retry_due(&self) -> Option<Instant> {
        self.retry_at
            .filter(|_| !self.pending.is_empty() || unsaved::any(&self.path, &self.moves_path))
    }

    /// Writes the games kept for later, in memory or beside the files by a copy that ended
    /// while another held the lock; the answer is as for [`append`](Self::append).
    pub fn retry(&mut self) -> Result<(), String> {
        self.write_pending(PATIENCE)
    }

    /// What went wrong with games an earlier copy kept beside, since the last call.
    pub fn take_notices(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notices)
    }

    /// Writes what is still kept before the program ends, waiting for another copy's lock no
    /// longer than a save of its takes: what cannot be written goes to files beside, and the
    /// message says where.
    pub fn close(&mut self) -> Option<String> {
        // A lock held by another copy leaves the games pending, as any other failure does.
        let _ = self.write_pending(file::CLOSING_PATIENCE);
        if self.pending.is_empty() {
            return None;
        }
        Some(match unsaved::keep(&self.path, &self.pending) {
            Ok(kept) => {
                self.pending.clear();
                format!(
                    "the history could not be written; its new games are kept in {} and added \
                     to it at the next start",
                    kept.display()
                )
            }
            Err(e) => format!("the history could not be written nor kept beside it: {e}"),
        })
    }

    fn write_pending(&mut self, patience: Duration) -> Result<(), String> {
        self.retry_at = None;
        if self.pending.is_empty() && !unsaved::any(&self.path, &self.moves_path) {
            return Ok(());
        }
        let written = FileLock::acquire(&self.path, patience).and_then(|_lock| {
            // Games an earlier copy kept beside go first, being older.
            let mut kept = unsaved::take_in(&self.path, &self.moves_path);
            self.notices.append(&mut kept.notices);
            let games = self.pending.iter().map(|(game, _)| game.as_str());
            let moves = self
                .pending
                .iter()
                .filter_map(|(_, moves)| moves.as_deref());
            let moves: Vec<&str> = kept.moves.iter().map(String::as_str).chain(moves).collect();
            let games: Vec<&str> = kept.games.iter().map(String::as_str).chain(games).collect();
            // The moves first: a game whose line is there always has its moves.
            append_lines(&self.moves_path, &moves)?;
            append_lines(&self.path, &games)?;
            Ok(kept.files)
        });
        match written {
            Ok(files) => {
                self.pending.clear();
                // Removed only once their games are written; one left would add them twice.
                for kept in files {
                    let _ = std::fs::remove_file(kept);
                }
                Ok(())
            }
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                self.retry_at = Some(Instant::now() + RETRY_AFTER);
                Ok(())
            }
            Err(e) => Err(format!(
                "the game could not be added to the history {}: {e}",
                self.path.display()
            )),
        }
    }

    /// Hands every game's line to `take`, oldest first, for a reader that keeps its own tally
    /// rather than a list; returns how many lines it could not take (`false`).
    pub fn scan(&self, mut take: impl FnMut(&str) -> bool) -> io::Result<usize> {
        let mut skipped = 0;
        for_each_line(&self.path, |line| {
            if !take(line) {
                skipped += 1;
            }
        })?;
        Ok(skipped)
    }

    /// Like [`scan`](Self::scan), with the file cut into up to `parts` stretches of whole lines
    /// (none shorter than `min_bytes`) read at once on threads of their own, each into its own
    /// tally made by `fresh`. The tallies come back in the file's order, each with the lines it
    /// could not take.
    pub fn scan_in_parts<T: Send>(
        &self,
        parts: usize,
        min_bytes: u64,
        fresh: impl Fn() -> T + Sync,
        take: impl Fn(&mut T, &str) -> bool + Sync,
    ) -> io::Result<Vec<(T, usize)>> {
        file::check_regular(&self.path)?;
        let length = match std::fs::metadata(&self.path) {
            Ok(metadata) => metadata.len(),
            Err(e) if e.kind() == io::ErrorKind::NotFound => 0,
            Err(e) => return Err(e),
        };
        let parts = (parts as u64).min(length / min_bytes.max(1)).max(1);
        let bounds: Vec<u64> = (0..=parts).map(|i| length / parts * i).collect();
        let (fresh, take) = (&fresh, &take);
        std::thread::scope(|scope| {
            let threads: Vec<_> = bounds
                .windows(2)
                .enumerate()
                .map(|(i, range)| {
                    // The last part reads to the end, whatever was added since the length.
                    let end = if i as u64 + 1 == parts {
                        u64::MAX
                    } else {
                        range[1]
                    };
                    let (path, start) = (&self.path, range[0]);
                    scope.spawn(move || {
                        let mut tally = fresh();
                        let mut skipped = 0;
                        for_each_line_in(path, start..end, |line| {
                            if !take(&mut tally, line) {
                                skipped += 1;
                            }
                        })?;
                        Ok((tally, skipped))
                    })
                })
                .collect();
            threads
                .into_iter()
                .map(|thread| {
                    thread
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect()
        })
    }

    /// Every game of the history of this format, oldest first (resets are no games, and no
    /// damage either).
    pub fn entries(&self) -> io::Result<Read<Entry<'static>>> {
        let mut items = Vec::new();
        let skipped = self.scan(|line| match Entry::read(line) {
            Some(entry) => {
                items.push(entry.into_owned());
                true
            }
            None => Reset::read(line).is_some(),
        })?;
        Ok(Read { items, skipped })
    }

    /// The moves of the game with `id`, if the history has them.
    pub fn moves(&self, id: &str) -> io::Result<Option<String>> {
        let mut found = None;
        for_each_line(&self.moves_path, |line| {
            if let Ok(moves) = serde_json::from_str::<MovesLine>(line)
                && moves.id == id
            {
                found = Some(moves.moves);
            }
        })?;
        Ok(found)
    }
}

/// Appends `lines` to the file at `path` in one write, and waits for the disk.
fn append_lines(path: &Path, lines: &[&str]) -> io::Result<()> {
    if lines.is_empty() {
        return Ok(());
    }
    let path = file::follow_links(path);
    file::check_regular(&path)?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut text = lines.join("\n");
    text.push('\n');
    let mut out = OpenOptions::new().create(true).append(true).open(&path)?;
    out.write_all(text.as_bytes())?;
    out.sync_data()
}

/// Calls `each` with every line of the file that is text; a missing file has none.
fn for_each_line(path: &Path, each: impl FnMut(&str)) -> io::Result<()> {
    file::check_regular(path)?;
    for_each_line_in(path, 0..u64::MAX, each)
}

/// Calls `each` with every line of the file that is text and starts within `range` of bytes (a
/// line that starts before it belongs to the range before); a missing file has none.
fn for_each_line_in(path: &Path, range: Range<u64>, mut each: impl FnMut(&str)) -> io::Result<()> {
    let mut file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e),
    };
    // The line that holds the byte before the range belongs to the range before: reading from
    // that byte through the next newline passes over it (over just that newline when a line ends
    // there).
    let mut at = range.start.saturating_sub(1);
    file.seek(SeekFrom::Start(at))?;
    let mut reader = BufReader::with_capacity(READ_BUFFER, file);
    let mut bytes = Vec::new();
    if range.start > 0 {
        at += reader.read_until(b'\n', &mut bytes)? as u64;
    }
    while at < range.end {
        bytes.clear();
        let read = reader.read_until(b'\n', &mut bytes)?;
        if read == 0 {
            return Ok(());
        }
        at += read as u64;
        // A line that is not text is damaged: it is skipped like any other damaged line.
        match std::str::from_utf8(&bytes) {
            Ok(line) if !line.trim().is_empty() => each(line.trim_end()),
            Ok(_) => {}
            Err(_) => each(""),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::entry::tests::dice_entry;

    #[test]
    fn games_and_their_moves_read_back_and_damaged_lines_are_skipped_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let mut history = History::new(dir.path());
        let first = dice_entry();
        let second = Entry {
            id: "second".into(),
            ..dice_entry()
        };
        history.append(&first, "0:r10,12 812:f3,4").unwrap();
        let mut text = std::fs::read(dir.path().join(FILE)).unwrap();
        text.extend_from_slice(
            b"{\"v\":1,\"id\":\"cut in ha\n\xff\xfe\n{\"v\":9,\"id\":\"future\"}\n",
        );
        std::fs::write(dir.path().join(FILE), &text).unwrap();
        history.append(&second, "").unwrap();

        let read = history.entries().unwrap();
        assert_eq!(read.items, vec![first, second]);
        assert_eq!(read.skipped, 3);
        let kept = std::fs::read(dir.path().join(FILE)).unwrap();
        assert!(
            kept.starts_with(&text),
            "nothing already there is rewritten"
        );
        assert_eq!(
            history.moves("k3v9q2m7").unwrap().as_deref(),
            Some("0:r10,12 812:f3,4")
        );
        assert_eq!(history.moves("nobody").unwrap(), None);
    }

    #[test]
    fn a_history_read_in_parts_reads_every_line_once_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let lines: Vec<String> = (0..500)
            .map(|i| "x".repeat(i % 37 + 1) + &i.to_string())
            .collect();
        std::fs::write(dir.path().join(FILE), lines.join("\n") + "\n").unwrap();
        let history = History::new(dir.path());
        for parts in [1, 2, 3, 7, 64] {
            let read = history
                .scan_in_parts(parts, 1, Vec::new, |seen: &mut Vec<String>, line| {
                    seen.push(line.to_string());
                    !line.ends_with('7')
                })
                .unwrap();
            assert_eq!(read.len(), parts);
            let seen: Vec<String> = read.iter().flat_map(|(seen, _)| seen.clone()).collect();
            assert_eq!(seen, lines, "{parts} parts");
            let skipped: usize = read.iter().map(|(_, skipped)| skipped).sum();
            assert_eq!(skipped, 50);
        }
        let one = history.scan_in_parts(4, 1 << 20, Vec::new, |_: &mut Vec<()>, _| true);
        assert_eq!(one.unwrap().len(), 1, "a short file is read on one thread");
    }

    /// A history in a new folder whose lock another copy holds, and a game appended to it.
    fn a_game_under_a_held_lock() -> (tempfile::TempDir, History, FileLock) {
        let dir = tempfile::tempdir().unwrap();
        let mut history = History::new(dir.path());
        let held = FileLock::acquire(&dir.path().join(FILE), Duration::ZERO).unwrap();
        history.append(&dice_entry(), "0:r1,1").unwrap();
        (dir, history, held)
    }

    #[test]
    fn a_held_lock_keeps_the_game_for_later() {
        let (_dir, mut history, held) = a_game_under_a_held_lock();
        assert!(history.retry_due().is_some());
        assert_eq!(history.entries().unwrap().items.len(), 0);
        drop(held);
        history.retry().unwrap();
        assert_eq!(history.entries().unwrap().items.len(), 1);
        assert_eq!(history.retry_due(), None);
    }

    #[test]
    fn a_reset_kept_beside_at_quit_follows_its_game_and_is_neither_game_nor_damage() {
        let (dir, mut history, held) = a_game_under_a_held_lock();
        history.append_reset("dice", "red").unwrap();
        assert!(history.close().is_some(), "the lock is held");
        drop(held);
        History::new(dir.path()).retry().unwrap();
        let text = std::fs::read_to_string(dir.path().join(FILE)).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{text}");
        assert!(
            lines[0].contains("k3v9q2m7") && Reset::read(lines[1]).is_some(),
            "{text}"
        );
        let moves = std::fs::read_to_string(dir.path().join(MOVES_FILE)).unwrap();
        assert_eq!(moves.lines().count(), 1, "a reset has no moves: {moves}");
        let read = history.entries().unwrap();
        assert_eq!((read.items.len(), read.skipped), (1, 0));
    }

    #[test]
    fn games_kept_beside_at_quit_join_the_history_at_the_next_write() {
        let (dir, mut history, held) = a_game_under_a_held_lock();
        let message = history.close().expect("the lock is held");
        assert!(message.contains("history.jsonl.unsaved-"), "{message}");
        assert!(unsaved::any(&history.path, &history.moves_path));
        // A copy of an older version kept moves in a file of their own, and one kept file is
        // damaged: the first joins, the second is set aside with a notice.
        let second = Entry {
            id: "second".into(),
            ..dice_entry()
        };
        let old = format!("{}\n", serde_json::to_string(&second).unwrap());
        std::fs::write(
            dir.path().join("history.jsonl.unsaved-20261201T000000Z"),
            old,
        )
        .unwrap();
        std::fs::write(
            dir.path()
                .join("history-moves.jsonl.unsaved-20261201T000000Z"),
            "{\"id\":\"second\",\"moves\":\"0:r2,2\"}\n",
        )
        .unwrap();
        std::fs::write(
            dir.path().join("history.jsonl.unsaved-20261201T000001Z"),
            b"\xff",
        )
        .unwrap();
        drop(held);

        let mut next = History::new(dir.path());
        next.retry().unwrap();
        let ids: Vec<String> = (next.entries().unwrap().items.iter())
            .map(|entry| entry.id.to_string())
            .collect();
        assert_eq!(ids, ["second", "k3v9q2m7"]);
        assert_eq!(next.moves("k3v9q2m7").unwrap().as_deref(), Some("0:r1,1"));
        assert_eq!(next.moves("second").unwrap().as_deref(), Some("0:r2,2"));
        let notices = next.take_notices();
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert!(
            notices[0].contains("could not be read (not text)"),
            "{notices:?}"
        );
        assert!(!unsaved::any(&next.path, &next.moves_path));
        assert_eq!(next.retry_due(), None);
    }
}
