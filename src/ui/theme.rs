//! The look: whether colour is used (and how many colours the terminal has), whether the
//! terminal's background is light, whether drawing may use characters beyond ASCII, and the styles
//! every screen shares.

use std::time::Duration;

use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::border;
use terminal_colorsaurus::{QueryOptions, ThemeMode, theme_mode};

use crate::store::settings::{Settings, THEME};

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
    /// Text drawn on the terminal's own background is coloured to read on a light one.
    pub light: bool,
    /// Numbers take colours that stay apart for every kind of colour vision (a game's setting
    /// asks for it: see Minesweeper's number colours).
    pub colorblind: bool,
}

/// What the environment says about the terminal, read once at start.
#[derive(Clone, Debug, Default)]
pub struct TerminalTraits {
    pub no_color: bool,
    pub palette: Option<Palette>,
    pub utf8: bool,
    /// The terminal said its background is light; see [`TerminalTraits::ask_background`].
    pub light_background: bool,
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
            light_background: false,
        }
    }

    /// Asks the terminal for its colours (OSC 10 and 11) and notes whether its background is
    /// light. A terminal that cannot answer says so at once, as the question is followed by one
    /// that every terminal answers; only one that says nothing at all makes this wait out the
    /// timeout. Answers are read from the terminal directly, so this must run before anything else
    /// reads input.
    pub fn ask_background(&mut self) {
        let mut options = QueryOptions::default();
        options.timeout = answer_timeout(
            ["SSH_CONNECTION", "SSH_TTY"]
                .iter()
                .any(|name| std::env::var_os(name).is_some()),
        );
        self.light_background = matches!(theme_mode(options), Ok(ThemeMode::Light));
    }
}

/// How long the terminal may take to tell its colours: nearby it answers within a millisecond or
/// two. Over SSH the answer takes a round trip, and one that came after the wait would be read as
/// keys (1 opens Minesweeper), so the wait is longer there.
fn answer_timeout(remote: bool) -> Duration {
    Duration::from_millis(if remote { 500 } else { 50 })
}

impl Theme {
    /// The theme for the `general.theme` setting (`auto`, `color`, `mono`, `ascii`, `light`,
    /// `dark`).
    pub fn new(setting: &str, traits: &TerminalTraits) -> Theme {
        let palette = if traits.no_color {
            None
        } else {
            traits.palette
        };
        // An explicit choice of colours in the file overrides NO_COLOR, as no-color.org asks.
        let forced = traits.palette.or(Some(Palette::Ansi16));
        let (palette, ascii, light) = match setting {
            "mono" => (None, false, false),
            "ascii" => (palette, true, traits.light_background),
            "color" => (forced, false, traits.light_background),
            "light" => (forced, !traits.utf8, true),
            "dark" => (forced, !traits.utf8, false),
            _ => (palette, !traits.utf8, traits.light_background),
        };
        Theme {
            palette,
            ascii,
            light: light && palette.is_some(),
            colorblind: false,
        }
    }

    /// The theme the settings ask for.
    pub fn from_settings(settings: &Settings, traits: &TerminalTraits) -> Theme {
        Theme::new(settings.choice(&THEME), traits)
    }

    /// Whether the theme `setting` takes its colours from the terminal's background, which is then
    /// worth asking for.
    pub fn follows_background(setting: &str, traits: &TerminalTraits) -> bool {
        !matches!(setting, "light" | "dark") && Theme::new(setting, traits).has_color()
    }

