//! The 2048 tiles' colours read back from the buffer: sixteen distinct ones from 2 to 65536 in
//! 256 colours, true colour and 16 colours, none the board's, and without colour reversed tiles
//! told apart by their numbers.

mod common;

use common::drive::twenty48::position;
use common::screen::draw;
use common::twenty48_screen::*;
use grid_arcade::games::twenty48::{Game, tile_value};
use grid_arcade::ui::theme::Palette;
use grid_arcade::ui::twenty48::layout::BoardLayout;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};

/// A 5x5 position holding the tiles 2 to 65536 (exponents 1 to 16) and nine empty cells.
fn two_to_65536() -> Game {
    let cells: Vec<u8> = (1..=16).chain([0; 9]).collect();
    position(5, &cells, 0, 0)
}

/// [`two_to_65536`] drawn in `palette`: the background and number colour of each tile, the empty
/// cells' background and the board's.
fn tile_colours(palette: Palette) -> (Vec<(Color, Color)>, Color, Color) {
    let mut f = start(
        "[general]\ntheme = \"color\"\n",
        fresh(5),
        TERMINAL,
        Some(palette),
    );
    f.set_game(two_to_65536());
    let buffer = draw(&f.app);
    let layout = f.layout();
    let at = |i: usize| layout.tile_rect(cell(i / 5, i % 5));
    let tiles: Vec<(Color, Color)> = (0..16)
        .map(|i| {
            let rect = at(i);
            let number = rect
                .positions()
                .find(|p| buffer[(p.x, p.y)].symbol() != " ")
                .expect("a number on the tile");
            (background(&buffer, rect), buffer[number].fg)
        })
        .collect();
    // The numbers are on the tiles.
    for (i, exponent) in (1..=16u8).enumerate() {
        assert_eq!(
            text_in(&buffer, at(i)),
            tile_value(exponent).to_string(),
            "{palette:?}"
        );
    }
    let empty = background(&buffer, at(24));
    // The board's colour shows in the gap left of the first tile.
    let first = at(0);
    let board = buffer[(first.x - 1, first.y)].bg;
    (tiles, empty, board)
}

fn distinct<T: std::fmt::Debug>(items: &[T]) -> usize {
    let mut seen: Vec<String> = items.iter().map(|c| format!("{c:?}")).collect();
    seen.sort();
    seen.dedup();
    seen.len()
}

fn backgrounds(tiles: &[(Color, Color)]) -> Vec<Color> {
    tiles.iter().map(|(background, _)| *background).collect()
}

#[test]
fn tiles_2_to_65536_get_sixteen_colours_in_the_256_colour_table() {
    let (tiles, empty, board) = tile_colours(Palette::Ansi256);
    let tiles = backgrounds(&tiles);
    assert!(
        tiles.iter().all(|c| matches!(c, Color::Indexed(_))),
        "{tiles:?}"
    );
    assert_eq!(distinct(&tiles), 16, "{tiles:?}");
    assert!(!tiles.contains(&empty), "{tiles:?} vs empty {empty:?}");
    assert!(!tiles.contains(&board), "{tiles:?} vs board {board:?}");
    assert_ne!(empty, board);
}

#[test]
fn tiles_2_to_65536_get_sixteen_colours_in_true_colour() {
    let (tiles, empty, board) = tile_colours(Palette::TrueColor);
    let tiles = backgrounds(&tiles);
    assert!(
        tiles.iter().all(|c| matches!(c, Color::Rgb(..))),
        "{tiles:?}"
    );
    assert_eq!(distinct(&tiles), 16, "{tiles:?}");
    assert!(!tiles.contains(&empty) && !tiles.contains(&board));
}

/// Sixteen colours hold fourteen tile backgrounds beside the board's and the empty places', so the
/// largest tiles are told apart by background and number colour together.
#[test]
fn tiles_2_to_65536_get_sixteen_looks_in_16_colours() {
    let (tiles, empty, _) = tile_colours(Palette::Ansi16);
    assert_eq!(distinct(&tiles), 16, "{tiles:?}");
    assert_eq!(distinct(&backgrounds(&tiles)), 14, "{tiles:?}");
    assert!(
        !backgrounds(&tiles).contains(&empty),
        "{tiles:?} vs empty {empty:?}"
    );
}

#[test]
fn no_tile_has_the_board_colour_in_16_colours() {
    let (tiles, _, board) = tile_colours(Palette::Ansi16);
    assert!(
        !backgrounds(&tiles).contains(&board),
        "{tiles:?} vs board {board:?}"
    );
}

/// [`two_to_2048`] drawn without colour.
fn mono_board() -> (Buffer, BoardLayout) {
    let mut f = start("[general]\ntheme = \"mono\"\n", fresh(4), TERMINAL, None);
    f.set_game(two_to_2048());
    (draw(&f.app), f.layout())
}

#[test]
fn without_colour_tiles_are_reversed_and_the_numbers_tell_them_apart() {
    let (buffer, layout) = mono_board();
    for i in 0..11 {
        let rect = layout.tile_rect(cell(i / 4, i % 4));
        assert!(
            rect.positions()
                .all(|p| buffer[(p.x, p.y)].modifier.contains(Modifier::REVERSED)),
            "tile {i} is a reversed block"
        );
        // The number is on the tile's middle row.
        let middle = Rect {
            y: rect.y + (rect.height - 1) / 2,
            height: 1,
            ..rect
        };
        let number = tile_value(i as u8 + 1).to_string();
        assert!(
            text_in(&buffer, middle).starts_with(&number),
            "tile {i}: {:?}",
            text_in(&buffer, middle)
        );
    }
    let empty = layout.tile_rect(cell(3, 3));
    assert_eq!(text_in(&buffer, empty), "·");
    assert!(buffer.content.iter().all(|c| c.bg == Color::Reset));
}

#[test]
fn without_colour_a_tile_shows_its_number_alone() {
    let (buffer, layout) = mono_board();
    for i in 0..11 {
        let rect = layout.tile_rect(cell(i / 4, i % 4));
        assert_eq!(
            text_in(&buffer, rect),
            tile_value(i as u8 + 1).to_string(),
            "tile {i}"
        );
    }
}
