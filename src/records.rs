//! `tengen score`: judging and counting batches of game records, the job
//! people use `gnugo --score` for.
//!
//! Each record's main line is replayed (captures count as prisoners), its
//! final position judged ([`crate::rules::status::judge`]) and counted
//! ([`crate::rules::score::count`]) under the record's rules (`RU`) and komi
//! (`KM`) unless overridden. Where the record holds a counted result (`RE`),
//! the count is compared with it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use serde::Serialize;
use serde_json::value::RawValue;

use crate::board::Point;
use crate::color::Color;
use crate::rules::reply::judge_game_end;
use crate::rules::score::{Ending, PointOwner, ResultText, Score, count};
use crate::rules::status::StoneStatus;
use crate::rules::{KoRule, PlayRules, Rules};
use crate::sgf;

/// A recorded result (`RE`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Recorded {
    /// A counted result: Black's margin (negative: White won; 0: a draw).
    Margin(f64),
    /// A winner without a count (resignation, time, forfeit, or `B+`).
    Winner(Color),
    /// No result, or one that cannot be read.
    Unknown,
}

impl Recorded {
    /// Reads an SGF `RE` value: `B+2.5`, `W+R`, `0`, `Draw`, `Jigo`, `Void`…
    #[must_use]
    pub fn parse(text: &str) -> Recorded {
        let t = text.trim();
        let lower = t.to_ascii_lowercase();
        if matches!(lower.as_str(), "0" | "draw" | "jigo" | "b+0" | "w+0") {
            return Recorded::Margin(0.0);
        }
        let (color, rest) = match t.as_bytes().first().map(u8::to_ascii_uppercase) {
            Some(b'B') => (Color::Black, &t[1..]),
            Some(b'W') => (Color::White, &t[1..]),
            _ => return Recorded::Unknown,
        };
        let Some(rest) = rest.strip_prefix('+') else {
            return Recorded::Unknown;
        };
        match rest.trim().parse::<f64>() {
            Ok(m) if m.is_finite() && m >= 0.0 => Recorded::Margin(color.fold(m, -m)),
            _ => Recorded::Winner(color),
        }
    }
}

/// The colour an `RE` value opens with (`B+…`, `W+…`), if any.
fn named_winner(text: &str) -> Option<Color> {
    match text.trim().as_bytes() {
        [b'B' | b'b', b'+', ..] => Some(Color::Black),
        [b'W' | b'w', b'+', ..] => Some(Color::White),
        _ => None,
    }
}

/// `B+2.5` (as [`ResultText`]), `W+` for a winner without a count, `?`.
impl std::fmt::Display for Recorded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Recorded::Margin(m) => ResultText(m).fmt(f),
            Recorded::Winner(c) => write!(f, "{}+", c.fold('B', 'W')),
            Recorded::Unknown => f.write_str("?"),
        }
    }
}

/// How a count compares with the recorded result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Agreement {
    /// The same margin.
    Exact,
    /// The same winner, the margin off by this much (Black's margin, ours
    /// minus the record's).
    SameWinner(f64),
    /// Another winner (or a draw against a win), off by this much.
    Different(f64),
    /// The record names a winner without a count: whether ours is the same.
    WinnerOnly(bool),
    /// Nothing to compare with.
    NoResult,
}

impl Agreement {
    fn of(margin: f64, recorded: Recorded) -> Agreement {
        match recorded {
            Recorded::Margin(re) => {
                let diff = margin - re;
                if diff.abs() < 1e-6 {
                    Agreement::Exact
                } else if margin.signum() == re.signum() && margin != 0.0 && re != 0.0 {
                    Agreement::SameWinner(diff)
                } else {
                    Agreement::Different(diff)
                }
            }
            Recorded::Winner(c) => {
                Agreement::WinnerOnly(margin != 0.0 && (margin > 0.0) == (c == Color::Black))
            }
            Recorded::Unknown => Agreement::NoResult,
        }
    }
}

/// Why a record could not be counted.
#[derive(Clone, Debug)]
pub enum RecordError {
    /// The file could not be read.
    Read(std::sync::Arc<std::io::Error>),
    /// The record is not a readable game of Go (syntax, size, setup, an
    /// illegal move).
    Sgf(sgf::SgfError),
    /// `RU` names rules we do not know; `--rules` chooses them.
    UnknownRules(String),
    /// No stone on the board (no moves, or only passes): nothing to count.
    Empty,
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordError::Read(e) => write!(f, "cannot read: {e}"),
            RecordError::Sgf(e) => e.fmt(f),
            RecordError::UnknownRules(ru) => {
                write!(f, "unknown rules RU[{ru}] (choose them with --rules)")
            }
            RecordError::Empty => f.write_str("no stones on the board: nothing to count"),
        }
    }
}

