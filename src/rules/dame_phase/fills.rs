//! The dame phase's fills: which dame a player fills, those in sente
//! first, and under territory counting the one that leaves the opponent
//! fewest fills in sente and keeps open points neutral.

use super::{Area, Fill, Phase};
use crate::board::Point;
use crate::color::Color;
use crate::rules::Scoring;

impl Phase {
    /// A dame fill for `color`, of the kind `kind`: one that puts a live
    /// opponent chain in atari first (the opponent must answer), then,
    /// under territory counting, one after which the opponent has the fewest
    /// such fills against `color` ([`Self::forcing_fills_after`]), then one
    /// the opponent could use to put a chain of `color` in atari, then any.
    /// Under territory counting, after those, a fill that keeps more points
    /// behind it neutral that would otherwise close as the opponent's goes
    /// first, and one that would close such a point as his own is not
    /// played unless it forces or defends ([`Self::leaning_neighbours`]): a
    /// dame that wins a point was a move of the game, so the points behind
    /// a dame the players left open are counted neutral, whichever side
    /// fills first.
    pub(super) fn fill_dame(&self, color: Color, kind: Fill) -> Option<Point> {
        let opponent = color.other();
        self.dame_fills(color)
            .into_iter()
            .map(|d| {
                let forcing = self.is_forcing_fill(color, d);
                let defending = self.may_play(opponent, d) && self.is_forcing_fill(opponent, d);
                let (denies, closes) = if self.scoring == Scoring::Territory {
                    (
                        self.leaning_neighbours(d, opponent),
                        self.leaning_neighbours(d, color),
                    )
                } else {
                    (0, 0)
                };
                (d, forcing, defending, denies, closes)
            })
            .filter(|&(_, forcing, defending, _, closes)| {
                forcing || (kind == Fill::Any && (defending || closes == 0))
            })
            // Then a point on the frontier, next to live stones of both
            // colours, before one behind it; ties go to the first point
            // (max_by_key keeps the last, so the index is reversed).
            .max_by_key(|&(d, forcing, defending, denies, _)| {
                let frontier = Color::ALL
                    .iter()
                    .all(|&c| d.neighbours().iter().any(|&n| self.is_live(n, c)));
                // Of two gote fills, the one that leaves the opponent fewer
                // fills in sente: a fill that takes away one of his forcing
                // fills but makes two new ones against the filler's own
                // stones gains nothing.
                let left = if forcing {
                    0
                } else {
                    self.forcing_fills_after(color, d)
                };
                (
                    forcing,
                    std::cmp::Reverse(left),
                    defending,
                    denies,
                    frontier,
                    std::cmp::Reverse(d.index()),
                )
            })
            .map(|(d, ..)| d)
    }

    /// Whether `mover`'s stone at the dame `d` puts a live chain of the
    /// other colour in atari and keeps two liberties: a fill in sente.
    pub(super) fn is_forcing_fill(&self, mover: Color, d: Point) -> bool {
        let victim = mover.other();
        self.board.liberties_after(mover, d) >= 2
            && d.neighbours().iter().any(|&n| {
                self.board.color_at(n) == Some(victim)
                    && self.live[n.index()]
                    && self.board.liberty_count(n, 3) == 2
            })
    }

    /// Under territory counting, how many dame fills in sente
    /// ([`Self::is_forcing_fill`]) `mover` has here: each forces a teire on
    /// the other side. Zero under area counting, where an answer inside
    /// one's own area costs nothing.
    pub(super) fn forcing_fills(&self, mover: Color) -> usize {
        if self.scoring != Scoring::Territory {
            return 0;
        }
        self.dame_fills(mover)
            .into_iter()
            .filter(|&e| self.is_forcing_fill(mover, e))
            .count()
    }

    /// [`Self::forcing_fills`] of the opponent once `color` has played at
    /// `p`.
    pub(super) fn forcing_fills_after(&self, color: Color, p: Point) -> usize {
        if self.scoring != Scoring::Territory {
            return 0;
        }
        let mut after = self.clone();
        after.play_stone(color, p);
        after.forcing_fills(color.other())
    }

    /// For a dame `d` between live stones of both colours, the empty points
    /// next to it, in its dame area, that touch live stones of `owner` only
    /// and whose empty neighbours all touch the other colour: a stone of
    /// the other colour at `d` leaves them neutral, one of `owner`'s helps
    /// close them as his. A point with an empty neighbour of `owner`'s
    /// only is the mouth of a larger area, which its owner blocks.
    pub(super) fn leaning_neighbours(&self, d: Point, owner: Color) -> usize {
        let touches = |e: Point, c: Color| e.neighbours().iter().any(|&n| self.is_live(n, c));
        if !(touches(d, owner) && touches(d, owner.other())) {
            return 0;
        }
        d.neighbours()
            .iter()
            .filter(|&&e| {
                self.board.is_on_board(e)
                    && self.board.color_at(e).is_none()
                    && self.area[e.index()] == Area::Dame
                    && touches(e, owner)
                    && !touches(e, owner.other())
                    && e.neighbours().iter().all(|&f| {
                        self.board.color_at(f).is_some()
                            || !self.board.is_on_board(f)
                            || touches(f, owner.other())
                    })
            })
            .count()
    }

    /// The dame `color` can fill safely: legal, not joining a dead stone
    /// of its own, keeping two liberties or capturing.
    pub(super) fn dame_fills(&self, color: Color) -> Vec<Point> {
        self.board
            .points()
            .filter(|&d| {
                self.area[d.index()] == Area::Dame
                    && self.may_play(color, d)
                    && (self.board.liberties_after(color, d) >= 2
                        || self.board.is_capture(color, d))
            })
            .collect()
    }
}
