//! Keeping a game in progress between runs, the same for every game: the file a session claimed,
//! saved after every move and deleted when the game ends or makes way, and finding a saved game
//! to resume.

use std::collections::VecDeque;
use std::io;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::Context;
use crate::disk::Durability;
use crate::store::saved_games::{Fit, Resumed, SaveSlot};

/// The file a game in progress is kept in; without one (no data folder) nothing is kept.
#[derive(Debug, Default)]
pub struct Keeper {
    slot: Option<SaveSlot>,
}

impl Keeper {
    pub fn new(slot: Option<SaveSlot>) -> Keeper {
        Keeper { slot }
    }

    /// Writes `game` to the file; a failure is told once however often it happens.
    pub fn save<T: Serialize>(
        &self,
        game: &T,
        durability: Durability,
        notices: &mut VecDeque<String>,
    ) {
        if let Some(slot) = &self.slot {
            report(notices, slot.save(game, durability), slot);
        }
    }

    /// The game ended or makes way for another: its file goes.
    pub fn forget(&self, notices: &mut VecDeque<String>) {
        if let Some(slot) = &self.slot {
            report(notices, slot.delete(), slot);
        }
    }

    /// The claimed file, for the next game.
    pub fn take(&mut self) -> Option<SaveSlot> {
        self.slot.take()
    }

    pub fn into_slot(self) -> Option<SaveSlot> {
        self.slot
    }
}

/// Adds a notice when a game's file could not be written, once however often it fails.
fn report(notices: &mut VecDeque<String>, result: io::Result<()>, slot: &SaveSlot) {
    if let Err(e) = result {
        let notice = format!(
            "the game could not be kept in {}: {e}",
            slot.path().display()
        );
        if !notices.contains(&notice) {
            notices.push_back(notice);
        }
    }
}

/// The most recent saved game kept under a name `stem` accepts whose contents `fits` accepts,
/// claimed for this copy; notices for files that did not read, and for a saved game of `title`
/// another copy is playing.
pub fn resume<T: DeserializeOwned>(
    ctx: &mut Context,
    title: &str,
    stem: impl Fn(&str) -> bool,
    fits: impl Fn(&T) -> Fit,
) -> Option<(T, SaveSlot)> {
    let saves = ctx.saves?;
    let Resumed {
        game: found,
        busy,
        notices,
    } = saves.resume(stem, fits);
    ctx.notices.extend(notices);
    if busy && found.is_none() {
        ctx.notices.push_back(format!(
            "another grid-arcade is playing your saved {title} game; this is a new one, kept apart",
        ));
    }
    found
}

/// A claimed file for a new game kept under `stem`; a notice when the data folder cannot hold one.
pub fn new_slot(ctx: &mut Context, stem: &str) -> Option<SaveSlot> {
    let saves = ctx.saves?;
    saves
        .new_slot(stem)
        .map_err(|why| {
            if !ctx.notices.contains(&why) {
                ctx.notices.push_back(why);
            }
        })
        .ok()
}
