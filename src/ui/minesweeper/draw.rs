//! Drawing the Minesweeper screen: status line, board window, result panel and footer.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::layout::BoardLayout;
use super::{MinesweeperScreen, text};
use crate::games::minesweeper::odds::Odds;
use crate::games::minesweeper::{CellView, Game, Hint, Pos};
use crate::play::minesweeper::Setup;
use crate::play::minesweeper::settings::NUMBERS;
use crate::store::Settings;
use crate::ui::keys::KeyTable;
use crate::ui::question::{self, Stakes};
use crate::ui::theme::{Palette, Theme};
use crate::ui::{View, footer, panel, status};

/// The characters of each kind of cell.
struct Glyphs {
    hidden: &'static str,
    flag: &'static str,
    question: &'static str,
    mine: &'static str,
    exploded: &'static str,
    wrong_flag: &'static str,
}

/// Letters of the console tradition, and `#` for covered cells: `*` is a mine to every player.
const ASCII: Glyphs = Glyphs {
    hidden: "#",
    flag: "F",
    question: "?",
    mine: "*",
    exploded: "X",
    wrong_flag: "f",
};

const UNICODE: Glyphs = Glyphs {
    hidden: "■",
    flag: "⚑",
    question: "?",
    mine: "✱",
    exploded: "✱",
    wrong_flag: "✗",
};

/// The colours of the numbers 1 to 8 in 256 colours, on a dark and on a light background, each at
/// 4.5:1 or more. `None`, for 7, is the terminal's own text colour, as the original's 7 is black.
type Numbers = [Option<u8>; 8];

const CLASSIC_ON_DARK: Numbers = [
    Some(33),
    Some(34),
    Some(196),
    Some(135),
    Some(172),
    Some(37),
    None,
    Some(244),
];
/// The original's own colours: blue, green, red, navy, maroon, teal, black, grey.
const CLASSIC_ON_LIGHT: Numbers = [
    Some(21),
    Some(28),
    Some(160),
    Some(18),
    Some(88),
    Some(23),
    None,
    Some(242),
];
/// Okabe and Ito's palette, lightened or darkened to read: blue, bluish green, vermilion, reddish
/// purple, yellow or orange, sky blue, and grey. Every two numbers stay apart under simulated
/// protanopia, deuteranopia and tritanopia (see the test).
const COLORBLIND_ON_DARK: Numbers = [
    Some(69),
    Some(35),
    Some(202),
    Some(212),
    Some(221),
    Some(81),
    None,
    Some(246),
];
const COLORBLIND_ON_LIGHT: Numbers = [
    Some(27),
    Some(29),
    Some(124),
    Some(126),
    Some(130),
    Some(24),
    None,
    Some(240),
];

fn number_color(n: u8, theme: &Theme) -> Color {
    let i = usize::from(n.clamp(1, 8)) - 1;
    match theme.palette {
        Some(Palette::Ansi16) => [
            Color::Blue,
            Color::Green,
            Color::Red,
            Color::Magenta,
            // Named yellow is unreadable on most light backgrounds.
            if theme.light {
                Color::Black
            } else {
                Color::Yellow
            },
            Color::Cyan,
            Color::Reset,
            Color::DarkGray,
        ][i],
        _ => {
            let numbers = match (theme.colorblind, theme.light) {
                (false, false) => CLASSIC_ON_DARK,
                (false, true) => CLASSIC_ON_LIGHT,
                (true, false) => COLORBLIND_ON_DARK,
                (true, true) => COLORBLIND_ON_LIGHT,
            };
            numbers[i].map_or(Color::Reset, Color::Indexed)
        }
    }
}

