//! The engine state behind the protocol and one handler per command.
//!
//! Every handler validates fully before changing anything, so a failed
//! command leaves all state untouched.

use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::Host;
use super::command::{Command, Dialect, Switches, command_names, is_known};
use super::error::GtpError;
use super::parser::AnalyzeArgs;
use super::response::{move_text, point_text, short_count};
use crate::board::playout::Policy;
use crate::board::{MAX_SIZE, MIN_SIZE, Move, Point};
use crate::color::Color;
use crate::mcts::model;
use crate::mcts::search::{
    AnalysisOptions, Report, SearchLimits, TreeCache, analyze, search_reusing,
};
use crate::mcts::time::{Clock, TimeSystem, budget_duration};
use crate::rules::handicap::{fixed_handicap, free_handicap};
use crate::rules::score::{Ending, PointOwner, ResultText, Score, count};
use crate::rules::status::{Judgement, Method, StoneStatus, judge, judge_to_move, protective_move};
use crate::rules::{Game, HandicapBonus, HandicapError, KoRule, Rules, Scoring};
use crate::sgf;

/// Board size when none is given.
pub const DEFAULT_SIZE: usize = 19;
/// The engine's name for `name`.
pub const ENGINE_NAME: &str = "Tengen";

/// Start-up settings (from the command line).
#[derive(Clone, Debug)]
pub struct EngineOptions {
    /// Random seed; `None` draws one from the system.
    pub seed: Option<u64>,
    /// Initial komi; `None` uses the rules' default komi.
    pub komi: Option<f64>,
    /// Initial board size.
    pub size: usize,
    /// The rule set.
    pub rules: Rules,
    /// Simulations per move; with no time settings this alone limits the
    /// search (deterministic with a seed).
    pub playouts: Option<u64>,
    /// Seconds per move; overrides the time settings.
    pub time: Option<f64>,
    /// Most nodes in the search tree.
    pub max_nodes: usize,
    /// Search threads.
    pub threads: usize,
    /// Priors from the move model on big boards.
    pub move_model: bool,
    /// Commands switched on (`--kgs-chat`).
    pub switches: Switches,
}

/// Seconds per move when neither `--time`, `--playouts` nor time settings
/// limit the search.
pub const DEFAULT_MOVE_SECONDS: f64 = 1.0;
/// Default node budget of the search tree (about 40 bytes a node).
pub const DEFAULT_MAX_NODES: usize = 4_000_000;
/// The most search threads accepted.
pub const MAX_THREADS: usize = 64;
/// Never resign within this many moves of a handicap game.
pub const NO_RESIGN_HANDICAP_MOVES: usize = 60;

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            seed: None,
            komi: None,
            size: DEFAULT_SIZE,
            rules: Rules::default(),
            playouts: None,
            time: None,
            max_nodes: DEFAULT_MAX_NODES,
            move_model: true,
            threads: 1,
            switches: Switches::default(),
        }
    }
}

