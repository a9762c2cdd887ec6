//! The `tengen` binary: the command line and its subcommands.
//!
//! - `gtp` (the default): a GTP engine on stdin/stdout;
//! - `benchmark`: light or tactical playouts, or search iterations, timed
//!   from the empty board;
//! - `score`: judge and count the final positions of game records, as
//!   `gnugo --score` does;
//! - `predict`: how well the move model predicts the moves of game records;
//! - `train`: fit the move model on game records and write its data file.

use std::io::{self, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use tengen::benchmark;
use tengen::board::playout::Policy;
use tengen::board::{MAX_SIZE, MIN_SIZE};
use tengen::gtp::command::Switches;
use tengen::gtp::options::{
    DEFAULT_MAX_NODES, DEFAULT_RESIGN_MOVES, DEFAULT_SIZE, NO_RESIGN_HANDICAP_MOVES, Resign,
};
use tengen::gtp::{self, Engine, EngineOptions};
use tengen::mcts::dynamic_komi::{DynamicKomiSetting, UnknownDynamicKomi};
use tengen::mcts::model;
use tengen::mcts::search::RESIGN_BELOW;
use tengen::mcts::search::{SearchLimits, TreeCache};
use tengen::progress::Progress;
use tengen::records;
use tengen::rules::Rules;

/// Tengen, a Go engine speaking the Go Text Protocol (GTP v2).
///
/// Without a subcommand it reads GTP commands on standard input and answers
/// on standard output; logs go to standard error only.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Mode>,

    /// Random seed for move generation; the same seed and commands give the
    /// same answers. Default: drawn from the system.
    #[arg(long, global = true)]
    seed: Option<u64>,

    /// Initial komi. Default: the rules' komi (6.5 Japanese, 7.5 Chinese,
    /// AGA and Tromp-Taylor, 7 New Zealand). `komi` over GTP or `KM` in a
    /// loaded SGF changes it; `boardsize` and `clear_board` keep it; a
    /// rules change keeps an explicitly set komi.
    #[arg(long, allow_negative_numbers = true)]
    komi: Option<f64>,

    /// Rule set: japanese (default), japanese-ogs, chinese, chinese-ogs,
    /// chinese-kgs, aga, new_zealand, tromp-taylor, ing. `kgs-rules` over
    /// GTP and `RU` in a loaded SGF change it.
    #[arg(long, default_value = "japanese", value_parser = rules_name)]
    rules: Rules,

    /// Initial board size, 2 to 25.
    #[arg(long, default_value_t = DEFAULT_SIZE, value_parser = board_size)]
    size: usize,

    /// Simulations per move. Alone (no --time, no time settings from the
    /// controller) it fixes the search size: with --seed the engine is then
    /// deterministic.
    #[arg(long)]
    playouts: Option<u64>,

    /// Seconds per move; overrides the controller's time settings (but
    /// never exceeds the time left on its clock).
    #[arg(long)]
    time: Option<f64>,

    /// Search threads (sharing one tree, with virtual loss; 1 is deterministic with
    /// --seed and --playouts).
    #[arg(long, default_value_t = 1, global = true)]
    threads: usize,

    /// Most nodes in the search tree (about 40 bytes each).
    #[arg(long, default_value_t = DEFAULT_MAX_NODES)]
    max_nodes: usize,

    /// Search with the hand-set shape priors instead of the move model's
    /// on 13x13 and bigger boards.
    #[arg(long, global = true)]
    no_move_model: bool,

    // Resign when the search's win rate is below this (help text below).
    #[arg(long, default_value_t = RESIGN_BELOW, value_parser = resign_threshold,
          help = resign_threshold_help())]
    resign_threshold: f32,

    /// Own moves in a row below --resign-threshold before resigning (at
    /// least 1).
    #[arg(long, default_value_t = DEFAULT_RESIGN_MOVES,
          value_parser = clap::value_parser!(u32).range(1..))]
    resign_moves: u32,
    /// Dynamic komi: the search plays against an adjusted komi in
    /// lopsided games so that its win rates stay informative (results,
    /// final_score and analysis keep the real komi). auto (default): the
    /// linear scheme in handicap games on 13x13 and bigger boards only
    /// (the real komi on 9x9, where it won more); linear: a handicap-based komi
    /// decreasing to the real one over the first moves; value: a
    /// handicap-based komi moved a step after each move to keep the win
    /// rate within 0.45-0.6 (with Pachi's ratchet), in every game; off.
    #[arg(long, default_value = "auto", value_parser = dynamic_komi_name)]
    dynamic_komi: DynamicKomiSetting,

    /// Ponder: after its own move keep searching on the opponent's time
    /// (in a background thread, within --max-nodes), keeping the subtree
    /// of the move played; any command stops it at once.
    #[arg(long)]
    ponder: bool,

    /// Offer `kgs-chat` (answer KGS chat messages). Off by default:
    /// listing the command crashes some kgsGtp versions.
    #[arg(long)]
    kgs_chat: bool,

    /// More log output on standard error: -v info, -vv debug, -vvv trace.
    /// Default: warnings only. RUST_LOG overrides.
    #[arg(short, long, action = clap::ArgAction::Count, global = true)]
    verbose: u8,
}

