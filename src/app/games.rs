//! The game screens kept by the app: one type for any of them, so that the app and the event
//! loop treat every game alike, and the rules for opening one (resume the game in memory, or the
//! one saved in the data folder, or start one).

use std::collections::VecDeque;
use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::Event;
use ratatui::layout::{Rect, Size};

use crate::app::App;
use crate::code::GameCode;
use crate::daily::Attempt;
use crate::games::GameId;
use crate::games::twenty48::Game as Twenty48Game;
use crate::screen::{Context, ScreenId, Transition};
use crate::store::Store;
use crate::store::saved_games::{Resumed, SaveSlot};
use crate::ui::minesweeper::{self, MinesAction, MinesweeperScreen};
use crate::ui::tictactoe::{self, TicTacToeAction, TicTacToeScreen};
use crate::ui::twenty48::{self, Twenty48Action, Twenty48Screen, save_stem};

/// A game's screen, whichever game it is.
pub enum GameScreen {
    Minesweeper(MinesweeperScreen),
    TicTacToe(TicTacToeScreen),
    Twenty48(Twenty48Screen),
}

/// An action on a game's screen.
#[derive(Clone, Debug, PartialEq)]
pub enum GameAction {
    Minesweeper(MinesAction),
    TicTacToe(TicTacToeAction),
    Twenty48(Twenty48Action),
}

impl GameScreen {
    pub fn id(&self) -> GameId {
        match self {
            GameScreen::Minesweeper(_) => GameId::Minesweeper,
            GameScreen::TicTacToe(_) => GameId::TicTacToe,
            GameScreen::Twenty48(_) => GameId::Twenty48,
        }
    }

    /// The action a terminal event means on this screen, its mouse mapped through the layout
    /// the screen is drawn with in `area`.
    pub fn action_for(&self, event: &Event, area: Rect) -> Option<GameAction> {
        match self {
            GameScreen::Minesweeper(screen) => {
                minesweeper::action_for(event, area, screen).map(GameAction::Minesweeper)
            }
            GameScreen::TicTacToe(screen) => {
                tictactoe::action_for(event, area, screen).map(GameAction::TicTacToe)
            }
            GameScreen::Twenty48(screen) => {
                twenty48::action_for(event, screen).map(GameAction::Twenty48)
            }
        }
    }

    pub fn update(&mut self, action: GameAction, ctx: &mut Context) -> Transition {
        match (self, action) {
            (GameScreen::Minesweeper(screen), GameAction::Minesweeper(action)) => {
                screen.update(action, ctx)
            }
            (GameScreen::TicTacToe(screen), GameAction::TicTacToe(action)) => {
                screen.update(action, ctx)
            }
            (GameScreen::Twenty48(screen), GameAction::Twenty48(action)) => {
                screen.update(action, ctx)
            }
            // An action for another game's screen: that screen is gone.
            _ => Transition::Stay,
        }
    }

    /// A deadline passed or background work finished.
    pub fn tick(&mut self, ctx: &mut Context) {
        match self {
            GameScreen::Minesweeper(_) => {}
            GameScreen::TicTacToe(screen) => screen.tick(ctx),
            GameScreen::Twenty48(screen) => screen.tick(ctx),
        }
    }

    /// The next moment the screen changes by itself; `None` while nothing moves.
    pub fn deadline(&self, now: Instant) -> Option<Instant> {
        match self {
            GameScreen::Minesweeper(screen) => screen.deadline(now),
            GameScreen::TicTacToe(screen) => screen.deadline(),
            GameScreen::Twenty48(screen) => screen.deadline(now),
        }
    }

    /// The player looks away (the terminal lost focus, or the program was suspended) or back.
    pub fn focus(&mut self, present: bool, now: Instant) {
        if let GameScreen::Minesweeper(screen) = self {
            if present {
                screen.come_back(now);
            } else {
                screen.pause_away(now);
            }
        }
    }

