//! The engine state behind the protocol and one handler per command:
//! [`Engine::execute_with`] dispatches each parsed [`Command`] to the core.
//!
//! Every handler validates fully before changing anything, so a failed
//! command leaves all state untouched. The counting commands' handlers are
//! in `scoring.rs`, GoGui's in `gogui.rs`, the analysis commands' in
//! `analyze.rs`; the end-of-game decisions of `genmove` (passing when the
//! count wins, teire, cleanup, art. 12 cycles) are the search side's
//! [`endgame`], which reads the game through the [`Referee`] here.

use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::Host;
use super::command::{Command, Switches, command_names, is_known};
use super::error::GtpError;
use super::gogui::{GOGUI_ANALYZE_COMMANDS, best_moves_gfx, cpu_seconds, pv_gfx};
use super::judgement_cache::JudgementCache;
use super::options::{
    DEFAULT_MOVE_SECONDS, ENGINE_NAME, EngineOptions, MAX_THREADS, NO_RESIGN_HANDICAP_MOVES, Resign,
};
use super::parser::KATA_TIME_SYSTEMS;
use super::ponder::Ponder;
use super::response::{kata_rules_json, move_text, point_text};
use crate::board::playout::Policy;
use crate::board::{MAX_SIZE, MIN_SIZE, Move, Point};
use crate::color::Color;
use crate::mcts::dynamic_komi::DynamicKomi;
use crate::mcts::endgame::{self, Referee};
use crate::mcts::search::{RESIGN_MIN_PLAYOUTS, SearchLimits, TreeCache, search_reusing};
use crate::mcts::time::{Clock, TimeSystem, budget_duration};
use crate::rules::handicap::{fixed_handicap, free_handicap};
use crate::rules::score::{Ending, ResultText, Score, count};
use crate::rules::status::{Judgement, judge};
use crate::rules::{Game, HandicapError, Rules, Scoring};
use crate::sgf;

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

/// Everything a GTP session changes.
pub struct Engine {
    /// The game in progress.
    pub(super) game: Game,
    /// Komi; survives `boardsize` and `clear_board`.
    pub(super) komi: f64,
    /// True once komi was set explicitly (flag, `komi`, SGF `KM`): a rules
    /// change then keeps it.
    komi_explicit: bool,
    /// The rule set.
    pub(super) rules: Rules,
    /// The last judgement, keyed by position, so that `final_score`,
    /// `final_status_list` and friends agree and answer fast.
    pub(super) judged: JudgementCache,
    /// Time settings and reports.
    pub(super) clock: Clock,
    /// Randomness for move generation.
    pub(super) rng: SmallRng,
    /// The search tree kept for the next move.
    pub(super) tree_cache: TreeCache,
    /// The colour and win rate of the last `genmove` search (for chat).
    pub(super) last_win_rate: Option<(Color, f32)>,
    /// Commands switched on.
    switches: Switches,
    /// When to resign.
    pub(super) resign: Resign,
    /// Per colour: how many of its last generated moves in a row had a win
    /// rate below the resign threshold.
    low_win_streak: [u32; 2],
    /// Search limits from the command line.
    pub(super) playouts: Option<u64>,
    pub(super) move_time: Option<f64>,
    pub(super) max_nodes: usize,
    pub(super) threads: usize,
    pub(super) move_model: bool,
    /// Dynamic komi for the search (`search_komi.rs`).
    pub(super) dynamic_komi: DynamicKomi,
    /// White's bonus the kept tree was grown with (`search_komi.rs`).
    pub(super) tree_komi: Option<f64>,
    /// The search on the opponent's time (`ponder.rs`).
    pub(super) ponder: Ponder,
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
            judged: JudgementCache::new(),
            tree_cache: TreeCache::default(),
            last_win_rate: None,
            switches: options.switches,
            resign: options.resign,
            low_win_streak: [0; 2],
            playouts: options.playouts,
            move_time: options.time,
            max_nodes: options.max_nodes,
            threads: options.threads.clamp(1, MAX_THREADS),
            move_model: options.move_model,
            clock: Clock::default(),
            rng,
            dynamic_komi: DynamicKomi::new(options.dynamic_komi),
            tree_komi: None,
            ponder: Ponder::new(options.ponder),
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
    /// Pondering stops before the command and resumes after it as
    /// `ponder.rs` says.
    ///
    /// # Errors
    /// The GTP failure for this command; state is then unchanged.
    pub fn execute_with(
        &mut self,
        command: Command,
        host: &mut dyn Host,
    ) -> Result<String, GtpError> {
        let pondered = self.pause_pondering();
        let next = self.ponder_plan(&command, pondered);
        let result = self.dispatch(command, host);
        self.resume_pondering(next, &result);
        result
    }