#[derive(Subcommand, Debug)]
enum Mode {
    /// Speak GTP on standard input/output (the default).
    Gtp,
    /// Time playouts (light or tactical) or search iterations from the
    /// empty board: prints each run's rate, moves per playout and Black's
    /// win rate, and the median.
    Benchmark {
        /// Board size.
        #[arg(long, default_value_t = 9, value_parser = board_size)]
        size: usize,
        /// Playouts per run (default: 200000 on 9x9, scaled by board area).
        #[arg(long)]
        playouts: Option<u64>,
        /// Number of runs; the median rate is reported.
        #[arg(long, default_value_t = 3)]
        runs: u32,
        /// Komi for the win rate.
        #[arg(long, default_value_t = 7.5, allow_negative_numbers = true)]
        komi: f64,
        /// What to time: `light` playouts (the reference bot's), `tactical`
        /// playouts (the search's), `mcts` (search iterations from the
        /// empty board with tactical playouts, as in play) or `mcts-light`
        /// (the same search with light playouts).
        #[arg(long, default_value = "light", value_parser = ["light", "tactical", "mcts", "mcts-light"])]
        mode: String,
    },
    /// Judge and count the final position of game records, as
    /// `gnugo --score` does: one line per game (compared with the record's
    /// counted result where it has one), then a summary per rule set and
    /// board size.
    Score {
        /// Rules for every record (default: each record's `RU`; without
        /// one, Japanese, or Chinese when the komi is 7.5; a Japanese,
        /// Korean or Chinese record from OGS, by its `PC`, counted as OGS
        /// counts: japanese-ogs, chinese-ogs).
        #[arg(long, value_parser = rules_name)]
        rules: Option<Rules>,
        /// Komi for every record (default: each record's `KM`, 0 where it
        /// has none).
        #[arg(long, allow_negative_numbers = true)]
        komi: Option<f64>,
        /// One JSON object per game instead of the plain line: result,
        /// dead stones, seki stones, territory.
        #[arg(long)]
        json: bool,
        /// SGF files, or directories searched for `*.sgf`.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// How well the move model predicts the moves of game records: the
    /// rate at which the played move is the model's first choice, within
    /// its first K, and the mean log-likelihood of the played moves.
    Predict {
        /// Report the rates within the first 1 to K choices.
        #[arg(long, default_value_t = 5)]
        top: usize,
        /// A model file to use instead of the built-in one.
        #[arg(long)]
        model: Option<PathBuf>,
        /// SGF files, or directories searched for `*.sgf`.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Fit the move model on game records and write its data file (see
    /// `scripts/train-model.sh`).
    Train {
        /// The data file to write.
        #[arg(long)]
        out: PathBuf,
        /// Fit on this many records, spread evenly over those given
        /// (default: all).
        #[arg(long)]
        games: Option<usize>,
        /// A pattern enters the model when played this often.
        #[arg(long, default_value_t = 3)]
        min_count: u32,
        /// Rounds of minorization-maximization.
        #[arg(long, default_value_t = 10)]
        iterations: usize,
        /// SGF files, or directories searched for `*.sgf`.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

/// The help of `--resign-threshold`, naming the handicap rule's moves.
fn resign_threshold_help() -> String {
    format!(
        "Resign when the search's win rate is below this, from 0 to 1 (0: never resign), \
         in --resign-moves own moves in a row; never in the first {NO_RESIGN_HANDICAP_MOVES} \
         moves of a handicap game. After the opponent's pass, with the count lost and no move \
         that could change it, Tengen passes instead of playing inside its own area"
    )
}

/// A `--resign-threshold`: a win rate from 0 to 1.
fn resign_threshold(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
        Ok(_) => Err("must be from 0 to 1 (0: never resign)".into()),
        Err(e) => Err(e.to_string()),
    }
}

fn dynamic_komi_name(text: &str) -> Result<DynamicKomiSetting, UnknownDynamicKomi> {
    text.parse()
}

fn rules_name(text: &str) -> Result<Rules, tengen::rules::UnknownRules> {
    text.parse::<Rules>()
}

/// Why a `--size` value is refused.
#[derive(Debug)]
enum BoardSizeError {
    /// Not a whole number.
    NotANumber(std::num::ParseIntError),
    /// Outside the sizes the board supports.
    OutOfRange,
}

impl std::fmt::Display for BoardSizeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BoardSizeError::NotANumber(e) => e.fmt(f),
            BoardSizeError::OutOfRange => {
                write!(f, "board size must be {MIN_SIZE} to {MAX_SIZE}")
            }
        }
    }
}

