//! The computer's help in a game in progress: the chance of a mine under every hidden cell, the
//! best guess where logic runs out, and autoplay. Each marks the game as helped, as a hint does;
//! none trusts the player's flags (a flag on the cell the computer plays is taken off first).

use std::time::{Duration, Instant};

use super::session::{Autoplay, Session};
use super::settings::AUTOPLAY_SPEED;
use crate::games::minesweeper::odds::Odds;
use crate::games::minesweeper::{CellView, Hint, Move, Pos, Status};
use crate::play::Context;

impl Session {
    /// Shows or hides the chance of a mine under every hidden cell.
    pub fn toggle_odds(&mut self, ctx: &mut Context) {
        self.odds_shown = !self.odds_shown;
        if self.odds_shown {
            self.mark_helped(Move::Hint, ctx);
            self.follow(ctx);
        }
    }

    /// The chances shown on the board: the view is on and the computer has read the board as it
    /// stands.
    pub fn shown_odds(&self) -> Option<&Odds> {
        if !self.odds_shown || self.game.status().is_over() {
            return None;
        }
        self.analysis.reading_since(self.opened_at)?.odds.as_ref()
    }

    /// Starts the computer playing, at the autoplay speed of the settings.
    pub fn start_autoplay(&mut self, ctx: &mut Context) {
        if self.game.status().is_over() || self.is_paused() {
            return;
        }
        let per_second = ctx.store.settings().number(&AUTOPLAY_SPEED).clamp(1, 1000);
        self.autoplay = Some(Autoplay {
            due: ctx.now,
            pace: Duration::from_secs(1) / per_second as u32,
        });
        self.mark_helped(Move::Autoplay, ctx);
        self.follow(ctx);
    }

    pub fn stop_autoplay(&mut self) {
        self.autoplay = None;
    }

    pub fn autoplaying(&self) -> bool {
        self.autoplay.is_some()
    }

    /// When autoplay's next move is due, once the computer has found it; never while the game
    /// is paused (the player looked away: it goes on when they look back).
    pub(super) fn autoplay_due(&self) -> Option<Instant> {
        let autoplay = self.autoplay.filter(|_| !self.is_paused())?;
        if self.start().is_none() {
            self.analysis.reading_since(self.opened_at)?;
        }
        Some(autoplay.due)
    }

    /// The computer's first click, before the first reveal, where the rule opens an area there.
    fn start(&self) -> Option<Pos> {
        let game = &self.game;
        (game.status() == Status::NotStarted)
            .then(|| (self.setup.options.first_click).computer_start(game.rows(), game.cols()))
            .flatten()
    }

    /// Logs `marker`, which marks the game as helped, unless the game is marked already.
    fn mark_helped(&mut self, marker: Move, ctx: &mut Context) {
        if marker == Move::Autoplay || !self.game.used_hint() {
            self.game.play(marker);
            self.log(marker, ctx.now);
            self.save(ctx, crate::disk::Durability::Cached);
        }
    }

    /// Takes up what the computer has found (the chances of the guesses, a reading of the board),
    /// plays autoplay's move when it is due, and starts the work wanted next: the moves not yet
    /// examined, and a reading of the board where the view, a hint or autoplay needs one.
    pub(super) fn follow(&mut self, ctx: &mut Context) {
        self.analysis.take(&mut self.moves);
        let reading = self.analysis.reading_since(self.opened_at);
        if self.hint == Some(Hint::NoSafeMove) && self.best_guess.is_none() {
            self.best_guess = reading.and_then(|reading| reading.choice);
        }
        let choice = match self.start() {
            Some(start) => Some(Some(start)),
            None => reading.map(|reading| reading.choice.map(|c| Pos::new(c.row, c.col))),
        };
        if let (Some(autoplay), Some(choice)) = (self.autoplay, choice)
            && ctx.now >= autoplay.due
            && !self.is_paused()
        {
            match choice {
                Some(pos) => {
                    let play = if self.game.cell(pos) == CellView::Flagged {
                        Move::Flag(pos)
                    } else {
                        Move::Reveal(pos)
                    };
                    self.autoplay = Some(Autoplay {
                        due: ctx.now + autoplay.pace,
                        ..autoplay
                    });
                    // Playing follows the game up again.
                    return self.play(play, ctx);
                }
                None => self.autoplay = None,
            }
        }
        let wanted =
            self.odds_shown || self.autoplay.is_some() || self.hint == Some(Hint::NoSafeMove);
        if wanted && !self.game.status().is_over() {
            self.analysis.want_reading(self.opened_at);
        }
        self.analysis.keep_busy(&self.moves, ctx.waker);
    }
}
