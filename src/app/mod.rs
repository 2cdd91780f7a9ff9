//! The app-state machine: which screen is shown, the state of every screen, and the one place where
//! actions change that state. Terminal events become actions in `input`; `ui` draws the result.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::time::Instant;

use ratatui::layout::{Position, Rect, Size};

mod games;
mod launch;

pub use games::GameScreens;
pub use launch::Launch;

use crate::event_loop::Waker;
use crate::games::GameId;
use crate::screen::{Context, ScreenId, Transition};
use crate::seeds::Seeds;
use crate::store::{Store, settings};
use crate::ui::help::{Help, HelpAction};
use crate::ui::menu::{Menu, MenuAction};
use crate::ui::minesweeper::MinesAction;
use crate::ui::scores::{Scores, ScoresAction};
use crate::ui::settings::{SettingsAction, SettingsScreen};
use crate::ui::theme::{TerminalTraits, Theme};
use crate::ui::tictactoe::TicTacToeAction;
use crate::ui::twenty48::Twenty48Action;

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Quit,
    Resize(Size),
    FocusLost,
    FocusGained,
    /// A deadline from [`App::next_deadline`] passed.
    Tick,
    DismissNotice,
    OpenHelp,
    /// Leave the current screen: to the menu, or from help to the screen it was opened on.
    Back,
    Menu(MenuAction),
    Scores(ScoresAction),
    Settings(SettingsAction),
    Help(HelpAction),
    Minesweeper(MinesAction),
    TicTacToe(TicTacToeAction),
    Twenty48(Twenty48Action),
}

pub struct App {
    pub store: Store,
    pub traits: TerminalTraits,
    pub theme: Theme,
    /// The terminal's size, from the last resize event.
    pub size: Size,
    /// The time of the event being handled; drawing reads clocks against it.
    pub now: Instant,
    pub screen: ScreenId,
    pub menu: Menu,
    pub scores: Scores,
    pub settings: SettingsScreen,
    pub help: Help,
    pub games: GameScreens,
    /// Messages for the player, oldest first; the first is shown until a key dismisses it.
    pub notices: VecDeque<String>,
    pub quit: bool,
    pub seeds: Seeds,
    launch: Launch,
    /// Set by the event loop; without it (tests) background work is collected on ticks.
    pub waker: Option<Waker>,
    /// Where a 2048 game in progress is kept between runs; `None` keeps nothing.
    pub data_dir: Option<PathBuf>,
    /// The command line asked for a new 2048 game (a size or a seed), not the saved one.
    fresh_twenty48: bool,
}

impl App {
    /// The app with the menu, or the game the launch asks for, open. 2048 games are kept in
    /// `data_dir` between runs.
    pub fn new(
        store: Store,
        traits: TerminalTraits,
        size: Size,
        launch: Launch,
        data_dir: Option<PathBuf>,
    ) -> App {
        let theme = Theme::new(store.settings().choice(&settings::THEME), &traits);
        let mut app = App {
            store,
            traits,
            theme,
            size,
            now: Instant::now(),
            screen: ScreenId::Menu,
            menu: Menu::default(),
            scores: Scores::default(),
            settings: SettingsScreen::default(),
            help: Help::default(),
            games: GameScreens::default(),
            notices: VecDeque::new(),
            quit: false,
            seeds: Seeds::new(launch.seed),
            fresh_twenty48: launch.open == Some(GameId::Twenty48)
                && (launch.seed.is_some() || launch.twenty48_size.is_some()),
            launch,
            waker: None,
            data_dir,
        };
        app.collect_notices();
        if let Some(game) = app.launch.open {
            app.open(ScreenId::Game(game));
        }
        app
    }

    /// The area screens draw in: the terminal minus the notice shown at the bottom.
    pub fn screen_area(&self) -> Rect {
        let full = Rect::from((Position::ORIGIN, self.size));
        crate::ui::notice::split(&self.notices, full).0
    }

    /// The next moment something on screen changes by itself; `None` while nothing moves.
    pub fn next_deadline(&self) -> Option<Instant> {
        match self.screen {
            ScreenId::Game(GameId::Minesweeper) => {
                self.games.minesweeper.as_ref()?.deadline(self.now)
            }
            ScreenId::Game(GameId::TicTacToe) => self.games.tictactoe.as_ref()?.deadline(),
            ScreenId::Game(GameId::Twenty48) => self.games.twenty48.as_ref()?.deadline(self.now),
            _ => None,
        }
    }