impl std::error::Error for BoardSizeError {}

fn board_size(text: &str) -> Result<usize, BoardSizeError> {
    let size: usize = text.parse().map_err(BoardSizeError::NotANumber)?;
    if (MIN_SIZE..=MAX_SIZE).contains(&size) {
        Ok(size)
    } else {
        Err(BoardSizeError::OutOfRange)
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let level = match cli.verbose {
        0 => log::LevelFilter::Warn,
        1 => log::LevelFilter::Info,
        2 => log::LevelFilter::Debug,
        _ => log::LevelFilter::Trace,
    };
    env_logger::Builder::new()
        .filter_level(level)
        .parse_default_env()
        .target(env_logger::Target::Stderr)
        .init();
    match cli.command {
        None | Some(Mode::Gtp) => {
            let options = EngineOptions {
                seed: cli.seed,
                komi: cli.komi,
                size: cli.size,
                rules: cli.rules,
                playouts: cli.playouts,
                time: cli.time,
                max_nodes: cli.max_nodes,
                threads: cli.threads,
                move_model: !cli.no_move_model,
                switches: Switches {
                    kgs_chat: cli.kgs_chat,
                },
                resign: Resign {
                    threshold: cli.resign_threshold,
                    moves: cli.resign_moves,
                },
                dynamic_komi: cli.dynamic_komi,
                ponder: cli.ponder,
            };
            let mut engine = Engine::new(&options);
            match gtp::run(io::stdin(), io::stdout().lock(), &mut engine) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    // The controller closed our output: nothing left to say.
                    log::warn!("output closed: {e}");
                    ExitCode::SUCCESS
                }
            }
        }
        Some(Mode::Score {
            rules,
            komi,
            json,
            files,
        }) => {
            let options = records::Options {
                rules,
                komi,
                threads: cli.threads,
            };
            run_score(&files, &options, json)
        }
        Some(Mode::Predict { top, model, files }) => {
            run_predict(&files, top, model.as_deref(), cli.threads)
        }
        Some(Mode::Train {
            out,
            games,
            min_count,
            iterations,
            files,
        }) => {
            let options = model::train::TrainOptions {
                min_count,
                iterations,
                threads: cli.threads,
            };
            run_train(&files, games, &options, &out)
        }
        Some(Mode::Benchmark {
            size,
            playouts,
            runs,
            komi,
            mode,
        }) => {
            run_benchmark(
                size,
                playouts,
                runs,
                komi,
                &mode,
                cli.seed.unwrap_or(1),
                cli.threads,
                !cli.no_move_model,
            );
            ExitCode::SUCCESS
        }
    }
}

/// `tengen benchmark`: prints each run and the median rate.
#[allow(clippy::too_many_arguments)]
fn run_benchmark(
    size: usize,
    playouts: Option<u64>,
    runs: u32,
    komi: f64,
    mode: &str,
    seed: u64,
    threads: usize,
    move_model: bool,
) {
    let default = match mode {
        "light" => 200_000,
        "tactical" => 50_000,
        _ => 20_000,
    };
    let count = playouts
        .unwrap_or(default * 81 / (size * size) as u64)
        .max(1);
    let search = mode.starts_with("mcts");
    let threads_used = if search { threads.max(1) } else { 1 };
    println!(
        "{mode} benchmark from the empty {size}x{size} board, {threads_used} thread(s), komi {komi}, seed {seed}"
    );
    let mut rates = Vec::new();
    let mut cache = TreeCache::default();
    for run in 1..=runs.max(1) {
        let run_seed = seed + u64::from(run);
        let policy = if mode.ends_with("light") {
            Policy::Light
        } else {
            Policy::Tactical
        };
        if search {
            let limits = SearchLimits {
                playouts: Some(count),
                time: None,
                max_nodes: usize::MAX,
                threads: threads.max(1),
                policy,
                move_model,
            };
            let seconds = benchmark::mcts_iterations(&limits, size, komi, run_seed, &mut cache);
            println!(
                "run {run}: {count} iterations in {seconds:.2} s: {:.0} iterations/s",
                count as f64 / seconds
            );
            rates.push(count as f64 / seconds);
            continue;
        }
        let s = benchmark::playouts(policy, size, count, komi, run_seed);
        println!(
            "run {run}: {} playouts in {:.2} s: {:.0} playouts/s, {:.2} moves/playout, {:.1} ns/move, black wins {:.4}",
            s.playouts,
            s.seconds,
            s.rate(),
            s.moves_per_playout,
            s.ns_per_move(),
            s.black_wins
        );
        rates.push(s.rate());
    }
    rates.sort_by(f64::total_cmp);
    println!("median: {:.0} per second", rates[rates.len() / 2]);
}

