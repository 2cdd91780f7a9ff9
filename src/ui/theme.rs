//! The look: whether colour is used (and how many colours the terminal has), whether drawing may
//! use characters beyond ASCII, and the styles every screen shares.

use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::border;

/// How many colours the terminal can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Palette {
    TrueColor,
    Ansi256,
    Ansi16,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// `None`: monochrome, meaning is carried by bold and reverse.
    pub palette: Option<Palette>,
    /// Only ASCII characters on screen.
    pub ascii: bool,
}

/// What the environment says about the terminal, read once at start.
#[derive(Clone, Debug, Default)]
pub struct TerminalTraits {
    pub no_color: bool,
    pub palette: Option<Palette>,
    pub utf8: bool,
}

impl TerminalTraits {
    pub fn from_env() -> TerminalTraits {
        let var = |name| std::env::var(name).unwrap_or_default();
        let colorterm = var("COLORTERM").to_ascii_lowercase();
        let term = var("TERM");
        let palette = if colorterm.contains("truecolor") || colorterm.contains("24bit") {
            Palette::TrueColor
        } else if term.contains("256") {
            Palette::Ansi256
        } else {
            Palette::Ansi16
        };
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"]
            .into_iter()
            .map(var)
            .find(|v| !v.is_empty())
            .unwrap_or_default()
            .to_ascii_lowercase();
        TerminalTraits {
            // https://no-color.org: set and not empty.
            no_color: !var("NO_COLOR").is_empty(),
            palette: (term != "dumb").then_some(palette),
            utf8: locale.contains("utf-8") || locale.contains("utf8") || cfg!(windows),
        }
    }
}

impl Theme {
    /// The theme for the `general.theme` setting (`auto`, `color`, `mono`, `ascii`).
    pub fn new(setting: &str, traits: &TerminalTraits) -> Theme {
        let palette = if traits.no_color {
            None
        } else {
            traits.palette
        };
        match setting {
            "mono" => Theme {
                palette: None,
                ascii: false,
            },
            "ascii" => Theme {
                palette,
                ascii: true,
            },
            // An explicit choice in the file overrides NO_COLOR, as no-color.org asks.
            "color" => Theme {
                palette: traits.palette.or(Some(Palette::Ansi16)),
                ascii: false,
            },
            _ => Theme {
                palette,
                ascii: !traits.utf8,
            },
        }
    }

    pub const fn mono() -> Theme {
        Theme {
            palette: None,
            ascii: false,
        }
    }

    pub fn has_color(&self) -> bool {
        self.palette.is_some()
    }

    /// `fg` where colour is available, plain otherwise.
    pub fn fg(&self, color: Color) -> Style {
        if self.has_color() {
            Style::new().fg(color)
        } else {
            Style::new()
        }
    }

    pub fn border(&self) -> border::Set<'static> {
        if self.ascii {
            border::Set {
                top_left: "+",
                top_right: "+",
                bottom_left: "+",
                bottom_right: "+",
                vertical_left: "|",
                vertical_right: "|",
                horizontal_top: "-",
                horizontal_bottom: "-",
            }
        } else {
            border::ROUNDED
        }
    }

    /// Chooses between a Unicode symbol and its ASCII stand-in.
    pub fn symbol(&self, unicode: &'static str, ascii: &'static str) -> &'static str {
        if self.ascii { ascii } else { unicode }
    }

    pub fn title(&self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }

    pub fn heading(&self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }

    /// The item under the cursor in a list.
    pub fn selected(&self) -> Style {
        if self.has_color() {
            Style::new()
                .fg(Color::Black)
                .bg(Color::Cyan)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        }
    }

    /// Keys in footers and help.
    pub fn key(&self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }

    pub fn dim(&self) -> Style {
        if self.has_color() {
            Style::new().fg(Color::DarkGray)
        } else {
            Style::new().add_modifier(Modifier::DIM)
        }
    }

    /// Messages that need attention: notices, confirmations.
    pub fn alert(&self) -> Style {
        if self.has_color() {
            Style::new().fg(Color::Black).bg(Color::Yellow)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }

    pub fn good(&self) -> Style {
        self.fg(Color::Green).add_modifier(Modifier::BOLD)
    }

    pub fn bad(&self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::BOLD)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn traits(no_color: bool, utf8: bool) -> TerminalTraits {
        TerminalTraits {
            no_color,
            palette: Some(Palette::Ansi256),
            utf8,
        }
    }

    #[test]
    fn no_color_turns_colour_off_whatever_the_setting() {
        for setting in ["auto", "color", "mono", "ascii"] {
            let theme = Theme::new(setting, &traits(true, true));
            assert!(!theme.has_color() || setting == "color", "{setting}");
        }
        assert!(!Theme::new("auto", &traits(true, true)).has_color());
    }

    #[test]
    fn auto_follows_the_terminal() {
        let theme = Theme::new("auto", &traits(false, false));
        assert_eq!(theme.palette, Some(Palette::Ansi256));
        assert!(theme.ascii, "a non-UTF-8 locale gets ASCII");
        assert!(!Theme::new("auto", &traits(false, true)).ascii);
        assert!(Theme::new("ascii", &traits(false, true)).ascii);
        assert_eq!(Theme::new("mono", &traits(false, true)).palette, None);
    }
}
