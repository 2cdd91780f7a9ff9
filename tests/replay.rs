//! Replays of a history made by playing: every game of all three kinds, played through the app
//! with seeded random inputs (wins, losses, draws, games given up, undo, hints, question marks),
//! replays to exactly the end the history recorded; one recorded otherwise is refused.

mod common;

use std::time::{Duration, Instant};

use common::drive::entry_code;
use common::drive::minesweeper::{move_to, play};
use common::screen::Fixture;
use grid_arcade::app::{Action, App, Launch};
use grid_arcade::games::GameId;
use grid_arcade::games::minesweeper::{self, BoardSize, Difficulty, FirstClick, Hint};
use grid_arcade::games::tictactoe::{self, Level, PRESETS};
use grid_arcade::games::twenty48::{self, Direction, tile_value};
use grid_arcade::history::{Entry, FILE, History, MOVES_FILE, Outcome};
use grid_arcade::play::marks::CodeGame;
use grid_arcade::play::minesweeper::code::CodeBoard;
use grid_arcade::play::tictactoe::Opponent;
use grid_arcade::play::tictactoe::TicTacToe;
use grid_arcade::play::{minesweeper as mines_play, tictactoe as ttt_play, twenty48 as t48_play};
use grid_arcade::replay::{ReplayError, Replayable, Wanted, find};
use grid_arcade::ui::games;
use grid_arcade::ui::minesweeper::{MinesAction, MinesweeperScreen};
use grid_arcade::ui::tictactoe::{TicTacToeAction, TicTacToeScreen};
use grid_arcade::ui::twenty48::{Twenty48Action, Twenty48Screen};
use rand::{RngExt, SeedableRng};
use tempfile::TempDir;

/// An app with a data folder whose every new game comes from `seed`.
fn start(config: &str, seed: u64) -> Fixture {
    let launch = Launch {
        seed: Some(seed),
        ..Launch::default()
    };
    Fixture::with_data(config, launch)
}

type Random = rand_pcg::Pcg64Mcg;

/// Five games on each of three boards, with flags cycling through question marks or not.
fn minesweeper_games(rng: &mut Random, question_marks: bool) -> Fixture {
    let setups = [
        (
            Difficulty::Beginner,
            BoardSize::BEGINNER,
            FirstClick::Opening,
        ),
        (
            Difficulty::Custom,
            BoardSize::new(6, 9, 12).unwrap(),
            FirstClick::Safe,
        ),
        (Difficulty::Medium, BoardSize::MEDIUM, FirstClick::NoGuess),
    ];
    let mut f = start(
        &format!("[minesweeper]\nquestion_marks = {question_marks}\n"),
        rng.random_range(0..1 << 40),
    );
    for (level, size, first_click) in setups {
        let board = CodeBoard {
            level,
            size,
            first_click,
            first: None,
        };
        f.app.play_code(board.code(rng.random_range(0..1 << 40)));
        for game in 0..5 {
            play_minesweeper(&mut f.app, size, rng, game);
        }
    }
    f
}

/// Plays until the game ends, then starts a new game (giving up one in progress): game 0 of
/// every five by the solver's hints, game 1 mostly so, game 3 given up after three moves, the
/// others by random moves.
fn play_minesweeper(app: &mut App, size: BoardSize, rng: &mut Random, game: usize) {
    let moves = if game % 5 == 3 { 3 } else { 500 };
    for _ in 0..moves {
        let screen = &app.games.find::<MinesweeperScreen>().unwrap().session;
        if screen.game.status().is_over() {
            break;
        }
        let by_hint = screen.game.status() == minesweeper::Status::Playing
            && match game % 5 {
                0 => true,
                1 => rng.random_range(0..10) > 0,
                _ => false,
            };
        let action = if by_hint {
            play(app, MinesAction::Hint);
            // The first hint asks whether to go on.
            play(app, MinesAction::Answer(true));
            match app.games.find::<MinesweeperScreen>().unwrap().session.hint {
                Some(Hint::Safe(_)) => MinesAction::Reveal,
                Some(Hint::Mine(_)) => MinesAction::Flag,
                _ => MinesAction::Reveal,
            }
        } else {
            let pos = minesweeper::Pos::new(
                rng.random_range(0..size.rows()),
                rng.random_range(0..size.cols()),
            );
            move_to(app, pos);
            match rng.random_range(0..12) {
                0..=1 => MinesAction::Flag,
                2 => MinesAction::Chord,
                _ => MinesAction::Reveal,
            }
        };
        play(app, action);
    }
    play(app, MinesAction::NewGame);
    play(app, MinesAction::Answer(true));
}

fn tictactoe_games(rng: &mut Random) -> Fixture {
    let mut f = start("", rng.random_range(0..1 << 40));
    for (board, opponent) in [
        (PRESETS[0], Opponent::Computer(Level::Easy)),
        (PRESETS[0], Opponent::Human),
        (PRESETS[1], Opponent::Computer(Level::Medium)),
        (PRESETS[2], Opponent::Human),
    ] {
        let game = CodeGame {
            table: board.name,
            opponent,
            plays_x: rng.random(),
        };
        let code = game.code::<TicTacToe>(rng.random_range(0..1 << 40));
        f.app.play_code(code.unwrap());
        for game in 0..4 {
            play_tictactoe(&mut f.app, rng, game == 3);
        }
    }
    f
}