/// `tengen score`: one line (or JSON object) per record on standard
/// output, progress on standard error. The summary follows the lines on
/// standard output, or goes to standard error with `--json` (so standard
/// output stays one JSON object per line).
fn run_score(paths: &[PathBuf], options: &records::Options, json: bool) -> ExitCode {
    let (files, errors) = records::collect(paths);
    for e in &errors {
        eprintln!("tengen score: {e}");
    }
    let total = files.len();
    let started = std::time::Instant::now();
    let mut last_progress = started;
    let mut summary = records::Summary::default();
    let mut out = io::stdout();
    let mut seen = 0;
    let mut write_failed = false;
    let progress = Progress::new(total);
    records::score_all(&files, options, |report| {
        seen += 1;
        summary.add(report);
        let text = if json {
            records::json(report)
        } else {
            records::line(report)
        };
        if !write_failed && progress.suspend(|| writeln!(out, "{text}")).is_err() {
            write_failed = true;
        }
        progress.inc();
        if !progress.is_bar() && last_progress.elapsed().as_secs_f64() >= PROGRESS_EVERY_SECONDS {
            last_progress = std::time::Instant::now();
            eprintln!(
                "tengen score: {seen} of {total} records, {:.0} s",
                started.elapsed().as_secs_f64()
            );
        }
    });
    progress.finish();
    let closing = format!(
        "\n{summary}\n{total} records in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    if json {
        eprintln!("{closing}");
    } else if !write_failed {
        let _ = writeln!(out, "{closing}");
    }
    // Failure when nothing could be scored (or the output broke).
    let nothing_scored = summary.total().games == 0 && (total > 0 || !errors.is_empty());
    if write_failed || nothing_scored {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// `tengen predict`: the model's prediction rates on the records.
fn run_predict(
    paths: &[PathBuf],
    top: usize,
    model_file: Option<&std::path::Path>,
    threads: usize,
) -> ExitCode {
    let loaded;
    let model = match model_file {
        None => model::Model::embedded(),
        Some(path) => match std::fs::read(path)
            .map_err(|e| e.to_string())
            .and_then(|b| model::Model::from_bytes(&b).map_err(|e| e.to_string()))
        {
            Ok(m) => {
                loaded = m;
                &loaded
            }
            Err(e) => {
                eprintln!("tengen predict: {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        },
    };
    let (files, errors) = records::collect(paths);
    for e in &errors {
        eprintln!("tengen predict: {e}");
    }
    let started = std::time::Instant::now();
    let (tally, failed) = model::predict_files(model, &files, top, threads);
    for e in &failed {
        eprintln!("tengen predict: {e}");
    }
    let rates: Vec<String> = (1..=top.max(1))
        .map(|k| format!("top-{k} {:.1}%", 100.0 * tally.rate(k)))
        .collect();
    println!(
        "{} records, {} moves: {}; mean log-likelihood {:.3} ({:.1} s)",
        files.len() - failed.len(),
        tally.moves,
        rates.join(", "),
        tally.mean_log_likelihood(),
        started.elapsed().as_secs_f64()
    );
    if tally.moves == 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// `tengen train`: fits the model and writes its data file.
fn run_train(
    paths: &[PathBuf],
    games: Option<usize>,
    options: &model::train::TrainOptions,
    out: &std::path::Path,
) -> ExitCode {
    let (mut files, errors) = records::collect(paths);
    for e in &errors {
        eprintln!("tengen train: {e}");
    }
    if let Some(n) = games.filter(|&n| n > 0 && n < files.len()) {
        let all = std::mem::take(&mut files);
        files = (0..n).map(|i| all[i * all.len() / n].clone()).collect();
    }
    if files.is_empty() {
        eprintln!("tengen train: no records");
        return ExitCode::FAILURE;
    }
    let fitted = model::train::train(&files, options);
    match std::fs::write(out, fitted.to_bytes()) {
        Ok(()) => {
            eprintln!(
                "tengen train: {} patterns from {} records written to {}",
                fitted.patterns.len(),
                files.len(),
                out.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tengen train: {}: {e}", out.display());
            ExitCode::FAILURE
        }
    }
}

/// How often a long `tengen score` run reports progress on standard error.
const PROGRESS_EVERY_SECONDS: f64 = 5.0;
