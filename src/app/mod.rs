//! The app-state machine: which screen is shown, the state of every screen, and the one place where
//! actions change that state. Terminal events become actions in `input`; `draw` draws the result;
//! `run` is the event loop. The games are asked through the list of games, and named nowhere here.

mod draw;
mod input;
mod launch;
mod open;
pub mod run;

use std::collections::VecDeque;
use std::path::PathBuf;
use std::time::Instant;

use ratatui::layout::{Position, Rect, Size};

pub use draw::{draw, enough, fits, min_size};
pub use input::action_for;
pub use launch::Launch;
pub use open::GameScreens;

use crate::daily;
use crate::games::GameId;
use crate::history::{History, Outcome};
use crate::play::Pins;
use crate::replay::{Replay, Wanted, find};
use crate::seeds::Seeds;
use crate::store::Store;
use crate::store::saved_games::SavedGames;
use crate::store::settings::BELL;
use crate::timestamp::Date;
use crate::ui::daily::{DailyAction, DailyScreen};
use crate::ui::game::{GameAction, GameActionKind};
use crate::ui::help::{Help, HelpAction};
use crate::ui::menu::{Menu, MenuAction};
use crate::ui::records::{RecordsAction, RecordsScreen};
use crate::ui::replay::{ReplayAction, ReplayScreen};
use crate::ui::settings::{SettingsAction, SettingsScreen};
use crate::ui::theme::{TerminalTraits, Theme};
use crate::ui::{ScreenId, Transition, View, games, notice};
use crate::waker::Waker;

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Quit,
    Resize(Size),
    FocusLost,
    FocusGained,
    /// A deadline from [`App::next_deadline`] passed.
    Tick,
    /// Ctrl-Z: stop the program until the shell brings it back.
    Suspend,
    DismissNotice,
    OpenHelp,
    /// Leave the current screen: to the menu, or from help to the screen it was opened on.
    Back,
    Menu(MenuAction),
    Daily(DailyAction),
    Records(RecordsAction),
    Settings(SettingsAction),
    Help(HelpAction),
    Game(GameAction),
    Replay(ReplayAction),
}

impl<T: GameActionKind> From<T> for Action {
    fn from(action: T) -> Action {
        Action::Game(GameAction::new(action))
    }
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
    pub daily: DailyScreen,
    pub records: RecordsScreen,
    pub settings: SettingsScreen,
    pub help: Help,
    pub games: GameScreens,
    /// The game being watched again, while its screen is open (or its help).
    pub replay: Option<ReplayScreen>,
    /// Messages for the player, oldest first; the first is shown until a key dismisses it.
    pub notices: VecDeque<String>,
    /// How many notices of the ones shown in a row were dismissed: the one shown is the next.
    pub notices_read: usize,
    pub quit: bool,
    /// Quitting waits for another copy's save: the screen says so before the wait begins.
    pub closing: bool,
    /// What the player must read once the screen is restored (changes that could not be saved).
    pub farewell: Option<String>,
    /// The event loop is to stop the program (Ctrl-Z) once the current events are handled.
    pub suspend: bool,
    /// The event loop is to ring the terminal's bell (a game was won or lost, and the player
    /// wants to hear it).
    pub bell: bool,
    /// Text the event loop is to put on the terminal's clipboard (OSC 52).
    pub clipboard: Option<String>,
    pub seeds: Seeds,
    launch: Launch,
    /// The game a `--seed` on the command line is for, until it is opened: a new game, not the
    /// saved one.
    seeded: Option<GameId>,
    /// The game opened from the command line without options, until it is opened: its last
    /// game played, whatever its board.
    any_board: Option<GameId>,
    /// Wakes the event loop when background work is done; without it (tests) that work is
    /// collected on ticks.
    pub waker: Option<Waker>,
    /// Where games in progress are kept between runs; `None` keeps nothing.
    saves: Option<SavedGames>,
    /// The game whose options are open, with its settings in force when they were opened: the
    /// game in progress is still the one shown when they close.
    options_of: Option<(GameId, Pins)>,
    /// The data folder, where the history is read from; `None` keeps none.
    data_dir: Option<PathBuf>,
}