/// GoGui's analyze commands, `type/label/command` (no `/` inside fields).
const GOGUI_ANALYZE_COMMANDS: [&str; 9] = [
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

/// Below this win rate the engine seeks a no-result cycle (art. 12); at
/// or above it, avoids one.
const CYCLE_WIN_RATE: f32 = 0.5;

/// Most candidates `tengen-best_moves` labels.
const BEST_MOVES_SHOWN: usize = 10;

/// GoGui `gfx` of the best moves: each one's visit count as a short label
/// (`2.1k`: GoGui's labels fit about three characters), its
/// share of the visits as influence (Black's sign when Black is to move),
/// and a line of text on the best.
fn best_moves_gfx(color: Color, report: &Report) -> String {
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
fn pv_gfx(color: Color, report: &Report) -> String {
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

/// The rules in KataGo's `kata-get-rules` JSON.
fn kata_rules_json(rules: &Rules) -> String {
    let ko = match rules.ko {
        KoRule::Simple => "SIMPLE",
        KoRule::PositionalSuperko => "POSITIONAL",
        KoRule::SituationalSuperko => "SITUATIONAL",
    };
    let (scoring, tax) = match rules.scoring {
        Scoring::Territory if !rules.seki_eyes_are_territory => ("TERRITORY", "SEKI"),
        Scoring::Territory => ("TERRITORY", "NONE"),
        Scoring::Area => ("AREA", "NONE"),
    };
    let bonus = match rules.handicap_bonus {
        HandicapBonus::Zero => "0",
        HandicapBonus::NMinusOne => "N-1",
        HandicapBonus::N => "N",
    };
    format!(
        r#"{{"friendlyPassOk":{},"hasButton":false,"ko":"{ko}","scoring":"{scoring}","suicide":{},"tax":"{tax}","whiteHandicapBonus":"{bonus}"}}"#,
        !rules.all_stones_alive, rules.suicide
    )
}

/// How a generated move is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// `genmove`: search, play it (may pass when winning or resign).
    Play,
    /// `reg_genmove`: search, do not play, never resign.
    Regression,
    /// `kgs-genmove_cleanup`: capture dead opponent stones, then pass.
    Cleanup,
}

/// CPU seconds used by this process (Linux `/proc/self/stat`; 0 elsewhere).
fn cpu_seconds() -> f64 {
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

/// Everything a GTP session changes.
pub struct Engine {
    /// The game in progress.
    game: Game,
    /// Komi; survives `boardsize` and `clear_board`.
    komi: f64,
    /// True once komi was set explicitly (flag, `komi`, SGF `KM`): a rules
    /// change then keeps it.
    komi_explicit: bool,
    /// The rule set.
    rules: Rules,
    /// The last judgement, keyed by position, so that `final_score`,
    /// `final_status_list` and friends agree and answer fast.
    judged: Option<(u64, Rules, Option<Color>, Judgement)>,
    /// Time settings and reports.
    clock: Clock,
    /// Randomness for move generation.
    rng: SmallRng,
    /// The search tree kept for the next move.
    tree_cache: TreeCache,
    /// The colour and win rate of the last `genmove` search (for chat).
    last_win_rate: Option<(Color, f32)>,
    /// Commands switched on.
    switches: Switches,
    /// Search limits from the command line.
    playouts: Option<u64>,
    move_time: Option<f64>,
    max_nodes: usize,
    threads: usize,
    move_model: bool,
}

impl Engine {
    /// A new engine with an empty board.
    ///
    /// # Panics
    /// If `options.size` is out of range; the CLI validates it first.
    #[must_use]
    pub fn new(options: &EngineOptions) -> Engine {
        let rng = match options.seed {
            Some(seed) => SmallRng::seed_from_u64(seed),
            None => rand::make_rng(),
        };
        Engine {
            game: Game::new(options.size, options.rules.play_rules()),
            komi: options.komi.unwrap_or(options.rules.default_komi),
            komi_explicit: options.komi.is_some(),
            rules: options.rules,
            judged: None,
            tree_cache: TreeCache::default(),
            last_win_rate: None,
            switches: options.switches,
            playouts: options.playouts,
            move_time: options.time,
            max_nodes: options.max_nodes,
            threads: options.threads.clamp(1, MAX_THREADS),
            move_model: options.move_model,
            clock: Clock::default(),
            rng,
        }
    }

    /// The commands switched on.
    #[must_use]
    pub fn switches(&self) -> Switches {
        self.switches
    }

    /// The answer to a `kgs-chat` message: who this is, the rules, and how
    /// the last search saw the game.
    fn chat_reply(&self, message: &str) -> String {
        log::info!("chat: {message}");
        let mut reply = format!(
            "{ENGINE_NAME} {}, {} rules, komi {}",
            env!("CARGO_PKG_VERSION"),
            self.rules.name,
            self.komi
        );
        if let Some((color, win_rate)) = self.last_win_rate {
            reply += &format!(
                "; my last search gave {} a {:.0}% chance",
                color.fold("Black", "White"),
                win_rate * 100.0
            );
        }
        reply
    }

    /// The game in progress.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Runs one command; `Ok` holds the response body.
    ///
    /// # Errors
    /// The GTP failure for this command; state is then unchanged.
    pub fn execute(&mut self, command: Command) -> Result<String, GtpError> {
        self.execute_with(command, &mut super::QuietHost::default())
    }

    /// [`Engine::execute`] in a live session: searches poll `host` for
    /// GoGui's interrupt (the search stops and the best move so far is
    /// answered), analysis streams through it and stops on new input.
    ///
    /// # Errors
    /// The GTP failure for this command; state is then unchanged.
    pub fn execute_with(
        &mut self,
        command: Command,
        host: &mut dyn Host,
    ) -> Result<String, GtpError> {
        match command {
            Command::ProtocolVersion => Ok("2".into()),
            Command::Name => Ok(ENGINE_NAME.into()),
            Command::Version => Ok(env!("CARGO_PKG_VERSION").into()),
            Command::KnownCommand(name) => Ok(is_known(&name, self.switches).to_string()),
            Command::ListCommands => {
                Ok(command_names(self.switches).collect::<Vec<_>>().join("\n"))
            }
            Command::KgsChat(message) => Ok(self.chat_reply(&message)),
            Command::Quit | Command::KgsGameOver => Ok(String::new()),
            Command::Boardsize(size) => self.boardsize(size),
            Command::ClearBoard => {
                self.new_game(self.game.size());
                Ok(String::new())
            }
            Command::Komi(komi) => {
                if komi != self.komi {
                    // The kept tree's win rates were for the old komi.
                    self.tree_cache.clear();
                }
                self.komi = komi;
                self.komi_explicit = true;
                Ok(String::new())
            }
            Command::Play(color, mv) => self.play(color, mv),
            Command::Genmove(color) => self.genmove(color, Mode::Play, host),
            Command::RegGenmove(color) => self.genmove(color, Mode::Regression, host),
            Command::KgsGenmoveCleanup(color) => self.genmove(color, Mode::Cleanup, host),
            Command::Analyze(dialect, args) => {
                let color = args.color.unwrap_or_else(|| self.game.to_move());
                self.analyze_stream(dialect, color, args, false, host)
            }
            Command::GenmoveAnalyze(dialect, color, args) => {
                self.analyze_stream(dialect, color, args, true, host)
            }
            Command::GoguiInterrupt => Ok(String::new()),
            Command::GoguiSigint => {
                super::signal::catch_sigint();
                Ok(std::process::id().to_string())
            }
            Command::Cputime => Ok(format!("{:.3}", cpu_seconds())),
            Command::GoguiAnalyzeCommands => Ok(GOGUI_ANALYZE_COMMANDS.join("\n")),
            Command::TengenOwnership => Ok(self.ownership_board()),
            Command::TengenBestMoves => {
                let color = self.game.to_move();
                let report = self.side_search(color, host);
                Ok(best_moves_gfx(color, &report))
            }
            Command::TengenPv => {
                let color = self.game.to_move();
                let report = self.side_search(color, host);
                Ok(pv_gfx(color, &report))
            }
            Command::TengenMoveModel => Ok(self.move_model_gfx()),
            Command::TengenSearchParam(None) => Ok(self.search_params()),
            Command::TengenSearchParam(Some((key, value))) => self.set_search_param(&key, &value),
            Command::GoguiPlaySequence(moves) => self.play_sequence(&moves),
            Command::GoguiVersion => Ok(String::new()),
            Command::KataGetRules => Ok(kata_rules_json(&self.rules)),
            Command::KataSetRules(name) => {
                let rules = name.parse::<Rules>().map_err(|_| GtpError::UnknownRules)?;
                self.set_rules(rules);
                Ok(String::new())
            }
            Command::Undo => {
                if self.game.undo() {
                    Ok(String::new())
                } else {
                    Err(GtpError::CannotUndo)
                }
            }
            Command::FixedHandicap(count) => {
                let points = fixed_handicap(self.game.size(), count as usize)
                    .ok_or(GtpError::InvalidNumberOfStones)?;
                self.place_handicap(&points)
            }
            Command::PlaceFreeHandicap(count) => {
                let size = self.game.size();
                let count = count as usize;
                if count < 2 || count >= size * size {
                    return Err(GtpError::InvalidNumberOfStones);
                }
                self.place_handicap(&free_handicap(size, count))
            }
            Command::SetFreeHandicap(moves) => self.set_free_handicap(&moves),
            Command::TimeSettings(main, byo_time, byo_stones) => {
                self.clock
                    .set_system(TimeSystem::from_gtp(main, byo_time, byo_stones as u32));
                Ok(String::new())
            }
            Command::KgsTimeSettings(system, args) => self.kgs_time_settings(&system, &args),
            Command::TimeLeft(color, seconds, stones) => {
                self.clock.set_left(color, seconds, stones);
                Ok(String::new())
            }
            Command::Loadsgf(file, move_number) => self.loadsgf(&file, move_number),
            Command::Printsgf(file) => self.printsgf(file.as_deref()),
            Command::Showboard => Ok(self.showboard()),
            Command::KgsRules(name) => {
                let rules = name.parse::<Rules>().map_err(|_| GtpError::UnknownRules)?;
                self.set_rules(rules);
                Ok(String::new())
            }
            Command::FinalScore => self.score().map(|s| ResultText(s.margin()).to_string()),
            Command::FinalStatusList(which) => self.final_status_list(&which),
            Command::FinalStatus(p) => self.final_status(p),
            Command::TengenStatus(p, first) => self.status_to_move(p, first),
            Command::TengenScoreDetails => self.score_details(),
            Command::IsLegal(color, mv) => {
                let mv = self.on_board(mv)?;
                Ok(if self.game.is_legal(color, mv) {
                    "1"
                } else {
                    "0"
                }
                .into())
            }
            Command::TengenResult => {
                if self.is_no_result() {
                    Ok(
                        "no result (a whole-board position repeated: Japanese rules art. 12)"
                            .into(),
                    )
                } else {
                    self.score().map(|s| ResultText(s.margin()).to_string())
                }
            }
        }
    }

    /// Changes the rule set; komi follows the rules unless it was set
    /// explicitly.
    fn set_rules(&mut self, rules: Rules) {
        if rules != self.rules {
            // Win rates (komi, handicap bonus, scoring) may have changed.
            self.tree_cache.clear();
        }
        self.rules = rules;
        if !self.komi_explicit {
            self.komi = rules.default_komi;
        }
        self.game.set_rules(rules.play_rules());
    }

    /// Art. 12: under simple ko, a repeated whole-board position ends the
    /// game without result.
    fn is_no_result(&self) -> bool {
        self.rules.ko == KoRule::Simple && self.game.has_cycle()
    }

    /// The judgement of the current position (cached).
    fn judgement(&mut self) -> &Judgement {
        self.judgement_to_move(None)
    }

    /// The judgement of the current position with `to_move` moving first
    /// ([`judge_to_move`]), or as at the end of the game ([`judge`]) when
    /// `None` (cached).
    fn judgement_to_move(&mut self, to_move: Option<Color>) -> &Judgement {
        let board = self.game.board();
        let key = board.hash() ^ (board.size() as u64).rotate_left(56);
        let rules = self.rules;
        if !matches!(&self.judged, Some((k, r, c, _)) if *k == key && *r == rules && *c == to_move)
        {
            self.judged = None;
        }
        &self
            .judged
            .get_or_insert_with(|| {
                let judged = match to_move {
                    None => judge(board, &rules),
                    Some(first) => judge_to_move(board, &rules, first),
                };
                (key, rules, to_move, judged)
            })
            .3
    }

    /// The count of the current position under the rules.
    fn score(&mut self) -> Result<Score, GtpError> {
        if self.is_no_result() {
            log::warn!("final_score: no result, a whole-board position repeated (art. 12)");
            return Err(GtpError::CannotScore);
        }
        let (rules, komi, handicap) = (self.rules, self.komi, self.game.handicap());
        let judgement = self.judgement().clone();
        let ending = Ending::of(&self.game);
        Ok(count(
            self.game.board(),
            &judgement,
            &rules,
            komi,
            handicap,
            ending,
        ))
    }

    /// `final_status_list`: chains one per line for stone statuses, points
    /// on one line for the territory and dame lists.
    fn final_status_list(&mut self, which: &str) -> Result<String, GtpError> {
        let wanted = match which.to_ascii_lowercase().as_str() {
            "alive" => Ok(StoneStatus::Alive),
            "dead" => Ok(StoneStatus::Dead),
            "seki" => Ok(StoneStatus::Seki),
            "black_territory" => Err(PointOwner::Territory(Color::Black)),
            "white_territory" => Err(PointOwner::Territory(Color::White)),
            "dame" => Err(PointOwner::Dame),
            _ => return Err(GtpError::Syntax),
        };
        match wanted {
            Ok(status) => {
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
            Err(owner) => {
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
    fn score_details(&mut self) -> Result<String, GtpError> {
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

    /// `final_status VERTEX`: the status of a stone, or what an empty point
    /// counts as (GNU Go's words; seki eyes under territory rules are dame).
    /// `tengen-status vertex [color]`: `alive`, `dead` or `seki`, the
    /// chain at the vertex once both sides play their best, `first` moving
    /// first.
    fn status_to_move(&mut self, p: Point, first: Option<Color>) -> Result<String, GtpError> {
        let board = self.game.board();
        if !board.is_on_board(p) {
            return Err(GtpError::Syntax);
        }
        if board.color_at(p).is_none() {
            return Err(GtpError::EmptyVertex);
        }
        Ok(match self.judgement_to_move(first).status(p) {
            Some(StoneStatus::Dead) => "dead",
            Some(StoneStatus::Seki) => "seki",
            _ => "alive",
        }
        .into())
    }

    fn final_status(&mut self, p: Point) -> Result<String, GtpError> {
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

    fn new_game(&mut self, size: usize) {
        self.game = Game::new(size, self.rules.play_rules());
        self.clock.reset();
        self.tree_cache.clear();
    }

    fn boardsize(&mut self, size: u32) -> Result<String, GtpError> {
        let size = size as usize;
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(GtpError::UnacceptableSize);
        }
        self.new_game(size);
        Ok(String::new())
    }

    /// A point on the current board, or a syntax error for vertices beyond
    /// its size (as GNU Go and the contract treat them).
    fn on_board(&self, mv: Move) -> Result<Move, GtpError> {
        match mv {
            Move::Play(p) if !self.game.board().is_on_board(p) => Err(GtpError::Syntax),
            _ => Ok(mv),
        }
    }

    /// `gogui-play_sequence`: every move, or (on the first illegal one)
    /// none.
    fn play_sequence(&mut self, moves: &[(Color, Move)]) -> Result<String, GtpError> {
        let mut game = self.game.clone();
        for &(color, mv) in moves {
            let mv = self.on_board(mv)?;
            game.play(color, mv).map_err(|_| GtpError::IllegalMove)?;
        }
        self.game = game;
        Ok(String::new())
    }

    fn play(&mut self, color: Color, mv: Move) -> Result<String, GtpError> {
        let mv = self.on_board(mv)?;
        self.game
            .play(color, mv)
            .map_err(|_| GtpError::IllegalMove)?;
        Ok(String::new())
    }

    fn genmove(
        &mut self,
        color: Color,
        mode: Mode,
        host: &mut dyn Host,
    ) -> Result<String, GtpError> {
        let commit = mode != Mode::Regression;
        if mode == Mode::Cleanup {
            // Capture every dead opponent stone, then pass.
            let mv = self.cleanup_move(color).unwrap_or(Move::Pass);
            return self.commit(color, mv, commit).map(|()| move_text(mv));
        }
        if self.passing_wins(color) {
            log::info!("{color} passes: the opponent passed and the count wins");
            return self.pass_or_protect(color, commit);
        }
        if mode != Mode::Cleanup && self.settled_and_winning(color) {
            log::info!("{color} passes: territory scoring, nothing left to play, the count wins");
            return self.pass_or_protect(color, commit);
        }
        let limits = self.search_limits(color);
        let komi = self.white_bonus();
        let result = search_reusing(
            &self.game,
            color,
            komi,
            &limits,
            &mut self.rng,
            &mut || host.interrupted(),
            &mut self.tree_cache,
        );
        let pv: Vec<String> = result.pv.iter().take(8).map(|&m| move_text(m)).collect();
        log::info!(
            "{color}: {} after {} playouts in {:.2} s, win rate {:.3}, pv {}",
            move_text(result.best),
            result.playouts,
            result.elapsed.as_secs_f64(),
            result.win_rate,
            pv.join(" ")
        );
        if commit {
            self.clock.spend(color, result.elapsed.as_secs_f64());
            self.last_win_rate = Some((color, result.win_rate));
        }
        let early_handicap =
            self.game.handicap() > 0 && self.game.moves().len() < NO_RESIGN_HANDICAP_MOVES;
        if result.resign && !early_handicap && mode == Mode::Play {
            return Ok("resign".into());
        }
        if result.best == Move::Pass {
            return self.pass_or_protect(color, commit);
        }
        let mv = self.mind_the_cycle(color, result.best, result.win_rate);
        self.commit(color, mv, commit).map(|()| move_text(mv))
    }

    /// Art. 12: under simple ko a whole-board cycle (triple ko, eternal
    /// life…) ends the game without result. Winning, the engine does not
    /// complete one (it passes instead of the move that would); losing, it
    /// completes one when a capture can.
    fn mind_the_cycle(&self, color: Color, best: Move, win_rate: f32) -> Move {
        if self.rules.ko != KoRule::Simple {
            return best;
        }
        let completes = |mv: Move| {
            let mut game = self.game.clone();
            game.play(color, mv).is_ok() && game.has_cycle()
        };
        if win_rate >= CYCLE_WIN_RATE {
            if completes(best) {
                log::info!(
                    "{color} passes rather than {}: it would repeat the position a third time (no result) while winning",
                    move_text(best)
                );
                return Move::Pass;
            }
            return best;
        }
        let board = self.game.board();
        let cycle = board
            .points()
            .filter(|&p| board.color_at(p).is_none() && board.is_capture(color, p))
            .map(Move::Play)
            .find(|&mv| self.game.is_legal(color, mv) && completes(mv));
        if let Some(mv) = cycle {
            log::info!(
                "{color} plays {}: losing, it repeats the position a third time (no result, art. 12)",
                move_text(mv)
            );
            return mv;
        }
        best
    }

    /// Passes, unless the rules confirm life by art. 7 and a protective
    /// move (teire) would save own stones the confirmation calls dead: an
    /// open direct ko they depend on, a missing connection. Under the 1989
    /// rules such stones are dead if the game stops now, so the move is
    /// worth more than passing. The judgement's time is charged to the
    /// clock.
    fn pass_or_protect(&mut self, color: Color, commit: bool) -> Result<String, GtpError> {
        let mv = if self.rules.confirmation {
            let start = std::time::Instant::now();
            let judgement = self.judgement().clone();
            let teire = protective_move(self.game.board(), color, &judgement)
                .map(Move::Play)
                .filter(|&mv| self.game.is_legal(color, mv));
            if commit {
                self.clock.spend(color, start.elapsed().as_secs_f64());
            }
            if let Some(mv) = teire {
                log::info!(
                    "{color} plays {} instead of passing: it saves stones the confirmation calls dead",
                    move_text(mv)
                );
            }
            teire.unwrap_or(Move::Pass)
        } else {
            Move::Pass
        };
        self.commit(color, mv, commit).map(|()| move_text(mv))
    }

    /// The ownership of every point in the final-position judgement, as a
    /// GoGui `dboard`: rows from the top, +1 Black's, −1 White's.
    fn move_model_gfx(&self) -> String {
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

    fn ownership_board(&mut self) -> String {
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
    fn search_params(&self) -> String {
        format!(
            "[string] playouts {}\n[string] time {}\n[string] threads {}",
            self.playouts.unwrap_or(0),
            self.move_time.unwrap_or(0.0),
            self.threads
        )
    }

    /// Sets one search setting from GoGui's `param` dialog.
    fn set_search_param(&mut self, key: &str, value: &str) -> Result<String, GtpError> {
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
            _ => return Err(GtpError::Syntax),
        }
        Ok(String::new())
    }

    /// White's total bonus: komi, plus the handicap bonus under area
    /// counting.
    fn white_bonus(&self) -> f64 {
        self.komi
            + match self.rules.scoring {
                Scoring::Area => self.rules.handicap_bonus.points(self.game.handicap()),
                Scoring::Territory => 0.0,
            }
    }

    /// The analysis commands: `*analyze` streams until new input arrives;
    /// `*genmove_analyze` streams for the usual move time, then answers
    /// `play <move>` and the move is played. One `info` line per interval
    /// holds every candidate, in `dialect`. The search continues the tree
    /// kept from earlier searches and keeps its own for the next.
    fn analyze_stream(
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
        if genmove && self.passing_wins(color) {
            self.commit(color, Move::Pass, true)?;
            host.stream("");
            return Ok("play pass".into());
        }
        let komi = self.white_bonus();
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
        self.commit(color, result.best, true)?;
        Ok(format!("play {}", move_text(result.best)))
    }

    /// A search of `color`'s move as `genmove` would run it (stopped by
    /// GoGui's interrupt), without playing it: the candidates for GoGui's
    /// best-moves and variation displays.
    fn side_search(&mut self, color: Color, host: &mut dyn Host) -> Report {
        let limits = self.search_limits(color);
        let options = AnalysisOptions {
            interval: std::time::Duration::from_secs(3600),
            ownership: false,
        };
        let komi = self.white_bonus();
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

    /// A move of the cleanup phase (`kgs-genmove_cleanup`): a liberty of a
    /// dead opponent chain (a capture first), never an own eye nor a
    /// multi-stone self-atari; `None` when no dead opponent stone is left.
    fn cleanup_move(&mut self, color: Color) -> Option<Move> {
        let judgement = self.judgement().clone();
        let board = self.game.board();
        let mut best: Option<(bool, Point)> = None;
        for p in board.points() {
            if board.color_at(p) != Some(color.other())
                || board.chain_head(p) != p
                || judgement.status(p) != Some(StoneStatus::Dead)
            {
                continue;
            }
            let capture = board.in_atari(p);
            for l in board.liberties(p) {
                let usable = !board.is_eye(color, l)
                    && !board.is_big_self_atari(color, l)
                    && self.game.is_legal(color, Move::Play(l));
                if usable && best.is_none_or(|(c, _)| capture && !c) {
                    best = Some((capture, l));
                }
            }
        }
        best.map(|(_, l)| Move::Play(l))
    }

    /// Plays a generated move when `commit` (genmove, not reg_genmove).
    fn commit(&mut self, color: Color, mv: Move, commit: bool) -> Result<(), GtpError> {
        debug_assert!(self.game.is_legal(color, mv));
        if commit {
            self.game.play(color, mv).map_err(|_| GtpError::Internal)?;
        }
        Ok(())
    }

    /// Playouts, time and nodes for `color`'s next search: `--playouts`
    /// alone gives a fixed count (unless a clock runs); `--time` fixes the
    /// seconds per move; otherwise the clock decides.
    fn search_limits(&self, color: Color) -> SearchLimits {
        let default = budget_duration(self.move_time.unwrap_or(DEFAULT_MOVE_SECONDS));
        let clock_budget =
            self.clock
                .budget(color, self.game.size(), self.game.moves().len(), default);
        let time = match (
            self.move_time,
            self.playouts,
            self.clock.left[color.index()],
        ) {
            (Some(t), _, None) => Some(budget_duration(t)),
            (Some(t), _, Some(_)) => Some(budget_duration(t).min(clock_budget)),
            (None, Some(_), None) => None,
            (None, _, _) => Some(clock_budget),
        };
        SearchLimits {
            playouts: self.playouts,
            time,
            max_nodes: self.max_nodes,
            threads: self.threads,
            policy: Policy::Tactical,
            move_model: self.move_model,
        }
    }

    /// True when the opponent has just passed and the count of the current
    /// position (the same judgement `final_score` uses) says `color` wins:
    /// passing then ends the game with a win.
    fn passing_wins(&mut self, color: Color) -> bool {
        if self.game.moves().last() != Some(&(color.other(), Move::Pass)) {
            return false;
        }
        self.score()
            .is_ok_and(|s| color.fold(s.margin() > 0.0, s.margin() < 0.0))
    }

    /// Under territory scoring, where a move inside one's own territory
    /// costs a point: true when every empty region borders one colour only,
    /// the judgement makes every empty point someone's territory or a seki
    /// eye (no dame left), and the count says `color` wins, so passing
    /// first loses nothing. The judgement's time is taken from `color`'s
    /// clock; it runs only once the cheap region test passes.
    fn settled_and_winning(&mut self, color: Color) -> bool {
        if self.rules.scoring != Scoring::Territory {
            return false;
        }
        let board = self.game.board();
        let one_sided = board
            .regions(|p| board.color_at(p).is_none())
            .iter()
            .all(|region| {
                let mut colors = region.border.iter().filter_map(|&b| board.color_at(b));
                colors
                    .next()
                    .is_some_and(|first| colors.all(|c| c == first))
            });
        if !one_sided {
            return false;
        }
        let start = std::time::Instant::now();
        let settled = self.score().is_ok_and(|score| {
            let board = self.game.board();
            let no_dame = board
                .points()
                .filter(|&p| board.color_at(p).is_none())
                .all(|p| score.owner(p) != Some(PointOwner::Dame));
            no_dame && color.fold(score.margin() > 0.0, score.margin() < 0.0)
        });
        self.clock.spend(color, start.elapsed().as_secs_f64());
        settled
    }

    fn place_handicap(&mut self, points: &[Point]) -> Result<String, GtpError> {
        self.game.place_handicap(points).map_err(|e| match e {
            HandicapError::BoardNotEmpty => GtpError::BoardNotEmpty,
            HandicapError::BadPoints => GtpError::InvalidNumberOfStones,
        })?;
        Ok(points
            .iter()
            .map(|&p| point_text(p))
            .collect::<Vec<_>>()
            .join(" "))
    }

    fn set_free_handicap(&mut self, moves: &[Move]) -> Result<String, GtpError> {
        if self.game.board().stone_count() > 0 || !self.game.moves().is_empty() {
            return Err(GtpError::BoardNotEmpty);
        }
        let points: Vec<Point> = moves
            .iter()
            .map(|m| m.point().filter(|&p| self.game.board().is_on_board(p)))
            .collect::<Option<_>>()
            .ok_or(GtpError::BadVertexList)?;
        self.game.place_handicap(&points).map_err(|e| match e {
            HandicapError::BoardNotEmpty => GtpError::BoardNotEmpty,
            HandicapError::BadPoints => GtpError::BadVertexList,
        })?;
        Ok(String::new())
    }

    fn kgs_time_settings(&mut self, system: &str, args: &[f64]) -> Result<String, GtpError> {
        let system = match (system, args) {
            ("none", []) => TimeSystem::Unlimited,
            ("absolute", &[main]) => TimeSystem::Absolute { main },
            ("canadian", &[main, period, stones]) if stones >= 1.0 => TimeSystem::Canadian {
                main,
                period,
                stones: stones as u32,
            },
            ("byoyomi", &[main, period, periods]) => TimeSystem::ByoYomi {
                main,
                period,
                periods: periods as u32,
            },
            _ => return Err(GtpError::Syntax),
        };
        self.clock.set_system(system);
        Ok(String::new())
    }

    fn loadsgf(&mut self, file: &str, move_number: Option<u32>) -> Result<String, GtpError> {
        let text =
            sgf::read_limited(std::path::Path::new(file), sgf::MAX_SGF_BYTES).map_err(|e| {
                log::warn!("loadsgf {file}: {e}");
                GtpError::CannotLoadFile
            })?;
        let loaded = sgf::parse_main_line(&text)
            .and_then(|line| {
                let rules = line
                    .root("RU")
                    .and_then(|ru| ru.parse::<Rules>().ok())
                    .unwrap_or(self.rules);
                sgf::load(&line, move_number, rules.play_rules()).map(|loaded| (loaded, rules))
            })
            .map_err(|e| {
                log::warn!("loadsgf {file}: {e}");
                GtpError::CannotLoadFile
            })?;
        let (loaded, rules) = loaded;
        self.game = loaded.game;
        self.set_rules(rules);
        // A record without `KM` names no komi: none (as `tengen score`).
        self.komi = loaded.komi.unwrap_or(sgf::MISSING_KM_KOMI);
        self.komi_explicit = true;
        self.clock.reset();
        Ok(String::new())
    }

    fn printsgf(&self, file: Option<&str>) -> Result<String, GtpError> {
        let text = sgf::write(&self.game, self.komi, Some(self.rules.sgf_name()));
        match file {
            None => Ok(text),
            Some(path) => std::fs::write(path, text)
                .map(|()| String::new())
                .map_err(|e| {
                    log::warn!("printsgf {path}: {e}");
                    GtpError::CannotSaveFile
                }),
        }
    }

    fn showboard(&self) -> String {
        let board = self.game.board();
        format!(
            "\n{board}Black (X) has captured {} stones\nWhite (O) has captured {} stones\n{} to move, komi {}, rules {}",
            board.captures(Color::Black),
            board.captures(Color::White),
            self.game.to_move(),
            self.komi,
            self.rules,
        )
    }
}
