//! The dame phase's shortage of liberties: a live chain that the
//! opponent, moving first, takes by force once the dame are filled (read,
//! not guessed) gets its stone first.

use super::{Area, MAX_SHORT_LIBERTIES, MIN_SHORT_CHAIN, Phase, SHORTAGE_BUDGET, SHORTAGE_REACH};
use crate::board::Point;
use crate::color::Color;
use crate::rules::Scoring;

impl Phase {
    /// A key of the stones within [`SHORTAGE_REACH`] of the chain at `h`,
    /// and of the chain itself: the reading of its shortage depends on them.
    pub(super) fn local_key(&self, h: Point) -> u64 {
        use std::hash::{Hash, Hasher};
        let stones: Vec<Point> = self.board.chain_stones(h).collect();
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        h.index().hash(&mut hasher);
        for p in self.board.points() {
            let near = stones
                .iter()
                .any(|s| s.col().abs_diff(p.col()) + s.row().abs_diff(p.row()) <= SHORTAGE_REACH);
            if near {
                (p.index(), self.board.color_at(p)).hash(&mut hasher);
            }
        }
        hasher.finish()
    }

    /// Whether the chain at `h` is taken by force, its opponent moving
    /// first (read once per neighbourhood).
    pub(super) fn taken_first(&self, h: Point) -> bool {
        let key = self.local_key(h);
        if let Some(&taken) = self.shortage_read.borrow().get(&key) {
            return taken;
        }
        let Some(color) = self.board.color_at(h) else {
            return false;
        };
        let taken = crate::board::capture::taken_by_force_within(
            &self.board,
            h,
            color.other(),
            SHORTAGE_BUDGET,
        );
        self.shortage_read.borrow_mut().insert(key, taken);
        taken
    }

    /// The live chains of `color` of two stones or more
    /// ([`MIN_SHORT_CHAIN`]), with two or three liberties, none in the
    /// opponent's territory, that the opponent, moving first, takes by force
    /// ([`crate::board::capture::taken_by_force_within`]): dead stones next
    /// to them that outlast them in a race, or a placement they cannot
    /// answer. Small chains only dead stones could take are left out
    /// ([`Self::only_dead_take`]).
    pub(super) fn short_chains(&self, color: Color) -> Vec<Point> {
        let opponent = color.other();
        self.live_chains(color)
            .into_iter()
            .filter(|&h| {
                let count = self.board.liberty_count(h, MAX_SHORT_LIBERTIES + 1);
                if !(2..=MAX_SHORT_LIBERTIES).contains(&count)
                    || self.board.chain_size(h) < MIN_SHORT_CHAIN
                    || !self.holds_judged_live(h)
                {
                    return false;
                }
                let libs = self.board.liberties(h);
                !self.only_dead_take(h, libs[0])
                    && libs
                        .iter()
                        .all(|l| self.area[l.index()] != Area::Own(opponent))
                    && self.taken_first(h)
            })
            .collect()
    }

    /// Under territory counting, when a chain of `color` is short of
    /// liberties ([`Self::short_chains`]), a move of `color` after which
    /// none is: a liberty of the short chains or of the opponent stones
    /// next to them, outside his own territory first, never in the
    /// opponent's. The opponent would not need to fill a dame first: he
    /// starts inside, so the owner adds the stone now (a teire).
    pub(super) fn remove_shortage(&self, color: Color) -> Option<Point> {
        if self.scoring != Scoring::Territory {
            return None;
        }
        let short = self.short_chains(color);
        if short.is_empty() {
            return None;
        }
        let opponent = color.other();
        let mut candidates = self.defending_points(color, &short);
        candidates.retain(|&p| self.area[p.index()] != Area::Own(opponent));
        candidates.sort_by_key(|&p| self.area[p.index()] == Area::Own(color));
        self.first_defence(color, candidates, |after| {
            short
                .iter()
                .all(|&h| after.board.color_at(h) != Some(color) || !after.taken_first(h))
        })
    }
}
