//! GoGui's side of the protocol: the analyze commands it offers
//! (`gogui-analyze_commands`), the `gfx` drawings of the best moves, the
//! principal variation and the move model, the `dboard` of ownership, and
//! the `param` dialog of the search settings, with the [`Engine`]'s
//! handlers of those commands; and the CPU time `cputime` reports (for
//! GoGui's `gogui-twogtp`).

use super::Host;
use super::engine::Engine;
use super::error::GtpError;
use super::options::MAX_THREADS;
use super::response::{move_text, point_text, short_count};
use crate::board::Point;
use crate::color::Color;
use crate::mcts::model;
use crate::mcts::search::{AnalysisOptions, Report, analyze};

/// GoGui's analyze commands, `type/label/command` (no `/` inside fields).
pub(super) const GOGUI_ANALYZE_COMMANDS: [&str; 9] = [
    "gfx/Best Moves/tengen-best_moves",
    "gfx/Principal Variation/tengen-pv",
    "gfx/Move Model/tengen-move_model",
    "dboard/Ownership/tengen-ownership",
    "plist/Dead Stones/final_status_list dead",
    "plist/Seki Stones/final_status_list seki",
    "string/Final Score/final_score",
    "hstring/Score Details/tengen-score_details",
    "param/Search Settings/tengen-search_param",
];

/// Most candidates `tengen-best_moves` labels.
const BEST_MOVES_SHOWN: usize = 10;

/// GoGui `gfx` of the best moves: each one's visit count as a short label
/// (`2.1k`: GoGui's labels fit about three characters), its
/// share of the visits as influence (Black's sign when Black is to move),
/// and a line of text on the best.
pub(super) fn best_moves_gfx(color: Color, report: &Report) -> String {
    let shown = &report.candidates[..report.candidates.len().min(BEST_MOVES_SHOWN)];
    let total: u32 = report
        .candidates
        .iter()
        .map(|c| c.visits)
        .sum::<u32>()
        .max(1);
    let sign = color.fold(1.0, -1.0);
    let mut lines = Vec::new();
    if !shown.is_empty() {
        let influence: Vec<String> = shown
            .iter()
            .map(|c| {
                format!(
                    "{} {:.2}",
                    move_text(c.mv),
                    sign * c.visits as f32 / total as f32
                )
            })
            .collect();
        lines.push(format!("INFLUENCE {}", influence.join(" ")));
        let labels: Vec<String> = shown
            .iter()
            .map(|c| format!("{} {}", move_text(c.mv), short_count(c.visits)))
            .collect();
        lines.push(format!("LABEL {}", labels.join(" ")));
    }
    // The labels are short; the full visit counts go in the text line.
    let visits: Vec<String> = shown
        .iter()
        .map(|c| format!("{} {}", move_text(c.mv), c.visits))
        .collect();
    lines.push(match report.candidates.first() {
        Some(best) => format!(
            "TEXT {} to move: {} wins {:.1}% in {} simulations; visits {}",
            color.fold("Black", "White"),
            move_text(best.mv),
            best.win_rate * 100.0,
            best.visits,
            visits.join(", ")
        ),
        None => format!("TEXT {} has no move but pass", color.fold("Black", "White")),
    });
    lines.join("\n")
}

/// Most moves `tengen-move_model` labels.
const MODEL_MOVES_SHOWN: usize = 10;

/// GoGui `gfx` of the move model's probabilities for `color`: shading by
/// probability, the first choices labelled in percent, and the text line
/// with their exact figures.
fn move_model_gfx(color: Color, moves: &[(Point, f32)]) -> String {
    let shown = &moves[..moves.len().min(MODEL_MOVES_SHOWN)];
    let best = shown
        .first()
        .map_or(1.0, |&(_, p)| p.max(f32::MIN_POSITIVE));
    let sign = color.fold(1.0, -1.0);
    let mut lines = Vec::new();
    if !shown.is_empty() {
        let influence: Vec<String> = shown
            .iter()
            .map(|&(p, prob)| format!("{} {:.2}", point_text(p), sign * prob / best))
            .collect();
        lines.push(format!("INFLUENCE {}", influence.join(" ")));
        let labels: Vec<String> = shown
            .iter()
            .map(|&(p, prob)| format!("{} {:.0}", point_text(p), prob * 100.0))
            .collect();
        lines.push(format!("LABEL {}", labels.join(" ")));
    }
    let figures: Vec<String> = shown
        .iter()
        .map(|&(p, prob)| format!("{} {:.1}%", point_text(p), prob * 100.0))
        .collect();
    lines.push(if figures.is_empty() {
        format!("TEXT {} has no move but pass", color.fold("Black", "White"))
    } else {
        format!(
            "TEXT {} to move, the model's first choices: {}",
            color.fold("Black", "White"),
            figures.join(", ")
        )
    });
    lines.join("\n")
}