    /// The screen is shown again (its clock runs on, after the terminal changed size the cursor
    /// stays in view).
    pub fn show(&mut self, area: Rect, now: Instant) {
        match self {
            GameScreen::Minesweeper(screen) => {
                screen.follow_cursor(area);
                screen.come_back(now);
            }
            GameScreen::TicTacToe(screen) => screen.come_back(now),
            GameScreen::Twenty48(screen) => screen.come_back(now),
        }
    }

    /// The player leaves the screen or the program: clocks stop, a game in progress goes to disk
    /// for good, and a 2048 game that ended is recorded.
    pub fn leave(&mut self, store: &mut Store, notices: &mut VecDeque<String>, now: Instant) {
        match self {
            GameScreen::Minesweeper(screen) => screen.leave(notices, now),
            GameScreen::TicTacToe(screen) => screen.leave(notices, now),
            GameScreen::Twenty48(screen) => screen.leave(store, notices, now),
        }
    }

    /// A game worth coming back to: the menu offers to resume it.
    pub fn in_progress(&self) -> bool {
        match self {
            GameScreen::Minesweeper(screen) => screen.in_progress(),
            GameScreen::TicTacToe(screen) => screen.in_progress(),
            GameScreen::Twenty48(screen) => screen.in_progress(),
        }
    }

    /// The daily challenge's attempt the game is, if it is one.
    pub fn daily(&self) -> Option<Attempt> {
        match self {
            GameScreen::Minesweeper(screen) => screen.daily,
            GameScreen::Twenty48(screen) => screen.daily,
            GameScreen::TicTacToe(_) => None,
        }
    }

    /// Makes the game a daily challenge's.
    pub fn set_daily(&mut self, attempt: Attempt) {
        match self {
            GameScreen::Minesweeper(screen) => screen.daily = Some(attempt),
            GameScreen::Twenty48(screen) => screen.daily = Some(attempt),
            GameScreen::TicTacToe(_) => {}
        }
    }

    /// Forgets the command line's options: the settings chosen in the game replace them.
    pub fn unpin(&mut self) {
        match self {
            GameScreen::Minesweeper(screen) => screen.pinned = None,
            GameScreen::TicTacToe(screen) => screen.pinned = None,
            GameScreen::Twenty48(screen) => screen.pinned_size = None,
        }
    }

    /// The smallest area the game is drawn in, `width` columns wide.
    pub fn min_size(&self, width: u16) -> Size {
        match self {
            GameScreen::Minesweeper(_) => minesweeper::MIN_SIZE,
            GameScreen::TicTacToe(_) => tictactoe::MIN_SIZE,
            GameScreen::Twenty48(screen) => screen.min_size(width),
        }
    }

    pub fn render(&self, app: &App, area: Rect, buf: &mut Buffer) {
        match self {
            GameScreen::Minesweeper(screen) => minesweeper::render(app, screen, area, buf),
            GameScreen::TicTacToe(screen) => tictactoe::render(app, screen, area, buf),
            GameScreen::Twenty48(screen) => twenty48::render(app, screen, area, buf),
        }
    }
}

impl From<MinesAction> for crate::app::Action {
    fn from(action: MinesAction) -> Self {
        crate::app::Action::Game(GameAction::Minesweeper(action))
    }
}

impl From<TicTacToeAction> for crate::app::Action {
    fn from(action: TicTacToeAction) -> Self {
        crate::app::Action::Game(GameAction::TicTacToe(action))
    }
}

impl From<Twenty48Action> for crate::app::Action {
    fn from(action: Twenty48Action) -> Self {
        crate::app::Action::Game(GameAction::Twenty48(action))
    }
}

/// The game screens of this session; a game left with Esc stays here, and the menu offers to
/// resume it.
#[derive(Default)]
pub struct GameScreens {
    screens: Vec<GameScreen>,
}

impl GameScreens {
    pub fn get(&self, game: GameId) -> Option<&GameScreen> {
        self.screens.iter().find(|screen| screen.id() == game)
    }

