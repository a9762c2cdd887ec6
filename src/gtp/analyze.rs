//! The analysis commands of Leela Zero, KataGo and Sabaki (`lz-analyze`,
//! `kata-analyze`, `analyze` and their `*genmove_analyze`): the streaming
//! [`Engine`] handler and the `info` lines in each dialect, with KataGo's
//! ownership grid.

use super::Host;
use super::command::Dialect;
use super::engine::Engine;
use super::error::GtpError;
use super::parser::AnalyzeArgs;
use super::response::move_text;
use crate::board::playout::Policy;
use crate::board::{Move, Point};
use crate::color::Color;
use crate::mcts::endgame;
use crate::mcts::search::{AnalysisOptions, Report, SearchLimits, analyze};

/// KataGo's ownership grid: `size`×`size` values, rows from the top (A19
/// first), from `color`'s point of view, from per-point Black ownership.
fn ownership_grid(black_ownership: &[f32], size: usize, color: Color) -> String {
    let sign = color.fold(1.0, -1.0);
    (0..size)
        .rev()
        .flat_map(|row| (0..size).map(move |col| (col, row)))
        .filter_map(|(col, row)| Point::new(col, row))
        .map(|p| format!("{:.3}", sign * black_ownership[p.index()]))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Shortest and longest analysis interval, in centiseconds.
const MIN_INTERVAL_CS: u32 = 5;
const MAX_INTERVAL_CS: u32 = 6000;

/// One `info` segment per candidate, all on one line with `pv` last in
/// each, as Sabaki and Lizzie parse it: Leela Zero's integer win rates and
/// priors (0–10000), or KataGo's floats with `scoreLead`, followed by the
/// ownership grid when asked for.
fn info_line(dialect: Dialect, report: &Report, ownership: Option<String>) -> String {
    let pct = |x: f32| (x.clamp(0.0, 1.0) * 10000.0).round() as u32;
    let mut segments: Vec<String> = report
        .candidates
        .iter()
        .enumerate()
        .map(|(order, c)| {
            let n = c.visits.max(1) as f32;
            let lcb = c.win_rate - 1.96 * (c.win_rate * (1.0 - c.win_rate) / n).sqrt();
            let pv: Vec<String> = c.pv.iter().map(|&m| move_text(m)).collect();
            let numbers = match dialect {
                Dialect::LeelaZero | Dialect::Sabaki => format!(
                    "winrate {} prior {} lcb {}",
                    pct(c.win_rate),
                    pct(c.prior),
                    pct(lcb)
                ),
                Dialect::KataGo => {
                    let lead = c.score_lead;
                    format!(
                        "winrate {:.6} scoreMean {lead:.3} scoreLead {lead:.3} prior {:.6} lcb {:.6}",
                        c.win_rate.clamp(0.0, 1.0),
                        c.prior.clamp(0.0, 1.0),
                        lcb.clamp(0.0, 1.0),
                    )
                }
            };
            format!(
                "info move {} visits {} {numbers} order {order} pv {}",
                move_text(c.mv),
                c.visits,
                pv.join(" ")
            )
        })
        .collect();
    if let Some(grid) = ownership {
        segments.push(format!("ownership {grid}"));
    }
    segments.join(" ")
}

impl Engine {
    /// The analysis commands: `*analyze` streams until new input arrives;
    /// `*genmove_analyze` streams for the usual move time, then answers
    /// `play <move>` and the move is played. One `info` line per interval
    /// holds every candidate, in `dialect`. The search continues the tree
    /// kept from earlier searches and keeps its own for the next.
    pub(super) fn analyze_stream(
        &mut self,
        dialect: Dialect,
        color: Color,
        args: AnalyzeArgs,
        genmove: bool,
        host: &mut dyn Host,
    ) -> Result<String, GtpError> {
        let options = AnalysisOptions {
            interval: std::time::Duration::from_millis(
                u64::from(args.interval.clamp(MIN_INTERVAL_CS, MAX_INTERVAL_CS)) * 10,
            ),
            ownership: args.ownership && dialect == Dialect::KataGo,
        };
        let limits = if genmove {
            self.search_limits(color)
        } else {
            SearchLimits {
                playouts: None,
                time: None,
                max_nodes: self.max_nodes,
                threads: self.threads,
                policy: Policy::Tactical,
                move_model: self.move_model,
            }
        };
        if genmove && endgame::passing_wins(self, color) {
            self.commit(color, Move::Pass, true)?;
            host.stream("");
            return Ok("play pass".into());
        }
        // After the opponent's pass with the count lost: pass when no move
        // changes the result, never play inside the own area (as genmove).
        let judging = self.judging_time(color);
        let lost = genmove
            .then(|| endgame::lost_after_pass(self, color, judging))
            .flatten();
        if lost.as_ref().is_some_and(Vec::is_empty) {
            self.commit(color, Move::Pass, true)?;
            host.stream("");
            return Ok("play pass".into());
        }
        // genmove_analyze plays: the search's komi; analysis alone: the real one.
        let komi = if genmove {
            self.search_komi(color)
        } else {
            self.analysis_komi()
        };
        let size = self.game.size();
        let host = std::cell::RefCell::new(host);
        host.borrow_mut().stream("");
        let result = analyze(
            &self.game,
            color,
            komi,
            &limits,
            &mut self.rng,
            &options,
            &mut self.tree_cache,
            &mut || !genmove && host.borrow_mut().input_waiting(),
            &mut |report| {
                let grid = report
                    .ownership
                    .as_ref()
                    .map(|own| ownership_grid(own, size, color));
                // No candidate (no legal move but pass): nothing to report,
                // and an empty line would end the response early.
                if report.candidates.is_empty() {
                    return;
                }
                let line = info_line(dialect, report, grid);
                host.borrow_mut().stream(&format!("{line}\n"));
            },
        );
        if !genmove {
            return Ok(String::new());
        }
        self.clock.spend(color, result.elapsed.as_secs_f64());
        self.after_search(color, komi, &result, true);
        let best = match &lost {
            Some(useful) => endgame::keeps_out_of_own_area(self, color, result.best, useful),
            None => result.best,
        };
        self.commit(color, best, true)?;
        Ok(format!("play {}", move_text(best)))
    }
}
