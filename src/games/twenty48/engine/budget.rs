//! How much the computer player may think about one move.

use std::time::Duration;

/// How much a search may do. The node count makes an answer the same on every machine; the time
/// bounds it on a slow or busy one (and then the answer may vary from run to run).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Positions the search may visit (chance nodes and evaluated boards). A 4x4 search visits
    /// some 80 million a second on one core of a current machine, and stops short of the budget
    /// when it predicts that the next depth would not fit.
    pub nodes: u64,
    /// Wall-clock time from the call; None for no limit.
    pub time: Option<Duration>,
}

impl Budget {
    /// At most `nodes` positions, whatever the time: deterministic.
    pub const fn nodes(nodes: u64) -> Budget {
        Budget { nodes, time: None }
    }

    /// At most `time` of wall-clock time.
    pub const fn time(time: Duration) -> Budget {
        Budget {
            nodes: u64::MAX,
            time: Some(time),
        }
    }

    /// This budget, and at most `time` too.
    pub const fn with_time(self, time: Duration) -> Budget {
        Budget {
            nodes: self.nodes,
            time: Some(time),
        }
    }
}
