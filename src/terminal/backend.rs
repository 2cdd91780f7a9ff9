//! A ratatui backend that writes as few bytes as it can: one combined SGR sequence per style change,
//! short forward moves within a row, no style reset unless a style is active, and the cursor hidden
//! once rather than every frame. A cursor step in a game then costs tens of bytes, not hundreds,
//! which keeps slow links and terminal multiplexers responsive.

use std::fmt::Write as _;
use std::io::{self, Write};

use ratatui::backend::{Backend, ClearType, WindowSize};
use ratatui::buffer::Cell;
use ratatui::crossterm::terminal;
use ratatui::layout::{Position, Size};
use ratatui::style::{Color, Modifier};

pub struct CompactBackend<W: Write> {
    out: W,
    cursor_hidden: Option<bool>,
    /// Scratch space for one frame, written out in a single call.
    frame: String,
}

/// The style the terminal is in between writes.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Pen {
    fg: Color,
    bg: Color,
    modifier: Modifier,
}

const PLAIN: Pen = Pen {
    fg: Color::Reset,
    bg: Color::Reset,
    modifier: Modifier::empty(),
};

impl<W: Write> CompactBackend<W> {
    pub fn new(out: W) -> CompactBackend<W> {
        CompactBackend {
            out,
            cursor_hidden: None,
            frame: String::new(),
        }
    }

    fn write_now(&mut self, bytes: &str) -> io::Result<()> {
        self.out.write_all(bytes.as_bytes())
    }
}