impl std::error::Error for RecordError {}

/// Where the rules a record was counted under came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesFrom {
    /// `--rules`.
    Option,
    /// The record's `RU` (and `PC` for OGS's own count).
    Record,
    /// No `RU`: territory counting (the Japanese rules) assumed.
    NoRuTerritory,
    /// No `RU` and komi 7.5, the Chinese komi (3¾ stones) that territory
    /// rules never use: area counting (the Chinese rules) assumed.
    NoRuAreaByKomi,
}

/// Where the komi a record was counted with came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KomiFrom {
    /// `--komi`.
    Option,
    /// The record's `KM`.
    Record,
    /// No `KM`: no komi ([`sgf::MISSING_KM_KOMI`]), as `loadsgf` takes it.
    Missing,
}

/// The komi (in points) that area rules use and territory rules never do:
/// a record without `RU` with this komi is counted by area.
pub const AREA_KOMI: f64 = 7.5;

/// A position is reported as unfinished, its count an estimate, at this
/// share of neutral points ([`crate::rules::dame_phase::UNFINISHED_SHARE`]).
pub use crate::rules::dame_phase::UNFINISHED_SHARE;

/// Options of a `tengen score` run.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Rules for every record instead of its `RU`.
    pub rules: Option<Rules>,
    /// Komi for every record instead of its `KM`.
    pub komi: Option<f64>,
    /// Worker threads (at least 1).
    pub threads: usize,
}

/// The judged and counted final position of one record.
#[derive(Clone, Debug)]
pub struct Counted {
    /// Board size.
    pub size: usize,
    /// The rules counted under.
    pub rules: Rules,
    /// Where the rules came from.
    pub rules_from: RulesFrom,
    /// Komi counted with.
    pub komi: f64,
    /// Where the komi came from.
    pub komi_from: KomiFrom,
    /// Points in regions of empty points and dead stones that touch live
    /// stones of both colours: neutral (after the dame phase, when played).
    pub neutral: usize,
    /// The count.
    pub score: Score,
    /// Dead stones, each colour.
    pub dead: Vec<(Point, Color)>,
    /// Stones in seki, each colour.
    pub seki: Vec<(Point, Color)>,
    /// Milliseconds the judgement took.
    pub millis: f64,
}

impl Counted {
    /// True when the position was plainly not finished: at least
    /// [`UNFINISHED_SHARE`] of its points neutral when counted (after the
    /// dame phase, when it was played). Its count is an estimate.
    #[must_use]
    pub fn is_unfinished(&self) -> bool {
        self.neutral as f64 >= UNFINISHED_SHARE * (self.size * self.size) as f64
    }
}

/// One record's report.
#[derive(Clone, Debug)]
pub struct Report {
    /// The file.
    pub path: PathBuf,
    /// The recorded result.
    pub recorded: Recorded,
    /// The count, or why the record could not be counted.
    pub counted: Result<Counted, RecordError>,
}

impl Report {
    /// How the count compares with the record.
    #[must_use]
    pub fn agreement(&self) -> Agreement {
        match &self.counted {
            Ok(c) => Agreement::of(c.score.margin(), self.recorded),
            Err(_) => Agreement::NoResult,
        }
    }
}

/// The rules a record is counted under: its `RU`, except that a
/// "Japanese", "Korean" or "Chinese" record whose `PC` names OGS
/// (online-go.com), or a "Chinese" one whose `PC` names KGS, is counted by
/// that server's count ([`Rules::japanese_ogs`], [`Rules::chinese_ogs`],
/// [`Rules::chinese_kgs`]): its result is the server's count that the
/// players accepted. Without `RU`, area counting
/// when the komi is [`AREA_KOMI`], else territory counting.
///
/// # Errors
/// `RU` names rules we do not know.
fn record_rules(
    line: &sgf::MainLine,
    komi: Option<f64>,
) -> Result<(Rules, RulesFrom), RecordError> {
    let Some(ru) = line.root("RU") else {
        return Ok(if komi == Some(AREA_KOMI) {
            (Rules::chinese(), RulesFrom::NoRuAreaByKomi)
        } else {
            (Rules::japanese(), RulesFrom::NoRuTerritory)
        });
    };
    let rules = ru
        .parse::<Rules>()
        .map_err(|_| RecordError::UnknownRules(ru.to_string()))?;
    let place = line.root("PC").unwrap_or("");
    let from_ogs = place.starts_with("OGS") || place.contains("online-go.com");
    let from_kgs = place.contains("(KGS)") || place.contains("gokgs.com");
    let rules = match rules {
        r if from_ogs && r == Rules::japanese() => Rules::japanese_ogs(),
        r if from_ogs && r == Rules::chinese() => Rules::chinese_ogs(),
        r if from_kgs && r == Rules::chinese() => Rules::chinese_kgs(),
        r => r,
    };
    Ok((rules, RulesFrom::Record))
}

