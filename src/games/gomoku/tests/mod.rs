//! Tests of the rules and the computer player, written against the public API with their own
//! plain reference code as the judge.

mod computer;
mod engine;
mod protocol;
mod rules;
mod support;