    /// Runs one command (pondering stopped).
    fn dispatch(&mut self, command: Command, host: &mut dyn Host) -> Result<String, GtpError> {
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
            Command::KataSetRules(rules) => {
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
                self.set_time_system(TimeSystem::from_gtp(main, byo_time, byo_stones));
                Ok(String::new())
            }
            Command::KgsTimeSettings(system) | Command::KataTimeSettings(system) => {
                self.set_time_system(system);
                Ok(String::new())
            }
            Command::KataListTimeSettings => Ok(KATA_TIME_SYSTEMS.into()),
            Command::TengenClock => Ok(self.clock_text()),
            Command::TimeLeft(color, seconds, stones) => {
                self.clock.set_left(color, seconds, stones);
                Ok(String::new())
            }
            Command::Loadsgf(file, move_number) => self.loadsgf(&file, move_number),
            Command::Printsgf(file) => self.printsgf(file.as_deref()),
            Command::Showboard => Ok(self.showboard()),
            Command::KgsRules(rules) => {
                self.set_rules(rules);
                Ok(String::new())
            }
            Command::FinalScore => self.score().map(|s| ResultText(s.margin()).to_string()),
            Command::FinalStatusList(which) => self.final_status_list(which),
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

    fn new_game(&mut self, size: usize) {
        self.game = Game::new(size, self.rules.play_rules());
        self.clock.reset();
        self.low_win_streak = [0; 2];
        self.tree_cache.clear();
        self.dynamic_komi.reset();
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
            let mv = endgame::cleanup_move(self, color).unwrap_or(Move::Pass);
            return self.commit(color, mv, commit).map(|()| move_text(mv));
        }
        // Time spent before the search (the count, below) comes out of
        // the move's budget.
        let started = Instant::now();
        if endgame::passing_wins(self, color) {
            log::info!("{color} passes: the opponent passed and the count wins");
            return self.pass_or_protect(color, commit);
        }
        if mode != Mode::Cleanup && endgame::settled_and_winning(self, color) {
            log::info!("{color} passes: territory scoring, nothing left to play, the count wins");
            return self.pass_or_protect(color, commit);
        }
        let judging = self.judging_time(color);
        let lost_after_pass = endgame::lost_after_pass(self, color, judging);
        if lost_after_pass.as_ref().is_some_and(Vec::is_empty) {
            log::info!(
                "{color} passes: the opponent passed, the count loses and no move changes it"
            );
            return self.pass_or_protect(color, commit);
        }
        let mut limits = self.search_limits(color);
        limits.time = limits
            .time
            .map(|t| budget_duration((t - started.elapsed()).as_secs_f64()));
        let komi = self.search_komi(color);
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
        let may_resign = self.after_search(color, komi, &result, mode == Mode::Play);
        if mode == Mode::Play
            && self.should_resign(color, result.playouts, result.win_rate)
            && may_resign
        {
            return Ok("resign".into());
        }
        if result.best == Move::Pass {
            return self.pass_or_protect(color, commit);
        }
        let best = match &lost_after_pass {
            Some(useful) => endgame::keeps_out_of_own_area(self, color, result.best, useful),
            None => result.best,
        };
        let mv = endgame::mind_the_cycle(&*self, color, best, result.win_rate);
        self.commit(color, mv, commit).map(|()| move_text(mv))
    }