/// The text and style of one cell.
pub(in crate::ui) fn cell_look(
    view: CellView,
    overflagged: bool,
    theme: &Theme,
) -> (&'static str, Style) {
    let glyphs = if theme.ascii { &ASCII } else { &UNICODE };
    let plain = Style::new();
    match view {
        CellView::Hidden => (glyphs.hidden, theme.dim()),
        CellView::Flagged => (glyphs.flag, theme.bad()),
        CellView::Question => (glyphs.question, theme.key()),
        CellView::Revealed(0) => (" ", plain),
        CellView::Revealed(n) => {
            let digit = ["1", "2", "3", "4", "5", "6", "7", "8"][usize::from(n.clamp(1, 8)) - 1];
            let style = if theme.has_color() {
                plain
                    .fg(number_color(n, theme))
                    .add_modifier(Modifier::BOLD)
            } else {
                plain.add_modifier(Modifier::BOLD)
            };
            let style = if overflagged {
                // Too many flags around: something is wrong here.
                style
                    .add_modifier(Modifier::UNDERLINED)
                    .patch(theme.alert())
            } else {
                style
            };
            (digit, style)
        }
        CellView::Mine => (glyphs.mine, plain.add_modifier(Modifier::BOLD)),
        CellView::ExplodedMine => (
            glyphs.exploded,
            if theme.has_color() {
                let (fg, bg) = match theme.palette {
                    Some(Palette::Ansi16) => (Color::White, Color::Red),
                    _ => (Color::Indexed(231), Color::Indexed(160)),
                };
                plain.fg(fg).bg(bg).add_modifier(Modifier::BOLD)
            } else {
                plain.add_modifier(Modifier::REVERSED | Modifier::BOLD)
            },
        ),
        CellView::WrongFlag => (
            glyphs.wrong_flag,
            theme.bad().add_modifier(Modifier::UNDERLINED),
        ),
    }
}

/// The theme with the number colours the settings ask for.
pub fn with_numbers(theme: &Theme, settings: &Settings) -> Theme {
    Theme {
        colorblind: settings.choice(&NUMBERS) == "colorblind",
        ..*theme
    }
}

pub fn render(view: &View, screen: &MinesweeperScreen, area: Rect, buf: &mut Buffer) {
    let theme = &with_numbers(view.theme, view.store.settings());
    let layout = screen.layout(area);
    let session = &screen.session;
    let elapsed = session.elapsed(view.now);
    let around = text::around(session, screen.cursor, elapsed, theme, layout.across);
    status::render(&around.status, layout.status, buf);
    let (name, caption) = titles(screen, &layout);
    let mut frame =
        panel(name, theme).title_top(Line::styled(caption, theme.dim()).right_aligned());
    if let Some(message) = around.border {
        frame = frame.title_bottom(Line::from(vec![Span::raw(" "), message, Span::raw(" ")]));
    }
    frame.render(layout.frame, buf);
    if session.is_paused() {
        Paragraph::new("Paused: p resumes")
            .centered()
            .style(theme.title())
            .render(
                layout
                    .cells
                    .centered_vertically(ratatui::layout::Constraint::Length(1)),
                buf,
            );
    } else {
        let show_cursor = !session.game.status().is_over() || layout.side.is_none();
        let guess = (session.best_guess)
            .filter(|_| session.hint == Some(Hint::NoSafeMove))
            .map(|choice| Pos::new(choice.row, choice.col));
        let marks = CellMarks {
            cursor: show_cursor.then_some(screen.cursor),
            hint: session.hint,
            guess,
            safe: session.post_mortem.as_ref().map_or(&[], |pm| &pm.safe[..]),
            odds: session.shown_odds(),
        };
        render_cells(&session.game, &marks, &layout, theme, buf);
    }
    if let Some(side) = layout.side {
        Paragraph::new(text::result_lines(session, elapsed, theme))
            .block(panel(" Result ", theme))
            .render(side, buf);
    }
    footer::render(&screen.footer(), theme, layout.footer, buf);
    if let Some(asked) = screen.question {
        let next = session
            .daily
            .map(|_| Setup::from_settings(view.store.settings()).title());
        question::render(asked, Stakes::Lost, next.as_deref(), area, theme, buf);
    }
}