/// A session's context from the app's parts: what the store, the seeds and the notices are to a
/// game being played, with the flags it sets.
macro_rules! context {
    ($app:ident, $decided:expr, $ended:expr) => {
        $crate::play::Context {
            store: &mut $app.store,
            seeds: &mut $app.seeds,
            now: $app.now,
            waker: $app.waker.as_ref(),
            notices: &mut $app.notices,
            saves: $app.saves.as_ref(),
            decided: $decided,
            daily_ended: $ended,
        }
    };
}
pub(crate) use context;

impl App {
    /// The app with the menu, or the game the launch asks for, open. Games in progress are kept
    /// in `data_dir` between runs.
    pub fn new(
        store: Store,
        traits: TerminalTraits,
        size: Size,
        launch: Launch,
        data_dir: Option<PathBuf>,
        waker: Option<Waker>,
    ) -> App {
        let theme = Theme::from_settings(store.settings(), &traits);
        let mut store = store;
        for &(setting, value) in &launch.pins {
            store.settings_mut().pin(setting, value);
        }
        let saves = data_dir.as_deref().map(SavedGames::new);
        if let Some(dir) = &data_dir {
            store.keep_history(History::new(dir));
        }
        if let (Some(saves), Some(dir)) = (&saves, &data_dir) {
            for game in games::GAMES {
                game.adopt_old_saves(saves, dir);
            }
        }
        let mut app = App {
            store,
            traits,
            theme,
            size,
            now: Instant::now(),
            screen: ScreenId::Menu,
            menu: Menu::default(),
            daily: DailyScreen::default(),
            records: RecordsScreen::default(),
            settings: SettingsScreen::default(),
            help: Help::default(),
            games: GameScreens::default(),
            replay: None,
            notices: VecDeque::new(),
            notices_read: 0,
            quit: false,
            closing: false,
            farewell: None,
            suspend: false,
            bell: false,
            clipboard: None,
            seeds: Seeds::new(launch.seed),
            seeded: launch.seed.and(launch.open),
            any_board: launch
                .open
                .filter(|_| launch.pins.is_empty() && launch.code.is_none()),
            launch,
            waker,
            saves,
            data_dir,
            options_of: None,
        };
        app.collect_notices();
        match app.launch.open {
            Some(game) => app.open(ScreenId::Game(game)),
            None if app.launch.daily => app.open(ScreenId::Daily),
            None => app.find_resumable(),
        }
        app
    }

