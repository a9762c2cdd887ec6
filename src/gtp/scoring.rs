//! Counting: the judgement of the position (through the engine's
//! [`JudgementCache`](super::judgement_cache::JudgementCache)), its count
//! (what `final_score` and `tengen-result` answer), and the [`Engine`]'s
//! handlers of the commands that report them: `final_status_list`,
//! `final_status`, `tengen-status` and `tengen-score_details`.

use super::engine::Engine;
use super::error::GtpError;
use super::parser::StatusList;
use super::response::point_text;
use crate::board::Point;
use crate::color::Color;
use crate::rules::KoRule;
use crate::rules::score::{Ending, PointOwner, Score, count};
use crate::rules::status::{Judgement, Method, StoneStatus, status_after_best_move};

impl Engine {
    /// Art. 12: under simple ko, a repeated whole-board position ends the
    /// game without result.
    pub(super) fn is_no_result(&self) -> bool {
        self.rules.ko == KoRule::Simple && self.game.has_cycle()
    }

    /// The judgement of the current position as the game ended (cached):
    /// after passes as the rules stand ([`judge`]); stopped by agreement
    /// (a loaded record without final passes), with the open kos at the
    /// border connected by their owners ([`judge_stopped_by_agreement`]).
    ///
    /// [`judge`]: crate::rules::status::judge
    /// [`judge_stopped_by_agreement`]: crate::rules::status::judge_stopped_by_agreement
    pub(super) fn judgement(&mut self) -> &Judgement {
        let by_agreement = !Ending::of(&self.game).by_passes;
        self.judged.judgement(&self.game, self.rules, by_agreement)
    }

    /// The judgement of the current position were the game to end by
    /// passes now (cached): what the end-of-game decisions weigh.
    pub(super) fn judgement_after_passes(&mut self) -> &Judgement {
        self.judged.judgement(&self.game, self.rules, false)
    }

    /// The count of the current position under the rules, judged as the
    /// game ended ([`Self::judgement`]).
    pub(super) fn score(&mut self) -> Result<Score, GtpError> {
        let judgement = self.judgement().clone();
        self.count_judged(&judgement)
    }

    /// The count of the current position judged as after passes
    /// ([`Self::judgement_after_passes`]).
    pub(super) fn score_after_passes(&mut self) -> Result<Score, GtpError> {
        let judgement = self.judgement_after_passes().clone();
        self.count_judged(&judgement)
    }

    /// The count of the current position with `judgement`.
    fn count_judged(&self, judgement: &Judgement) -> Result<Score, GtpError> {
        if self.is_no_result() {
            log::warn!("final_score: no result, a whole-board position repeated (art. 12)");
            return Err(GtpError::CannotScore);
        }
        let (rules, komi, handicap) = (self.rules, self.komi, self.game.handicap());
        let ending = Ending::of(&self.game);
        Ok(count(
            self.game.board(),
            judgement,
            &rules,
            komi,
            handicap,
            ending,
        ))
    }