/// Reads, judges and counts one record.
#[must_use]
pub fn score_file(path: &Path, options: &Options) -> Report {
    let mut recorded = Recorded::Unknown;
    let counted = score_record(path, options, &mut recorded);
    Report {
        path: path.to_path_buf(),
        recorded,
        counted,
    }
}

/// [`score_file`]'s work: the count, `recorded` set from `RE` once read.
fn score_record(
    path: &Path,
    options: &Options,
    recorded: &mut Recorded,
) -> Result<Counted, RecordError> {
    let text = sgf::read_limited(path, sgf::MAX_SGF_BYTES)
        .map_err(|e| RecordError::Read(std::sync::Arc::new(e)))?;
    let line = sgf::parse_main_line(&text).map_err(RecordError::Sgf)?;
    *recorded = line.root("RE").map_or(Recorded::Unknown, Recorded::parse);
    // Replayed under the most permissive play rules: a record is what its
    // server accepted, whatever repetition rule it applied.
    let permissive = PlayRules {
        ko: KoRule::Simple,
        suicide_allowed: true,
    };
    let loaded = sgf::load(&line, None, permissive).map_err(RecordError::Sgf)?;
    if loaded.margins_in_stones
        && let Recorded::Margin(stones) = *recorded
    {
        // The Fox server's results are in stones, two points each.
        *recorded = Recorded::Margin(2.0 * stones);
    }
    let (rules, rules_from) = match options.rules {
        Some(r) => (r, RulesFrom::Option),
        None => record_rules(&line, loaded.komi)?,
    };
    let (komi, komi_from) = match (options.komi, loaded.komi) {
        (Some(k), _) => (k, KomiFrom::Option),
        (None, Some(k)) => (k, KomiFrom::Record),
        (None, None) => (sgf::MISSING_KM_KOMI, KomiFrom::Missing),
    };
    if *recorded == Recorded::Margin(0.0)
        && komi.fract() != 0.0
        && let Some(winner) = line.root("RE").and_then(named_winner)
    {
        // A draw is impossible under a fractional komi: `B+0.0` (the Fox
        // server's) names a winner without a count.
        *recorded = Recorded::Winner(winner);
    }
    let game = loaded.game;
    let board = game.board();
    if board.stones().is_empty() {
        return Err(RecordError::Empty);
    }
    let start = Instant::now();
    let ending = Ending::of(&game);
    let judgement = judge_game_end(&game, &rules, !ending.by_passes);
    let score = count(board, &judgement, &rules, komi, game.handicap(), ending);
    let millis = start.elapsed().as_secs_f64() * 1000.0;
    let with = |s: StoneStatus| {
        board
            .stones()
            .into_iter()
            .filter(|&(p, _)| judgement.status(p) == Some(s))
            .collect::<Vec<_>>()
    };
    let neutral = score.open_points;
    Ok(Counted {
        size: board.size(),
        rules,
        rules_from,
        komi,
        komi_from,
        neutral,
        dead: with(StoneStatus::Dead),
        seki: with(StoneStatus::Seki),
        score,
        millis,
    })
}

/// The records named: files as given, directories searched (recursively,
/// in name order) for `*.sgf`. Unreadable directories are reported in the
/// returned errors.
#[must_use]
pub fn collect(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<String>) {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    for path in paths {
        if path.is_dir() {
            walk(path, &mut files, &mut errors);
        } else {
            files.push(path.clone());
        }
    }
    (files, errors)
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>, errors: &mut Vec<String>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            errors.push(format!("{}: {e}", dir.display()));
            return;
        }
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            walk(&p, files, errors);
        } else if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")) {
            files.push(p);
        }
    }
}

/// Scores `files` on `options.threads` threads, calling `done` with each
/// report in file order as soon as it and all before it are ready.
pub fn score_all(files: &[PathBuf], options: &Options, mut done: impl FnMut(&Report) + Send) {
    let next = AtomicUsize::new(0);
    let threads = options.threads.max(1).min(files.len().max(1));
    // Reports finished out of order wait here until their turn.
    let pending: Mutex<(usize, BTreeMap<usize, Report>)> = Mutex::new((0, BTreeMap::new()));
    let done = Mutex::new(&mut done);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(path) = files.get(i) else { break };
                    let report = score_file(path, options);
                    let mut guard = pending.lock().unwrap_or_else(|e| e.into_inner());
                    guard.1.insert(i, report);
                    let mut done = done.lock().unwrap_or_else(|e| e.into_inner());
                    loop {
                        let first = guard.0;
                        let Some(report) = guard.1.remove(&first) else {
                            break;
                        };
                        done(&report);
                        guard.0 += 1;
                    }
                }
            });
        }
    });
}

