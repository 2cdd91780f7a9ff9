//! Tile colours after the original game's, for true-colour, 256-colour and 16-colour terminals.
//! Without colour, tiles are reversed blocks and the numbers carry the meaning.

use ratatui::style::{Color, Modifier, Style};

use crate::ui::theme::{Palette, Theme};

/// The original's tile backgrounds, 2 to 2048, then the one for every larger tile.
const TRUE_COLOR: [(u8, u8, u8); 12] = [
    (0xee, 0xe4, 0xda),
    (0xed, 0xe0, 0xc8),
    (0xf2, 0xb1, 0x79),
    (0xf5, 0x95, 0x63),
    (0xf6, 0x7c, 0x5f),
    (0xf6, 0x5e, 0x3b),
    (0xed, 0xcf, 0x72),
    (0xed, 0xcc, 0x61),
    (0xed, 0xc8, 0x50),
    (0xed, 0xc5, 0x3f),
    (0xed, 0xc2, 0x2e),
    (0x3c, 0x3a, 0x32),
];

/// Hand-picked from the 256-colour cube so that each of 2 to 2048 has its own colour and the
/// sequence keeps the original's course: creams, oranges to red, then yellows deepening to gold.
const ANSI_256: [u8; 12] = [255, 230, 216, 209, 203, 196, 229, 228, 227, 220, 214, 237];

/// The 16-colour scheme: sixteen colours hold the eleven tiles up to 2048 apart, the larger tiles,
/// the empty places (grey) and the board (dark grey) as well.
const ANSI_16: [Color; 12] = [
    Color::White,
    Color::LightYellow,
    Color::Yellow,
    Color::LightRed,
    Color::Red,
    Color::LightMagenta,
    Color::Magenta,
    Color::LightGreen,
    Color::Green,
    Color::LightCyan,
    Color::Cyan,
    Color::Blue,
];

/// Which of the twelve colours an exponent takes.
fn slot(exponent: u8) -> usize {
    usize::from(exponent.clamp(1, 12)) - 1
}

/// The original writes dark numbers on 2 and 4 and light ones from 8 on. Light text on the pale
/// yellows of 128 and up reads poorly in a terminal's small type, so those keep dark numbers too.
fn dark_text(exponent: u8) -> bool {
    exponent <= 2 || (7..=11).contains(&exponent)
}

pub fn tile_style(exponent: u8, theme: &Theme) -> Style {
    let style = Style::new().add_modifier(Modifier::BOLD);
    let Some(palette) = theme.palette else {
        return style.add_modifier(Modifier::REVERSED);
    };
    let (background, dark, light) = match palette {
        Palette::TrueColor => {
            let (r, g, b) = TRUE_COLOR[slot(exponent)];
            (
                Color::Rgb(r, g, b),
                Color::Rgb(0x77, 0x6e, 0x65),
                Color::Rgb(0xf9, 0xf6, 0xf2),
            )
        }
        Palette::Ansi256 => (
            Color::Indexed(ANSI_256[slot(exponent)]),
            Color::Indexed(241),
            Color::Indexed(231),
        ),
        Palette::Ansi16 => (ANSI_16[slot(exponent)], Color::Black, Color::White),
    };
    style
        .bg(background)
        .fg(if dark_text(exponent) { dark } else { light })
}

/// An empty cell: the original's faded tile place, or a dim dot without colour.
pub fn empty_style(theme: &Theme) -> Style {
    match theme.palette {
        Some(Palette::TrueColor) => Style::new().bg(Color::Rgb(0xcd, 0xc1, 0xb4)),
        Some(Palette::Ansi256) => Style::new().bg(Color::Indexed(251)),
        Some(Palette::Ansi16) => Style::new().bg(Color::Gray),
        None => theme.dim(),
    }
}

/// The board behind the tiles.
pub fn board_style(theme: &Theme) -> Style {
    match theme.palette {
        Some(Palette::TrueColor) => Style::new().bg(Color::Rgb(0xbb, 0xad, 0xa0)),
        Some(Palette::Ansi256) => Style::new().bg(Color::Indexed(247)),
        Some(Palette::Ansi16) => Style::new().bg(Color::DarkGray),
        None => Style::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_table_gives_every_tile_to_2048_its_own_colour() {
        for palette in [Palette::TrueColor, Palette::Ansi256, Palette::Ansi16] {
            let theme = Theme {
                palette: Some(palette),
                ascii: false,
            };
            let mut seen: Vec<Color> = (1..=11)
                .map(|e| tile_style(e, &theme).bg.unwrap())
                .collect();
            seen.sort_by_key(|c| format!("{c:?}"));
            seen.dedup();
            assert_eq!(seen.len(), 11, "{palette:?}");
        }
    }
}
