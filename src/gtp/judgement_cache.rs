//! The engine's judgement cache: the last judgement of a position, kept
//! so that `final_score`, `final_status_list`, `final_status` and the
//! end-of-game decisions agree on the same judgement and answer fast.

use crate::Move;
use crate::color::Color;
use crate::rules::reply::judge_game_end;
use crate::rules::status::Judgement;
use crate::rules::{Game, Rules};

/// What a judgement depends on.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Key {
    /// The position: the board's hash with its size folded in.
    position: u64,
    /// The rules it was judged under.
    rules: Rules,
    /// A game stopped by agreement ([`crate::rules::status::judge_stopped_by_agreement`]).
    by_agreement: bool,
    /// The last move of a game stopped by agreement, which may leave a
    /// threat to be answered ([`crate::rules::reply::implied_reply`]); `None` otherwise.
    last: Option<(Color, Move)>,
}

/// One judgement, keyed by position hash, rules and how the game ended. A
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

    /// The judgement of `game`'s position under `rules` as at the end of
    /// the game ([`judge_game_end`]: by passes, or stopped by agreement
    /// and the threat the last move left answered); the kept one when the key
    /// matches, otherwise judged now and kept in place of the last.
    pub fn judgement(&mut self, game: &Game, rules: Rules, by_agreement: bool) -> &Judgement {
        let board = game.board();
        let key = Key {
            position: board.hash() ^ (board.size() as u64).rotate_left(56),
            rules,
            by_agreement,
            // Only a game stopped by agreement answers its last move.
            last: game.moves().last().copied().filter(|_| by_agreement),
        };
        if !matches!(&self.last, Some((k, _)) if *k == key) {
            self.last = None;
        }
        &self
            .last
            .get_or_insert_with(|| (key, judge_game_end(game, &rules, by_agreement)))
            .1
    }
}
