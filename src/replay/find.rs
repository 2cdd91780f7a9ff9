//! Finding the game to replay in the history: the last one, the one with an id, or the latest
//! with a code. A line is first read for its version and id alone, so that a game recorded in
//! another format is found, and refused by name, rather than passed over.

use serde::Deserialize;

use super::{Replay, ReplayError, Replayable};
use crate::code::{Format, GameCode};
use crate::history::{Entry, History};

/// Which game of the history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wanted {
    Last,
    Id(String),
    Code(GameCode),
}

impl Wanted {
    /// `last`, an id of the history (eight letters and digits), or a game code of one of
    /// `formats`, as the command line gives it; `Err` says why text that is none of them is not a
    /// code.
    pub fn parse(text: &str, formats: &[&dyn Format]) -> Result<Wanted, String> {
        const ID_LETTERS: &str = "0123456789abcdefghjkmnpqrstvwxyz";
        // Ids, like codes, are read whatever their case.
        let lower = text.trim().to_ascii_lowercase();
        let is_id = lower.len() == 8 && lower.chars().all(|c| ID_LETTERS.contains(c));
        if lower == "last" {
            Ok(Wanted::Last)
        } else if is_id {
            Ok(Wanted::Id(lower))
        } else {
            GameCode::decode(text, formats)
                .map(Wanted::Code)
                .map_err(|error| {
                    format!(
                        "{text:?} is not last, nor an id of the history (eight letters and \
                         digits), nor a game code ({error})"
                    )
                })
        }
    }
}

/// What every line of every format has.
#[derive(Deserialize)]
struct Header {
    v: u64,
    id: String,
}

/// The replay of the wanted game of `history`, among the games of `games`.
pub fn find(
    history: &History,
    wanted: &Wanted,
    games: &[&dyn Replayable],
) -> Result<Replay, ReplayError> {
    let unreadable = |e: std::io::Error| ReplayError::Unreadable(e.to_string());
    let mut found: Option<String> = None;
    let mut any = false;
    let code_of = |entry: &Entry| {
        let game = games.iter().find(|g| g.id().key() == entry.game)?;
        game.entry_code(entry)
    };
    history
        .scan(|line| {
            let Ok(header) = serde_json::from_str::<Header>(line) else {
                return false;
            };
            any = true;
            let matches = match wanted {
                Wanted::Last => true,
                Wanted::Id(id) => header.id == *id,
                Wanted::Code(code) => serde_json::from_str::<Entry>(line)
                    .is_ok_and(|entry| code_of(&entry).as_ref() == Some(code)),
            };
            if matches {
                found = Some(line.to_string());
            }
            true
        })
        .map_err(unreadable)?;
    let Some(line) = found else {
        return Err(if any {
            ReplayError::NotFound(wanted.clone())
        } else {
            ReplayError::NoHistory
        });
    };
    let header: Header =
        serde_json::from_str(&line).map_err(|_| ReplayError::Damaged(String::new()))?;
    if header.v != u64::from(crate::history::FORMAT) {
        return Err(ReplayError::Version {
            id: header.id,
            found: header.v,
        });
    }
    let damaged = || ReplayError::Damaged(header.id.clone());
    let entry = serde_json::from_str::<Entry>(&line)
        .map_err(|_| damaged())?
        .into_owned();
    let game = games
        .iter()
        .find(|g| g.id().key() == entry.game)
        .ok_or_else(damaged)?;
    let moves = history
        .moves(&entry.id)
        .map_err(unreadable)?
        .ok_or_else(|| ReplayError::NoMoves(entry.id.to_string()))?;
    game.replay(entry, &moves)
}
