//! `grid-arcade gomoku --engine`: the computer speaks the Gomocup engine protocol on standard
//! input and output, for the Gomocup manager (piskvork) and other engines' tournaments.

use std::io;

use clap::ArgMatches;

use crate::games::gomoku::protocol;
use crate::seeds::Seeds;

/// Answers the manager until `END` or the end of the input. The random choices among equal moves
/// come from `--seed` when it is given.
pub fn run(matches: &ArgMatches) -> Result<(), String> {
    let given = matches.try_get_one::<u64>("seed").ok().flatten().copied();
    let seed = Seeds::new(given).next_seed();
    protocol::run(io::stdin().lock(), io::stdout().lock(), seed)
        .map_err(|e| format!("the engine protocol stopped: {e}"))
}
