//! The dame phase's defence of live chains: saving a chain in atari,
//! taking stones for free, and answering a threat (an opponent move that
//! would leave a chain in atari with no way out, or two chains in atari
//! that no one move saves) before it is played.

use super::{Area, MAX_TAKEN_BY_DEAD, Phase};
use crate::board::{ARRAY_LEN, Board, Point};
use crate::color::Color;

impl Phase {
    /// A move that saves a live chain of `color` in atari (the biggest
    /// first): the one leaving it most liberties, at least two.
    pub(super) fn rescue_any(&self, color: Color) -> Option<Point> {
        let mut chains: Vec<Point> = self
            .live_chains(color)
            .into_iter()
            .filter(|&h| self.board.in_atari(h))
            .collect();
        chains.sort_by_key(|&h| std::cmp::Reverse(self.board.chain_size(h)));
        chains
            .into_iter()
            .filter(|&h| {
                !self.is_snapback(color.other(), h)
                    && !self.only_dead_take(h, self.board.atari_liberty(h))
            })
            .find_map(|h| rescue(self, color, h))
    }

    /// Whether the chain at `h` is small ([`MAX_TAKEN_BY_DEAD`] stones) and
    /// every enemy stone next to it and next to `at`, the point the enemy
    /// plays to take it or to put it in atari, is dead. Taken by those
    /// dead stones, it would cost its owner nothing: the taker's stones
    /// stay dead, and once they are removed the owner has a point of
    /// territory for each stone he lost and one more for the taker's
    /// stone, as many as the prisoners the taker won, and one over. So he
    /// need not save it, nor answer the threat.
    pub(super) fn only_dead_take(&self, h: Point, at: Point) -> bool {
        let Some(color) = self.board.color_at(h) else {
            return false;
        };
        let only_dead_next_to = |p: Point| {
            p.neighbours()
                .into_iter()
                .all(|n| self.board.color_at(n) != Some(color.other()) || !self.live[n.index()])
        };
        self.board.chain_size(h) <= MAX_TAKEN_BY_DEAD
            && only_dead_next_to(at)
            && self.board.chain_stones(h).all(only_dead_next_to)
    }

    /// Whether `taker`'s capture of the chain at `h` (in atari) would be
    /// taken back at once: his capturing chain is left in atari, more
    /// than one stone (no ko), so the chain at `h` needs no saving.
    pub(super) fn is_snapback(&self, taker: Color, h: Point) -> bool {
        let last = self.board.atari_liberty(h);
        if !self.board.is_legal(taker, last) {
            return false;
        }
        let mut after = self.board.clone();
        after.play_unchecked(taker, last);
        after.color_at(last) == Some(taker) && after.in_atari(last) && after.chain_size(last) >= 2
    }

    /// A capture of opponent stones that costs nothing: stones played in
    /// this phase, or a dead chain whose last liberty is a dame. Chains
    /// judged alive are left alone.
    pub(super) fn take(&self, color: Color) -> Option<Point> {
        let opponent = color.other();
        self.board.points().find_map(|h| {
            if self.board.color_at(h) != Some(opponent)
                || self.board.chain_head(h) != h
                || !self.board.in_atari(h)
            {
                return None;
            }
            let last = self.board.atari_liberty(h);
            let free = if self.live[h.index()] {
                !self.holds_judged_live(h)
            } else {
                self.area[last.index()] == Area::Dame
            };
            (free && self.may_play(color, last)).then_some(last)
        })
    }

    /// When an opponent move would leave a live chain of `color` in atari
    /// with no way out, a move of `color` after which no such move exists,
    /// and, where one does both, no chain of his is short of liberties
    /// ([`Self::short_chains`]): a dame fill first, then the liberties of
    /// its short chains and of the opponent stones next to them.
    pub(super) fn remove_threat(&self, color: Color) -> Option<Point> {
        if !self.threatened(color) {
            return None;
        }
        let short: Vec<Point> = self
            .live_chains(color)
            .into_iter()
            .filter(|&h| self.board.liberty_count(h, 3) <= 2)
            .collect();
        let mut candidates = self.dame_fills(color);
        candidates.extend(self.defending_points(color, &short));
        // A defence that also leaves no chain short of liberties saves the
        // second stone another defence would leave him to add.
        self.first_defence(color, candidates.clone(), |after| {
            !after.threatened(color) && after.short_chains(color).is_empty()
        })
        .or_else(|| self.first_defence(color, candidates, |after| !after.threatened(color)))
    }

    /// The liberties of the chains of `color` at `chains` and of the
    /// opponent stones next to them, in that order: where they are
    /// defended.
    pub(super) fn defending_points(&self, color: Color, chains: &[Point]) -> Vec<Point> {
        let mut points = Vec::new();
        for &h in chains {
            points.extend(self.board.liberties(h));
            for s in self.board.chain_stones(h) {
                for n in s.neighbours() {
                    if self.board.color_at(n) == Some(color.other()) {
                        points.extend(self.board.liberties(n));
                    }
                }
            }
        }
        points
    }

