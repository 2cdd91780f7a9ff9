//! The game screens kept by the app, and the rules for opening one, the same for every game:
//! resume the game in memory when it is the one asked for, else let the game open its saved game
//! or a new one (from a code, a seed or the settings in force), and the daily challenge.

use std::any::Any;

use super::{App, context};
use crate::code::GameCode;
use crate::daily::{self, Attempt};
use crate::games::GameId;
use crate::play::{Opening, Pins, Session};
use crate::store::Settings;
use crate::store::saved_games::SaveSlot;
use crate::store::saved_games::SavedGames;
use crate::ui::ScreenId;
use crate::ui::game::GameScreen;
use crate::ui::games;

/// The game screens of this session; a game left with Esc stays here, and the menu offers to
/// resume it.
#[derive(Default)]
pub struct GameScreens {
    screens: Vec<(GameId, Box<dyn GameScreen>)>,
}

impl GameScreens {
    pub fn get(&self, game: GameId) -> Option<&dyn GameScreen> {
        let (_, screen) = self.screens.iter().find(|(id, _)| *id == game)?;
        Some(screen.as_ref())
    }

    pub fn get_mut(&mut self, game: GameId) -> Option<&mut Box<dyn GameScreen>> {
        let (_, screen) = self.screens.iter_mut().find(|(id, _)| *id == game)?;
        Some(screen)
    }

    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut (GameId, Box<dyn GameScreen>)> {
        self.screens.iter_mut()
    }

    /// The screen of the game whose screen is a `T`: for tests and benches that look inside one.
    pub fn find<T: Any>(&self) -> Option<&T> {
        self.screens
            .iter()
            .find_map(|(_, screen)| (screen.as_ref() as &dyn Any).downcast_ref())
    }

    pub fn find_mut<T: Any>(&mut self) -> Option<&mut T> {
        self.screens
            .iter_mut()
            .find_map(|(_, screen)| (screen.as_mut() as &mut dyn Any).downcast_mut())
    }

    fn any_in_progress(&self) -> bool {
        (self.screens.iter()).any(|(_, screen)| screen.session().in_progress())
    }

    /// Takes a game's screen out (to be kept, replaced or dropped by whoever took it).
    fn take(&mut self, game: GameId) -> Option<Box<dyn GameScreen>> {
        let at = self.screens.iter().position(|(id, _)| *id == game)?;
        Some(self.screens.swap_remove(at).1)
    }

    fn put(&mut self, game: GameId, screen: Box<dyn GameScreen>) {
        self.screens.push((game, screen));
    }
}

impl App {
    /// Shows a game: the one in memory when it is worth going on with, else what the game
    /// opens (its saved game that fits, else a new one).
    pub(super) fn open_game(&mut self, game: GameId) {
        let from_options = self.options_of.take_if(|(of, _)| *of == game);
        let settings = self.store.settings();
        let screen = match self.games.take(game) {
            // Options changed in a game apply to the next one: the game in progress goes on.
            Some(screen) if from_options.is_some() && screen.session().in_progress() => {
                if let Some((_, before)) = from_options
                    && !screen.session().set_up_as(settings)
                {
                    self.notices
                        .push_back(next_game_notice(screen.session(), &before, settings));
                }
                Some(screen)
            }
            Some(screen) if screen.session().keeps(settings) => Some(screen),
            kept => {
                let slot = kept.and_then(|screen| self.make_way(screen));
                self.new_screen(game, slot)
            }
        };
        let Some(screen) = screen else {
            return;
        };
        self.games.put(game, screen);
        let area = self.screen_area();
        if let Some(screen) = self.games.get_mut(game) {
            screen.show(area, self.now);
        }
    }

    /// A screen that is not the game to show makes way, handing on its file where the next game
    /// is kept under the same name.
    fn make_way(&mut self, screen: Box<dyn GameScreen>) -> Option<SaveSlot> {
        let (mut decided, mut ended) = (false, None);
        let mut ctx = context!(self, &mut decided, &mut ended);
        screen.into_session().make_way(&mut ctx)
    }

    /// The screen for a game not in memory, as the game opens it.
    fn new_screen(&mut self, game: GameId, slot: Option<SaveSlot>) -> Option<Box<dyn GameScreen>> {
        let ui = games::find(game)?;
        // A seed or a code asks for that game's board: a new game, the saved one kept.
        let code =
            (self.launch.code).take_if(|code| games::of_code(code).is_some_and(|g| g.id() == game));
        let opening = Opening {
            seeded: std::mem::take(&mut self.seeded) == Some(game),
            any_board: self.any_board.take_if(|g| *g == game).is_some(),
            code,
            slot,
        };
        let (mut decided, mut ended) = (false, None);
        let mut ctx = context!(self, &mut decided, &mut ended);
        Some(ui.open(opening, &mut ctx))
    }

    /// Whether the menu should offer to resume `game`: a game in progress in memory, or one saved
    /// that opening the game would resume.
    fn game_in_progress(&self, game: GameId) -> bool {
        let settings = self.store.settings();
        match self.games.get(game) {
            Some(screen) if screen.session().keeps(settings) => screen.session().in_progress(),
            _ => self.saves.as_ref().is_some_and(|saves| {
                let stem = games::find(game).map(|g| g.save_stem(settings));
                saves.has_resumable(|name| Some(name) == stem.as_deref())
            }),
        }
    }

