//! A game's help names, on its `o` line, the settings its options screen shows.

mod common;

use common::screen::{Fixture, draw, key, send, text};
use grid_arcade::app::Launch;
use grid_arcade::ui::ScreenId;
use grid_arcade::ui::games::GAMES;
use grid_arcade::ui::help::page_of;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Size;

#[test]
fn the_o_line_of_each_game_s_help_names_the_settings_its_options_show() {
    for game in GAMES {
        let launch = Launch {
            seed: Some(3),
            open: Some(game.id()),
            ..Launch::default()
        };
        let mut f = Fixture::start("", Size::new(120, 60), launch);
        send(&mut f.app, key(KeyCode::Char('o')));
        assert_eq!(f.app.screen, ScreenId::Settings, "{}", game.title());
        let shown = text(&draw(&f.app));
        let page = page_of(ScreenId::Game(game.id()));
        let line = (page.keys.iter())
            .find(|line| line.keys == "o")
            .unwrap_or_else(|| panic!("{}: no o line", game.title()));
        for setting in game.settings() {
            assert!(shown.contains(setting.label), "{}\n{shown}", setting.label);
            assert!(
                line.does.contains(&setting.label.to_lowercase()),
                "{}: {:?} names {}",
                game.title(),
                line.does,
                setting.label
            );
        }
    }
}
