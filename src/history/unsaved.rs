//! Games that could not be added to the history before the program ended (another copy held the
//! lock), kept in `history.jsonl.unsaved-<time>` beside it: each game's line and its moves' line.
//! The next copy that writes to the history adds them, under the lock, and removes the file.

use std::path::{Path, PathBuf};

use crate::disk as file;
use crate::timestamp::Timestamp;

/// The label of these files beside the history's files.
const LABEL: &str = "unsaved";

/// Keeps `pending` (each game's line with its moves' line; a reset's line alone) in a new file
/// beside `path`.
pub fn keep(path: &Path, pending: &[(String, Option<String>)]) -> std::io::Result<PathBuf> {
    let text: String = pending
        .iter()
        .flat_map(|(line, moves)| [Some(line), moves.as_ref()])
        .flatten()
        .map(|line| format!("{line}\n"))
        .collect();
    file::write_beside(path, LABEL, &text)
}

/// Whether any kept file waits beside `path` or `moves_path`.
pub fn any(path: &Path, moves_path: &Path) -> bool {
    !file::kept_beside(path, LABEL).is_empty() || !file::kept_beside(moves_path, LABEL).is_empty()
}

/// What the kept files beside the history hold, to be written under its lock.
#[derive(Default)]
pub struct Kept {
    pub games: Vec<String>,
    pub moves: Vec<String>,
    /// The files read, to be removed once their lines are written.
    pub files: Vec<PathBuf>,
    /// What went wrong with files that could not be read; those are set aside.
    pub notices: Vec<String>,
}

/// Reads every kept file beside `path` and `moves_path` (older copies kept moves in a file of
/// their own beside the moves file): a line with a format version is a game's, any other a
/// line of moves.
pub fn take_in(path: &Path, moves_path: &Path) -> Kept {
    let mut kept = Kept::default();
    let files = file::kept_beside(path, LABEL)
        .into_iter()
        .chain(file::kept_beside(moves_path, LABEL));
    for (found, _) in files {
        match file::read(&found) {
            Ok(file::Contents::Text(text)) => {
                for line in text.lines().filter(|line| !line.trim().is_empty()) {
                    let is_game = serde_json::from_str::<serde_json::Value>(line)
                        .is_ok_and(|value| value.get("v").is_some());
                    let lines = if is_game {
                        &mut kept.games
                    } else {
                        &mut kept.moves
                    };
                    lines.push(line.to_string());
                }
                kept.files.push(found);
            }
            Ok(file::Contents::Missing) => {}
            Ok(file::Contents::NotText(_)) => kept.notices.push(set_aside(&found, "not text")),
            Err(error) => kept.notices.push(set_aside(&found, &error.to_string())),
        }
    }
    kept
}

fn set_aside(found: &Path, reason: &str) -> String {
    let aside = file::set_aside(found, Timestamp::now()).map_or_else(
        |e| format!("it could not be set aside: {e}"),
        |aside| format!("it was moved to {}", aside.display()),
    );
    format!(
        "the games kept in {} could not be read ({reason}); {aside}",
        found.display()
    )
}
