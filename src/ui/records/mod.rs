//! The records screen: a list of tables (one per game and difficulty, board or size), and for the
//! selected one its records beside plots of its history, on pages when they do not all fit.
//!
//! The history is read when the screen opens, on a thread of its own so that the screen answers
//! at once, and let go when the screen is left; opening help from here keeps it.

mod content;
mod draw;
mod input;
mod layout;
mod pages;

use std::collections::VecDeque;
use std::io;
use std::path::Path;

use ratatui::layout::{Rect, Size};

pub use draw::render;
pub use input::{Mode, action_for, keys};
pub use layout::RecordsGeometry;

use crate::history::digest::{Digest, Recent};
use crate::history::{FILE, History};
use crate::records::ScoreTable;
use crate::records::daily::Daily;
use crate::store::Store;
use crate::ui::games;
use crate::ui::theme::Theme;
use crate::ui::{ScreenId, Transition};
use crate::waker::Waker;
use crate::worker::Worker;
use content::Content;

pub const MIN_SIZE: Size = Size::new(40, 12);

/// The tags the list of games is filtered by, in the order `f` goes through them.
const FILTERS: [&str; 9] = [
    "won",
    "lost",
    "forced guess",
    "risky guess",
    "mistake",
    "given up",
    "draw",
    "over",
    "assisted",
];

#[derive(Default)]
pub struct RecordsScreen {
    pub selected: usize,
    /// The page of the selected table asked for, from 0 (the last when there are fewer).
    pub page: usize,
    /// Waiting for the player to confirm a reset of the selected table.
    pub confirming: bool,
    /// The list of the selected table's latest games, while it is open: the game chosen in it.
    pub games: Option<usize>,
    /// The list shows only the games with this tag (`won`, `mistake`, `assisted`...).
    pub filter: Option<&'static str>,
    history: HistoryState,
    /// The damaged lines last told of: the notice is not given again for the same ones.
    skipped_told: usize,
}

/// The history, as far as the screen has it.
#[derive(Default)]
pub enum HistoryState {
    /// The screen is not open.
    #[default]
    Unread,
    /// There is no data folder, so no history.
    NotKept,
    Reading(Worker<(), io::Result<Digest>>),
    Read(Digest),
    Failed(String),
}

#[derive(Clone, Debug, PartialEq)]
pub enum RecordsAction {
    PreviousTable,
    NextTable,
    Select(usize),
    PreviousPage,
    NextPage,
    AskReset,
    ConfirmReset,
    CancelReset,
    /// Opens the list of the selected table's latest games.
    ShowGames,
    /// Moves the choice in the list of games by this many.
    MoveInGames(isize),
    /// Shows only the games of the next kind found in the list (won, lost, how a loss came
    /// about, given up, assisted), and after the last, all of them again.
    NextFilter,
    /// Chooses a game of the list (a click).
    ChooseGame(usize),
    /// Watches the game chosen in the list (the app opens its replay).
    Watch,
    CloseGames,
    Back,
}

impl RecordsScreen {
    /// The screen opens: the history of `data_dir` is read, unless it is already.
    pub fn open(&mut self, store: &Store, data_dir: Option<&Path>, waker: Option<&Waker>) {
        self.clamp_selection(store);
        if !matches!(self.history, HistoryState::Unread) {
            return;
        }
        self.history = match data_dir {
            None => HistoryState::NotKept,
            Some(dir) => {
                let history = History::new(dir);
                let mut worker = Worker::new(|| ());
                worker.start(
                    move |_| Digest::read(&history, &games::kinds()),
                    waker.cloned(),
                );
                HistoryState::Reading(worker)
            }
        };
    }

    /// The screen is left: the history is let go.
    pub fn close(&mut self) {
        self.history = HistoryState::Unread;
        self.games = None;
    }

    pub fn history(&self) -> &HistoryState {
        &self.history
    }

    /// Takes the history once it is read; a notice tells of damaged lines skipped.
    pub fn collect(&mut self, notices: &mut VecDeque<String>) {
        let HistoryState::Reading(worker) = &mut self.history else {
            return;
        };
        let Some(read) = worker.take_answer() else {
            return;
        };
        self.history = match read {
            Ok(digest) => {
                if digest.skipped > 0 && digest.skipped != self.skipped_told {
                    notices.push_back(match digest.skipped {
                        1 => format!("{}: a damaged line was skipped; it stays in the file", FILE),
                        n => format!(
                            "{}: {n} damaged lines were skipped; they stay in the file",
                            FILE
                        ),
                    });
                }
                self.skipped_told = digest.skipped;
                HistoryState::Read(digest)
            }
            Err(error) => HistoryState::Failed(error.to_string()),
        };
    }

    /// Whether the history is still being read.
    pub fn reading(&self) -> bool {
        matches!(self.history, HistoryState::Reading(_))
    }