/// One line of the plain report.
#[must_use]
pub fn line(report: &Report) -> String {
    let name = report.path.display();
    let counted = match &report.counted {
        Err(e) => return format!("{name}: error: {e}"),
        Ok(c) => c,
    };
    let ours = ResultText(counted.score.margin()).to_string();
    let recorded = report.recorded;
    let verdict = match report.agreement() {
        Agreement::Exact => "exact".to_string(),
        Agreement::SameWinner(d) => format!("same winner, off by {d:+}"),
        Agreement::Different(d) => format!("different, off by {d:+}"),
        Agreement::WinnerOnly(true) => "same winner".to_string(),
        Agreement::WinnerOnly(false) => "different winner".to_string(),
        Agreement::NoResult => "no counted result".to_string(),
    };
    let ours = if counted.is_unfinished() {
        format!(
            "unfinished, {} neutral points: estimate {ours}",
            counted.neutral
        )
    } else {
        ours
    };
    format!(
        "{name}: {ours} (recorded {recorded}): {verdict} [{}x{}, {}{}, komi {}{}]",
        counted.size,
        counted.size,
        counted.rules,
        rules_note(counted.rules_from),
        counted.komi,
        komi_note(counted.komi_from),
    )
}

/// What the report line says of rules it did not read from `RU`.
fn rules_note(from: RulesFrom) -> &'static str {
    match from {
        RulesFrom::Option | RulesFrom::Record => "",
        RulesFrom::NoRuTerritory => " (no RU: territory counting assumed)",
        RulesFrom::NoRuAreaByKomi => " (no RU: area counting assumed from komi 7.5)",
    }
}

/// What the report line says of a komi it did not read from `KM`.
fn komi_note(from: KomiFrom) -> &'static str {
    match from {
        KomiFrom::Option | KomiFrom::Record => "",
        KomiFrom::Missing => " (no KM)",
    }
}

/// The name of a [`RulesFrom`] in JSON.
fn rules_from_name(from: RulesFrom) -> &'static str {
    match from {
        RulesFrom::Option => "option",
        RulesFrom::Record => "RU",
        RulesFrom::NoRuTerritory => "no RU: territory",
        RulesFrom::NoRuAreaByKomi => "no RU: area by komi",
    }
}

/// The points of `color` in `list`, as vertices.
fn points_of(list: &[(Point, Color)], color: Color) -> Vec<String> {
    list.iter()
        .filter(|(_, c)| *c == color)
        .map(|(p, _)| p.to_string())
        .collect()
}

/// A number written as Rust's `Display` writes it ("7", "6.5", "-0.5"), as
/// the JSON has always had it (serde_json would write 7.0 as "7.0").
fn display_number<S: serde::Serializer>(v: &f64, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::Error as _;
    RawValue::from_string(v.to_string())
        .map_err(S::Error::custom)?
        .serialize(s)
}

/// Milliseconds with one decimal ("48.5", "3.0").
fn tenths<S: serde::Serializer>(v: &f64, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::Error as _;
    RawValue::from_string(format!("{v:.1}"))
        .map_err(S::Error::custom)?
        .serialize(s)
}

/// Points of each colour.
#[derive(Serialize)]
struct ByColor {
    black: Vec<String>,
    white: Vec<String>,
}

impl ByColor {
    fn of(list: &[(Point, Color)]) -> Self {
        Self {
            black: points_of(list, Color::Black),
            white: points_of(list, Color::White),
        }
    }
}

/// The JSON line of a record that could not be counted.
#[derive(Serialize)]
struct JsonError {
    file: String,
    recorded: Option<String>,
    error: String,
}

/// The JSON line of a counted record.
#[derive(Serialize)]
struct JsonReport {
    file: String,
    size: usize,
    rules: &'static str,
    #[serde(serialize_with = "display_number")]
    komi: f64,
    result: String,
    #[serde(serialize_with = "display_number")]
    margin: f64,
    recorded: Option<String>,
    agreement: Option<&'static str>,
    dead: ByColor,
    seki: ByColor,
    territory: ByColor,
    teire: ByColor,
    dame: u32,
    neutral: usize,
    unfinished: bool,
    rules_from: &'static str,
    komi_from_record: bool,
    #[serde(serialize_with = "tenths")]
    millis: f64,
}

