//! Settings: every setting of the file, changed with keys or the mouse and saved at once.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, MouseButton, MouseEventKind};
use ratatui::layout::{Constraint, Margin, Position, Rect, Size};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::footer;
use super::games::{self, SETTINGS as ALL};
use super::keys::{self, Binding, Press};
use super::{Heading, ScreenId, Transition, View, heading, panel};
use crate::games::GameId;
use crate::store::Store;
use crate::store::settings::{Kind, SettingValue};
use crate::ui::theme::Theme;

#[derive(Clone, Debug, Default)]
pub struct SettingsScreen {
    /// Index into [`ALL`].
    pub selected: usize,
    /// Digits typed for a number setting, not yet confirmed.
    pub typing: Option<String>,
    /// Only this game's settings, opened from the game and going back to it.
    pub scope: Option<GameId>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum SettingsAction {
    Up,
    Down,
    Select(usize),
    /// Step the selected setting by this many positions.
    Step(i64),
    /// Select a setting and step it (a click on its arrows or value).
    StepAt(usize, i64),
    /// A page of the list up (-1) or down.
    Page(i64),
    Digit(char),
    Erase,
    Confirm,
    Back,
}

/// The narrowest the screen is drawn: a setting's name, its arrows and value, the margins.
const MIN_WIDTH: u16 = LABEL_WIDTH + 4 + VALUE_WIDTH + 1 + 4;
/// The fewest settings shown: the list scrolls through the others.
const MIN_ROWS: u16 = 3;

/// The smallest area the screen draws in, `width` columns wide: a few rows of the list, the
/// longest description of a setting shown wrapped whole, the footer and the borders.
pub fn min_size(screen: &SettingsScreen, width: u16) -> Size {
    let width = width.max(MIN_WIDTH);
    let inner = inner_width(width.min(MAX_WIDTH));
    let about = (shown(screen.scope).into_iter())
        .map(|i| about(i).line_count(inner) as u16)
        .max()
        .unwrap_or(0);
    let footer = footer::height(&keys::footer(&keys(), screen), width);
    Size::new(MIN_WIDTH, 2 + MIN_ROWS + 1 + about + footer)
}

/// The columns inside a frame `width` wide: narrow frames keep a margin of one column, not two.
fn inner_width(width: u16) -> u16 {
    width.saturating_sub(2 * margin(width))
}

fn margin(width: u16) -> u16 {
    if width >= 50 { 2 } else { 1 }
}

/// Whether the selected setting is a number (it can be typed, and changed by 10).
fn number(screen: &SettingsScreen) -> bool {
    matches!(ALL[screen.selected].kind, Kind::Number { .. })
}

/// The keys of the settings screen.
pub fn keys() -> Vec<Binding<SettingsScreen, SettingsAction>> {
    use KeyCode::{Backspace, Char, Enter, PageDown, PageUp, Tab};
    fn step(key: &KeyEvent) -> i64 {
        match (heading(key.code), key.code) {
            (Some(Heading::Left), _) | (_, KeyCode::Char('-')) => -1,
            _ => 1,
        }
    }
    vec![
        Binding::new(
            &[Press::UpDown, Press::Key(Tab)],
            "choose a setting",
            |_, key| {
                Some(match heading(key.code) {
                    Some(Heading::Up) => SettingsAction::Up,
                    _ => SettingsAction::Down,
                })
            },
        )
        .footer("choose"),
        Binding::new(
            &[
                Press::LeftRight,
                Press::Key(Char('-')),
                Press::Key(Char('+')),
            ],
            "change it",
            |_, key| Some(SettingsAction::Step(step(key))),
        )
        .footer("change"),
        Binding::new(
            &[Press::ShiftLeftRight],
            "change a number by 10",
            |_, key| {
                Some(SettingsAction::Step(if key.code == KeyCode::Left {
                    -10
                } else {
                    10
                }))
            },
        )
        .footer_when("by 10", number),
        Binding::new(
            &[Press::Key(PageUp), Press::Key(PageDown)],
            "a page of the list up / down",
            |_, key| {
                Some(SettingsAction::Page(if key.code == PageUp {
                    -1
                } else {
                    1
                }))
            },
        ),
        Binding::new(
            &[Press::Digits],
            "type a number, then Enter (Backspace erases)",
            |_, key| match key.code {
                Char(digit) => Some(SettingsAction::Digit(digit)),
                _ => None,
            },
        )
        .footer_when("type a number", |screen| {
            number(screen) && screen.typing.is_none()
        }),
        Binding::new(&[Press::Key(Backspace)], "", |_, _| {
            Some(SettingsAction::Erase)
        })
        .when(|screen| screen.typing.is_some()),
        Binding::new(&[Press::Key(Enter)], "", |_, _| {
            Some(SettingsAction::Confirm)
        })
        .footer("confirm")
        .when(|screen| screen.typing.is_some()),
        Binding::new(
            &[Press::Key(Enter), Press::Key(Char(' '))],
            "next value",
            |_, _| Some(SettingsAction::Step(1)),
        ),
        keys::back("back", |_, _| Some(SettingsAction::Back)),
        keys::app_key('?', "help"),
        Binding::mouse(
            "mouse click",
            "choose a setting; click its arrows or value to change it",
        ),
        Binding::mouse("mouse wheel", "choose a setting"),
    ]
}
/// The panel does not grow wider than this.
const MAX_WIDTH: u16 = 80;

const LABEL_WIDTH: u16 = 18;
const VALUE_WIDTH: u16 = 11;

/// One line of the list: a section title or a setting.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Entry {
    Section(&'static str),
    Setting(usize),
}

/// The settings shown: all, or one game's.
fn shown(scope: Option<GameId>) -> Vec<usize> {
    (0..ALL.len())
        .filter(|&i| scope.is_none_or(|game| ALL[i].path[0] == game.key()))
        .collect()
}

fn entries(scope: Option<GameId>) -> Vec<Entry> {
    let mut entries = Vec::new();
    let mut section = "";
    for i in shown(scope) {
        if ALL[i].path[0] != section {
            section = ALL[i].path[0];
            entries.push(Entry::Section(section));
        }
        entries.push(Entry::Setting(i));
    }
    entries
}

fn section_title(section: &str) -> &str {
    games::by_key(section).map_or("General", |g| g.title())
}

#[derive(Clone, Debug, PartialEq)]
pub struct SettingsGeometry {
    pub frame: Rect,
    pub about: Rect,
    pub footer: Rect,
    /// The visible lines, each with its row.
    rows: Vec<(Entry, Rect)>,
    /// Where the list is drawn, the line shown first, and how many lines there are.
    list: Rect,
    first: usize,
    lines: usize,
}

/// Columns of a setting's row: the arrow that lowers it, its value, the arrow that raises it.
struct RowParts {
    label: Rect,
    lower: Rect,
    value: Rect,
    raise: Rect,
}

fn row_parts(row: Rect) -> RowParts {
    let label = Rect {
        width: LABEL_WIDTH.min(row.width),
        ..row
    };
    let at = |dx: u16, width: u16| Rect::new(row.x + dx, row.y, width, 1).intersection(row);
    RowParts {
        label,
        lower: at(LABEL_WIDTH + 1, 1),
        value: at(LABEL_WIDTH + 3, VALUE_WIDTH),
        raise: at(LABEL_WIDTH + 4 + VALUE_WIDTH, 1),
    }
}

pub fn geometry(area: Rect, screen: &SettingsScreen) -> SettingsGeometry {
    let selected = screen.selected;
    let (body, footer) = footer::split(area, &keys::footer(&keys(), screen));
    let frame = body.centered_horizontally(Constraint::Max(MAX_WIDTH));
    // The last inner rows describe the selected setting, wrapped whole.
    let inner = frame.inner(Margin::new(margin(frame.width), 1));
    let about_rows = about(selected).line_count(inner.width);
    let about_rows = u16::try_from(about_rows)
        .unwrap_or(u16::MAX)
        .min(inner.height);
    let (inner, about) = super::split_bottom(inner, about_rows);
    let inner = Rect {
        height: inner.height.saturating_sub(1),
        ..inner
    };
    let entries = entries(screen.scope);
    let lines = entries.len();
    let visible = inner.height as usize;
    let selected_line = entries
        .iter()
        .position(|e| *e == Entry::Setting(selected))
        .unwrap_or(0);
    // Scroll just enough to keep the selected line (and its section title, when possible) in view.
    let first = (selected_line + 1).saturating_sub(visible);
    let rows = entries
        .into_iter()
        .skip(first)
        .take(visible)
        .enumerate()
        .map(|(i, entry)| {
            (
                entry,
                Rect::new(inner.x, inner.y + i as u16, inner.width, 1),
            )
        })
        .collect();
    SettingsGeometry {
        frame,
        about,
        footer,
        rows,
        list: inner,
        first,
        lines,
    }
}

impl SettingsGeometry {
    /// The setting at a position, and the step a click there means (0: just select).
    fn hit(&self, position: Position) -> Option<(usize, i64)> {
        self.rows.iter().find_map(|(entry, row)| match entry {
            Entry::Setting(i) if row.contains(position) => {
                let parts = row_parts(*row);
                let step = if parts.lower.contains(position) {
                    -1
                } else if parts.raise.contains(position) || parts.value.contains(position) {
                    1
                } else {
                    0
                };
                Some((*i, step))
            }
            _ => None,
        })
    }
}

pub fn action_for(event: &Event, area: Rect, screen: &SettingsScreen) -> Option<SettingsAction> {
    match event {
        Event::Key(key) => keys::action(&keys(), screen, key),
        Event::Mouse(mouse) => match mouse.kind {
            MouseEventKind::ScrollUp => Some(SettingsAction::Up),
            MouseEventKind::ScrollDown => Some(SettingsAction::Down),
            MouseEventKind::Down(MouseButton::Left) => {
                let (i, step) =
                    geometry(area, screen).hit(Position::new(mouse.column, mouse.row))?;
                Some(if step == 0 {
                    SettingsAction::Select(i)
                } else {
                    SettingsAction::StepAt(i, step)
                })
            }
            _ => None,
        },
        _ => None,
    }
}

impl SettingsScreen {
    /// The settings of one game, as its options key shows them.
    pub fn for_game(game: GameId) -> SettingsScreen {
        SettingsScreen {
            selected: shown(Some(game))[0],
            typing: None,
            scope: Some(game),
        }
    }

