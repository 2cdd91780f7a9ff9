//! Keys and the mouse on the replay screen. Left and right (a and d, h and l) step; up and down do
//! nothing, as no movement key does anything but move. The wheel steps too.

use ratatui::crossterm::event::{Event, KeyCode, MouseEventKind};

use super::{ReplayAction, ReplayScreen};
use crate::replay::SPEEDS;
use crate::ui::keys::{self, Binding, Press};
use crate::ui::{Heading, heading};

fn has_marks(screen: &ReplayScreen) -> bool {
    screen.mark_names().is_some()
}

/// The keys of the replay screen.
pub fn keys() -> Vec<Binding<ReplayScreen, ReplayAction>> {
    use KeyCode::{Char, End, Enter, Home};
    vec![
        Binding::letter(
            ' ',
            "play or pause (at the end: play again from the start)",
            |_, _| Some(ReplayAction::PlayPause),
        )
        .footer_when("pause", |screen| screen.playback.is_playing()),
        Binding::letter(' ', "", |_, _| Some(ReplayAction::PlayPause))
            .footer_when("play", |screen| !screen.playback.is_playing()),
        Binding::new(
            &[Press::LeftRight],
            "one move back / forward (pauses)",
            |_, key| {
                Some(ReplayAction::Step(
                    heading(key.code) == Some(Heading::Right),
                ))
            },
        )
        .footer("step"),
        Binding::new(
            &[Press::Key(Home), Press::Key(End)],
            "to the start / to the end",
            |_, key| {
                Some(if key.code == Home {
                    ReplayAction::Start
                } else {
                    ReplayAction::End
                })
            },
        )
        .showing(2)
        .footer("start/end"),
        Binding::new(
            &[Press::Items(SPEEDS.len())],
            "speed 1x, 2x, 4x, 8x",
            |_, key| keys::item(key, SPEEDS.len()).map(ReplayAction::Speed),
        )
        .footer("speed"),
        Binding::new(
            &[Press::Key(Char('+')), Press::Key(Char('-'))],
            "faster / slower",
            |_, key| {
                Some(if key.code == Char('-') {
                    ReplayAction::Slower
                } else {
                    ReplayAction::Faster
                })
            },
        ),
        // The unshifted + of most keyboards.
        Binding::letter('=', "", |_, _| Some(ReplayAction::Faster)),
        Binding::letter(
            'm',
            "to the next mark on the bar (2048: the next turning point)",
            |_, _| Some(ReplayAction::NextMark),
        )
        .footer_when("mark", has_marks)
        .saying(|screen| screen.mark_names().map_or("mark", |names| names.next)),
        Binding::new(
            &[Press::Key(Enter)],
            "play from here: a new game in the position shown (the same mines and cells opened, \
             the same board and the seed's later tiles, the same marks); it counts as helped, and \
             its history names the game and move it came from",
            |_, _| Some(ReplayAction::PlayFromHere),
        )
        .footer("play from here"),
        keys::back("back to where the replay was opened", |_, _| {
            Some(ReplayAction::Back)
        }),
        keys::app_key('?', "help"),
        Binding::mouse("mouse wheel", "one move back or forward"),
    ]
}

pub fn action_for(event: &Event, screen: &ReplayScreen) -> Option<ReplayAction> {
    match event {
        Event::Key(key) => keys::action(&keys(), screen, key),
        Event::Mouse(mouse) => match mouse.kind {
            MouseEventKind::ScrollUp => Some(ReplayAction::Step(false)),
            MouseEventKind::ScrollDown => Some(ReplayAction::Step(true)),
            _ => None,
        },
        _ => None,
    }
}
