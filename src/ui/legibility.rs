//! How the games' colours read: the test that every text and background pair drawn in true colour
//! and 256 colours reaches a contrast of 4.5:1 (WCAG 2, level AA) on dark and light terminals, and
//! the test that Minesweeper's colour-blind numbers stay apart under simulated colour blindness.
//!
//! Indices 16 to 255 of the 256-colour table have standard values (a 6x6x6 cube, then greys). The
//! sixteen named colours, indices 0 to 15 that repeat them, and the terminal's own text colour are
//! whatever the terminal's scheme makes them, so pairs with one of them are left out. The
//! terminal's own background is taken as black when dark and white when light.

use ratatui::style::{Color, Style};

use crate::games::minesweeper::CellView;
use crate::games::tictactoe::Mark;
use crate::ui::marks::mark_style;
use crate::ui::minesweeper::cell_look;
use crate::ui::theme::{Palette, Theme};
use crate::ui::twenty48::tile_style;

const BLACK: [u8; 3] = [0; 3];
const WHITE: [u8; 3] = [255; 3];

/// The colour's red, green and blue, where they are known.
fn rgb(color: Color) -> Option<[u8; 3]> {
    match color {
        Color::Rgb(r, g, b) => Some([r, g, b]),
        Color::Indexed(n @ 16..=231) => {
            let level = |i: u8| if i == 0 { 0 } else { 55 + 40 * i };
            let n = n - 16;
            Some([level(n / 36), level(n / 6 % 6), level(n % 6)])
        }
        Color::Indexed(n @ 232..=255) => Some([8 + 10 * (n - 232); 3]),
        _ => None,
    }
}

/// sRGB to linear light.
fn linear(rgb: [u8; 3]) -> [f64; 3] {
    rgb.map(|c| {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    })
}