/// Waits for the computer's move, as the event loop's ticks would show it.
fn let_computer_move(app: &mut App) {
    let start = Instant::now();
    while (app.games.find::<TicTacToeScreen>().unwrap().session).computer_to_move() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the computer moves"
        );
        app.now += Duration::from_millis(500);
        app.update(Action::Tick);
        std::thread::sleep(Duration::from_millis(1));
    }
}

fn play_tictactoe(app: &mut App, rng: &mut Random, give_up: bool) {
    loop {
        let_computer_move(app);
        let game = &app.games.find::<TicTacToeScreen>().unwrap().session.game;
        if game.is_over() || give_up && game.history().len() >= 3 {
            break;
        }
        let free: Vec<tictactoe::Pos> = game.free_cells().collect();
        let pos = free[rng.random_range(0..free.len())];
        app.update(TicTacToeAction::Click(pos).into());
        if rng.random_range(0..10) == 0 {
            app.update(TicTacToeAction::Undo.into());
            // The first undo of a game asks whether to go on.
            app.update(TicTacToeAction::Answer(true).into());
        }
    }
    app.update(TicTacToeAction::NewGame.into());
    app.update(TicTacToeAction::Answer(true).into());
}

fn twenty48_games(rng: &mut Random) -> Fixture {
    let mut f = start("[2048]\nanimations = false\n", rng.random_range(0..1 << 40));
    for size in [3, 4, 5] {
        f.app
            .play_code(t48_play::code::code(size, rng.random_range(0..1 << 40)));
        for _ in 0..2 {
            for _ in 0..600 {
                let game = &f.app.games.find::<Twenty48Screen>().unwrap().session.game;
                if !game.can_move() {
                    break;
                }
                let action = match rng.random_range(0..30) {
                    0 => Twenty48Action::Undo,
                    _ => Twenty48Action::Slide(Direction::ALL[rng.random_range(0..4)]),
                };
                f.app.update(action.into());
                // The first undo asks whether to go on; the win waits for the player.
                f.app.update(Twenty48Action::Answer(true).into());
                f.app.update(Twenty48Action::KeepGoing.into());
            }
            f.app.update(Twenty48Action::NewGame.into());
            f.app.update(Twenty48Action::Answer(true).into());
        }
    }
    f
}

fn entries(f: &Fixture) -> (History, Vec<Entry<'static>>) {
    let history = History::new(&f.dir.path().join("data"));
    let read = history.entries().unwrap();
    assert_eq!(read.skipped, 0);
    (history, read.items)
}

/// Every game of the fixture's history replays to its recorded end; returns how many did.
fn replay_all(f: &Fixture, game: GameId) -> Vec<Outcome> {
    let (history, entries) = entries(f);
    let mut results = Vec::new();
    for entry in entries {
        assert_eq!(entry.game, game.key());
        let wanted = Wanted::Id(entry.id.to_string());
        let mut replay = find(&history, &wanted, &games::replayables())
            .unwrap_or_else(|e| panic!("{} replays: {e}", entry.id));
        assert_eq!(replay.at(), replay.len(), "a replay opens at its end");
        // The end reached again after going back to the start and through the middle.
        replay.seek(0);
        replay.seek(replay.len() / 2);
        replay.seek(replay.len());
        if let Some(t) = replay.timeline::<minesweeper::Game>() {
            let m: mines_play::facts::Facts = entry.facts().unwrap();
            let g = t.current();
            assert_eq!(g.clicks() as u32, m.clicks);
            assert_eq!(g.bbbv().unwrap_or(0) as u32, m.bbbv);
            let ended = match g.status() {
                minesweeper::Status::Won => Outcome::Won,
                minesweeper::Status::Lost => Outcome::Lost,
                _ => Outcome::Abandoned,
            };
            assert_eq!(ended, entry.result);
        } else if let Some(t) = replay.timeline::<tictactoe::Game>() {
            let facts: ttt_play::facts::Facts = entry.facts().unwrap();
            assert_eq!(t.current().history().len() as u32, facts.moves);
            assert_eq!(t.current().is_over(), entry.result != Outcome::Abandoned);
        } else if let Some(t) = replay.timeline::<twenty48::Game>() {
            let facts: t48_play::facts::Facts = entry.facts().unwrap();
            let g = t.current();
            assert_eq!((g.score(), g.moves()), (facts.score, facts.moves));
            assert_eq!(tile_value(g.biggest_tile()) as u64, facts.tile);
        } else {
            panic!("{} is of another game than its replay", entry.id);
        }
        results.push(entry.result);
    }
    results
}

