//! The engine's judgement cache: the last judgement of a position, kept
//! so that `final_score`, `final_status_list`, `final_status` and the
//! end-of-game decisions agree on the same judgement and answer fast.

use crate::board::Board;
use crate::color::Color;
use crate::rules::Rules;
use crate::rules::status::{Judgement, judge, judge_stopped_by_agreement, judge_to_move};

/// What a judgement depends on.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Key {
    /// The position: the board's hash with its size folded in.
    position: u64,
    /// The rules it was judged under.
    rules: Rules,
    /// Who moves first ([`judge_to_move`]), or `None` for the judgement
    /// as at the end of the game ([`judge`]).
    to_move: Option<Color>,
    /// A game stopped by agreement ([`judge_stopped_by_agreement`]).
    by_agreement: bool,
}

/// One judgement, keyed by position hash, rules and side to move. A
/// request with another key replaces it; nothing else invalidates it.
#[derive(Clone, Debug, Default)]
pub struct JudgementCache {
    last: Option<(Key, Judgement)>,
}

impl JudgementCache {
    /// An empty cache.
    #[must_use]
    pub fn new() -> JudgementCache {
        JudgementCache::default()
    }

    /// The judgement of `board` under `rules` with `to_move` moving first
    /// ([`judge_to_move`]), or as at the end of the game when `None`
    /// ([`judge`], or [`judge_stopped_by_agreement`] when `by_agreement`):
    /// the kept one when the key matches, otherwise judged now and kept in
    /// place of the last.
    pub fn judgement(
        &mut self,
        board: &Board,
        rules: Rules,
        to_move: Option<Color>,
        by_agreement: bool,
    ) -> &Judgement {
        let key = Key {
            position: board.hash() ^ (board.size() as u64).rotate_left(56),
            rules,
            to_move,
            by_agreement: by_agreement && to_move.is_none(),
        };
        if !matches!(&self.last, Some((k, _)) if *k == key) {
            self.last = None;
        }
        &self
            .last
            .get_or_insert_with(|| {
                let judged = match (to_move, key.by_agreement) {
                    (None, false) => judge(board, &rules),
                    (None, true) => judge_stopped_by_agreement(board, &rules),
                    (Some(first), _) => judge_to_move(board, &rules, first),
                };
                (key, judged)
            })
            .1
    }
}
