//! The bound on local reading of one scoring step ([`ReadingScope`]):
//! the judgement of a game's end, or a count with its dame phase, judges
//! several positions, and together they read at most
//! [`SCOPE_NODE_BUDGET`] nodes, each counted as if read, remembered
//! ([`super::memo`]) or not, so the bound depends only on the position.

use std::cell::Cell;

/// The most nodes the local readings of one scoring step spend
/// together (the judgements of the dame phase, the implied reply and the
/// lookahead); later problems go to the playouts. The seki reading keeps
/// its own budget ([`super::seki`]). The same as one judgement's own
/// budget: on the 2,500 professional records no answer changed with it
/// (nor with half of it), and a record that judges one large problem
/// again and again (Oza_58_20 four times) stays well within a second.
pub const SCOPE_NODE_BUDGET: u64 = super::reading::JUDGEMENT_NODE_BUDGET;

thread_local! {
    /// The nodes left to the open [`ReadingScope`], if one is open.
    static SCOPE_LEFT: Cell<Option<u64>> = const { Cell::new(None) };
}

/// One scoring step's bound on local reading ([`SCOPE_NODE_BUDGET`]),
/// while the value lives. A scope opened inside another is part of it.
#[must_use = "the scope ends when dropped"]
pub struct ReadingScope {
    /// Whether this scope opened the bound (and closes it).
    outermost: bool,
}

impl ReadingScope {
    /// Opens a scope with [`SCOPE_NODE_BUDGET`] nodes, unless one is open.
    pub fn open() -> ReadingScope {
        let outermost = SCOPE_LEFT.with(|c| c.get().is_none());
        if outermost {
            SCOPE_LEFT.with(|c| c.set(Some(SCOPE_NODE_BUDGET)));
        }
        ReadingScope { outermost }
    }
}

impl Drop for ReadingScope {
    fn drop(&mut self) {
        if self.outermost {
            SCOPE_LEFT.with(|c| c.set(None));
        }
    }
}

/// The nodes the open scope has left; without one, no bound.
pub(super) fn scope_left() -> u64 {
    SCOPE_LEFT.with(Cell::get).unwrap_or(u64::MAX)
}

/// Charges `nodes` to the open scope, if any.
pub(super) fn scope_spend(nodes: u64) {
    SCOPE_LEFT.with(|c| c.set(c.get().map(|left| left.saturating_sub(nodes))));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scope bounds what is spent inside it, a scope opened inside it
    /// shares its budget, and none is left open once it is dropped.
    #[test]
    fn a_reading_scope_bounds_its_step_and_closes() {
        assert_eq!(scope_left(), u64::MAX, "no bound outside a scope");
        let outer = ReadingScope::open();
        assert_eq!(scope_left(), SCOPE_NODE_BUDGET);
        scope_spend(1_000);
        {
            let _inner = ReadingScope::open();
            assert_eq!(scope_left(), SCOPE_NODE_BUDGET - 1_000, "shared");
            scope_spend(SCOPE_NODE_BUDGET);
            assert_eq!(scope_left(), 0);
        }
        assert_eq!(scope_left(), 0, "the inner scope does not close it");
        drop(outer);
        assert_eq!(scope_left(), u64::MAX);
        scope_spend(5);
        assert_eq!(scope_left(), u64::MAX, "nothing charged outside a scope");
    }
}