/// The board's title and, in the top border beside it, which rows and columns show of a board
/// larger than the terminal, or the game's code once its board is made: the longest forms that
/// fit together. Where room is short, the rows and columns go before the title and the title
/// before the code, except once the game is over, when the code is what is left to share, as
/// long as the whole board is in view: a player scrolling the board needs to know where.
fn titles(screen: &MinesweeperScreen, layout: &BoardLayout) -> (String, String) {
    let session = &screen.session;
    let (game, setup) = (&session.game, &session.setup);
    // A daily game says so first: its day, and whether it is a retry.
    let daily = session.daily.map(|attempt| attempt.label());
    let names = match &daily {
        Some(label) => [
            format!(" {label} · {} ", setup.title()),
            format!(" {label} "),
            String::new(),
        ],
        None => [
            format!(" {} ", setup.title()),
            format!(" {} ", setup.name()),
            String::new(),
        ],
    };
    let ended = game.status().is_over();
    // Each caption with whether the title may give way to it.
    let mut captions: Vec<(String, bool)> = window_captions(layout, game.rows(), game.cols())
        .into_iter()
        .map(|caption| (caption, true))
        .collect();
    captions.extend(text::code(session).map(|code| (format!(" code {code} "), ended)));
    fit_titles(&names, &captions, layout.frame.width)
}

/// Which rows and columns of a `rows` x `cols` board the window shows, longest form first; none
/// where the whole board is in view.
pub(in crate::ui) fn window_captions(
    layout: &BoardLayout,
    rows: usize,
    cols: usize,
) -> Vec<String> {
    if layout.shows_everything(rows, cols) {
        return Vec::new();
    }
    let rows = (
        layout.origin.row + 1,
        layout.origin.row + layout.shown_rows,
        rows,
    );
    let cols = (
        layout.origin.col + 1,
        layout.origin.col + layout.shown_cols,
        cols,
    );
    vec![
        format!(
            " rows {}-{} of {}, columns {}-{} of {} ",
            rows.0, rows.1, rows.2, cols.0, cols.1, cols.2
        ),
        format!(
            " {}-{}/{} x {}-{}/{} ",
            rows.0, rows.1, rows.2, cols.0, cols.1, cols.2
        ),
    ]
}

/// The first title and caption, in the order given, that fit together in a border `width`
/// columns wide, each caption with whether the title may give way to it (to its last, shortest
/// form): the title alone, or nothing, where no caption fits.
pub(in crate::ui) fn fit_titles(
    names: &[String],
    captions: &[(String, bool)],
    width: u16,
) -> (String, String) {
    let room = usize::from(width.saturating_sub(2));
    let none = (String::new(), true);
    let keep = names.len().saturating_sub(1).max(1);
    captions
        .iter()
        .chain([&none])
        .flat_map(|(caption, over_title)| {
            let names = if *over_title { names } else { &names[..keep] };
            names.iter().map(move |name| (name, caption))
        })
        .find(|(name, caption)| name.chars().count() + caption.chars().count() <= room)
        .map_or_else(Default::default, |(name, caption)| {
            (name.clone(), caption.clone())
        })
}

/// What stands out on the board besides the cells themselves.
#[derive(Clone, Copy, Debug, Default)]
pub(in crate::ui) struct CellMarks<'a> {
    pub cursor: Option<Pos>,
    pub hint: Option<Hint>,
    /// The best guess, where no cell is provably safe.
    pub guess: Option<Pos>,
    /// Cells proven safe (the post-mortem of a loss).
    pub safe: &'a [Pos],
    /// The chance of a mine under every hidden cell, while shown.
    pub odds: Option<&'a Odds>,
}

