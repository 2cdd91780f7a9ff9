//! The main menu: the banner, the items, and a panel with each game's record.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode};
use ratatui::layout::{Rect, Size};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget, Wrap};

use super::footer::{self, Hint};
use super::keys::{self, Binding, Press};
use super::list::{self, Pick};
use super::theme::Theme;
use super::{ScreenId, Transition, View, games, panel};
use crate::games::GameId;

const BANNER: &str = include_str!("../../assets/banner.txt");

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuItem {
    Game(GameId),
    Daily,
    PlayCode,
    Records,
    Settings,
    Help,
    Quit,
}

/// The items of the menu: every game of the list, then the rest.
pub fn items() -> Vec<MenuItem> {
    (games::GAMES.iter().map(|game| MenuItem::Game(game.id())))
        .chain([
            MenuItem::Daily,
            MenuItem::PlayCode,
            MenuItem::Records,
            MenuItem::Settings,
            MenuItem::Help,
            MenuItem::Quit,
        ])
        .collect()
}

impl MenuItem {
    /// The item's place in [`items`], from 0 (its key is one more).
    pub fn position(self) -> usize {
        items().iter().position(|&item| item == self).unwrap_or(0)
    }

    fn label(self) -> &'static str {
        match self {
            MenuItem::Game(game) => games::find(game).map_or("", |game| game.title()),
            MenuItem::Daily => "Daily challenge",
            MenuItem::PlayCode => "Play a code",
            MenuItem::Records => "Records",
            MenuItem::Settings => "Settings",
            MenuItem::Help => "Help",
            MenuItem::Quit => "Quit",
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct Menu {
    pub selected: usize,
    /// The code being typed after "Play a code", while its field is open.
    pub code: Option<CodeField>,
    /// The games with a game in progress, in memory or saved: the menu offers to resume them.
    pub resumable: Vec<GameId>,
}

/// The text field of "Play a code".
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CodeField {
    pub text: String,
    /// Why the last code given was refused.
    pub error: Option<String>,
}

impl Menu {
    /// Whether keys go to the code's field (q types a letter there, it does not quit).
    pub fn typing(&self) -> bool {
        self.code.is_some()
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum MenuAction {
    Up,
    Down,
    /// Open the selected item.
    Open,
    /// Select an item and open it (a digit or a click).
    OpenItem(usize),
    /// In the code's field: a character typed, the last one erased, the code given, or the
    /// field closed.
    Type(char),
    Erase,
    Submit,
    Cancel,
}

/// The narrowest the menu is drawn.
const MIN_WIDTH: u16 = 30;
/// The fewest items shown: the list scrolls through the others.
const MIN_ITEMS: u16 = 3;

/// The smallest area the menu draws in, `width` columns wide: a few items, their borders and the
/// footer.
pub fn min_size(width: u16) -> Size {
    let footer = footer::height(&footer(&Menu::default()), width.max(MIN_WIDTH));
    Size::new(MIN_WIDTH, MIN_ITEMS + 2 + footer)
}

const WORDS: list::Words = list::Words {
    moves: "previous / next item",
    open: "open the selected item",
    open_short: "open",
    pick: "open an item directly",
    click: "open the item under the pointer",
};

/// The keys of the menu, and of the field of "Play a code" while it is open.
pub fn keys() -> Vec<Binding<Menu, MenuAction>> {
    let browsing = |menu: &Menu| !menu.typing();
    let typing = |menu: &Menu| menu.typing();
    let mut table = list::keys(items().len(), &WORDS, browsing);
    table.extend([
        keys::app_key('?', "help").when(browsing),
        keys::app_key('q', "quit").when(browsing),
        Binding::new(
            &[Press::Text],
            "in the field of Play a code: type the code (q types a q there)",
            |_, key| match key.code {
                KeyCode::Char(c) => Some(MenuAction::Type(c)),
                _ => None,
            },
        )
        .when(typing),
        Binding::new(
            &[Press::Key(KeyCode::Enter)],
            "in the field: play the code",
            |_, _| Some(MenuAction::Submit),
        )
        .footer("play")
        .when(typing),
        Binding::new(
            &[Press::Key(KeyCode::Backspace)],
            "in the field: erase the last letter",
            |_, _| Some(MenuAction::Erase),
        )
        .footer("erase")
        .when(typing),
        Binding::new(
            &[Press::Key(KeyCode::Esc)],
            "in the field: close it",
            |_, _| Some(MenuAction::Cancel),
        )
        .footer("back")
        .when(typing),
    ]);
    table
}

/// The keys the menu's footer names in the state of `menu`.
fn footer(menu: &Menu) -> Vec<Hint> {
    keys::footer(&keys(), menu)
}

/// The longest code a player types, with room for the dashes they may add.
const CODE_FIELD_WIDTH: u16 = 40;

/// Width of the items panel, borders included.
const LIST_WIDTH: u16 = 26;
/// The stats panel is drawn only when this much room is left beside the items.
const STATS_MIN_WIDTH: u16 = 34;
const STATS_MAX_WIDTH: u16 = 46;
const GAP: u16 = 2;

/// Where each part of the menu is, for drawing and for mouse hits alike.
#[derive(Clone, Debug, PartialEq)]
pub struct MenuGeometry {
    pub banner: Option<Rect>,
    pub list: Rect,
    /// The first item shown in the list.
    pub first: usize,
    pub stats: Option<Rect>,
    pub footer: Rect,
}

/// Where everything is in `area`, the list showing `selected`.
pub fn geometry(area: Rect, selected: usize) -> MenuGeometry {
    let (body, footer) = footer::split(area, &footer(&Menu::default()));
    let list_height = items().len() as u16 + 2;
    let banner_width = BANNER.lines().map(str::len).max().unwrap_or(0) as u16;
    let banner_height = BANNER.lines().count() as u16;
    let show_banner = body.height > list_height + banner_height && body.width >= banner_width;
    let stats_width = body
        .width
        .saturating_sub(LIST_WIDTH + GAP)
        .min(STATS_MAX_WIDTH);
    let show_stats = stats_width >= STATS_MIN_WIDTH;
    let row_width = LIST_WIDTH + if show_stats { GAP + stats_width } else { 0 };
    let group_height = list_height + if show_banner { banner_height + 1 } else { 0 };
    let left = body.x + body.width.saturating_sub(row_width) / 2;
    let top = body.y + body.height.saturating_sub(group_height) / 2;
    let list_top = top + if show_banner { banner_height + 1 } else { 0 };
    let list = Rect::new(
        left,
        list_top,
        LIST_WIDTH.min(body.width),
        list_height.min(body.height),
    );
    MenuGeometry {
        first: list::first_shown(list, items().len(), selected),
        banner: show_banner.then(|| Rect {
            x: body.x + (body.width - banner_width) / 2,
            y: top,
            width: banner_width,
            height: banner_height,
        }),
        list,
        stats: show_stats
            .then(|| Rect::new(left + LIST_WIDTH + GAP, list_top, stats_width, list_height)),
        footer,
    }
}

impl MenuGeometry {
    /// The row of item `i` inside the items panel.
    pub fn item(&self, i: usize) -> Rect {
        list::row(self.list, i, self.first)
    }
}

pub fn action_for(event: &Event, area: Rect, menu: &Menu) -> Option<MenuAction> {
    match event {
        Event::Key(key) => keys::action(&keys(), menu, key),
        _ if menu.typing() => None,
        _ => {
            let geometry = geometry(area, menu.selected);
            list::click(event, items().len(), geometry.list, geometry.first).map(MenuAction::from)
        }
    }
}

impl From<Pick> for MenuAction {
    fn from(pick: Pick) -> MenuAction {
        match pick {
            Pick::Up => MenuAction::Up,
            Pick::Down => MenuAction::Down,
            Pick::Open => MenuAction::Open,
            Pick::OpenItem(i) => MenuAction::OpenItem(i),
        }
    }
}

impl Menu {
    pub fn update(&mut self, action: MenuAction) -> Transition {
        let items = items();
        let last = items.len() - 1;
        match action {
            MenuAction::Up => self.selected = list::step(self.selected, items.len(), true),
            MenuAction::Down => self.selected = list::step(self.selected, items.len(), false),
            MenuAction::Open => return self.open(items[self.selected.min(last)]),
            MenuAction::OpenItem(i) => {
                self.selected = i.min(last);
                return self.open(items[self.selected]);
            }
            MenuAction::Type(c) => {
                if let Some(field) = &mut self.code
                    && field.text.len() < usize::from(CODE_FIELD_WIDTH)
                {
                    field.text.push(c.to_ascii_uppercase());
                }
                // The error was about the text before this key.
                if let Some(field) = &mut self.code {
                    field.error = None;
                }
            }
            MenuAction::Erase => {
                if let Some(field) = &mut self.code {
                    field.text.pop();
                    field.error = None;
                }
            }
            MenuAction::Submit => {
                if let Some(field) = &mut self.code {
                    match games::decode_code(&field.text) {
                        Ok(code) => {
                            self.code = None;
                            return Transition::PlayCode(code);
                        }
                        Err(error) => field.error = Some(format!("Not a game code: {error}")),
                    }
                }
            }
            MenuAction::Cancel => self.code = None,
        }
        Transition::Stay
    }

    fn open(&mut self, item: MenuItem) -> Transition {
        match item {
            MenuItem::PlayCode => {
                self.code = Some(CodeField::default());
                Transition::Stay
            }
            other => open(other),
        }
    }
}

fn open(item: MenuItem) -> Transition {
    match item {
        MenuItem::Game(game) => Transition::Open(ScreenId::Game(game)),
        MenuItem::Daily => Transition::Open(ScreenId::Daily),
        MenuItem::PlayCode => Transition::Stay,
        MenuItem::Records => Transition::Open(ScreenId::Records),
        MenuItem::Settings => Transition::Open(ScreenId::Settings),
        MenuItem::Help => Transition::Open(ScreenId::Help),
        MenuItem::Quit => Transition::Quit,
    }
}

pub fn render(view: &View, menu: &Menu, area: Rect, buf: &mut Buffer) {
    let theme = view.theme;
    let geometry = geometry(area, menu.selected);
    if let Some(banner) = geometry.banner {
        Paragraph::new(BANNER)
            .style(theme.title())
            .render(banner, buf);
    }
    panel(" grid-arcade ", theme).render(geometry.list, buf);
    let marker = theme.symbol("▸", ">");
    for (i, item) in items().iter().enumerate() {
        let selected = i == menu.selected;
        let resume = matches!(item, MenuItem::Game(game) if menu.resumable.contains(game));
        let line = Line::from(vec![
            if selected {
                Span::styled(marker, theme.key())
            } else {
                Span::raw(" ")
            },
            Span::styled(
                format!("{} ", keys::shortcut(i).unwrap_or(' ')),
                theme.dim(),
            ),
            Span::styled(
                item.label(),
                if selected {
                    theme.selected()
                } else {
                    Style::new()
                },
            ),
            Span::styled(if resume { "  resume" } else { "" }, theme.good()),
        ]);
        line.render(geometry.item(i), buf);
    }
    list::render_marks(geometry.list, items().len(), geometry.first, theme, buf);
    if let Some(stats) = geometry.stats {
        render_stats(view, stats, buf);
    }
    match &menu.code {
        Some(field) => render_code_field(field, &footer(menu), theme, area, buf),
        None => footer::render(&footer(menu), theme, geometry.footer, buf),
    }
}

/// The field of "Play a code", over the middle of the menu, with its own footer.
fn render_code_field(
    field: &CodeField,
    hints: &[Hint],
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let (body, footer_area) = footer::split(area, hints);
    let mut lines = vec![
        Line::styled("Type or paste a game's code:", theme.dim()),
        Line::from(vec![
            Span::styled(field.text.clone(), theme.title()),
            Span::styled("_", theme.key()),
        ]),
    ];
    if let Some(error) = &field.error {
        lines.push(Line::styled(error.clone(), theme.bad()));
    }
    let width = (CODE_FIELD_WIDTH + 4).min(body.width);
    let inner_width = width.saturating_sub(2).max(1);
    // Wrapped, so the height counts each line's rows at this width.
    let rows: u16 = lines
        .iter()
        .map(|line| (line.width() as u16).div_ceil(inner_width).max(1))
        .sum();
    let height = (rows + 2).min(body.height);
    let popup = Rect::new(
        body.x + (body.width - width) / 2,
        body.y + body.height.saturating_sub(height) / 2,
        width,
        height,
    );
    Clear.render(popup, buf);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(panel(" Play a code ", theme))
        .render(popup, buf);
    footer::render(hints, theme, footer_area, buf);
}

fn render_stats(view: &View, area: Rect, buf: &mut Buffer) {
    let theme = view.theme;
    let mut lines = Vec::new();
    for game in games::GAMES {
        let summary = game.summary(view.store);
        lines.push(Line::styled(game.title(), theme.heading()));
        let mut text = format!(" played {}  won {}", summary.played, summary.won);
        if let Some(best) = summary.best {
            text.push_str(&format!("  best {best}"));
        }
        lines.push(Line::raw(text));
    }
    Paragraph::new(lines)
        .block(panel(" Your records ", theme))
        .render(area, buf);
}
