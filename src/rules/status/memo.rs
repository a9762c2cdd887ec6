//! Local readings remembered across judgements: scoring one record judges
//! many positions (the dame phase, the implied reply, a judgement repeated
//! without its dead stones) that share most of their local problems, and
//! reading a large problem again costs as much as the first time.
//!
//! A reading depends only on the problem's points, the chains it judges,
//! the stones next to them (the walls, with their liberties outside the
//! problem up to [`SAFE_LIBERTIES`]), the ko on the board and how it is
//! read, so that is the key. A reading that ran out of
//! budget is remembered with the budget it had. The memo only saves time:
//! [`judge_remembered`] gives what [`Problem::judge_within`] would give,
//! whatever was read before, so judgements stay the same whatever order
//! records are scored in and on how many threads.
//!
//! A [`ReadingScope`] bounds the reading of one scoring step (the
//! judgement of a game's end, or a count with its dame phase), which
//! judges several positions: together they read at most
//! [`SCOPE_NODE_BUDGET`] nodes, each counted as if read, memo or not, so
//! the bound depends only on the position.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

use crate::board::Board;
use crate::rules::confirm::{FirstMove, Judged, KoMode, OutOfBudget, Problem, SAFE_LIBERTIES};

/// Most readings remembered on one thread; the memo starts again when
/// full.
const MEMO_ENTRIES: usize = 4096;

/// What one reading gave, and with what budget.
#[derive(Clone)]
enum Remembered {
    /// Read to the end.
    Read(Judged),
    /// Out of budget with this many nodes allowed.
    OutOf(u64),
}

/// The most nodes the local readings of one scoring step spend
/// together (the judgements of the dame phase, the implied reply and the
/// lookahead); later problems go to the playouts. The seki reading keeps
/// its own budget ([`super::seki`]). The same as one judgement's own
/// budget: on the 2,500 professional records no answer changed with it
/// (nor with half of it), and a record that judges one large problem
/// again and again (Oza_58_20 four times) stays well within a second.
pub const SCOPE_NODE_BUDGET: u64 = super::reading::JUDGEMENT_NODE_BUDGET;

thread_local! {
    static MEMO: RefCell<HashMap<u64, Remembered>> = RefCell::new(HashMap::new());
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

/// The key of `problem` on `board` read with `ko` and `first`.
fn key(problem: &Problem, board: &Board, ko: KoMode, first: FirstMove) -> u64 {
    let mut h = DefaultHasher::new();
    (ko as u8, first as u8).hash(&mut h);
    board.ko().map(|(p, c)| (p.index(), c.index())).hash(&mut h);
    for &p in &problem.points {
        (p.index(), board.cell(p) as u8).hash(&mut h);
    }
    // The chains judged, each by its lowest stone (heads depend on how
    // the chain was built).
    for &c in &problem.chains {
        board.chain_stones(c).map(|s| s.index()).min().hash(&mut h);
    }
    for &p in &problem.points {
        for n in p.neighbours() {
            if problem.points.contains(&n) || board.color_at(n).is_none() {
                continue;
            }
            let outside = board
                .liberties(n)
                .into_iter()
                .filter(|l| !problem.points.contains(l))
                .count()
                .min(SAFE_LIBERTIES);
            (n.index(), board.cell(n) as u8, outside).hash(&mut h);
        }
    }
    h.finish()
}

/// [`Problem::judge_within`], remembered.
pub(super) fn judge_remembered(
    problem: &Problem,
    board: &Board,
    ko: KoMode,
    first: FirstMove,
    max_nodes: u64,
) -> Result<Judged, OutOfBudget> {
    let key = key(problem, board, ko, first);
    let known = MEMO.with(|m| m.borrow().get(&key).cloned());
    match known {
        // Within a smaller budget the same reading runs out.
        Some(Remembered::Read(judged)) if judged.nodes > max_nodes => return Err(OutOfBudget),
        Some(Remembered::Read(judged)) => return Ok(judged),
        Some(Remembered::OutOf(budget)) if max_nodes <= budget => return Err(OutOfBudget),
        _ => {}
    }
    let judged = problem.judge_within(board, ko, first, max_nodes);
    let remembered = match &judged {
        Ok(j) => Remembered::Read(j.clone()),
        Err(OutOfBudget) => Remembered::OutOf(max_nodes),
    };
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= MEMO_ENTRIES {
            m.clear();
        }
        m.insert(key, remembered);
    });
    judged
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