    pub const fn mono() -> Theme {
        Theme {
            palette: None,
            ascii: false,
            light: false,
            colorblind: false,
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

    /// Text on the terminal's own background. On a dark one, the terminal's named colours, which
    /// its scheme makes readable there. On a light one, named yellow and cyan rarely are, so
    /// 256-colour terminals get a dark shade of the table's and 16-colour ones a darker named
    /// colour.
    fn ink(&self, on_dark: Color, on_light_16: Color, on_light: u8) -> Style {
        self.fg(match (self.light, self.palette) {
            (false, _) => on_dark,
            (true, Some(Palette::Ansi16)) => on_light_16,
            (true, _) => Color::Indexed(on_light),
        })
    }

    pub fn title(&self) -> Style {
        self.ink(Color::Yellow, Color::Magenta, 94)
            .add_modifier(Modifier::BOLD)
    }

    pub fn heading(&self) -> Style {
        self.ink(Color::Cyan, Color::Blue, 24)
            .add_modifier(Modifier::BOLD)
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
        self.ink(Color::Cyan, Color::Blue, 24)
            .add_modifier(Modifier::BOLD)
    }

    pub fn dim(&self) -> Style {
        if self.has_color() {
            self.ink(Color::DarkGray, Color::DarkGray, 242)
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
        self.ink(Color::Green, Color::Green, 28)
            .add_modifier(Modifier::BOLD)
    }

    pub fn bad(&self) -> Style {
        self.ink(Color::Red, Color::Red, 124)
            .add_modifier(Modifier::BOLD)
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
            light_background: false,
        }
    }

    #[test]
    fn no_color_turns_colour_off_whatever_the_setting() {
        for setting in ["auto", "color", "mono", "ascii", "light", "dark"] {
            let theme = Theme::new(setting, &traits(true, true));
            let chosen = ["color", "light", "dark"].contains(&setting);
            assert_eq!(theme.has_color(), chosen, "{setting}");
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

    #[test]
    fn auto_follows_the_background_and_light_and_dark_force_one() {
        let light = TerminalTraits {
            light_background: true,
            ..traits(false, true)
        };
        let dark = traits(false, true);
        for setting in ["auto", "color", "ascii"] {
            assert!(Theme::new(setting, &light).light, "{setting}");
            assert!(!Theme::new(setting, &dark).light, "{setting}");
        }
        assert!(Theme::new("light", &dark).light);
        assert!(!Theme::new("dark", &light).light);
        // Without colour there is nothing to choose.
        assert!(!Theme::new("mono", &light).light);
    }

    #[test]
    fn the_terminal_is_asked_only_when_its_background_decides_the_colours() {
        let dark = traits(false, true);
        for setting in ["auto", "color", "ascii"] {
            assert!(Theme::follows_background(setting, &dark), "{setting}");
        }
        for setting in ["light", "dark", "mono"] {
            assert!(!Theme::follows_background(setting, &dark), "{setting}");
        }
        // NO_COLOR: auto draws without colour; so does TERM=dumb.
        assert!(!Theme::follows_background("auto", &traits(true, true)));
        let dumb = TerminalTraits {
            palette: None,
            ..dark
        };
        assert!(!Theme::follows_background("auto", &dumb));
        assert!(Theme::follows_background("color", &traits(true, true)));
    }

    #[test]
    fn on_a_light_background_no_text_is_yellow_or_cyan() {
        for palette in [Palette::Ansi16, Palette::Ansi256, Palette::TrueColor] {
            let theme = Theme {
                palette: Some(palette),
                light: true,
                ..Theme::mono()
            };
            for style in [theme.title(), theme.heading(), theme.key(), theme.good()] {
                let fg = style.fg.unwrap();
                assert!(
                    ![
                        Color::Yellow,
                        Color::Cyan,
                        Color::LightYellow,
                        Color::LightCyan
                    ]
                    .contains(&fg),
                    "{palette:?}: {style:?}"
                );
            }
        }
    }

    #[test]
    fn the_settings_choose_the_background() {
        use crate::store::settings::GENERAL;
        let doc: toml_edit::DocumentMut = "[general]\ntheme = \"light\"\n".parse().unwrap();
        let settings = Settings::decode(doc.as_table(), GENERAL, &mut Vec::new());
        let theme = Theme::from_settings(&settings, &traits(false, true));
        assert!(theme.light, "{theme:?}");
        let defaults = Settings::defaults(GENERAL);
        let theme = Theme::from_settings(&defaults, &traits(false, true));
        assert!(!theme.light, "{theme:?}");
    }
}
