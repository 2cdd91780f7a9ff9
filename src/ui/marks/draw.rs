//! Drawing a game of marks in a row around its board: the status, the hint or result with the
//! code, the footer and the question; the board is the game's own.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::{Paragraph, Widget};

use super::{BoardLayout, Marked, MarksScreen, MarksUi, text};
use crate::games::marks::Mark;
use crate::ui::keys::KeyTable;
use crate::ui::question::{self, Stakes};
use crate::ui::theme::{Palette, Theme};
use crate::ui::{View, footer, status};

/// X blue, O rose: apart in every kind of colour vision, each at 4.5:1 or more on its background.
pub fn mark_style(mark: Mark, theme: &Theme) -> Style {
    let color = match (mark, theme.palette, theme.light) {
        (_, None, _) => return Style::new().add_modifier(Modifier::BOLD),
        // Named cyan is unreadable on most light backgrounds.
        (Mark::X, Some(Palette::Ansi16), false) => Color::Cyan,
        (Mark::X, Some(Palette::Ansi16), true) => Color::Blue,
        (Mark::O, Some(Palette::Ansi16), _) => Color::Magenta,
        (Mark::X, Some(_), false) => Color::Indexed(33),
        (Mark::O, Some(_), false) => Color::Indexed(204),
        (Mark::X, Some(_), true) => Color::Indexed(25),
        (Mark::O, Some(_), true) => Color::Indexed(161),
    };
    Style::new().fg(color).add_modifier(Modifier::BOLD)
}

pub fn render<V: MarksUi>(view: &View, screen: &MarksScreen<V>, area: Rect, buf: &mut Buffer) {
    let theme = view.theme;
    let session = &screen.session;
    let layout = screen.layout(area);
    let [status, result, footer] = layout.around();
    status::render(&text::status_parts(session), status, buf);
    let running = !session.game.is_over();
    let marked = Marked {
        cursor: Some(screen.cursor),
        hint: session.hint.map(V::hint_pos),
        last: session.game.history().last().copied(),
    };
    let marked = if running { marked } else { Marked::default() };
    V::render_board(&session.game, marked, &layout, theme, buf);
    Paragraph::new(text::result_lines(
        session,
        screen.refused,
        theme,
        result.width,
    ))
    .centered()
    .render(result, buf);
    footer::render(&screen.footer(), theme, footer, buf);
    if let Some(asked) = screen.question {
        question::render(asked, Stakes::Lost, None, area, theme, buf);
    }
}