impl<W: Write> Backend for CompactBackend<W> {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        let frame = &mut self.frame;
        frame.clear();
        let mut pen = PLAIN;
        let mut next: Option<Position> = None;
        for (x, y, cell) in content {
            match next {
                Some(p) if p.y == y && p.x == x => {}
                // Forward on the same row: `CSI n C` is shorter than a full move.
                Some(p) if p.y == y && p.x < x => {
                    let _ = write!(frame, "\x1b[{}C", x - p.x);
                }
                _ => {
                    let _ = write!(frame, "\x1b[{};{}H", y + 1, x + 1);
                }
            }
            let wanted = Pen {
                fg: cell.fg,
                bg: cell.bg,
                modifier: cell.modifier,
            };
            if wanted != pen {
                write_sgr(frame, pen, wanted);
                pen = wanted;
            }
            frame.push_str(cell.symbol());
            next = Some(Position::new(x + 1, y));
        }
        if pen != PLAIN {
            frame.push_str("\x1b[0m");
        }
        self.out.write_all(frame.as_bytes())
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        if self.cursor_hidden != Some(true) {
            self.write_now("\x1b[?25l")?;
            self.cursor_hidden = Some(true);
        }
        Ok(())
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        if self.cursor_hidden != Some(false) {
            self.write_now("\x1b[?25h")?;
            self.cursor_hidden = Some(false);
        }
        Ok(())
    }

    fn get_cursor_position(&mut self) -> io::Result<Position> {
        let (x, y) = ratatui::crossterm::cursor::position()?;
        Ok(Position::new(x, y))
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        let Position { x, y } = position.into();
        self.write_now(&format!("\x1b[{};{}H", y + 1, x + 1))
    }

    fn clear(&mut self) -> io::Result<()> {
        self.clear_region(ClearType::All)
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        self.write_now(match clear_type {
            ClearType::All => "\x1b[2J",
            ClearType::AfterCursor => "\x1b[J",
            ClearType::BeforeCursor => "\x1b[1J",
            ClearType::CurrentLine => "\x1b[2K",
            ClearType::UntilNewLine => "\x1b[K",
        })
    }

    fn size(&self) -> io::Result<Size> {
        let (width, height) = terminal::size()?;
        Ok(Size { width, height })
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        let size = terminal::window_size()?;
        Ok(WindowSize {
            columns_rows: Size::new(size.columns, size.rows),
            pixels: Size::new(size.width, size.height),
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Appends one SGR sequence that turns `from` into `to`. Attributes can only be switched off in
/// groups, so losing any of them starts from a reset.
fn write_sgr(out: &mut String, from: Pen, to: Pen) {
    let mut params: Vec<String> = Vec::new();
    let from = if from.modifier.difference(to.modifier).is_empty() {
        from
    } else {
        params.push("0".into());
        PLAIN
    };
    for (flag, code) in [
        (Modifier::BOLD, "1"),
        (Modifier::DIM, "2"),
        (Modifier::ITALIC, "3"),
        (Modifier::UNDERLINED, "4"),
        (Modifier::SLOW_BLINK, "5"),
        (Modifier::RAPID_BLINK, "6"),
        (Modifier::REVERSED, "7"),
        (Modifier::HIDDEN, "8"),
        (Modifier::CROSSED_OUT, "9"),
    ] {
        if to.modifier.contains(flag) && !from.modifier.contains(flag) {
            params.push(code.into());
        }
    }
    if to.fg != from.fg {
        params.push(color_param(to.fg, false));
    }
    if to.bg != from.bg {
        params.push(color_param(to.bg, true));
    }
    if !params.is_empty() {
        let _ = write!(out, "\x1b[{}m", params.join(";"));
    }
}

fn color_param(color: Color, background: bool) -> String {
    let base = if background { 40 } else { 30 };
    let ansi = |n: u8| (base + n).to_string();
    let bright = |n: u8| (base + 60 + n).to_string();
    let extended = if background { 48 } else { 38 };
    match color {
        Color::Reset => (base + 9).to_string(),
        Color::Black => ansi(0),
        Color::Red => ansi(1),
        Color::Green => ansi(2),
        Color::Yellow => ansi(3),
        Color::Blue => ansi(4),
        Color::Magenta => ansi(5),
        Color::Cyan => ansi(6),
        Color::Gray => ansi(7),
        Color::DarkGray => bright(0),
        Color::LightRed => bright(1),
        Color::LightGreen => bright(2),
        Color::LightYellow => bright(3),
        Color::LightBlue => bright(4),
        Color::LightMagenta => bright(5),
        Color::LightCyan => bright(6),
        Color::White => bright(7),
        Color::Indexed(n) => format!("{extended};5;{n}"),
        Color::Rgb(r, g, b) => format!("{extended};2;{r};{g};{b}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::Terminal;
    use ratatui::style::Style;
    use ratatui::text::Span;

    fn frames(draws: &[&dyn Fn(&mut ratatui::Frame)]) -> Vec<String> {
        let mut terminal = Terminal::with_options(
            CompactBackend::new(Vec::new()),
            ratatui::TerminalOptions {
                viewport: ratatui::Viewport::Fixed(ratatui::layout::Rect::new(0, 0, 10, 3)),
            },
        )
        .unwrap();
        let mut out = Vec::new();
        for draw in draws {
            terminal.draw(|f| draw(f)).unwrap();
            let written = std::mem::take(terminal.backend_mut().out_mut());
            out.push(String::from_utf8(written).unwrap());
        }
        out
    }

    impl<W: Write> CompactBackend<W> {
        fn out_mut(&mut self) -> &mut W {
            &mut self.out
        }
    }

    #[test]
    fn writes_only_what_changed_in_one_style_sequence() {
        let plain = |f: &mut ratatui::Frame| f.render_widget(Span::raw("ab cd"), f.area());
        let styled = |f: &mut ratatui::Frame| {
            f.render_widget(Span::raw("ab "), f.area());
            let style = Style::new().fg(Color::Black).bg(Color::Cyan).bold();
            f.render_widget(
                Span::styled("cd", style),
                ratatui::layout::Rect::new(3, 0, 2, 1),
            );
        };
        let out = frames(&[&plain, &styled, &styled, &plain]);
        assert_eq!(out[0], "\x1b[1;1Hab\x1b[1Ccd\x1b[?25l");
        assert_eq!(out[1], "\x1b[1;4H\x1b[1;30;46mcd\x1b[0m");
        assert_eq!(out[2], "", "an unchanged frame writes nothing");
        assert_eq!(out[3], "\x1b[1;4Hcd");
    }

    #[test]
    fn dropping_an_attribute_resets_then_sets_the_rest() {
        let mut out = String::new();
        let bold_red = Pen {
            fg: Color::Red,
            bg: Color::Reset,
            modifier: Modifier::BOLD | Modifier::REVERSED,
        };
        let red = Pen {
            modifier: Modifier::REVERSED,
            ..bold_red
        };
        write_sgr(&mut out, bold_red, red);
        assert_eq!(out, "\x1b[0;7;31m");
        out.clear();
        write_sgr(
            &mut out,
            PLAIN,
            Pen {
                fg: Color::Indexed(208),
                ..PLAIN
            },
        );
        assert_eq!(out, "\x1b[38;5;208m");
    }
}