/// One JSON object (one line) for a report: the result, the dead and seki
/// stones and the territory of each colour.
#[must_use]
pub fn json(report: &Report) -> String {
    let file = report.path.display().to_string();
    let recorded = match report.recorded {
        Recorded::Unknown => None,
        known => Some(known.to_string()),
    };
    let c = match &report.counted {
        Err(e) => {
            return to_json(&JsonError {
                file,
                recorded,
                error: e.to_string(),
            });
        }
        Ok(c) => c,
    };
    let agreement = match report.agreement() {
        Agreement::Exact => Some("exact"),
        Agreement::SameWinner(_) | Agreement::WinnerOnly(true) => Some("same winner"),
        Agreement::Different(_) | Agreement::WinnerOnly(false) => Some("different"),
        Agreement::NoResult => None,
    };
    let size = c.size;
    let territory = |color: Color| {
        (0..size)
            .flat_map(|row| (0..size).filter_map(move |col| Point::new(col, row)))
            .filter(|&p| c.score.owner(p) == Some(PointOwner::Territory(color)))
            .map(|p| p.to_string())
            .collect()
    };
    to_json(&JsonReport {
        file,
        size,
        rules: c.rules.name,
        komi: c.komi,
        result: ResultText(c.score.margin()).to_string(),
        margin: c.score.margin(),
        recorded,
        agreement,
        dead: ByColor::of(&c.dead),
        seki: ByColor::of(&c.seki),
        territory: ByColor {
            black: territory(Color::Black),
            white: territory(Color::White),
        },
        teire: ByColor::of(&c.score.teire_points),
        dame: c.score.dame,
        neutral: c.neutral,
        unfinished: c.is_unfinished(),
        rules_from: rules_from_name(c.rules_from),
        komi_from_record: c.komi_from == KomiFrom::Record,
        millis: c.millis,
    })
}

fn to_json(line: &impl Serialize) -> String {
    serde_json::to_string(line).expect("a report serializes")
}

/// Totals of one group of reports (a rule set and board size, or all).
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Records read and counted.
    pub games: u32,
    /// Records that could not be counted.
    pub errors: u32,
    /// Records with a counted result.
    pub counted_results: u32,
    /// Of those, the same margin.
    pub exact: u32,
    /// Records with a winner (counted or not).
    pub with_winner: u32,
    /// Of those, the same winner.
    pub same_winner: u32,
    /// Sum of |our margin − the record's| over counted results.
    pub abs_error: f64,
    /// Slowest judgement in milliseconds.
    pub max_millis: f64,
    /// The record judged slowest.
    pub slowest: Option<PathBuf>,
    /// Records reported as unfinished ([`Counted::is_unfinished`]): their
    /// counts are estimates (compared with the record all the same).
    pub unfinished: u32,
}

impl Tally {
    /// Adds one report.
    pub fn add(&mut self, report: &Report) {
        let Ok(c) = &report.counted else {
            self.errors += 1;
            return;
        };
        self.games += 1;
        if self.slowest.is_none() || c.millis > self.max_millis {
            self.max_millis = c.millis;
            self.slowest = Some(report.path.clone());
        }
        self.unfinished += u32::from(c.is_unfinished());
        match report.agreement() {
            Agreement::Exact => {
                self.counted_results += 1;
                self.exact += 1;
                self.with_winner += 1;
                self.same_winner += 1;
            }
            Agreement::SameWinner(d) => {
                self.counted_results += 1;
                self.with_winner += 1;
                self.same_winner += 1;
                self.abs_error += d.abs();
            }
            Agreement::Different(d) => {
                self.counted_results += 1;
                self.with_winner += 1;
                self.abs_error += d.abs();
            }
            Agreement::WinnerOnly(same) => {
                self.with_winner += 1;
                self.same_winner += u32::from(same);
            }
            Agreement::NoResult => {}
        }
    }

    fn row(&self, label: &str) -> String {
        let pct = |n: u32, d: u32| {
            if d == 0 {
                "-".to_string()
            } else {
                format!("{:.1}%", 100.0 * f64::from(n) / f64::from(d))
            }
        };
        let mae = if self.counted_results == 0 {
            "-".to_string()
        } else {
            format!("{:.2}", self.abs_error / f64::from(self.counted_results))
        };
        format!(
            "{label:<22} {:>6} {:>6} {:>7} {:>8} {:>8} {:>7} {:>6} {:>8.0}",
            self.games,
            self.unfinished,
            self.counted_results,
            pct(self.exact, self.counted_results),
            pct(self.same_winner, self.with_winner),
            mae,
            self.errors,
            self.max_millis,
        )
    }
}

/// The summary: one row per rule set and board size, then all games.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    groups: BTreeMap<(String, usize), Tally>,
    all: Tally,
}