    /// The time [`endgame::lost_after_pass`] may spend judging captures:
    /// half the move's budget (no limit without one).
    pub(super) fn judging_time(&self, color: Color) -> std::time::Duration {
        self.search_limits(color)
            .time
            .map_or(std::time::Duration::MAX, |t| t / 2)
    }

    /// Counts `color`'s searches in a row whose win rate is below the
    /// resign threshold (after enough simulations to trust it); true when
    /// there have been enough of them to resign, outside the first moves
    /// of a handicap game.
    fn should_resign(&mut self, color: Color, playouts: u64, win_rate: f32) -> bool {
        let low = playouts >= RESIGN_MIN_PLAYOUTS && win_rate < self.resign.threshold;
        let streak = &mut self.low_win_streak[color.index()];
        *streak = if low { streak.saturating_add(1) } else { 0 };
        let early_handicap =
            self.game.handicap() > 0 && self.game.moves().len() < NO_RESIGN_HANDICAP_MOVES;
        low && *streak >= self.resign.moves && !early_handicap
    }

    /// [`endgame::pass_or_protect`]: a pass, or a protective move when
    /// the confirmation calls own stones dead; played when `commit`.
    fn pass_or_protect(&mut self, color: Color, commit: bool) -> Result<String, GtpError> {
        let mv = endgame::pass_or_protect(self, color, commit);
        self.commit(color, mv, commit).map(|()| move_text(mv))
    }

    /// White's total bonus: komi, plus the handicap bonus under area
    /// counting.
    pub(super) fn white_bonus(&self) -> f64 {
        self.komi
            + match self.rules.scoring {
                Scoring::Area => self.rules.handicap_bonus.points(self.game.handicap()),
                Scoring::Territory => 0.0,
            }
    }

    /// Plays a generated move when `commit` (genmove, not reg_genmove).
    pub(super) fn commit(&mut self, color: Color, mv: Move, commit: bool) -> Result<(), GtpError> {
        debug_assert!(self.game.is_legal(color, mv));
        if commit {
            self.game.play(color, mv).map_err(|_| GtpError::Internal)?;
        }
        Ok(())
    }

