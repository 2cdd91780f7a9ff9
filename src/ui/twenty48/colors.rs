//! Tile colours after the original game's, for true-colour, 256-colour and 16-colour terminals.
//! Without colour, tiles are reversed blocks and the numbers carry the meaning.

use ratatui::style::{Color, Modifier, Style};

use crate::ui::theme::{Palette, Theme};

/// Tiles up to 2^16 = 65536 have colours of their own; larger ones take 65536's.
const COLOURS: usize = 16;

/// The original's tile backgrounds from 2 to 2048, then darker shades for the larger tiles down to
/// the original's colour for them all.
const TRUE_COLOR: [(u8, u8, u8); COLOURS] = [
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
    (0xa6, 0x46, 0x1a),
    (0x8f, 0x2f, 0x3a),
    (0x6b, 0x2f, 0x5e),
    (0x3f, 0x3d, 0x73),
    (0x3c, 0x3a, 0x32),
];

/// Hand-picked from the 256-colour cube along the same course: creams, oranges to red, yellows
/// deepening to gold, then burnt orange, dark red, plum, indigo and dark grey.
const ANSI_256: [u8; COLOURS] = [
    255, 230, 216, 209, 203, 202, 229, 228, 227, 220, 214, 130, 124, 89, 60, 237,
];

/// Sixteen colours less the board's (dark grey) and the empty places' (grey) leave fourteen
/// backgrounds, so the largest tiles share a background and differ by the colour of their number:
/// (background, number).
const ANSI_16: [(Color, Color); COLOURS] = [
    (Color::White, Color::Black),
    (Color::LightYellow, Color::Black),
    (Color::Yellow, Color::Black),
    (Color::LightRed, Color::Black),
    (Color::Red, Color::Black),
    (Color::LightMagenta, Color::Black),
    (Color::Magenta, Color::Black),
    (Color::LightGreen, Color::Black),
    (Color::Green, Color::Black),
    (Color::LightCyan, Color::Black),
    (Color::Cyan, Color::Black),
    (Color::Blue, Color::White),
    (Color::LightBlue, Color::Black),
    (Color::Black, Color::White),
    (Color::Blue, Color::LightYellow),
    (Color::Black, Color::LightYellow),
];

/// Which of the colours an exponent takes.
fn slot(exponent: u8) -> usize {
    usize::from(exponent).clamp(1, COLOURS) - 1
}

/// Dark numbers on the light tiles up to 2048, light ones on the dark tiles above. (The original
/// writes light numbers from 8 on, which on its oranges reads at under 3:1.)
fn dark_text(exponent: u8) -> bool {
    exponent <= 11
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
                Color::Rgb(0x20, 0x1c, 0x18),
                Color::Rgb(0xf9, 0xf6, 0xf2),
            )
        }
        Palette::Ansi256 => (
            Color::Indexed(ANSI_256[slot(exponent)]),
            Color::Indexed(234),
            Color::Indexed(231),
        ),
        Palette::Ansi16 => {
            let (background, number) = ANSI_16[slot(exponent)];
            return style.bg(background).fg(number);
        }
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

    fn looks(palette: Palette) -> Vec<(Option<Color>, Option<Color>)> {
        let theme = Theme {
            palette: Some(palette),
            ..Theme::mono()
        };
        (1..=17)
            .map(|e| {
                let style = tile_style(e, &theme);
                (style.bg, style.fg)
            })
            .collect()
    }

    #[test]
    fn each_table_gives_every_tile_to_65536_its_own_look_and_larger_ones_share_it() {
        for palette in [Palette::TrueColor, Palette::Ansi256, Palette::Ansi16] {
            let looks = looks(palette);
            let mut seen: Vec<String> = looks[..16].iter().map(|l| format!("{l:?}")).collect();
            seen.sort();
            seen.dedup();
            assert_eq!(seen.len(), 16, "{palette:?}");
            assert_eq!(looks[16], looks[15], "{palette:?}: 131072 looks like 65536");
        }
    }

    #[test]
    fn true_colour_and_256_colours_give_every_tile_to_65536_its_own_background() {
        for palette in [Palette::TrueColor, Palette::Ansi256] {
            let mut backgrounds: Vec<String> = looks(palette)[..16]
                .iter()
                .map(|l| format!("{:?}", l.0))
                .collect();
            backgrounds.sort();
            backgrounds.dedup();
            assert_eq!(backgrounds.len(), 16, "{palette:?}");
        }
    }
}