    pub fn get_mut(&mut self, game: GameId) -> Option<&mut GameScreen> {
        self.screens.iter_mut().find(|screen| screen.id() == game)
    }

    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut GameScreen> {
        self.screens.iter_mut()
    }

    /// Takes a game's screen out (to be kept, replaced or dropped by whoever took it).
    fn take(&mut self, game: GameId) -> Option<GameScreen> {
        let at = self.screens.iter().position(|screen| screen.id() == game)?;
        Some(self.screens.swap_remove(at))
    }

    fn put(&mut self, screen: GameScreen) {
        self.screens.push(screen);
    }

    pub fn minesweeper(&self) -> Option<&MinesweeperScreen> {
        match self.get(GameId::Minesweeper)? {
            GameScreen::Minesweeper(screen) => Some(screen),
            _ => None,
        }
    }

    pub fn tictactoe(&self) -> Option<&TicTacToeScreen> {
        match self.get(GameId::TicTacToe)? {
            GameScreen::TicTacToe(screen) => Some(screen),
            _ => None,
        }
    }

    pub fn twenty48(&self) -> Option<&Twenty48Screen> {
        match self.get(GameId::Twenty48)? {
            GameScreen::Twenty48(screen) => Some(screen),
            _ => None,
        }
    }

    pub fn twenty48_mut(&mut self) -> Option<&mut Twenty48Screen> {
        match self.get_mut(GameId::Twenty48)? {
            GameScreen::Twenty48(screen) => Some(screen),
            _ => None,
        }
    }
}

/// The saved game names of each game: `minesweeper`, `tictactoe`, `2048-<size>`.
fn is_saved(game: GameId) -> impl Fn(&str) -> bool {
    let prefix = match game {
        GameId::Twenty48 => "2048-",
        game => game.key(),
    };
    move |stem: &str| match game {
        GameId::Twenty48 => stem.starts_with(prefix),
        _ => stem == prefix,
    }
}

impl App {
    /// Shows a game: the one in memory when it is worth going on with, else the saved game that
    /// fits, else a new one.
    pub(super) fn open_game(&mut self, game: GameId) {
        let screen = match self.games.take(game) {
            Some(screen) if self.keeps(&screen) => screen,
            kept => {
                let slot = kept.and_then(|screen| self.make_way(screen));
                self.new_screen(game, slot)
            }
        };
        self.games.put(screen);
        let area = self.screen_area();
        if let Some(screen) = self.games.get_mut(game) {
            screen.show(area, self.now);
        }
    }

    /// Whether the screen in memory is the game to show: one in progress (for 2048, of the board
    /// size asked for); one not yet started only when it has the setup a new game would have.
    fn keeps(&self, screen: &GameScreen) -> bool {
        match screen {
            GameScreen::Minesweeper(screen) => {
                screen.in_progress()
                    || !screen.game.status().is_over() && screen.setup == self.minesweeper_setup()
            }
            GameScreen::TicTacToe(screen) => {
                screen.in_progress()
                    || !screen.game.is_over() && screen.setup == self.tictactoe_setup()
            }
            // One game per board size: a game of another size stays saved under its own name.
            GameScreen::Twenty48(screen) => {
                screen.game.size() == self.twenty48_size()
                    && (screen.in_progress() || screen.game.moves() == 0)
            }
        }
    }

    /// A screen that is not the game to show makes way: a finished game (recorded, its file gone)
    /// or one not started hands its claimed file on to the next game, where that game is kept
    /// under the same name; a 2048 game of another size stays saved under its own.
    fn make_way(&mut self, screen: GameScreen) -> Option<SaveSlot> {
        match screen {
            GameScreen::Minesweeper(screen) => screen.into_slot(),
            GameScreen::TicTacToe(screen) => screen.into_slot(),
            GameScreen::Twenty48(mut screen) => {
                screen.leave(&mut self.store, &mut self.notices, self.now);
                let same_size = screen.game.size() == self.twenty48_size();
                (same_size && !screen.in_progress())
                    .then(|| screen.into_slot())
                    .flatten()
            }
        }
    }