    /// What screens are drawn with.
    pub fn view(&self) -> View<'_> {
        View {
            theme: &self.theme,
            now: self.now,
            store: &self.store,
        }
    }

    /// The area screens draw in: the terminal minus the notice shown at the bottom.
    pub fn screen_area(&self) -> Rect {
        let full = Rect::from((Position::ORIGIN, self.size));
        notice::split(&self.notices, self.notices_read, full).0
    }

    /// The next moment something on screen changes by itself, or a save kept waiting is tried
    /// again; `None` while nothing moves.
    pub fn next_deadline(&self) -> Option<Instant> {
        let shown = match self.screen {
            ScreenId::Replay => self.replay.as_ref().and_then(|r| r.deadline(self.now)),
            ScreenId::Game(game) => self.games.get(game).and_then(|s| s.deadline(self.now)),
            _ => None,
        };
        [shown, self.store.retry_due()].into_iter().flatten().min()
    }

    /// Applies an action; returns whether the screen must be drawn again.
    pub fn update(&mut self, action: Action) -> bool {
        let area = self.screen_area();
        let shown = match self.screen {
            ScreenId::Game(game) => Some(game),
            _ => None,
        };
        let (mut decided, mut ended) = (false, None);
        let transition = match action {
            Action::Quit => Transition::Quit,
            Action::Resize(size) => {
                self.size = size;
                let area = self.screen_area();
                if let Some(game) = shown.and_then(|game| self.games.get_mut(game)) {
                    game.show(area, self.now);
                }
                Transition::Stay
            }
            Action::Tick => {
                // Work finished in the background is taken up even while another screen shows.
                let mut ctx = context!(self, &mut decided, &mut ended);
                for (_, game) in self.games.iter_mut() {
                    game.tick(&mut ctx, area);
                }
                self.records.collect(ctx.notices);
                if let Some(replay) = &mut self.replay {
                    replay.tick(ctx.now);
                }
                if ctx.store.retry_due().is_some_and(|due| due <= ctx.now) {
                    ctx.store.save();
                }
                Transition::Stay
            }
            // Time stopped counts for nothing, and a game in progress is on disk meanwhile.
            Action::Suspend => {
                self.suspend = true;
                self.leave_game();
                Transition::Stay
            }
            Action::FocusLost | Action::FocusGained => {
                match shown.and_then(|game| self.games.get_mut(game)) {
                    Some(game) => game
                        .session_mut()
                        .focus(action == Action::FocusGained, self.now),
                    None => return false,
                }
                Transition::Stay
            }
            Action::DismissNotice => {
                self.notices.pop_front();
                self.notices_read = if self.notices.is_empty() {
                    0
                } else {
                    self.notices_read + 1
                };
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
            Action::Daily(action) => self.daily.update(action),
            Action::Records(RecordsAction::Watch) => {
                let tables = games::tables(&self.store);
                if let Some(game) = self.records.chosen_game(&tables) {
                    self.open_replay(&game.id);
                    // A lost game is watched for how it was lost: from the move before the end.
                    if let (Outcome::Lost, Some(replay)) = (game.result, &mut self.replay) {
                        replay.show_fatal_move(self.now);
                    }
                }
                return true;
            }
            Action::Records(action) => {
                self.records
                    .update(action, &mut self.store, area, &self.theme)
            }
            Action::Settings(action) => {
                let transition = self.settings.update(action, &mut self.store, area);
                self.theme = Theme::from_settings(self.store.settings(), &self.traits);
                transition
            }
            Action::Help(action) => {
                let view = View {
                    theme: &self.theme,
                    now: self.now,
                    store: &self.store,
                };
                self.help.update(action, &view, area)
            }
            Action::Replay(action) => match &mut self.replay {
                Some(replay) => replay.update(action, self.now),
                None => Transition::Open(ScreenId::Menu),
            },
            Action::Game(action) => {
                let mut ctx = context!(self, &mut decided, &mut ended);
                match shown.and_then(|game| self.games.get_mut(game)) {
                    // A daily game goes back to the Daily screen it is played from.
                    Some(game) => match game.update(&action, &mut ctx, area) {
                        Transition::Open(ScreenId::Menu) if game.session().daily().is_some() => {
                            Transition::Open(ScreenId::Daily)
                        }
                        transition => transition,
                    },
                    None => Transition::Stay,
                }
            }
        };
        if let Some(attempt) = ended {
            let line = self.share_line(attempt.date);
            self.notices.push_back(daily::ended_notice(attempt, &line));
        }
        match transition {
            Transition::Stay => {}
            Transition::Open(screen) => self.open(screen),
            Transition::Daily(game) => self.play_daily(game),
            Transition::PlayCode(code) => self.play_code(code),
            Transition::PlayFromHere => self.play_from_here(),
            Transition::Share(date) => {
                let line = self.share_line(date);
                self.notices.push_back(format!(
                    "Sent to the clipboard (where the terminal allows it): {line}"
                ));
                self.clipboard = Some(line);
            }
            Transition::Setup(game) => {
                // The options show the settings of the game being played (a command line's or a
                // code's included); one the player changes replaces them for the session.
                let settings = self.store.settings();
                let in_force = (games::find(game).into_iter())
                    .flat_map(|ui| ui.settings())
                    .map(|&setting| (setting, settings.get(setting)))
                    .collect();
                self.options_of = Some((game, in_force));
                self.leave_game();
                self.settings = SettingsScreen::for_game(game);
                self.screen = ScreenId::Settings;
            }
            Transition::Quit => match self.store.saving_elsewhere() {
                Some(path) => {
                    self.notices.push_front(format!(
                        "another grid-arcade is saving to {}: quitting waits half a second at \
                         most, then keeps what is left beside it",
                        path.display()
                    ));
                    self.closing = true;
                }
                None => self.shut_down(),
            },
        }
        self.bell |= decided && self.store.settings().toggle(&BELL);
        self.collect_notices();
        true
    }

    /// The daily challenge's share line of `date`, with the shown game's result where it is a
    /// daily game of that day that is over but not recorded yet.
    fn share_line(&self, date: Date) -> String {
        let mut daily = games::daily(&self.store);
        if let ScreenId::Game(game) = self.screen
            && let Some(session) = self.games.get(game).map(|screen| screen.session())
            && session.daily().is_some_and(|attempt| attempt.date == date)
            && let Some(result) = session.daily_result()
        {
            daily = daily.with(game, date, result);
        }
        daily.share_line(date)
    }

    /// Shows `replay` from its start, playing; Esc goes back to `return_to`.
    pub fn show_replay(&mut self, replay: Replay, return_to: ScreenId) {
        let Some(game) = games::find(replay.game) else {
            return;
        };
        self.replay = Some(ReplayScreen::new(
            replay,
            game.replay_view(),
            return_to,
            self.now,
            self.waker.as_ref(),
        ));
        self.open(ScreenId::Replay);
    }

    /// Opens the replay of the history's game `id` from the screen shown; a notice says why
    /// when it cannot be replayed.
    pub fn open_replay(&mut self, id: &str) {
        let Some(dir) = &self.data_dir else {
            self.notices
                .push_back("this system has no data folder, so no history".to_string());
            return;
        };
        let wanted = Wanted::Id(id.to_string());
        match find(&History::new(dir), &wanted, &games::replayables()) {
            Ok(replay) => self.show_replay(replay, self.screen),
            Err(error) => self.notices.push_back(error.to_string()),
        }
    }

    fn open(&mut self, screen: ScreenId) {
        if screen != self.screen {
            self.leave_game();
        }
        // The records' history is let go when the screen is left, but kept for its help and
        // for a replay opened from it; a replay is let go when neither it nor its help shows.
        if !matches!(
            screen,
            ScreenId::Records | ScreenId::Help | ScreenId::Replay
        ) {
            self.records.close();
        }
        if !matches!(screen, ScreenId::Replay | ScreenId::Help) {
            self.replay = None;
        }
        match screen {
            ScreenId::Game(game) => self.open_game(game),
            ScreenId::Records => {
                self.records
                    .open(&self.store, self.data_dir.as_deref(), self.waker.as_ref())
            }
            ScreenId::Settings if self.screen == ScreenId::Menu => {
                self.settings = SettingsScreen::default();
            }
            ScreenId::Menu => self.find_resumable(),
            ScreenId::Help if self.screen == ScreenId::Menu => self.help = Help::default(),
            ScreenId::Settings | ScreenId::Help | ScreenId::Daily | ScreenId::Replay => {}
        }
        self.screen = screen;
    }

    /// The game being left stops its clock and goes to disk, so that time in the menu does not
    /// count and a killed program loses nothing.
    fn leave_game(&mut self) {
        if let ScreenId::Game(game) = self.screen {
            let (mut decided, mut ended) = (false, None);
            let mut ctx = context!(self, &mut decided, &mut ended);
            if let Some(screen) = self.games.get_mut(game) {
                screen.session_mut().leave(&mut ctx);
            }
        }
    }

    fn collect_notices(&mut self) {
        self.notices.extend(self.store.take_notices());
    }
}
