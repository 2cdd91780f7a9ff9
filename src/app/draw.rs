//! Drawing the whole terminal: the screen shown, from its state and the app's view, and the
//! notice below it; a screen that does not fit says how big the terminal must be.

use ratatui::Frame;
use ratatui::layout::{Rect, Size};

use super::App;
use crate::ui::{self, ScreenId, notice};

pub fn draw(app: &App, frame: &mut Frame) {
    let terminal = frame.area();
    let (screen_area, notice_area) = notice::split(&app.notices, app.notices_read, terminal);
    let view = app.view();
    let buf = frame.buffer_mut();
    if fits(app, screen_area) {
        match app.screen {
            ScreenId::Menu => ui::menu::render(&view, &app.menu, screen_area, buf),
            ScreenId::Game(game) => {
                if let Some(screen) = app.games.get(game) {
                    screen.render(&view, screen_area, buf);
                }
            }
            ScreenId::Daily => ui::daily::render(&view, &app.daily, screen_area, buf),
            ScreenId::Records => ui::records::render(&view, &app.records, screen_area, buf),
            ScreenId::Settings => ui::settings::render(&view, &app.settings, screen_area, buf),
            ScreenId::Help => ui::help::render(&view, &app.help, screen_area, buf),
            ScreenId::Replay => {
                if let Some(replay) = &app.replay {
                    ui::replay::render(&view, replay, screen_area, buf);
                }
            }
        }
    } else {
        // The terminal's size is what the player can change; a notice's rows come on top.
        let notice_rows = terminal.height - screen_area.height;
        let needed = enough(app, screen_area.width);
        let needed = Size::new(needed.width, needed.height.saturating_add(notice_rows));
        ui::too_small(needed, terminal.as_size(), screen_area, buf);
    }
    if let Some(area) = notice_area {
        notice::render(&app.notices, app.notices_read, &app.theme, area, buf);
    }
}

/// The smallest screen area the current screen is drawn in, for a terminal `width` columns wide
/// (a screen whose text wraps needs fewer rows when wider).
pub fn min_size(app: &App, width: u16) -> Size {
    match app.screen {
        ScreenId::Menu => ui::menu::min_size(width),
        ScreenId::Game(game) => app.games.get(game).map_or(Size::new(0, 0), |screen| {
            screen.min_size(width, &app.view())
        }),
        ScreenId::Daily => ui::daily::min_size(&app.view(), width),
        ScreenId::Records => ui::records::MIN_SIZE,
        ScreenId::Settings => ui::settings::min_size(&app.settings, width),
        ScreenId::Help => ui::help::MIN_SIZE,
        ScreenId::Replay => app.replay.as_ref().map_or(Size::new(0, 0), |replay| {
            ui::replay::min_size(replay, app.now)
        }),
    }
}

/// A size that is enough for the current screen, for a terminal now `width` columns wide: its
/// height is what that width needs, or what the narrowest width needs when this one is narrower,
/// so any terminal at least as large in both directions draws the screen (a narrower one would
/// need more rows, as text wraps).
pub fn enough(app: &App, width: u16) -> Size {
    let narrowest = min_size(app, width).width;
    let width = width.max(narrowest);
    Size::new(width, min_size(app, width).height)
}

pub fn fits(app: &App, area: Rect) -> bool {
    let min = min_size(app, area.width);
    area.width >= min.width && area.height >= min.height
}
