//! The game screens kept by the app: opening (resuming or starting), leaving (pausing, saving),
//! and what a game in progress means for the menu and for quitting.

use crate::app::App;
use crate::games::GameId;
use crate::games::twenty48::{Game as Twenty48Game, Status as Twenty48Status};
use crate::screen::ScreenId;
use crate::store::saved_game::SavedGame;
use crate::ui::minesweeper::{self, MinesweeperScreen};
use crate::ui::tictactoe::{self, TicTacToeScreen};
use crate::ui::twenty48::{self, Twenty48Screen};

/// The game screens; a game left with Esc stays here, and the menu offers to resume it.
#[derive(Default)]
pub struct GameScreens {
    pub minesweeper: Option<MinesweeperScreen>,
    pub tictactoe: Option<TicTacToeScreen>,
    pub twenty48: Option<Twenty48Screen>,
}

impl App {
    /// Resumes the kept game, or starts one from the settings (or the command line's options).
    pub(super) fn open_minesweeper(&mut self) {
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
    pub(super) fn open_tictactoe(&mut self) {
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
    pub(super) fn open_twenty48(&mut self) {
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
    pub(super) fn leave_game(&mut self) {
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
}