    /// `final_status_list`: chains one per line for stone statuses, points
    /// on one line for the territory and dame lists.
    pub(super) fn final_status_list(&mut self, which: StatusList) -> Result<String, GtpError> {
        match which {
            StatusList::Stones(status) => {
                let judgement = self.judgement().clone();
                let board = self.game.board();
                // One chain per line, chains ordered by their lowest point.
                let mut chains: Vec<Vec<Point>> = board
                    .points()
                    .filter(|&p| board.color_at(p).is_some() && board.chain_head(p) == p)
                    .filter(|&p| judgement.status(p) == Some(status))
                    .map(|p| {
                        let mut stones: Vec<Point> = board.chain_stones(p).collect();
                        stones.sort_unstable();
                        stones
                    })
                    .collect();
                chains.sort_unstable();
                let lines: Vec<String> = chains
                    .iter()
                    .map(|c| {
                        c.iter()
                            .map(|&s| point_text(s))
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .collect();
                Ok(lines.join("\n"))
            }
            StatusList::Points(owner) => {
                let score = self.score()?;
                let board = self.game.board();
                let points: Vec<String> = board
                    .points()
                    .filter(|&p| board.color_at(p).is_none() && score.owner(p) == Some(owner))
                    .map(point_text)
                    .collect();
                Ok(points.join(" "))
            }
        }
    }

    /// `tengen-score_details`: the count, then one line per chain that is
    /// not plainly alive by Benson's proof: its status and what decided it.
    pub(super) fn score_details(&mut self) -> Result<String, GtpError> {
        let score = self.score()?;
        let judgement = self.judgement().clone();
        let board = self.game.board();
        let mut lines = vec![score.to_string()];
        let mut heads: Vec<Point> = board
            .points()
            .filter(|&p| board.color_at(p).is_some() && board.chain_head(p) == p)
            .collect();
        heads.sort_by_key(|&h| board.chain_stones(h).min());
        for h in heads {
            let (Some(status), Some(method), Some(color)) =
                (judgement.status(h), judgement.method(h), board.color_at(h))
            else {
                continue;
            };
            if status == StoneStatus::Alive && method == Method::Benson {
                continue;
            }
            // Alive by the local search, then seki by art. 8.
            let art8 = status == StoneStatus::Seki && method == Method::Confirmation;
            let status = match status {
                StoneStatus::Alive => "alive",
                StoneStatus::Seki if art8 => "alive",
                StoneStatus::Seki => "seki",
                StoneStatus::Dead => "dead",
            };
            let method = match method {
                Method::Benson => "Benson (pass-alive)",
                Method::Playouts => "status playouts",
                Method::SekiTest => "seki test (art. 8)",
                Method::Confirmation if self.rules.confirmation => "confirmation (art. 7)",
                Method::Confirmation => "local reading",
                Method::Rules => "rules (all stones alive)",
            };
            let art8 = if art8 { ", seki by art. 8" } else { "" };
            let size = board.chain_size(h);
            let plural = if size == 1 { "" } else { "s" };
            let first = board.chain_stones(h).min().unwrap_or(h);
            lines.push(format!(
                "{color} {} ({size} stone{plural}): {status} by {method}{art8}",
                point_text(first)
            ));
        }
        Ok(lines.join("\n"))
    }

    /// `tengen-status vertex [color]`: `alive`, `dead` or `seki`, the
    /// chain at the vertex once both sides play their best, `first` moving
    /// first.
    pub(super) fn status_to_move(
        &mut self,
        p: Point,
        first: Option<Color>,
    ) -> Result<String, GtpError> {
        let board = self.game.board();
        if !board.is_on_board(p) {
            return Err(GtpError::Syntax);
        }
        if board.color_at(p).is_none() {
            return Err(GtpError::EmptyVertex);
        }
        let status = match first {
            Some(first) => status_after_best_move(board, &self.rules, p, first),
            None => self.judgement().status(p),
        };
        Ok(match status {
            Some(StoneStatus::Dead) => "dead",
            Some(StoneStatus::Seki) => "seki",
            _ => "alive",
        }
        .into())
    }

    /// `final_status VERTEX`: the status of a stone, or what an empty point
    /// counts as (GNU Go's words; seki eyes under territory rules are dame).
    pub(super) fn final_status(&mut self, p: Point) -> Result<String, GtpError> {
        if !self.game.board().is_on_board(p) {
            return Err(GtpError::Syntax);
        }
        if self.game.board().color_at(p).is_some() {
            let status = self.judgement().status(p);
            return Ok(match status {
                Some(StoneStatus::Dead) => "dead",
                Some(StoneStatus::Seki) => "seki",
                _ => "alive",
            }
            .into());
        }
        let score = self.score()?;
        Ok(match score.owner(p) {
            Some(PointOwner::Territory(Color::Black)) => "black_territory",
            Some(PointOwner::Territory(Color::White)) => "white_territory",
            _ => "dame",
        }
        .into())
    }
}
