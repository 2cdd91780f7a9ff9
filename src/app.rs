//! The app-state machine: which screen is shown, the state of every screen, and the one place where
//! actions change that state. Terminal events become actions in `input`; `ui` draws the result.

use std::collections::VecDeque;
use std::time::Instant;

use ratatui::layout::{Rect, Size};

use crate::games::GameId;
use crate::store::{Store, settings};
use crate::ui::help::{Help, HelpAction};
use crate::ui::menu::{Menu, MenuAction};
use crate::ui::placeholder::Placeholder;
use crate::ui::scores::{Scores, ScoresAction};
use crate::ui::settings::{SettingsAction, SettingsScreen};
use crate::ui::theme::{TerminalTraits, Theme};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScreenId {
    Menu,
    Game(GameId),
    Scores,
    Settings,
    Help,
}

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
}

/// Where a screen's update leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transition {
    Stay,
    Open(ScreenId),
    Quit,
}

/// How the program was started: the seed for every random choice, and a game to open at once.
#[derive(Clone, Debug, Default)]
pub struct Launch {
    pub seed: Option<u64>,
    pub open: Option<GameId>,
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
    pub seed: Option<u64>,
}

/// The game screens; a game left with Esc stays here, and the menu offers to resume it.
#[derive(Default)]
pub struct GameScreens {
    pub placeholders: Vec<Placeholder>,
}

impl App {
    pub fn new(store: Store, traits: TerminalTraits, size: Size, launch: Launch) -> App {
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
            seed: launch.seed,
        };
        app.collect_notices();
        if let Some(game) = launch.open {
            app.open(ScreenId::Game(game));
        }
        app
    }

    /// The area screens draw in: the terminal minus the notice shown at the bottom.
    pub fn screen_area(&self) -> Rect {
        let full = Rect::from((ratatui::layout::Position::ORIGIN, self.size));
        crate::ui::notice::split(self, full).0
    }

    /// The next moment something on screen changes by itself; `None` while nothing moves.
    pub fn next_deadline(&self) -> Option<Instant> {
        None
    }

    /// Applies an action; returns whether the screen must be drawn again.
    pub fn update(&mut self, action: Action) -> bool {
        let transition = match action {
            Action::Quit => Transition::Quit,
            Action::Resize(size) => {
                self.size = size;
                Transition::Stay
            }
            Action::FocusLost | Action::FocusGained | Action::Tick => return false,
            Action::DismissNotice => {
                self.notices.pop_front();
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
            Action::Scores(action) => self.scores.update(action, &mut self.store),
            Action::Settings(action) => {
                let transition = self.settings.update(action, &mut self.store);
                self.theme =
                    Theme::new(self.store.settings().choice(&settings::THEME), &self.traits);
                transition
            }
            Action::Help(action) => {
                let max_scroll = crate::ui::help::max_scroll(self, self.screen_area());
                self.help.update(action, max_scroll)
            }
        };
        match transition {
            Transition::Stay => {}
            Transition::Open(screen) => self.open(screen),
            Transition::Quit => self.shut_down(),
        }
        self.collect_notices();
        true
    }

    fn open(&mut self, screen: ScreenId) {
        match screen {
            ScreenId::Game(game) => {
                if !self.games.placeholders.iter().any(|p| p.game == game) {
                    self.games.placeholders.push(Placeholder { game });
                }
            }
            ScreenId::Scores => self.scores.clamp_selection(self.store.records()),
            ScreenId::Menu | ScreenId::Settings | ScreenId::Help => {}
        }
        self.screen = screen;
    }

    /// Whether the menu should offer to resume `game`.
    pub fn game_in_progress(&self, _game: GameId) -> bool {
        false
    }

    /// Records what must be recorded and writes the file before the program ends.
    pub fn shut_down(&mut self) {
        self.store.save();
        self.quit = true;
    }

    fn collect_notices(&mut self) {
        self.notices.extend(self.store.take_notices());
    }
}