/// A covered cell with its chance of a mine: the chance in tenths, 0 only when the cell is
/// certainly safe and 9 at most when it is not certainly a mine, the mine's glyph when it is; in
/// reverse video, so that no chance reads as a revealed number, green for safe and red from one
/// in two. A flag keeps its glyph, in those colours, so that a wrong one shows.
fn odds_look(chance: f64, view: CellView, theme: &Theme) -> (&'static str, Style) {
    const TENTHS: [&str; 10] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
    let glyphs = if theme.ascii { &ASCII } else { &UNICODE };
    let style = if chance <= 0.0 {
        theme.good()
    } else if chance >= 0.5 {
        theme.bad()
    } else {
        Style::new()
    }
    .add_modifier(Modifier::REVERSED);
    let glyph = match view {
        CellView::Flagged => glyphs.flag,
        _ if chance >= 1.0 => glyphs.mine,
        _ if chance <= 0.0 => TENTHS[0],
        _ => TENTHS[((chance * 10.0).round() as usize).clamp(1, 9)],
    };
    (glyph, style)
}

/// The cells of the board's window: the game screen's and the replay's.
pub(in crate::ui) fn render_cells(
    game: &Game,
    marks: &CellMarks,
    layout: &BoardLayout,
    theme: &Theme,
    buf: &mut Buffer,
) {
    for row in 0..layout.shown_rows {
        for col in 0..layout.shown_cols {
            let pos = Pos::new(layout.origin.row + row, layout.origin.col + col);
            let Some(rect) = layout.cell_rect(pos) else {
                continue;
            };
            let view = game.cell(pos);
            let chance = marks.odds.and_then(|odds| {
                let index = pos.row * game.cols() + pos.col;
                odds.mine.get(index).copied().flatten()
            });
            let (glyph, style) = match chance {
                Some(chance)
                    if matches!(
                        view,
                        CellView::Hidden | CellView::Flagged | CellView::Question
                    ) =>
                {
                    odds_look(chance, view, theme)
                }
                _ => cell_look(view, game.is_overflagged(pos), theme),
            };
            // A hinted cell, or one the post-mortem proves safe, stands out in the solver's colours.
            let proven_safe = marks.safe.contains(&pos) || marks.hint == Some(Hint::Safe(pos));
            let at = BoardLayout::glyph_at(rect);
            // Hints mark the whole cell. The cursor marks a small cell whole but only the glyph
            // of a large one, so that a step costs no more bytes on large cells than on small.
            let cursor = if rect.width <= 3 {
                rect
            } else {
                Rect::new(at.x, at.y, 1, 1)
            };
            let mark = if proven_safe {
                Some((
                    rect,
                    style.patch(theme.good()).add_modifier(Modifier::REVERSED),
                ))
            } else if marks.hint == Some(Hint::Mine(pos)) {
                Some((
                    rect,
                    style.patch(theme.bad()).add_modifier(Modifier::REVERSED),
                ))
            } else if marks.guess == Some(pos) {
                Some((
                    rect,
                    style.patch(theme.key()).add_modifier(Modifier::REVERSED),
                ))
            } else if marks.cursor == Some(pos) {
                // Reverse video turned over: a cell already shown reversed (a chance) shows plain.
                let reversed = style.add_modifier.contains(Modifier::REVERSED);
                Some((
                    cursor,
                    if reversed {
                        style.remove_modifier(Modifier::REVERSED)
                    } else {
                        style.add_modifier(Modifier::REVERSED)
                    },
                ))
            } else {
                None
            };
            buf.set_style(rect, style);
            for position in rect.positions() {
                if let Some(cell) = buf.cell_mut(position) {
                    cell.set_symbol(if position == at { glyph } else { " " });
                }
            }
            if let Some((area, style)) = mark {
                buf.set_style(area, style);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::minesweeper::settings::SETTINGS;

    #[test]
    fn the_settings_choose_the_number_colours() {
        let doc: toml_edit::DocumentMut =
            "[minesweeper]\nnumbers = \"colorblind\"\n".parse().unwrap();
        let settings = Settings::decode(doc.as_table(), SETTINGS, &mut Vec::new());
        assert!(with_numbers(&Theme::mono(), &settings).colorblind);
        let settings = Settings::defaults(SETTINGS);
        assert!(!with_numbers(&Theme::mono(), &settings).colorblind);
    }
}
