//! The history: every game that ends or is abandoned, kept in the data folder, one line of JSON
//! each, so that a player's progress can be seen over time and any game watched again.
//!
//! Two files, both appended to, never rewritten: `history.jsonl` holds one [`Entry`] per game (the
//! figures that identify and measure it, a few hundred bytes), and `history-moves.jsonl` the inputs
//! that replay each game (`{"id": ..., "moves": ...}`), apart so that reading every game's
//! figures stays fast however long the games were. Every line carries the format's version; a
//! line that is damaged or of another version is skipped with a notice and left in its file.
//!
//! The records in the settings file stay the small summary: if the history is lost, they are
//! intact.

pub mod digest;
mod entry;
mod file;
mod reset;
mod unsaved;

pub use entry::{DailyMark, Entry, FORMAT, Outcome};
pub use file::{FILE, History, MOVES_FILE, Read};
pub use reset::Reset;