    pub fn return_to(&self) -> ScreenId {
        self.scope.map_or(ScreenId::Menu, ScreenId::Game)
    }

    /// Applies `action` to the screen drawn in `area`.
    pub fn update(&mut self, action: SettingsAction, store: &mut Store, area: Rect) -> Transition {
        let shown = shown(self.scope);
        let at = shown.iter().position(|&i| i == self.selected).unwrap_or(0);
        // Moving away from a number being typed keeps what was typed.
        if !matches!(action, SettingsAction::Digit(_) | SettingsAction::Erase) {
            self.finish_typing(store);
        }
        match action {
            SettingsAction::Up => self.selected = shown[at.saturating_sub(1)],
            SettingsAction::Down => self.selected = shown[(at + 1).min(shown.len() - 1)],
            SettingsAction::Select(i) if shown.contains(&i) => self.selected = i,
            SettingsAction::Step(steps) => self.step(store, steps),
            SettingsAction::StepAt(i, steps) if shown.contains(&i) => {
                self.selected = i;
                self.step(store, steps);
            }
            SettingsAction::Select(_) | SettingsAction::StepAt(..) => {}
            SettingsAction::Page(pages) => {
                let page = geometry(area, self).rows.len().max(1) as i64;
                let to = (at as i64 + pages * page).clamp(0, shown.len() as i64 - 1);
                self.selected = shown[to as usize];
            }
            SettingsAction::Digit(digit) => {
                if matches!(ALL[self.selected].kind, Kind::Number { .. }) {
                    let typed = self.typing.get_or_insert_with(String::new);
                    if typed.len() < 7 {
                        typed.push(digit);
                    }
                }
            }
            SettingsAction::Erase => {
                if let Some(typed) = &mut self.typing {
                    typed.pop();
                }
            }
            SettingsAction::Confirm => {}
            SettingsAction::Back => return Transition::Open(self.return_to()),
        }
        Transition::Stay
    }

