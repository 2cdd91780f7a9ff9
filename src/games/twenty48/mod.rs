//! 2048 rules.