    /// Of the `candidates` that `color` may play safely (legal, keeping two
    /// liberties or capturing) and after which `solved` holds, the one that
    /// leaves the opponent fewest fills in sente
    /// ([`Self::forcing_fills_after`]), the first of those.
    pub(super) fn first_defence(
        &self,
        color: Color,
        candidates: Vec<Point>,
        solved: impl Fn(&Phase) -> bool,
    ) -> Option<Point> {
        let mut seen = vec![false; ARRAY_LEN];
        candidates
            .into_iter()
            .filter_map(|p| {
                if std::mem::replace(&mut seen[p.index()], true) || !self.may_play(color, p) {
                    return None;
                }
                if self.board.liberties_after(color, p) < 2 && !self.board.is_capture(color, p) {
                    return None;
                }
                let mut after = self.clone();
                after.play_stone(color, p);
                solved(&after).then(|| (p, after.forcing_fills(color.other())))
            })
            .enumerate()
            .min_by_key(|&(order, (_, left))| (left, order))
            .map(|(_, (p, _))| p)
    }

    /// Whether the opponent has a move after which a live chain of `color`
    /// (one judged alive) is in atari with no rescue.
    pub(super) fn threatened(&self, color: Color) -> bool {
        self.live_chains(color)
            .into_iter()
            .filter(|&h| self.board.liberty_count(h, 3) <= 2 && self.holds_judged_live(h))
            .any(|h| self.chain_threatened(h))
    }

    /// Whether the opponent has a move on a liberty of the chain at `h`
    /// after which it is in atari with no rescue, or in atari beside
    /// another chain of its colour that no one move saves with it
    /// ([`Self::double_atari`]).
    pub(super) fn chain_threatened(&self, h: Point) -> bool {
        let Some(color) = self.board.color_at(h) else {
            return false;
        };
        let opponent = color.other();
        self.board.liberties(h).into_iter().any(|m| {
            if !self.board.is_legal(opponent, m) {
                return false;
            }
            // A lone stone taken by dead stones costs nothing: its
            // taker's stones stay dead, a prisoner for each side.
            let by_dead = m
                .neighbours()
                .iter()
                .any(|&n| self.board.color_at(n) == Some(opponent) && !self.live[n.index()]);
            if by_dead && self.board.chain_size(h) == 1 {
                return false;
            }
            if self.only_dead_take(h, m) {
                return false;
            }
            let mut after = self.clone();
            after.play_stone(opponent, m);
            after.board.color_at(h) == Some(color)
                && after.board.in_atari(h)
                && (rescue(&after, color, h).is_none() || after.double_atari(self, h, m))
        })
    }

    /// After the opponent's stone at `m` has put the chain at `h` in atari
    /// (`before`: the phase before that stone): whether another live chain
    /// of the same colour next to `m` is in atari too (judged alive, and
    /// not one that only dead stones would take, [`Self::only_dead_take`])
    /// and no one move of its owner (at the liberty of one of them, or
    /// taking stones in atari next to them) leaves none of them in atari.
    /// He saves one, the opponent takes the other.
    pub(super) fn double_atari(&self, before: &Phase, h: Point, m: Point) -> bool {
        let Some(color) = self.board.color_at(h) else {
            return false;
        };
        let mut chains: Vec<Point> = m
            .neighbours()
            .into_iter()
            .filter(|&n| {
                self.board.color_at(n) == Some(color)
                    && self.board.in_atari(n)
                    && self.holds_judged_live(n)
                    && !before.only_dead_take(n, self.board.atari_liberty(n))
            })
            .collect();
        chains.push(h);
        let chains = self.board.chain_heads(chains);
        if chains.len() < 2 {
            return false;
        }
        let mut saves = chains.iter().flat_map(|&c| saving_points(&self.board, c));
        !saves.any(|p| {
            if !self.may_play(color, p) {
                return false;
            }
            let mut next = self.board.clone();
            next.play_unchecked(color, p);
            chains
                .iter()
                .all(|&c| next.color_at(c) == Some(color) && !next.in_atari(c))
        })
    }
}

/// The move that saves the chain of `color` at `h`, in atari: capturing
/// an opponent chain next to it that is in atari, or extending at its
/// liberty; of those leaving it two liberties or more, one outside his own
/// territory first (no teire), then the one leaving most liberties.
pub(super) fn rescue(phase: &Phase, color: Color, h: Point) -> Option<Point> {
    let board = &phase.board;
    saving_points(board, h)
        .into_iter()
        .filter(|&p| phase.may_play(color, p))
        .map(|p| {
            let mut after = board.clone();
            after.play_unchecked(color, p);
            (p, after.liberty_count(h, 3))
        })
        .filter(|&(_, libs)| libs >= 2)
        .max_by_key(|&(p, libs)| {
            // A move outside his own territory costs its owner nothing.
            let free = phase.area[p.index()] != Area::Own(color);
            (free, libs, std::cmp::Reverse(p.index()))
        })
        .map(|(p, _)| p)
}

/// The points where the owner of the chain at `h`, in atari, may save it:
/// its liberty, then the liberty of each opponent chain in atari next to it
/// (taking it), in the order of the chain's stones.
fn saving_points(board: &Board, h: Point) -> Vec<Point> {
    let mut points = vec![board.atari_liberty(h)];
    let Some(color) = board.color_at(h) else {
        return points;
    };
    for s in board.chain_stones(h) {
        for n in s.neighbours() {
            if board.color_at(n) == Some(color.other()) && board.in_atari(n) {
                points.push(board.atari_liberty(n));
            }
        }
    }
    points
}
