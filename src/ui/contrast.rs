//! Text contrast by WCAG 2's formula, and the test that every text and background pair the games
//! draw in true colour and 256 colours reaches 4.5:1 (level AA).
//!
//! Indices 16 to 255 of the 256-colour table have standard values (a 6x6x6 cube, then greys); the
//! sixteen named colours, and indices 0 to 15 that repeat them, are whatever the terminal's scheme
//! makes them, so pairs with one of them are left out. So is the terminal's own text colour.

use ratatui::style::{Color, Style};

use crate::ui::theme::{Palette, Theme};
use crate::ui::twenty48::tile_style;

/// The colour's red, green and blue, where they are known.
fn rgb(color: Color) -> Option<[u8; 3]> {
    match color {
        Color::Rgb(r, g, b) => Some([r, g, b]),
        Color::Indexed(n @ 16..=231) => {
            let level = |i: u8| if i == 0 { 0 } else { 55 + 40 * i };
            let n = n - 16;
            Some([level(n / 36), level(n / 6 % 6), level(n % 6)])
        }
        Color::Indexed(n @ 232..=255) => {
            let grey = 8 + 10 * (n - 232);
            Some([grey; 3])
        }
        _ => None,
    }
}

/// Relative luminance, from sRGB.
fn luminance(rgb: [u8; 3]) -> f64 {
    let linear = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2])
}

fn ratio(a: [u8; 3], b: [u8; 3]) -> f64 {
    let (a, b) = (luminance(a), luminance(b));
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

/// The contrast of a style's text on its background, the terminal's own `background` where the
/// style sets none; `None` where a colour is the terminal's choice.
fn style_ratio(style: Style, background: [u8; 3]) -> Option<f64> {
    let fg = rgb(style.fg?)?;
    let bg = match style.bg {
        None | Some(Color::Reset) => background,
        Some(color) => rgb(color)?,
    };
    Some(ratio(fg, bg))
}

const BLACK: [u8; 3] = [0; 3];
const WHITE: [u8; 3] = [255; 3];

#[test]
fn the_formula_gives_the_known_ratios() {
    assert!((ratio(BLACK, WHITE) - 21.0).abs() < 1e-9);
    assert!((ratio(WHITE, WHITE) - 1.0).abs() < 1e-9);
    // #767676 on white is the classic grey that just reaches 4.5:1.
    let grey = rgb(Color::Rgb(0x76, 0x76, 0x76)).unwrap();
    assert!((ratio(grey, WHITE) - 4.54).abs() < 0.01);
    assert_eq!(rgb(Color::Indexed(16)), Some(BLACK));
    assert_eq!(rgb(Color::Indexed(231)), Some(WHITE));
    assert_eq!(rgb(Color::Indexed(216)), Some([255, 175, 135]));
    assert_eq!(rgb(Color::Indexed(244)), Some([128; 3]));
    assert_eq!(rgb(Color::Yellow), None);
    assert_eq!(rgb(Color::Indexed(3)), None);
}

/// Every text and background pair drawn in `theme`, named, with the terminal's background.
fn pairs(theme: &Theme) -> Vec<(String, Style)> {
    (1..=16)
        .map(|e| (format!("2048 tile {}", 1u32 << e), tile_style(e, theme)))
        .collect()
}

#[test]
fn every_text_and_background_pair_reaches_4_5_to_1() {
    let mut checked: Vec<(f64, String)> = Vec::new();
    for palette in [Palette::TrueColor, Palette::Ansi256] {
        let theme = Theme {
            palette: Some(palette),
            ..Theme::mono()
        };
        for (name, style) in pairs(&theme) {
            if let Some(ratio) = style_ratio(style, BLACK) {
                checked.push((ratio, format!("{palette:?}: {name} {style:?}")));
            }
        }
    }
    checked.sort_by(|a, b| a.0.total_cmp(&b.0));
    let failing: Vec<_> = checked.iter().filter(|(ratio, _)| *ratio < 4.5).collect();
    assert!(failing.is_empty(), "below 4.5:1: {failing:#?}");
    // Every tile of both tables was measured.
    assert_eq!(checked.len(), 32);
    let (lowest, pair) = &checked[0];
    println!("lowest contrast {lowest:.2}:1, {pair}");
}
