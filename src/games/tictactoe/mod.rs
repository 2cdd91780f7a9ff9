//! Tic-tac-toe rules and the computer player.
