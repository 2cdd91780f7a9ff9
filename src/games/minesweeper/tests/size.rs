use crate::games::minesweeper::{BoardSize, BoardSizeError, Difficulty};

#[test]
fn presets_have_the_sizes_of_the_issue() {
    let sizes: Vec<_> = [
        Difficulty::Beginner,
        Difficulty::Medium,
        Difficulty::Expert,
        Difficulty::Classic,
    ]
    .into_iter()
    .map(|difficulty| {
        let size = difficulty.preset().unwrap();
        (size.rows(), size.cols(), size.mines())
    })
    .collect();
    assert_eq!(
        sizes,
        [(9, 9, 10), (16, 16, 40), (20, 25, 99), (16, 30, 99)]
    );
    assert_eq!(Difficulty::Custom.preset(), None);
}

#[test]
fn presets_pass_their_own_validation() {
    for size in [
        BoardSize::BEGINNER,
        BoardSize::MEDIUM,
        BoardSize::EXPERT,
        BoardSize::CLASSIC,
    ] {
        assert_eq!(
            BoardSize::new(size.rows(), size.cols(), size.mines()),
            Ok(size)
        );
    }
}

#[test]
fn difficulty_names_round_trip() {
    let names: Vec<_> = Difficulty::ALL
        .iter()
        .map(|difficulty| difficulty.name())
        .collect();
    assert_eq!(names, ["beginner", "medium", "expert", "classic", "custom"]);
    for difficulty in Difficulty::ALL {
        assert_eq!(difficulty.name().parse(), Ok(difficulty));
        assert_eq!(difficulty.to_string(), difficulty.name());
    }
    let error = "hard".parse::<Difficulty>().unwrap_err();
    assert!(error.to_string().contains("\"hard\""));
}

#[test]
fn custom_sizes_accept_the_limits() {
    assert!(BoardSize::new(5, 5, 1).is_ok());
    assert!(BoardSize::new(5, 5, 16).is_ok());
    assert!(BoardSize::new(1000, 1000, 1_000_000 - 9).is_ok());
    assert!(BoardSize::new(5, 1000, 4991).is_ok());
}

#[test]
fn custom_sizes_refuse_beyond_the_limits() {
    assert_eq!(BoardSize::new(4, 9, 1), Err(BoardSizeError::Rows(4)));
    assert_eq!(BoardSize::new(9, 1001, 1), Err(BoardSizeError::Cols(1001)));
    assert!(matches!(
        BoardSize::new(9, 9, 0),
        Err(BoardSizeError::Mines { max: 72, .. })
    ));
    assert!(matches!(
        BoardSize::new(5, 5, 17),
        Err(BoardSizeError::Mines { max: 16, .. })
    ));
}

#[test]
fn size_errors_read_well() {
    let message = |rows, cols, mines| BoardSize::new(rows, cols, mines).unwrap_err().to_string();
    assert_eq!(
        message(9, 9, 73),
        "mines must be between 1 and 72 for a 9x9 board, not 73"
    );
    assert_eq!(message(3, 9, 5), "rows must be between 5 and 1000, not 3");
    assert_eq!(
        message(9, 2000, 5),
        "columns must be between 5 and 1000, not 2000"
    );
}