    pub fn update(
        &mut self,
        action: RecordsAction,
        store: &mut Store,
        area: Rect,
        theme: &Theme,
    ) -> Transition {
        let tables = games::tables(store);
        let daily = &games::daily(store);
        let count = tables.len();
        match action {
            RecordsAction::PreviousTable if count > 0 => {
                self.select((self.selected + count - 1) % count)
            }
            RecordsAction::NextTable if count > 0 => self.select((self.selected + 1) % count),
            RecordsAction::Select(i) if i < count => self.select(i),
            RecordsAction::PreviousPage => {
                self.page = self
                    .layout(&tables, daily, area, theme)
                    .1
                    .shown
                    .saturating_sub(1);
            }
            RecordsAction::NextPage => {
                let (_, geometry) = self.layout(&tables, daily, area, theme);
                self.page = (geometry.shown + 1).min(geometry.pages - 1);
            }
            RecordsAction::AskReset => self.confirming = count > 0,
            RecordsAction::ConfirmReset => {
                self.confirming = false;
                if let Some(table) = tables.into_iter().nth(self.selected) {
                    store.reset(table.reset, table.game.key(), &table.key);
                    self.clamp_selection(store);
                }
            }
            RecordsAction::CancelReset => self.confirming = false,
            RecordsAction::ShowGames => self.games = Some(0),
            RecordsAction::MoveInGames(by) => {
                let count = self.recent_games(&tables).len();
                self.games = self
                    .games
                    .map(|at| at.saturating_add_signed(by).min(count.saturating_sub(1)));
            }
            RecordsAction::NextFilter => {
                let filters = self.filters(&tables);
                let at = self
                    .filter
                    .and_then(|f| filters.iter().position(|&g| g == f));
                self.filter = match at {
                    None => filters.first().copied(),
                    Some(at) => filters.get(at + 1).copied(),
                };
                self.games = Some(0);
            }
            RecordsAction::ChooseGame(i) => {
                let count = self.recent_games(&tables).len();
                self.games = self.games.map(|_| i.min(count.saturating_sub(1)));
            }
            RecordsAction::CloseGames => {
                self.games = None;
                self.filter = None;
            }
            // The app opens the replay of the game chosen.
            RecordsAction::Watch => {}
            RecordsAction::Back => return Transition::Open(ScreenId::Menu),
            RecordsAction::PreviousTable | RecordsAction::NextTable | RecordsAction::Select(_) => {}
        }
        Transition::Stay
    }

    /// The latest games of the selected table, most recent first, as far as the history is read.
    fn all_recent_games(&self, tables: &[ScoreTable]) -> &[Recent] {
        match (&self.history, tables.get(self.selected)) {
            (HistoryState::Read(digest), Some(table)) => digest.recent(table.game, &table.key),
            _ => &[],
        }
    }

    /// The latest games the list shows: those of the filter chosen.
    pub fn recent_games(&self, tables: &[ScoreTable]) -> Vec<&Recent> {
        let games = self.all_recent_games(tables).iter();
        games
            .filter(|game| self.filter.is_none_or(|tag| game.tags.contains(&tag)))
            .collect()
    }

    /// What the list can be filtered by: the tags its games have, in a set order.
    pub fn filters(&self, tables: &[ScoreTable]) -> Vec<&'static str> {
        let games = self.all_recent_games(tables);
        FILTERS
            .into_iter()
            .filter(|tag| games.iter().any(|game| game.tags.contains(tag)))
            .collect()
    }

    /// The game chosen in the list of games, while it is open.
    pub fn chosen_game(&self, tables: &[ScoreTable]) -> Option<Recent> {
        let games = self.recent_games(tables);
        games.get(self.games?).map(|&game| game.clone())
    }

    fn select(&mut self, table: usize) {
        if table != self.selected {
            self.page = 0;
        }
        self.selected = table;
    }

    /// What the selected table of `tables` shows, and where everything is in `area`.
    pub fn layout<'a>(
        &'a self,
        tables: &'a [ScoreTable],
        daily: &Daily,
        area: Rect,
        theme: &Theme,
    ) -> (Content<'a>, RecordsGeometry) {
        let content = tables
            .get(self.selected)
            .and_then(|table| Some((table, games::find(table.game)?)))
            .map(|(table, game)| content::content(table, game, &self.history, daily, theme))
            .unwrap_or_default();
        let geometry = layout::geometry(
            area,
            &titles(tables),
            self.selected,
            self.confirming,
            self.page,
            &content,
        );
        (content, geometry)
    }

    /// Keeps the selection on an existing table after records changed.
    pub fn clamp_selection(&mut self, store: &Store) {
        self.selected = self
            .selected
            .min(games::tables(store).len().saturating_sub(1));
    }
}

/// The names of the tables, in order.
pub fn titles(tables: &[ScoreTable]) -> Vec<String> {
    tables.iter().map(|t| t.title.clone()).collect()
}