#[test]
fn every_minesweeper_game_of_a_played_history_replays_to_its_end() {
    let mut rng = Random::seed_from_u64(1);
    let mut results = replay_all(
        &minesweeper_games(&mut rng, false),
        grid_arcade::play::minesweeper::GAME,
    );
    results.extend(replay_all(
        &minesweeper_games(&mut rng, true),
        grid_arcade::play::minesweeper::GAME,
    ));
    assert_eq!(results.len(), 30);
    for kind in [Outcome::Won, Outcome::Lost, Outcome::Abandoned] {
        assert!(results.contains(&kind), "{kind:?} among {results:?}");
    }
}

#[test]
fn every_tictactoe_game_of_a_played_history_replays_to_its_end() {
    let f = tictactoe_games(&mut Random::seed_from_u64(2));
    let results = replay_all(&f, grid_arcade::play::tictactoe::GAME);
    // Two-player games given up are not recorded: nobody lost them.
    assert_eq!(results.len(), 14);
    for kind in [Outcome::Won, Outcome::Lost, Outcome::Abandoned] {
        assert!(results.contains(&kind), "{kind:?} among {results:?}");
    }
}

#[test]
fn every_2048_game_of_a_played_history_replays_to_its_end() {
    let f = twenty48_games(&mut Random::seed_from_u64(3));
    let results = replay_all(&f, grid_arcade::play::twenty48::GAME);
    assert_eq!(results.len(), 6);
    assert!(results.contains(&Outcome::Over), "{results:?}");
    let (history, entries) = entries(&f);
    assert!(entries.iter().any(|e| e.undo), "some games used undo");
    // The last game, and the latest game with a code.
    let all = games::replayables();
    let last = find(&history, &Wanted::Last, &all).unwrap();
    assert_eq!(last.entry, entries[5]);
    let code = entry_code(&entries[2]).unwrap();
    let wanted = Wanted::parse(&code.encode(), &games::formats()).unwrap();
    let by_code = find(&history, &wanted, &all).unwrap();
    assert_eq!(by_code.entry, entries[2]);
}

#[test]
fn a_game_that_does_not_reach_its_recorded_end_or_of_another_format_is_refused() {
    let f = twenty48_games(&mut Random::seed_from_u64(4));
    let (history, entries) = entries(&f);
    let data = f.dir.path().join("data");
    let moves = history.moves(&entries[0].id).unwrap().unwrap();

    let all = games::replayables();
    let mut facts: t48_play::facts::Facts = entries[0].facts().unwrap();
    facts.score += 4;
    let changed = grid_arcade::history::Entry {
        facts: std::borrow::Cow::Owned(serde_json::value::to_raw_value(&facts).unwrap()),
        ..entries[0].clone()
    };
    match t48_play::Twenty48.replay(changed, &moves) {
        Err(ReplayError::Mismatch { what, .. }) => assert!(what.starts_with("score"), "{what}"),
        other => panic!("refused for its score, not {:?}", other.err()),
    }
    let cut = &moves[..moves.len() - 1];
    assert!(matches!(
        t48_play::Twenty48.replay(entries[0].clone(), cut),
        Err(ReplayError::Mismatch { .. })
    ));
    let error = t48_play::Twenty48
        .replay(entries[0].clone(), "lrx")
        .err()
        .unwrap();
    assert_eq!(error.to_string().lines().count(), 1);

    // A line of a later format is found by its id, and refused by name.
    let mut text = std::fs::read_to_string(data.join(FILE)).unwrap();
    text.push_str("{\"v\":2,\"id\":\"newer001\",\"shape\":\"unknown\"}\n");
    std::fs::write(data.join(FILE), text).unwrap();
    let formats = games::formats();
    let error = find(
        &history,
        &Wanted::parse("newer001", &formats).unwrap(),
        &all,
    )
    .err()
    .unwrap();
    assert_eq!(
        error,
        ReplayError::Version {
            id: "newer001".into(),
            found: 2
        }
    );
    assert!(error.to_string().contains("format 2"), "{error}");
    assert!(matches!(
        find(&history, &Wanted::Last, &all),
        Err(ReplayError::Version { .. })
    ));
    assert!(matches!(
        find(
            &history,
            &Wanted::parse("zzzz0000", &formats).unwrap(),
            &all
        ),
        Err(ReplayError::NotFound(_))
    ));
    std::fs::remove_file(data.join(MOVES_FILE)).unwrap();
    assert!(matches!(
        find(&history, &Wanted::Id(entries[1].id.to_string()), &all),
        Err(ReplayError::NoMoves(_))
    ));
    let empty = TempDir::new().unwrap();
    assert_eq!(
        find(&History::new(empty.path()), &Wanted::Last, &all).err(),
        Some(ReplayError::NoHistory)
    );
}

#[test]
fn ids_are_read_whatever_their_case_and_a_bad_one_names_what_was_looked_for() {
    let formats = games::formats();
    assert_eq!(
        Wanted::parse("ZCMGHFTH", &formats),
        Ok(Wanted::Id("zcmghfth".to_string()))
    );
    assert_eq!(Wanted::parse("Last", &formats), Ok(Wanted::Last));
    let error = Wanted::parse("QQ12", &formats).unwrap_err();
    for looked_for in ["last", "an id of the history", "a game code"] {
        assert!(error.contains(looked_for), "{error}");
    }
}