impl Summary {
    /// Adds one report.
    pub fn add(&mut self, report: &Report) {
        self.all.add(report);
        if let Ok(c) = &report.counted {
            self.groups
                .entry((c.rules.name.to_string(), c.size))
                .or_default()
                .add(report);
        }
    }

    /// All games together.
    #[must_use]
    pub fn total(&self) -> &Tally {
        &self.all
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "{:<22} {:>6} {:>6} {:>7} {:>8} {:>8} {:>7} {:>6} {:>8}",
            "rules, size",
            "games",
            "unfin.",
            "counted",
            "exact",
            "winner",
            "mae",
            "errors",
            "max ms"
        )?;
        for ((rules, size), tally) in &self.groups {
            writeln!(f, "{}", tally.row(&format!("{rules} {size}x{size}")))?;
        }
        write!(f, "{}", self.all.row("all"))?;
        if let Some(path) = &self.all.slowest {
            write!(
                f,
                "\nslowest judgement: {:.0} ms, {}",
                self.all.max_millis,
                path.display()
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recorded_results() {
        assert_eq!(Recorded::parse("B+2.5"), Recorded::Margin(2.5));
        assert_eq!(Recorded::parse("W+0.5"), Recorded::Margin(-0.5));
        assert_eq!(Recorded::parse("w+12"), Recorded::Margin(-12.0));
        assert_eq!(Recorded::parse("0"), Recorded::Margin(0.0));
        assert_eq!(Recorded::parse("Jigo"), Recorded::Margin(0.0));
        assert_eq!(Recorded::parse("B+R"), Recorded::Winner(Color::Black));
        assert_eq!(Recorded::parse("W+Resign"), Recorded::Winner(Color::White));
        assert_eq!(Recorded::parse("W+T"), Recorded::Winner(Color::White));
        assert_eq!(Recorded::parse("B+"), Recorded::Winner(Color::Black));
        assert_eq!(Recorded::parse("Void"), Recorded::Unknown);
        assert_eq!(Recorded::parse("?"), Recorded::Unknown);
    }

    #[test]
    fn agreements() {
        assert_eq!(Agreement::of(2.5, Recorded::Margin(2.5)), Agreement::Exact);
        assert_eq!(
            Agreement::of(3.5, Recorded::Margin(2.5)),
            Agreement::SameWinner(1.0)
        );
        assert_eq!(
            Agreement::of(-0.5, Recorded::Margin(1.5)),
            Agreement::Different(-2.0)
        );
        assert_eq!(
            Agreement::of(0.0, Recorded::Margin(1.0)),
            Agreement::Different(-1.0)
        );
        assert_eq!(
            Agreement::of(-3.0, Recorded::Winner(Color::White)),
            Agreement::WinnerOnly(true)
        );
    }

    /// A "Japanese" or "Chinese" record from OGS is counted by OGS's
    /// count, one from elsewhere by the rules it names; `--rules`
    /// overrides both.
    #[test]
    fn ogs_records_are_counted_as_ogs_counts() {
        let parse = |text: &str| sgf::parse_main_line(text.as_bytes()).unwrap();
        let ogs = parse("(;GM[1]SZ[9]RU[Japanese]PC[OGS: https://online-go.com/game/1])");
        let kgs = parse("(;GM[1]SZ[9]RU[Japanese]PC[The KGS Go Server at http://www.gokgs.com/])");
        let ogs_area = parse("(;GM[1]SZ[9]RU[Chinese]PC[OGS: https://online-go.com/game/2])");
        let ogs_korean = parse("(;GM[1]SZ[9]RU[Korean]PC[OGS: https://online-go.com/game/3])");
        let rules = |line: &sgf::MainLine| record_rules(line, Some(6.5)).unwrap().0;
        assert_eq!(rules(&ogs), Rules::japanese_ogs());
        assert_eq!(rules(&ogs_korean), Rules::japanese_ogs());
        assert_eq!(rules(&kgs), Rules::japanese());
        assert_eq!(rules(&ogs_area), Rules::chinese_ogs());
        let kgs_area =
            parse("(;GM[1]SZ[19]RU[Chinese]PC[The KGS Go Server at http://www.gokgs.com/])");
        assert_eq!(rules(&kgs_area), Rules::chinese_kgs());
        let elsewhere_area = parse("(;GM[1]SZ[19]RU[Chinese]PC[Beijing])");
        assert_eq!(rules(&elsewhere_area), Rules::chinese());
    }

    /// Without `RU` a record is counted by territory, or by area when its
    /// komi is the Chinese 7.5; `RU[GOE]` is Ing's rules; rules we do not
    /// know are an error, not a silent default.
    #[test]
    fn rules_without_ru_and_unknown_rules() {
        let parse = |text: &str| sgf::parse_main_line(text.as_bytes()).unwrap();
        let bare = parse("(;GM[1]SZ[19])");
        assert_eq!(
            record_rules(&bare, Some(6.5)).unwrap(),
            (Rules::japanese(), RulesFrom::NoRuTerritory)
        );
        assert_eq!(
            record_rules(&bare, None).unwrap(),
            (Rules::japanese(), RulesFrom::NoRuTerritory)
        );
        assert_eq!(
            record_rules(&bare, Some(7.5)).unwrap(),
            (Rules::chinese(), RulesFrom::NoRuAreaByKomi)
        );
        let goe = parse("(;GM[1]SZ[19]RU[GOE])");
        assert_eq!(
            record_rules(&goe, Some(7.5)).unwrap(),
            (Rules::ing(), RulesFrom::Record)
        );
        let odd = parse("(;GM[1]SZ[19]RU[Mongolian])");
        let err = record_rules(&odd, Some(6.5)).unwrap_err();
        assert!(matches!(&err, RecordError::UnknownRules(ru) if ru == "Mongolian"));
        assert!(err.to_string().contains("--rules"));
    }

    /// A fresh folder under the system's temporary one holding the
    /// records `cases` (file name, SGF text).
    fn records_dir(tag: &str, cases: &[(&str, &str)]) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("tengen-{tag}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for (name, text) in cases {
            std::fs::write(dir.join(name), text).unwrap();
        }
        dir
    }

    /// Bad records get an error each, never a count: no stones, an illegal
    /// move, an impossible setup, unknown rules. A record without `KM` is
    /// counted without komi and says so; without `RU`, it says what was
    /// assumed.
    #[test]
    fn bad_records_are_errors_and_assumptions_are_said() {
        let dir = records_dir(
            "bad-records",
            &[
                ("empty.sgf", "(;GM[1]SZ[9]KM[6.5]RE[W+6.5])"),
                ("passes.sgf", "(;GM[1]SZ[9]KM[6.5]RE[W+6.5];B[];W[])"),
                ("occupied.sgf", "(;GM[1]SZ[9]KM[6.5];B[ee];W[ee])"),
                ("setup.sgf", "(;GM[1]SZ[9]KM[6.5]AB[ba][ab]AW[aa])"),
                ("rules.sgf", "(;GM[1]SZ[9]KM[6.5]RU[Mongolian];B[ee])"),
                ("nokm.sgf", "(;GM[1]SZ[5]RE[B+10];B[cc])"),
            ],
        );
        let score = |name: &str| score_file(&dir.join(name), &Options::default());
        for name in ["empty.sgf", "passes.sgf"] {
            assert!(
                matches!(score(name).counted, Err(RecordError::Empty)),
                "{name}"
            );
        }
        assert!(matches!(
            score("occupied.sgf").counted,
            Err(RecordError::Sgf(sgf::SgfError::IllegalMove(2)))
        ));
        assert!(matches!(
            score("setup.sgf").counted,
            Err(RecordError::Sgf(sgf::SgfError::BadSetup))
        ));
        assert!(matches!(
            score("rules.sgf").counted,
            Err(RecordError::UnknownRules(_))
        ));
        assert!(line(&score("rules.sgf")).contains("error: unknown rules RU[Mongolian]"));
        // One black stone owns the 5x5 board: 25 points by area... but by
        // territory (no RU), 24 points, and no komi.
        let nokm = score("nokm.sgf");
        let counted = nokm.counted.as_ref().unwrap();
        assert_eq!(counted.komi, 0.0);
        assert_eq!(counted.komi_from, KomiFrom::Missing);
        assert_eq!(counted.rules_from, RulesFrom::NoRuTerritory);
        assert_eq!(counted.score.margin(), 24.0);
        let text = line(&nokm);
        assert!(text.contains("no RU: territory counting assumed"), "{text}");
        assert!(text.contains("komi 0 (no KM)"), "{text}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The Fox server's records: under Chinese rules komi and margins in
    /// hundredths of a stone and stones, under Japanese rules in
    /// hundredths of a point and points; its `B+0.0` under a fractional
    /// komi names a winner, not a draw.
    #[test]
    fn reads_the_fox_servers_komi_and_results() {
        let dir = records_dir(
            "fox",
            &[
                ("cn.sgf", "(;GM[1]SZ[9]KM[375]RU[Chinese]RE[B+1.75];B[ee])"),
                ("jp.sgf", "(;GM[1]SZ[9]KM[650]RU[Japanese]RE[W+2.5];B[ee])"),
                (
                    "zero.sgf",
                    "(;GM[1]SZ[9]KM[650]RU[Japanese]RE[B+0.0];B[ee])",
                ),
                ("draw.sgf", "(;GM[1]SZ[9]KM[6]RU[Japanese]RE[B+0.0];B[ee])"),
            ],
        );
        let score = |name: &str| score_file(&dir.join(name), &Options::default());
        let komi = |r: &Report| r.counted.as_ref().unwrap().komi;
        let cn = score("cn.sgf");
        assert_eq!((komi(&cn), cn.recorded), (7.5, Recorded::Margin(3.5)));
        let jp = score("jp.sgf");
        assert_eq!((komi(&jp), jp.recorded), (6.5, Recorded::Margin(-2.5)));
        assert_eq!(score("zero.sgf").recorded, Recorded::Winner(Color::Black));
        assert_eq!(score("draw.sgf").recorded, Recorded::Margin(0.0));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A position stopped with a long open frontier is reported as
    /// unfinished, its count an estimate; a closed one is not.
    #[test]
    fn an_open_frontier_is_reported_unfinished() {
        let dir = std::env::temp_dir().join(format!("tengen-unfinished-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // 9x9: Black's wall on column C, White's on column G; columns D to
        // F (27 points) between them are no one's yet.
        let open = "(;GM[1]SZ[9]KM[6.5]RU[Japanese]RE[W+6.5]\
            AB[ca][cb][cc][cd][ce][cf][cg][ch][ci]AW[ga][gb][gc][gd][ge][gf][gg][gh][gi])";
        // The same with the frontier closed on column E.
        let closed = "(;GM[1]SZ[9]KM[6.5]RU[Japanese]RE[W+6.5]\
            AB[da][db][dc][dd][de][df][dg][dh][di]AW[ea][eb][ec][ed][ee][ef][eg][eh][ei])";
        std::fs::write(dir.join("open.sgf"), open).unwrap();
        std::fs::write(dir.join("closed.sgf"), closed).unwrap();
        let open = score_file(&dir.join("open.sgf"), &Options::default());
        let closed = score_file(&dir.join("closed.sgf"), &Options::default());
        let open_count = open.counted.as_ref().unwrap();
        assert_eq!(open_count.neutral, 27);
        assert!(open_count.is_unfinished());
        assert!(line(&open).contains("unfinished, 27 neutral points: estimate"));
        assert!(!closed.counted.as_ref().unwrap().is_unfinished());
        assert!(!line(&closed).contains("neutral points: estimate"));
        let mut summary = Summary::default();
        summary.add(&open);
        summary.add(&closed);
        assert_eq!(summary.total().unfinished, 1);
        assert!(summary.to_string().contains("slowest judgement: "));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A whole record through the reader, judge and count: a 5x5 game
    /// where Black walls off the two lower rows, White the top row, and a
    /// white stone in Black's corner is dead.
    #[test]
    fn scores_a_record_and_compares() {
        let dir = std::env::temp_dir().join(format!("tengen-records-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let sgf = "(;GM[1]SZ[5]KM[0.5]RU[Japanese]RE[B+5.5]\
            ;B[ac];W[ab];B[bc];W[bb];B[cc];W[cb];B[dc];W[db];B[ec];W[eb]\
            ;B[tt];W[ee];B[tt];W[tt])";
        let path = dir.join("a.sgf");
        std::fs::write(&path, sgf).unwrap();
        std::fs::write(dir.join("broken.sgf"), "(;GM[1]SZ[5];B[zz])").unwrap();
        let (files, errors) = collect(std::slice::from_ref(&dir));
        assert!(errors.is_empty());
        assert_eq!(files.len(), 2);
        let mut reports = Vec::new();
        let options = Options {
            threads: 2,
            ..Options::default()
        };
        score_all(&files, &options, |r| reports.push(r.clone()));
        assert_eq!(reports.len(), 2);
        assert_eq!(reports[0].path, path);
        let counted = reports[0].counted.as_ref().unwrap();
        // Black: 9 empty points and the dead stone's point, plus it as a
        // prisoner: 11. White: the 5 points of the top row and komi.
        assert_eq!(
            counted.dead,
            vec![(Point::new(4, 0).unwrap(), Color::White)]
        );
        assert_eq!(counted.score.margin(), 5.5);
        assert_eq!(reports[0].agreement(), Agreement::Exact);
        assert!(line(&reports[0]).contains("B+5.5 (recorded B+5.5): exact"));
        assert!(json(&reports[0]).contains("\"dead\":{\"black\":[],\"white\":[\"E1\"]}"));
        assert!(reports[1].counted.is_err());
        let mut summary = Summary::default();
        for r in &reports {
            summary.add(r);
        }
        assert_eq!(summary.total().games, 1);
        assert_eq!(summary.total().errors, 1);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
