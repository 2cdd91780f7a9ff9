//! The yes-or-no questions a game asks before something a player could regret, drawn the same
//! way on every game screen and answered with the same keys.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, MouseEventKind};
use ratatui::layout::{Constraint, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph, Widget, Wrap};

use super::theme::Theme;
use super::{footer, keys, panel};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// A new game over the one in progress, which is then recorded as it stands.
    NewGame,
    /// The same board again over the game in progress, which is then recorded as it stands.
    Restart,
    /// The first hint of a game: the game is then recorded apart from the player's own.
    Hint,
    /// The first undo of a game where undo marks a game in the same way.
    Undo,
    /// Letting the computer play, which marks the game in the same way.
    Autoplay,
    /// A new game of the player's own settings after a daily game that ended: it is not the
    /// daily board again, so the question says what it is.
    LeaveDaily,
}

/// What a game given up or helped costs in its game's records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stakes {
    /// A game given up counts as lost; one helped goes to a table of its own.
    Lost,
    /// A game given up is recorded with its score; one helped counts toward the assisted best.
    Scored,
}

impl Question {
    /// What the question asks, and what a yes costs with `stakes`.
    pub fn text(self, stakes: Stakes) -> &'static str {
        match (self, stakes) {
            (Question::NewGame, Stakes::Scored) => {
                "Start a new game? This one is recorded with its score."
            }
            (Question::NewGame, Stakes::Lost) => "Start a new game? This one counts as lost.",
            (Question::Restart, Stakes::Scored) => {
                "Restart this board? This game is recorded with its score."
            }
            (Question::Restart, Stakes::Lost) => "Restart this board? This game counts as lost.",
            (Question::Hint, Stakes::Scored) => {
                "Use a hint? This game will count toward the assisted best."
            }
            (Question::Hint, Stakes::Lost) => "Use a hint? This game will be recorded with hints.",
            (Question::Undo, Stakes::Scored) => {
                "Undo? This game will count toward the assisted best."
            }
            (Question::Undo, Stakes::Lost) => "Undo? This game will be recorded with undo.",
            (Question::Autoplay, Stakes::Scored) => {
                "Let the computer play? This game will count toward the assisted best."
            }
            (Question::Autoplay, Stakes::Lost) => {
                "Let the computer play? This game will be recorded with hints."
            }
            (Question::LeaveDaily, _) => "Leave the daily challenge for a new game?",
        }
    }
}

/// The answer an event gives to a question: y or Enter say yes; any other key, or a click, no.
pub fn answer(event: &Event) -> Option<bool> {
    match event {
        Event::Key(key) => Some(keys::action(&keys::question(), &(), key).unwrap_or(false)),
        Event::Mouse(mouse) if matches!(mouse.kind, MouseEventKind::Down(_)) => Some(false),
        _ => None,
    }
}

/// Draws the question in a box in the middle of `area`, with the keys that answer it. A message
/// wider than the terminal wraps inside the box rather than being cut. From a daily game, a new
/// game is the one the settings make: `next` names it.
pub fn render(
    question: Question,
    stakes: Stakes,
    next: Option<&str>,
    area: Rect,
    theme: &Theme,
    buf: &mut Buffer,
) {
    let mut message = question.text(stakes).to_string();
    if let (Question::NewGame | Question::LeaveDaily, Some(next)) = (question, next) {
        message.push_str(&format!(" The new game: {next}, as the settings say."));
    }
    let width = (message.chars().count() as u16 + 4).max(30).min(area.width);
    let text = Paragraph::new(vec![
        Line::styled(message, theme.alert()),
        footer::line(&keys::footer(&keys::question(), &()), theme),
    ])
    .centered()
    .wrap(Wrap { trim: true });
    let rows = text.line_count(width.saturating_sub(2)) as u16 + 2;
    let frame = area.centered(
        Constraint::Length(width),
        Constraint::Length(rows.min(area.height)),
    );
    Clear.render(frame, buf);
    text.block(panel("", theme)).render(frame, buf);
}