fn luminance(rgb: [u8; 3]) -> f64 {
    let [r, g, b] = linear(rgb);
    0.2126 * r + 0.7152 * g + 0.0722 * b
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

#[test]
fn the_formula_gives_the_known_ratios() {
    assert!((ratio(BLACK, WHITE) - 21.0).abs() < 1e-9);
    assert!((ratio(WHITE, WHITE) - 1.0).abs() < 1e-9);
    // #767676 on white is the grey that just reaches 4.5:1.
    assert!((ratio([0x76; 3], WHITE) - 4.54).abs() < 0.01);
    assert_eq!(rgb(Color::Indexed(16)), Some(BLACK));
    assert_eq!(rgb(Color::Indexed(231)), Some(WHITE));
    assert_eq!(rgb(Color::Indexed(216)), Some([255, 175, 135]));
    assert_eq!(rgb(Color::Indexed(244)), Some([128; 3]));
    assert_eq!(rgb(Color::Yellow), None);
    assert_eq!(rgb(Color::Indexed(3)), None);
    assert_eq!(style_ratio(Style::new().fg(Color::Reset), BLACK), None);
}

/// Every text style the games draw in `theme`, named.
fn text_styles(theme: &Theme) -> Vec<(String, Style)> {
    let mut styles = vec![
        ("title".to_string(), theme.title()),
        ("heading".to_string(), theme.heading()),
        ("key".to_string(), theme.key()),
        ("dim".to_string(), theme.dim()),
        ("alert".to_string(), theme.alert()),
        ("good".to_string(), theme.good()),
        ("bad".to_string(), theme.bad()),
        ("selected".to_string(), theme.selected()),
    ];
    let cells = (1..=8).map(CellView::Revealed).chain([
        CellView::Hidden,
        CellView::Flagged,
        CellView::Question,
        CellView::Mine,
        CellView::ExplodedMine,
        CellView::WrongFlag,
    ]);
    for view in cells {
        for overflagged in [false, true] {
            let (_, style) = cell_look(view, overflagged, theme);
            styles.push((
                format!("Minesweeper {view:?}, overflagged {overflagged}"),
                style,
            ));
        }
    }
    for mark in [Mark::X, Mark::O] {
        styles.push((format!("tic-tac-toe {mark:?}"), mark_style(mark, theme)));
    }
    for exponent in 1..=16 {
        styles.push((
            format!("2048 tile {}", 1u32 << exponent),
            tile_style(exponent, theme),
        ));
    }
    styles
}

/// Every combination of palette, background and number colours a colour terminal can show.
fn colour_themes() -> Vec<Theme> {
    let mut themes = Vec::new();
    for palette in [Palette::TrueColor, Palette::Ansi256] {
        for light in [false, true] {
            for colorblind in [false, true] {
                themes.push(Theme {
                    palette: Some(palette),
                    light,
                    colorblind,
                    ..Theme::mono()
                });
            }
        }
    }
    themes
}

#[test]
fn every_text_and_background_pair_reaches_4_5_to_1() {
    let mut checked: Vec<(f64, String)> = Vec::new();
    for theme in colour_themes() {
        let background = if theme.light { WHITE } else { BLACK };
        for (name, style) in text_styles(&theme) {
            if let Some(ratio) = style_ratio(style, background) {
                let on = if theme.light { "light" } else { "dark" };
                let numbers = if theme.colorblind { ", colorblind" } else { "" };
                let palette = theme.palette.unwrap();
                checked.push((
                    ratio,
                    format!("{palette:?} on {on}{numbers}: {name}, {style:?}"),
                ));
            }
        }
    }
    checked.sort_by(|a, b| a.0.total_cmp(&b.0));
    let failing: Vec<_> = checked.iter().filter(|(ratio, _)| *ratio < 4.5).collect();
    assert!(failing.is_empty(), "below 4.5:1: {failing:#?}");
    // Measured, not left out: each theme's 2048 tiles, Minesweeper numbers 1 to 6 and 8 (each
    // also overflagged, where the alert style's named colours take over), exploded mine and
    // tic-tac-toe marks.
    for theme in colour_themes() {
        let measured = text_styles(&theme)
            .into_iter()
            .filter(|(_, style)| style_ratio(*style, BLACK).is_some())
            .count();
        assert!(measured >= 16 + 7 + 2 + 2, "{theme:?}: {measured}");
    }
    let (lowest, pair) = &checked[0];
    println!(
        "{} pairs; the lowest contrast is {lowest:.2}:1, {pair}",
        checked.len()
    );
}

/// CIELAB of a linear-light colour, D65 white.
fn lab([r, g, b]: [f64; 3]) -> [f64; 3] {
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f64| {
        if t > 216.0 / 24389.0 {
            t.cbrt()
        } else {
            (24389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// Machado, Oliveira and Fernandes (2009), severity 1: what protanopes, deuteranopes and
/// tritanopes see of a linear-light colour.
const DICHROMACIES: [(&str, [[f64; 3]; 3]); 3] = [
    (
        "protanopia",
        [
            [0.152286, 1.052583, -0.204868],
            [0.114503, 0.786281, 0.099216],
            [-0.003882, -0.048116, 1.051998],
        ],
    ),
    (
        "deuteranopia",
        [
            [0.367322, 0.860646, -0.227968],
            [0.280085, 0.672501, 0.047413],
            [-0.011820, 0.042940, 0.968881],
        ],
    ),
    (
        "tritanopia",
        [
            [1.255528, -0.076749, -0.178779],
            [-0.078411, 0.930809, 0.147602],
            [0.004733, 0.691367, 0.303900],
        ],
    ),
];

fn seen(rgb: [u8; 3], matrix: &[[f64; 3]; 3]) -> [f64; 3] {
    let c = linear(rgb);
    lab(matrix.map(|row| (row[0] * c[0] + row[1] * c[1] + row[2] * c[2]).clamp(0.0, 1.0)))
}

fn distance(a: [f64; 3], b: [f64; 3]) -> f64 {
    a.iter()
        .zip(b)
        .map(|(a, b)| (a - b).powi(2))
        .sum::<f64>()
        .sqrt()
}

/// The two Minesweeper numbers that look closest (CIELAB distance) in the themes with or without
/// colour-blind numbers, with normal vision or a dichromacy. The terminal's text colour (7) is
/// taken as light grey on dark and black on light.
fn closest_numbers(colorblind: bool) -> (f64, String) {
    let identity = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    let visions = [("normal vision", identity)]
        .into_iter()
        .chain(DICHROMACIES);
    let mut closest = (f64::MAX, String::new());
    for (vision, matrix) in visions {
        for theme in colour_themes()
            .into_iter()
            .filter(|t| t.colorblind == colorblind)
        {
            let text = if theme.light { BLACK } else { [0xe5; 3] };
            let colours: Vec<(u8, [u8; 3])> = (1..=8)
                .map(|n| {
                    let (_, style) = cell_look(CellView::Revealed(n), false, &theme);
                    (n, rgb(style.fg.unwrap()).unwrap_or(text))
                })
                .collect();
            for (i, (a, ca)) in colours.iter().enumerate() {
                for (b, cb) in &colours[i + 1..] {
                    let d = distance(seen(*ca, &matrix), seen(*cb, &matrix));
                    if d < closest.0 {
                        closest = (d, format!("{a} and {b}, {vision}, light {}", theme.light));
                    }
                }
            }
        }
    }
    closest
}

#[test]
fn colour_blind_numbers_stay_apart_under_simulated_colour_blindness() {
    let colorblind = closest_numbers(true);
    assert!(colorblind.0 >= 12.0, "{colorblind:?}");
    // The classic colours, chosen for normal vision, are what the setting is for.
    let classic = closest_numbers(false);
    assert!(classic.0 < 12.0, "{classic:?}");
    println!("closest numbers: colour-blind {colorblind:?}, classic {classic:?}");
}
