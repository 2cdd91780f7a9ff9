//! The list of games, one line each: the only place, besides each game's own folders, that names
//! the games. Everything else asks them through this list (the screens, the app, the command
//! line), or is handed what it needs from it (the file's schema, the history's tallies, codes).

use std::sync::LazyLock;

use super::game::GameUi;
use crate::code::{self, CodeError, GameCode};
use crate::games::GameId;
use crate::history::digest;
use crate::play::gomoku::Gomoku;
use crate::play::minesweeper::Minesweeper;
use crate::play::tictactoe::TicTacToe;
use crate::play::twenty48::Twenty48;
use crate::records::ScoreTable;
use crate::records::daily::Daily;
use crate::replay::Replayable;
use crate::store::settings::{GENERAL, Setting};
use crate::store::{Schema, Section, Store};
use crate::timestamp::Date;

/// Every game, in the order of the menu.
pub static GAMES: &[&dyn GameUi] = &[&Minesweeper, &TicTacToe, &Twenty48, &Gomoku];

pub fn find(id: GameId) -> Option<&'static dyn GameUi> {
    GAMES.iter().copied().find(|game| game.id() == id)
}

/// The game the file, the history or the command line names `key`.
pub fn by_key(key: &str) -> Option<&'static dyn GameUi> {
    GAMES.iter().copied().find(|game| game.id().key() == key)
}

/// Every setting: the general ones, then each game's, in the order of the settings screen and of
/// `config.example.toml`.
pub static SETTINGS: LazyLock<Vec<&'static Setting>> = LazyLock::new(|| {
    (GENERAL.iter())
        .chain(GAMES.iter().flat_map(|game| game.settings()))
        .copied()
        .collect()
});

/// What the file holds: every setting, and every game's records.
pub fn schema() -> Schema {
    Schema {
        settings: SETTINGS.clone(),
        sections: GAMES.iter().map(|game| *game as &dyn Section).collect(),
    }
}

/// Every game's tallies, for a pass over the history.
pub fn kinds() -> Vec<&'static dyn digest::Kind> {
    GAMES
        .iter()
        .map(|game| *game as &dyn digest::Kind)
        .collect()
}

pub fn replayables() -> Vec<&'static dyn Replayable> {
    GAMES.iter().map(|game| *game as &dyn Replayable).collect()
}

pub fn formats() -> Vec<&'static dyn code::Format> {
    GAMES
        .iter()
        .map(|game| *game as &dyn code::Format)
        .collect()
}

/// The game of a code's text.
pub fn decode_code(text: &str) -> Result<GameCode, CodeError> {
    GameCode::decode(text, &formats())
}

/// The game a code is of.
pub fn of_code(code: &GameCode) -> Option<&'static dyn GameUi> {
    GAMES
        .iter()
        .copied()
        .find(|game| game.letter() == code.letter())
}

/// Every game's score tables, game by game.
pub fn tables(store: &Store) -> Vec<ScoreTable> {
    GAMES.iter().flat_map(|game| game.tables(store)).collect()
}

/// The games with a daily challenge, in the order of the list.
pub fn daily_games() -> Vec<&'static dyn GameUi> {
    GAMES
        .iter()
        .copied()
        .filter(|game| game.daily().is_some())
        .collect()
}

/// The daily challenge's days of every daily game.
pub fn daily(store: &Store) -> Daily {
    let mut daily = Daily::default();
    for game in daily_games() {
        daily.push(game.id(), game.title(), game.daily_days(store));
    }
    daily
}

/// The code of `game`'s daily of `date`; `None` for a game that has none.
pub fn daily_code(game: GameId, date: Date) -> Option<GameCode> {
    let index = daily_games().iter().position(|g| g.id() == game)?;
    daily_games()[index].daily_code(crate::daily::seed(date, index))
}
