use super::field;

#[test]
fn bbbv_of_hand_made_boards() {
    let cases = [
        // No mine: one click opens everything.
        (".....\n.....", 1),
        // One zero area reaches every safe cell, the three 1s around the mine included.
        ("*....\n.....\n.....", 1),
        // A wall of mines: the zero column on each side opens itself and the 2-3-2 column next
        // to it, so one click per side.
        ("..*..\n..*..\n..*..", 2),
        // Mines in the corners: the five safe cells are 2, 2, 4, 2, 2 and no zero, five clicks.
        ("*.*\n...\n*.*", 5),
        // Counts 0 1 * 2 * 1 0: each end zero opens itself and its 1; the middle 2 touches no
        // zero and needs its own click: 2 + 1.
        ("..*.*..", 3),
        // Counts, row by row: 1 * 1 0 / 2 2 2 1 / * 1 1 * / 1 1 1 1. The only zero, top right,
        // opens itself and the 1, 2, 1 around it; the other nine numbers need a click each: 1 + 9.
        (".*..\n....\n*..*\n....", 10),
        // Every cell a mine but one, a 3 in the corner: one click.
        (".*\n**", 1),
        // Nothing safe: nothing to click.
        ("**\n**", 0),
    ];
    for (picture, expected) in cases {
        assert_eq!(field(picture).bbbv(), expected, "\n{picture}");
    }
}
