//! The app-state machine: which screen is shown, the state of every screen, and the one place where
//! actions change that state. Terminal events become actions in `input`; `ui` draws the result.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::time::Instant;

use ratatui::layout::{Position, Rect, Size};

use crate::event_loop::Waker;
use crate::games::GameId;
use crate::games::twenty48::{Game as Twenty48Game, Status as Twenty48Status};
use crate::store::saved_game::SavedGame;
use crate::store::{Store, settings};
use crate::ui::help::{Help, HelpAction};
use crate::ui::menu::{Menu, MenuAction};
use crate::ui::minesweeper::{self, MinesAction, MinesweeperScreen};
use crate::ui::scores::{Scores, ScoresAction};
use crate::ui::settings::{SettingsAction, SettingsScreen};
use crate::ui::theme::{TerminalTraits, Theme};
use crate::ui::tictactoe::{self, TicTacToeAction, TicTacToeScreen};
use crate::ui::twenty48::{self, Twenty48Action, Twenty48Screen};

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
    Minesweeper(MinesAction),
    TicTacToe(TicTacToeAction),
    Twenty48(Twenty48Action),
}

/// Where a screen's update leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transition {
    Stay,
    Open(ScreenId),
    /// The settings of one game, opened from that game and returning to it.
    Setup(GameId),
    Quit,
}

/// How the program was started: the seed for every random choice, and a game to open at once.
#[derive(Clone, Debug, Default)]
pub struct Launch {
    pub seed: Option<u64>,
    pub open: Option<GameId>,
    /// Minesweeper board and options from the command line, instead of the settings.
    pub minesweeper: Option<minesweeper::Setup>,
    /// Tic-tac-toe board, opponent and side from the command line, instead of the settings.
    pub tictactoe: Option<tictactoe::Setup>,
    /// 2048 board size from the command line, instead of the settings.
    pub twenty48_size: Option<usize>,
}

/// Seeds for new games: the `--seed` first and a fixed sequence after it, or random ones.
#[derive(Clone, Debug)]
pub struct Seeds {
    base: Option<u64>,
    issued: u64,
}

impl Seeds {
    pub fn new(base: Option<u64>) -> Seeds {
        Seeds { base, issued: 0 }
    }

    /// The next seed, in 0..=i64::MAX so that it fits a TOML integer in the records.
    pub fn next_seed(&mut self) -> u64 {
        let n = self.issued;
        self.issued += 1;
        match self.base {
            Some(base) if n == 0 => base,
            Some(base) => splitmix(base ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15)) >> 1,
            None => rand::random::<u64>() >> 1,
        }
    }
}

/// SplitMix64's finaliser: spreads nearby inputs over the whole range.
fn splitmix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What a game screen's update may use besides its own state.
pub struct Context<'a> {
    pub store: &'a mut Store,
    pub seeds: &'a mut Seeds,
    pub now: Instant,
    /// The area the screen is drawn in.
    pub area: Rect,
    /// Wakes the event loop when background work is done.
    pub waker: Option<&'a Waker>,
    /// Messages for the player.
    pub notices: &'a mut VecDeque<String>,
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

/// The game screens; a game left with Esc stays here, and the menu offers to resume it.
#[derive(Default)]
pub struct GameScreens {
    pub minesweeper: Option<MinesweeperScreen>,
    pub tictactoe: Option<TicTacToeScreen>,
    pub twenty48: Option<Twenty48Screen>,
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

    /// Resumes the kept game, or starts one from the settings (or the command line's options).
    fn open_minesweeper(&mut self) {
        let setup = self
            .launch
            .minesweeper
            .unwrap_or_else(|| minesweeper::Setup::from_settings(self.store.settings()));
        match &mut self.games.minesweeper {
            Some(game) if game.in_progress() => game.resume(self.now),
            // A game not started yet takes up changed settings; a finished one makes way.
            Some(game) if !game.game.status().is_over() && game.setup == setup => {}
            _ => {
                let mut game = MinesweeperScreen::new(setup, self.seeds.next_seed());
                game.pinned = self.launch.minesweeper;
                self.games.minesweeper = Some(game);
            }
        }
    }

    /// Resumes the kept game, or starts one; a game with no move yet takes up changed settings.
    fn open_tictactoe(&mut self) {
        let setup = self
            .launch
            .tictactoe
            .unwrap_or_else(|| tictactoe::Setup::from_settings(self.store.settings()));
        match &mut self.games.tictactoe {
            Some(game) if !game.game.is_over() && (game.in_progress() || game.setup == setup) => {}
            _ => {
                let mut game = TicTacToeScreen::new(
                    setup,
                    self.seeds.next_seed(),
                    self.now,
                    self.waker.as_ref(),
                );
                game.pinned = self.launch.tictactoe;
                self.games.tictactoe = Some(game);
            }
        }
    }