    fn minesweeper_setup(&self) -> minesweeper::Setup {
        self.launch
            .minesweeper
            .unwrap_or_else(|| minesweeper::Setup::from_settings(self.store.settings()))
    }

    fn tictactoe_setup(&self) -> tictactoe::Setup {
        self.launch
            .tictactoe
            .unwrap_or_else(|| tictactoe::Setup::from_settings(self.store.settings()))
    }

    fn twenty48_size(&self) -> usize {
        self.launch
            .twenty48_size
            .unwrap_or_else(|| twenty48::settings_size(&self.store))
    }

    /// The screen for a game not in memory: the saved game that fits what was asked for, or a
    /// new game with a file of its own.
    fn new_screen(&mut self, game: GameId, slot: Option<SaveSlot>) -> GameScreen {
        // A seed or a code asks for that game's board: a new game, the saved one kept.
        let code = self.launch.code.take_if(|code| code.game() == game);
        let seeded = std::mem::take(&mut self.seeded) == Some(game) || code.is_some();
        match game {
            GameId::Minesweeper => {
                let setup = self.minesweeper_setup();
                let pinned = self.launch.minesweeper;
                let saved = (!seeded)
                    .then(|| {
                        self.resume(game, |saved: &minesweeper::SavedGame| {
                            pinned.is_none_or(|setup| saved.setup == setup)
                        })
                    })
                    .flatten();
                let mut screen = match saved {
                    Some((saved, slot)) => MinesweeperScreen::resumed(saved, slot),
                    None => {
                        let slot = slot.or_else(|| self.new_slot(game.key()));
                        let first = match code {
                            Some(GameCode::Minesweeper { first, .. }) => first,
                            _ => None,
                        };
                        MinesweeperScreen::from_code(setup, self.seed_for(code), first, slot)
                    }
                };
                screen.pinned = pinned;
                GameScreen::Minesweeper(screen)
            }
            GameId::TicTacToe => {
                let setup = self.tictactoe_setup();
                let pinned = self.launch.tictactoe;
                let saved = (!seeded)
                    .then(|| {
                        self.resume(game, |saved: &tictactoe::SavedGame| {
                            pinned.is_none_or(|setup| {
                                saved.setup.board == setup.board
                                    && saved.setup.opponent == setup.opponent
                            })
                        })
                    })
                    .flatten();
                let mut screen = match saved {
                    Some((saved, slot)) => TicTacToeScreen::resumed(
                        saved,
                        setup.keypad,
                        slot,
                        self.now,
                        self.waker.as_ref(),
                    ),
                    None => {
                        let slot = slot.or_else(|| self.new_slot(game.key()));
                        let seed = self.seed_for(code);
                        TicTacToeScreen::new(setup, seed, slot, self.now, self.waker.as_ref())
                    }
                };
                screen.pinned = pinned;
                GameScreen::TicTacToe(screen)
            }
            GameId::Twenty48 => {
                let size = self.twenty48_size();
                // `grid-arcade 2048` alone goes back to the last game played, whatever its size.
                let any_size = std::mem::take(&mut self.any_twenty48_size);
                let saved = (!seeded)
                    .then(|| {
                        self.resume(game, |saved: &twenty48::SavedGame| {
                            any_size || saved.game.size() == size
                        })
                    })
                    .flatten();
                let options = twenty48::Options::from_settings(&self.store);
                if let Some((saved, _)) = &saved
                    && any_size
                {
                    // The size of the game resumed holds for the session, as a --size would.
                    self.launch.twenty48_size = Some(saved.game.size());
                }
                let mut screen = match saved {
                    Some((saved, slot)) => Twenty48Screen::resumed(saved, slot, options, self.now),
                    None => {
                        let seed = self.seed_for(code);
                        let slot = slot.or_else(|| self.new_slot(&save_stem(size)));
                        let game = Twenty48Game::new(size, seed).expect("settings keep 3..=8");
                        Twenty48Screen::new(game, slot, options, self.now)
                    }
                };
                screen.pinned_size = self.launch.twenty48_size;
                GameScreen::Twenty48(screen)
            }
        }
    }

