//! Tests of the rules and the computer player, written against the public API with their own
//! simple reference code (winning lines listed cell by cell, plain minimax) as the judge.

mod enumeration;
mod rules;
mod support;