    /// Resumes the game in memory or the one saved in the data folder, or starts one.
    fn open_twenty48(&mut self) {
        let size = self
            .launch
            .twenty48_size
            .unwrap_or_else(|| twenty48::settings_size(&self.store));
        let options = twenty48::Options::from_settings(&self.store);
        if let Some(game) = &mut self.games.twenty48
            && game.game.status() != Twenty48Status::Over
            && (game.in_progress() || game.game.size() == size)
        {
            game.set_options(options);
            return;
        }
        let saved = self
            .data_dir
            .as_deref()
            .map(|dir| SavedGame::new(dir, twenty48::SAVE_FILE));
        let fresh = std::mem::take(&mut self.fresh_twenty48);
        // A new game asked for on the command line replaces the saved one, whatever its size.
        let kept = saved
            .as_ref()
            .and_then(|saved| self.load_twenty48(saved, (!fresh).then_some(size)));
        let (game, seed) = match kept {
            Some(game) if !fresh => (game, 0),
            kept => {
                // A saved game replaced by a new one still counts as played.
                if let Some(game) = kept {
                    Twenty48Screen::new(game, 0, None, options, self.now).record(&mut self.store);
                }
                let seed = self.seeds.next_seed();
                match Twenty48Game::new(size, seed) {
                    Ok(game) => (game, seed),
                    Err(_) => return,
                }
            }
        };
        let mut screen = Twenty48Screen::new(game, seed, saved, options, self.now);
        screen.pinned_size = self.launch.twenty48_size;
        self.games.twenty48 = Some(screen);
    }

    /// The saved 2048 game: one that does not read, or is not of `size` when a size is asked for,
    /// is set aside with a notice.
    fn load_twenty48(&mut self, saved: &SavedGame, size: Option<usize>) -> Option<Twenty48Game> {
        match saved.load::<Twenty48Game>() {
            Ok(Some(game)) if game.status() == Twenty48Status::Over => None,
            Ok(Some(game)) if size.is_some_and(|size| game.size() != size) => {
                let size = size.unwrap_or_default();
                let reason = format!(
                    "it is {0}x{0} and the board size is now {1}x{1}",
                    game.size(),
                    size
                );
                self.notices.push_back(saved.set_aside(&reason));
                None
            }
            Ok(game) => game,
            Err(notice) => {
                self.notices.push_back(notice);
                None
            }
        }
    }

    /// Pauses the clock of the game being left, so that time in the menu does not count.
    fn leave_game(&mut self) {
        match self.screen {
            ScreenId::Game(GameId::Minesweeper) => {
                if let Some(game) = &mut self.games.minesweeper {
                    game.leave(self.now);
                }
            }
            ScreenId::Game(GameId::Twenty48) => {
                if let Some(game) = &self.games.twenty48 {
                    game.leave(&mut self.store, &mut self.notices);
                }
            }
            _ => {}
        }
    }

    /// Whether the menu should offer to resume `game`.
    pub fn game_in_progress(&self, game: GameId) -> bool {
        match game {
            GameId::Minesweeper => self
                .games
                .minesweeper
                .as_ref()
                .is_some_and(MinesweeperScreen::in_progress),
            GameId::TicTacToe => self
                .games
                .tictactoe
                .as_ref()
                .is_some_and(TicTacToeScreen::in_progress),
            GameId::Twenty48 => match &self.games.twenty48 {
                Some(game) => game.in_progress(),
                None => self
                    .data_dir
                    .as_deref()
                    .is_some_and(|dir| SavedGame::new(dir, twenty48::SAVE_FILE).exists()),
            },
        }
    }

    /// Games that quitting would record as lost (2048 games are kept instead).
    pub fn games_lost_by_leaving(&self) -> Vec<GameId> {
        let minesweeper = self
            .games
            .minesweeper
            .as_ref()
            .is_some_and(MinesweeperScreen::in_progress);
        let tictactoe = self
            .games
            .tictactoe
            .as_ref()
            .is_some_and(TicTacToeScreen::leaving_loses);
        [
            (GameId::Minesweeper, minesweeper),
            (GameId::TicTacToe, tictactoe),
        ]
        .into_iter()
        .filter_map(|(game, lost)| lost.then_some(game))
        .collect()
    }

    /// Records what must be recorded and writes the file before the program ends: a game left in
    /// progress counts as abandoned.
    pub fn shut_down(&mut self) {
        if let Some(game) = &mut self.games.minesweeper {
            game.abandon(&mut self.store, self.now);
        }
        if let Some(game) = &mut self.games.tictactoe {
            game.abandon(&mut self.store);
        }
        if let Some(game) = &self.games.twenty48 {
            game.leave(&mut self.store, &mut self.notices);
        }
        self.store.save();
        self.quit = true;
    }

    fn collect_notices(&mut self) {
        self.notices.extend(self.store.take_notices());
    }
}
