//! Tests of the rules, one file per subject.

mod size;