    /// Tells the menu which games it can offer to resume.
    pub(super) fn find_resumable(&mut self) {
        self.menu.resumable = (games::GAMES.iter())
            .map(|game| game.id())
            .filter(|&game| self.game_in_progress(game))
            .collect();
    }

    /// Opens the game of `code`. A game of the same kind in progress is kept in its file, to be
    /// resumed later. New games keep the code's board, as options on the command line would.
    pub fn play_code(&mut self, code: GameCode) {
        let Some(ui) = games::of_code(&code) else {
            return;
        };
        let game = ui.id();
        if let Some(mut kept) = self.games.take(game) {
            let (mut decided, mut ended) = (false, None);
            let mut ctx = context!(self, &mut decided, &mut ended);
            kept.session_mut().leave(&mut ctx);
        }
        let settings = self.store.settings_mut();
        settings.unpin(ui.settings());
        for (setting, value) in ui.code_pins(&code) {
            settings.pin(setting, value);
        }
        self.launch.code = Some(code);
        self.open(ScreenId::Game(game));
    }

    /// Opens today's daily challenge of `game`, as a game from its code that knows its day.
    pub fn play_daily(&mut self, game: GameId) {
        let date = daily::today();
        // Today's game in progress is the one to go on with, not a new attempt.
        let playing = self.games.get(game).is_some_and(|screen| {
            let session = screen.session();
            session.in_progress() && session.daily().is_some_and(|attempt| attempt.date == date)
        });
        if playing {
            self.open(ScreenId::Game(game));
        } else if let Some(code) = games::daily_code(game, date)
            && let Some(ui) = games::find(game)
        {
            // The daily board is the day's game only: what the menu and `n` start stays as it was.
            let settings = self.store.settings();
            let held: Pins = (ui.settings().iter())
                .filter_map(|&setting| Some((setting, settings.pinned(setting)?)))
                .collect();
            self.play_code(code);
            let settings = self.store.settings_mut();
            settings.unpin(ui.settings());
            for (setting, value) in held {
                settings.pin(setting, value);
            }
            let attempt = Attempt::of(date, &games::daily(&self.store), game);
            if let Some(screen) = self.games.get_mut(game) {
                screen.session_mut().set_daily(attempt);
            }
        }
    }

    /// A new game at the position the replay shows, as the game of the replayed game's code
    /// started there; where no move is left there, the replay says so and stays.
    pub(super) fn play_from_here(&mut self) {
        let Some(replay) = self.replay.as_ref().map(|screen| &screen.replay) else {
            return;
        };
        let ui = games::find(replay.game);
        let code = ui.and_then(|ui| ui.entry_code(&replay.entry));
        let (Some(code), Some(here)) = (code, replay.here()) else {
            self.notices.push_back(
                "no move is left to play here: step back to play from an earlier move".to_string(),
            );
            return;
        };
        let game = replay.game;
        self.play_code(code);
        let (mut decided, mut ended) = (false, None);
        let mut ctx = context!(self, &mut decided, &mut ended);
        if let Some(screen) = self.games.get_mut(game) {
            screen.session_mut().start_from(&here, &mut ctx);
        }
    }

    /// Keeps every game as it stands before the program ends and writes the file; nothing counts
    /// as lost.
    /// What could not be kept is said once the screen is restored.
    pub fn shut_down(&mut self) {
        // What goes wrong from here on is for the farewell, not for a screen that is closing.
        self.notices.clear();
        let (mut decided, mut ended) = (false, None);
        let mut ctx = context!(self, &mut decided, &mut ended);
        for (_, screen) in self.games.iter_mut() {
            screen.session_mut().leave(&mut ctx);
        }
        let mut lines: Vec<String> = self.notices.drain(..).collect();
        let unkept = self.saves.as_ref().and_then(SavedGames::refused);
        if let Some(why) = unkept.filter(|_| self.games.any_in_progress()) {
            lines.push(format!("the game in progress could not be kept ({why})"));
        }
        lines.extend(self.store.close());
        self.farewell = (!lines.is_empty()).then(|| lines.join("\ngrid-arcade: "));
        self.quit = true;
    }
}

/// What a player who changed the options of `session` is told: the settings changed since
/// `before` that shape a new game, and when they take effect.
fn next_game_notice(session: &dyn Session, before: &Pins, settings: &Settings) -> String {
    let mut as_before = settings.clone();
    for &(setting, value) in before {
        as_before.pin(setting, value);
    }
    let shaping: Vec<String> = (before.iter())
        .filter(|&&(setting, value)| settings.get(setting) != value)
        .filter(|&&(setting, _)| {
            let mut one_changed = as_before.clone();
            one_changed.pin(setting, settings.get(setting));
            !session.set_up_as(&one_changed)
        })
        .map(|&(setting, _)| format!("{} {}", setting.label, settings.get(setting)))
        .collect();
    let what = match shaping.len() {
        0 => "the options changed apply".to_string(),
        1 => format!("{} applies", shaping[0]),
        _ => format!("{} apply", shaping.join(", ")),
    };
    format!("{what} to the next game: this one goes on, and n starts the next")
}