/// GoGui `gfx` of the principal variation of the best move: `VAR b D4 w
/// Q16 …`, colours alternating from the side to move.
pub(super) fn pv_gfx(color: Color, report: &Report) -> String {
    let Some(best) = report.candidates.first() else {
        return String::new();
    };
    let mut to_move = color;
    let moves: Vec<String> = best
        .pv
        .iter()
        .map(|&m| {
            let text = format!("{} {}", to_move.fold("b", "w"), move_text(m));
            to_move = to_move.other();
            text
        })
        .collect();
    format!("VAR {}", moves.join(" "))
}

/// CPU seconds used by this process (Linux `/proc/self/stat`; 0 elsewhere).
pub(super) fn cpu_seconds() -> f64 {
    /// Clock ticks per second of `/proc` times on Linux.
    const TICKS_PER_SECOND: f64 = 100.0;
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // Fields after the parenthesised command name; utime and stime are
    // the 14th and 15th fields of the whole line.
    let Some(rest) = stat.rsplit(')').next() else {
        return 0.0;
    };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / TICKS_PER_SECOND
}

impl Engine {
    /// `tengen-move_model`: the move model's probabilities for the side to
    /// move, as GoGui `gfx`.
    pub(super) fn move_model_gfx(&self) -> String {
        let color = self.game.to_move();
        let moves = self.game.moves();
        let point_before = |back: usize| {
            moves
                .len()
                .checked_sub(back)
                .and_then(|i| moves[i].1.point())
        };
        let probabilities =
            model::move_probabilities(self.game.board(), color, point_before(1), point_before(2));
        move_model_gfx(color, &probabilities)
    }

    /// The ownership of every point in the final-position judgement, as a
    /// GoGui `dboard`: rows from the top, +1 Black's, −1 White's.
    pub(super) fn ownership_board(&mut self) -> String {
        let size = self.game.size();
        let judgement = self.judgement().clone();
        let values: Vec<String> = self
            .game
            .board()
            .points()
            .map(|p| format!("{:.2}", judgement.ownership(p)))
            .collect();
        // `points()` runs row by row from the bottom; GoGui wants the top first.
        values
            .chunks(size)
            .rev()
            .map(|row| row.join(" "))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// GoGui `param` listing of the search settings (0 means unset).
    pub(super) fn search_params(&self) -> String {
        format!(
            "[string] playouts {}\n[string] time {}\n[string] threads {}\n\
             [string] resign_threshold {}\n[string] resign_moves {}",
            self.playouts.unwrap_or(0),
            self.move_time.unwrap_or(0.0),
            self.threads,
            self.resign.threshold,
            self.resign.moves
        )
    }

    /// Sets one search setting from GoGui's `param` dialog.
    pub(super) fn set_search_param(&mut self, key: &str, value: &str) -> Result<String, GtpError> {
        match key {
            "playouts" => {
                let n: u64 = value.parse().map_err(|_| GtpError::Syntax)?;
                self.playouts = (n > 0).then_some(n);
            }
            "time" => {
                let t: f64 = value.parse().map_err(|_| GtpError::Syntax)?;
                if !t.is_finite() || t < 0.0 {
                    return Err(GtpError::Syntax);
                }
                self.move_time = (t > 0.0).then_some(t);
            }
            "threads" => {
                let n: usize = value.parse().map_err(|_| GtpError::Syntax)?;
                self.threads = n.clamp(1, MAX_THREADS);
            }
            "resign_threshold" => {
                let p: f32 = value.parse().map_err(|_| GtpError::Syntax)?;
                if !(0.0..=1.0).contains(&p) {
                    return Err(GtpError::Syntax);
                }
                self.resign.threshold = p;
            }
            "resign_moves" => {
                let n: u32 = value.parse().map_err(|_| GtpError::Syntax)?;
                if n == 0 {
                    return Err(GtpError::Syntax);
                }
                self.resign.moves = n;
            }
            _ => return Err(GtpError::Syntax),
        }
        Ok(String::new())
    }

    /// A search of `color`'s move as `genmove` would run it (stopped by
    /// GoGui's interrupt), without playing it: the candidates for GoGui's
    /// best-moves and variation displays.
    pub(super) fn side_search(&mut self, color: Color, host: &mut dyn Host) -> Report {
        let limits = self.search_limits(color);
        let options = AnalysisOptions {
            interval: std::time::Duration::from_secs(3600),
            ownership: false,
        };
        let komi = self.search_komi(color);
        let mut last = Report {
            candidates: Vec::new(),
            ownership: None,
        };
        analyze(
            &self.game,
            color,
            komi,
            &limits,
            &mut self.rng,
            &options,
            &mut self.tree_cache,
            &mut || host.interrupted(),
            &mut |report| last = report.clone(),
        );
        last
    }
}