    fn step(&mut self, store: &mut Store, steps: i64) {
        let setting = ALL[self.selected];
        let value = store.settings().stepped(setting, steps);
        if value != store.settings().get(setting) {
            store.set(setting, value);
        }
    }

    fn finish_typing(&mut self, store: &mut Store) {
        let Some(typed) = self.typing.take() else {
            return;
        };
        let setting = ALL[self.selected];
        if let Ok(n) = typed.parse::<i64>() {
            let value = store.settings().clamped(setting, n);
            store.set(setting, value);
        }
    }
}

pub fn render(view: &View, screen: &SettingsScreen, area: Rect, buf: &mut Buffer) {
    let theme = view.theme;
    let geometry = geometry(area, screen);
    let title = match screen.scope.and_then(games::find) {
        Some(game) => format!(" {} options ", game.title()),
        None => " Settings ".to_string(),
    };
    panel(title, theme).render(geometry.frame, buf);
    let settings = view.store.settings();
    for (entry, row) in &geometry.rows {
        match *entry {
            Entry::Section(section) => {
                Line::styled(section_title(section), theme.heading()).render(*row, buf)
            }
            Entry::Setting(i) => {
                let setting = ALL[i];
                let selected = i == screen.selected;
                let parts = row_parts(*row);
                let value = match (&screen.typing, selected) {
                    (Some(typed), true) => format!("{typed}_"),
                    _ => settings.get(setting).to_string(),
                };
                let label_style = if selected {
                    theme.selected()
                } else {
                    Style::new()
                };
                Span::styled(format!(" {}", setting.label), label_style).render(parts.label, buf);
                Span::styled(theme.symbol("◂", "<"), theme.key()).render(parts.lower, buf);
                Span::styled(
                    format!("{value:^width$}", width = VALUE_WIDTH as usize),
                    value_style(theme, setting.default, settings.get(setting)),
                )
                .render(parts.value, buf);
                Span::styled(theme.symbol("▸", ">"), theme.key()).render(parts.raise, buf);
            }
        }
    }
    super::scroll_marks(
        geometry.first as u16,
        geometry.lines,
        geometry.frame,
        geometry.list,
        theme,
        buf,
    );
    about(screen.selected)
        .style(theme.dim())
        .render(geometry.about, buf);
    footer::render(&keys::footer(&keys(), screen), theme, geometry.footer, buf);
}

/// What the setting at `index` of [`ALL`] does, wrapped as it is drawn.
fn about(index: usize) -> Paragraph<'static> {
    Paragraph::new(ALL[index].about).wrap(Wrap { trim: true })
}

/// Values changed from their default stand out.
fn value_style(theme: &Theme, default: SettingValue, value: SettingValue) -> Style {
    if value == default {
        Style::new()
    } else {
        theme.good()
    }
}