    /// The seed of a new game: the code's, else the next one.
    fn seed_for(&mut self, code: Option<GameCode>) -> u64 {
        code.map_or_else(|| self.seeds.next_seed(), |code| code.seed())
    }

    /// The most recent saved game of `game` that `fits`, claimed for this copy; notices for files
    /// that did not read, and for a saved game another copy is playing.
    fn resume<T: serde::de::DeserializeOwned>(
        &mut self,
        game: GameId,
        fits: impl Fn(&T) -> bool,
    ) -> Option<(T, SaveSlot)> {
        let saves = self.saves.as_ref()?;
        let Resumed {
            game: found,
            busy,
            notices,
        } = saves.resume(is_saved(game), fits);
        self.notices.extend(notices);
        if busy && found.is_none() {
            self.notices.push_back(format!(
                "another grid-arcade is playing your saved {} game; this is a new one, kept apart",
                game.title()
            ));
        }
        found
    }

    fn new_slot(&mut self, stem: &str) -> Option<SaveSlot> {
        let saves = self.saves.as_ref()?;
        let slot = saves.new_slot(stem);
        if slot.is_none() {
            self.notices.push_back(
                "games in progress cannot be kept: the data folder is not writable".to_string(),
            );
        }
        slot
    }

    /// Whether the menu should offer to resume `game`: a game in progress in memory, or one saved
    /// that opening the game would resume.
    pub fn game_in_progress(&self, game: GameId) -> bool {
        match self.games.get(game) {
            Some(screen) if self.keeps(screen) => screen.in_progress(),
            _ => self.resumable.contains(&game),
        }
    }

    /// Looks in the data folder for the saved games the menu can offer.
    pub(super) fn find_resumable(&mut self) {
        let Some(saves) = &self.saves else {
            return;
        };
        let size_stem = save_stem(self.twenty48_size());
        self.resumable = crate::games::GameId::ALL
            .into_iter()
            .filter(|&game| match game {
                GameId::Twenty48 => saves.has_resumable(|stem| stem == size_stem),
                game => saves.has_resumable(is_saved(game)),
            })
            .collect();
    }

    /// Opens the game of `code`. A game of the same kind in progress is kept in its file, to be
    /// resumed later.
    pub fn play_code(&mut self, code: GameCode) {
        let game = code.game();
        if let Some(mut kept) = self.games.take(game) {
            kept.leave(&mut self.store, &mut self.notices, self.now);
        }
        self.launch.play_code(code, self.store.settings());
        self.open(ScreenId::Game(game));
    }

    /// Opens today's daily challenge of `game`, as a game from its code that knows its day.
    pub fn play_daily(&mut self, game: GameId) {
        let date = crate::daily::today();
        // Today's game in progress is the one to go on with, not a new attempt.
        let playing = self.games.get(game).is_some_and(|screen| {
            screen.in_progress() && screen.daily().is_some_and(|attempt| attempt.date == date)
        });
        if playing {
            self.open(ScreenId::Game(game));
        } else if let Some(code) = crate::daily::code(game, date) {
            self.play_code(code);
            let records = &self.store.records().daily;
            let attempt = Attempt::of(date, records, game);
            if let Some(screen) = self.games.get_mut(game) {
                screen.set_daily(attempt);
            }
        }
    }

    /// Keeps every game as it stands before the program ends and writes the file; nothing counts
    /// as lost. Returns what the player must be told after the screen is restored.
    pub fn shut_down(&mut self) {
        for screen in self.games.iter_mut() {
            screen.leave(&mut self.store, &mut self.notices, self.now);
        }
        self.farewell = self.store.close();
        self.quit = true;
    }
}