    /// Applies an action; returns whether the screen must be drawn again.
    pub fn update(&mut self, action: Action) -> bool {
        // Quitting from the menu asks first when it would count games in progress as lost.
        if action == Action::Menu(MenuAction::Quit) {
            let lost = self.games_lost_by_leaving();
            if !lost.is_empty() {
                self.menu.confirming_quit = lost;
                return true;
            }
        }
        let area = self.screen_area();
        let mut ctx = Context {
            store: &mut self.store,
            seeds: &mut self.seeds,
            now: self.now,
            area,
            waker: self.waker.as_ref(),
            notices: &mut self.notices,
        };
        let transition = match action {
            Action::Quit => Transition::Quit,
            Action::Resize(size) => {
                self.size = size;
                let area =
                    crate::ui::notice::split(&self.notices, Rect::from((Position::ORIGIN, size))).0;
                if let Some(game) = &mut self.games.minesweeper {
                    game.follow_cursor(area);
                }
                Transition::Stay
            }
            Action::Tick => {
                // Work finished in the background is taken up even while another screen shows.
                if let Some(game) = &mut self.games.tictactoe {
                    game.tick(&mut ctx);
                }
                if let Some(game) = &mut self.games.twenty48 {
                    game.tick(&mut ctx);
                }
                Transition::Stay
            }
            Action::FocusLost | Action::FocusGained => {
                let lost = action == Action::FocusLost;
                match (&mut self.games.minesweeper, self.screen) {
                    (Some(game), ScreenId::Game(GameId::Minesweeper)) => game.update(
                        if lost {
                            MinesAction::FocusLost
                        } else {
                            MinesAction::FocusGained
                        },
                        &mut ctx,
                    ),
                    _ => return false,
                }
            }
            Action::DismissNotice => {
                ctx.notices.pop_front();
                Transition::Stay
            }
            Action::OpenHelp => {
                self.help = Help::for_screen(self.screen);
                Transition::Open(ScreenId::Help)
            }
            Action::Back => match self.screen {
                ScreenId::Help => Transition::Open(self.help.return_to()),
                _ => Transition::Open(ScreenId::Menu),
            },
            Action::Menu(action) => self.menu.update(action),
            Action::Scores(action) => self.scores.update(action, ctx.store),
            Action::Settings(action) => {
                let transition = self.settings.update(action, ctx.store);
                self.theme =
                    Theme::new(self.store.settings().choice(&settings::THEME), &self.traits);
                transition
            }
            Action::Help(action) => {
                let max_scroll = crate::ui::help::max_scroll(self, self.screen_area());
                self.help.update(action, max_scroll)
            }
            Action::Minesweeper(action) => match &mut self.games.minesweeper {
                Some(game) => game.update(action, &mut ctx),
                None => Transition::Stay,
            },
            Action::TicTacToe(action) => match &mut self.games.tictactoe {
                Some(game) => game.update(action, &mut ctx),
                None => Transition::Stay,
            },
            Action::Twenty48(action) => match &mut self.games.twenty48 {
                Some(game) => game.update(action, &mut ctx),
                None => Transition::Stay,
            },
        };
        match transition {
            Transition::Stay => {}
            Transition::Open(screen) => self.open(screen),
            Transition::Setup(game) => {
                // Settings chosen in the game replace the command line's for the rest of the session.
                self.launch.minesweeper = None;
                self.launch.tictactoe = None;
                self.launch.twenty48_size = None;
                if let Some(screen) = &mut self.games.twenty48 {
                    screen.pinned_size = None;
                }
                if let Some(screen) = &mut self.games.minesweeper {
                    screen.pinned = None;
                }
                if let Some(screen) = &mut self.games.tictactoe {
                    screen.pinned = None;
                }
                self.settings = SettingsScreen::for_game(game);
                self.leave_game();
                self.screen = ScreenId::Settings;
            }
            Transition::Quit => self.shut_down(),
        }
        self.collect_notices();
        true
    }

    fn open(&mut self, screen: ScreenId) {
        if screen != self.screen {
            self.leave_game();
        }
        match screen {
            ScreenId::Game(GameId::Minesweeper) => self.open_minesweeper(),
            ScreenId::Game(GameId::TicTacToe) => self.open_tictactoe(),
            ScreenId::Game(GameId::Twenty48) => self.open_twenty48(),
            ScreenId::Scores => self.scores.clamp_selection(self.store.records()),
            ScreenId::Settings if self.screen == ScreenId::Menu => {
                self.settings = SettingsScreen::default();
            }
            ScreenId::Menu | ScreenId::Settings | ScreenId::Help => {}
        }
        self.screen = screen;
    }

    fn collect_notices(&mut self) {
        self.notices.extend(self.store.take_notices());
    }
}