    /// Playouts, time and nodes for `color`'s next search: `--playouts`
    /// alone gives a fixed count (unless a clock runs); `--time` fixes the
    /// seconds per move; otherwise the clock decides.
    pub(super) fn search_limits(&self, color: Color) -> SearchLimits {
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

    /// New time settings. The same settings again (bridges send them
    /// before every move) keep the time left.
    fn set_time_system(&mut self, system: TimeSystem) {
        if system != self.clock.system || self.clock.left == [None; 2] {
            self.clock.set_system(system);
        }
    }

    /// `tengen-clock`: the settings in force as `kata-time_settings` takes
    /// them, then per colour the time left (`unknown` without a clock), the
    /// stones or periods left (0 in main time), and the budget its next
    /// move would get.
    fn clock_text(&self) -> String {
        let system = match self.clock.system {
            TimeSystem::Unlimited => "none".to_string(),
            TimeSystem::Absolute { main } => format!("absolute {main}"),
            TimeSystem::Canadian {
                main,
                period,
                stones,
            } => format!("canadian {main} {period} {stones}"),
            TimeSystem::ByoYomi {
                main,
                period,
                periods,
            } => format!("byoyomi {main} {period} {periods}"),
            TimeSystem::Fischer {
                main,
                increment,
                main_cap: None,
                max_per_move: None,
            } => format!("fischer {main} {increment}"),
            TimeSystem::Fischer {
                main,
                increment,
                main_cap,
                max_per_move,
            } => format!(
                "fischer-capped {main} {increment} {} {}",
                main_cap.unwrap_or(-1.0),
                max_per_move.unwrap_or(-1.0)
            ),
        };
        let mut text = format!("system {system}");
        for color in [Color::Black, Color::White] {
            let budget = self.search_limits(color).time;
            let budget = budget.map_or("none".into(), |t| format!("{:.3}", t.as_secs_f64()));
            let left = match self.clock.left[color.index()] {
                Some(left) => format!("{:.3} {}", left.seconds, left.stones),
                None => "unknown".into(),
            };
            text += &format!("\n{} {left} budget {budget}", color.fold("black", "white"));
        }
        text
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
        self.low_win_streak = [0; 2];
        self.dynamic_komi.reset();
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

/// The end-of-game decisions read the engine's game, its cached judgement
/// and count, and its clock.
impl Referee for Engine {
    fn game(&self) -> &Game {
        &self.game
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn judgement(&mut self) -> &Judgement {
        self.judgement_after_passes()
    }

    fn count(&mut self) -> Option<Score> {
        self.score_after_passes().ok()
    }

    /// Judged afresh (the cache keeps the current position's judgement).
    fn count_after(&mut self, color: Color, mv: Move) -> Option<Score> {
        let mut game = self.game.clone();
        game.play(color, mv).ok()?;
        if self.rules.ko == crate::rules::KoRule::Simple && game.has_cycle() {
            return None;
        }
        let judgement = judge(game.board(), &self.rules);
        let ending = Ending {
            to_move: color.other(),
            by_passes: true,
        };
        let (komi, handicap) = (self.komi, game.handicap());
        Some(count(
            game.board(),
            &judgement,
            &self.rules,
            komi,
            handicap,
            ending,
        ))
    }

    fn spend(&mut self, color: Color, seconds: f64) {
        self.clock.spend(color, seconds);
    }

    fn notation(&self, mv: Move) -> String {
        move_text(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An engine with these resign settings on an empty 9x9 board.
    fn engine(threshold: f32, moves: u32) -> Engine {
        Engine::new(&EngineOptions {
            size: 9,
            resign: Resign { threshold, moves },
            ..EngineOptions::default()
        })
    }

    /// Resigning takes `moves` low searches in a row; a better one starts
    /// the count again; too few simulations never count.
    #[test]
    fn resign_needs_low_win_rates_in_a_row() {
        let mut e = engine(0.1, 3);
        let n = RESIGN_MIN_PLAYOUTS;
        assert!(!e.should_resign(Color::White, n, 0.05));
        assert!(!e.should_resign(Color::White, n, 0.05));
        assert!(!e.should_resign(Color::White, n, 0.5));
        assert!(!e.should_resign(Color::White, n, 0.05));
        assert!(!e.should_resign(Color::White, n, 0.05));
        // Black's searches are counted apart.
        assert!(!e.should_resign(Color::Black, n, 0.01));
        assert!(e.should_resign(Color::White, n, 0.05));
        assert!(!e.should_resign(Color::Black, n - 1, 0.0));
        assert!(!e.should_resign(Color::Black, n - 1, 0.0));
        assert!(!e.should_resign(Color::Black, n - 1, 0.0));
    }

    /// Threshold 0 never resigns, however lost.
    #[test]
    fn threshold_zero_never_resigns() {
        let mut e = engine(0.0, 1);
        for _ in 0..100 {
            assert!(!e.should_resign(Color::Black, u64::MAX, 0.0));
        }
    }

    /// No resignation in the first moves of a handicap game, then as usual.
    #[test]
    fn no_early_resignation_in_handicap_games() {
        let mut e = engine(0.5, 1);
        let points = fixed_handicap(9, 3).unwrap();
        e.game.place_handicap(&points).unwrap();
        assert!(!e.should_resign(Color::White, RESIGN_MIN_PLAYOUTS, 0.0));
        let mut color = Color::White;
        while e.game.moves().len() < NO_RESIGN_HANDICAP_MOVES {
            e.game.play(color, Move::Pass).unwrap();
            color = color.other();
        }
        assert!(e.should_resign(Color::White, RESIGN_MIN_PLAYOUTS, 0.0));
    }
}
