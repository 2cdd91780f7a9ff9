//! Tests of the rules and the computer player, written against the public API with their own
//! simple reference code (winning lines listed cell by cell, plain minimax) as the judge.

mod computer_levels;
mod engine_position;
mod enumeration;
mod hard_perfect;
mod rules;
mod support;
