//! `tengen score`: judging and counting batches of game records, the job
//! people use `gnugo --score` for.
//!
//! Each record's main line is replayed (captures count as prisoners), its
//! final position judged ([`crate::rules::status::judge`]) and counted
//! ([`crate::rules::score::count`]) under the record's rules (`RU`) and komi
//! (`KM`) unless overridden. Where the record holds a counted result (`RE`),
//! the count is compared with it.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use crate::board::Point;
use crate::color::Color;
use crate::gtp::response::point_text;
use crate::rules::score::{PointOwner, ResultText, Score, count};
use crate::rules::status::{StoneStatus, judge};
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
    /// Komi counted with.
    pub komi: f64,
    /// The count.
    pub score: Score,
    /// Dead stones, each colour.
    pub dead: Vec<(Point, Color)>,
    /// Stones in seki, each colour.
    pub seki: Vec<(Point, Color)>,
    /// Milliseconds the judgement took.
    pub millis: f64,
}

/// One record's report.
#[derive(Clone, Debug)]
pub struct Report {
    /// The file.
    pub path: PathBuf,
    /// The recorded result.
    pub recorded: Recorded,
    /// The count, or why the record could not be counted.
    pub counted: Result<Counted, String>,
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

/// The rules a record was counted under: its `RU` (Japanese where it has
/// none), except that a "Japanese", "Korean" or "Chinese" record whose
/// `PC` names OGS (online-go.com) was counted by that server's count
/// ([`Rules::japanese_ogs`], [`Rules::chinese_ogs`]): its result is the
/// server's count that the players accepted.
fn record_rules(line: &sgf::MainLine) -> Rules {
    let rules = line
        .root("RU")
        .and_then(|ru| ru.parse::<Rules>().ok())
        .unwrap_or_default();
    let from_ogs = line
        .root("PC")
        .is_some_and(|pc| pc.starts_with("OGS") || pc.contains("online-go.com"));
    match rules {
        r if from_ogs && r == Rules::japanese() => Rules::japanese_ogs(),
        r if from_ogs && r == Rules::chinese() => Rules::chinese_ogs(),
        r => r,
    }
}

/// Reads, judges and counts one record.
#[must_use]
pub fn score_file(path: &Path, options: &Options) -> Report {
    let mut recorded = Recorded::Unknown;
    let counted = sgf::read_limited(path, sgf::MAX_SGF_BYTES)
        .map_err(|e| e.to_string())
        .and_then(|text| {
            let line = sgf::parse_main_line(&text).map_err(|e| e.to_string())?;
            recorded = line.root("RE").map_or(Recorded::Unknown, Recorded::parse);
            let rules = options.rules.unwrap_or_else(|| record_rules(&line));
            // Replayed under the most permissive play rules: a record is what
            // its server accepted, whatever repetition rule it applied.
            let permissive = PlayRules {
                ko: KoRule::Simple,
                suicide_allowed: true,
            };
            let loaded = sgf::load(&line, None, permissive).map_err(|e| e.to_string())?;
            let komi = options.komi.or(loaded.komi).unwrap_or(0.0);
            let game = loaded.game;
            let board = game.board();
            let start = Instant::now();
            let judgement = judge(board, &rules);
            let score = count(board, &judgement, &rules, komi, game.handicap());
            let millis = start.elapsed().as_secs_f64() * 1000.0;
            let with = |s: StoneStatus| {
                board
                    .stones()
                    .into_iter()
                    .filter(|&(p, _)| judgement.status(p) == Some(s))
                    .collect::<Vec<_>>()
            };
            Ok(Counted {
                size: board.size(),
                rules,
                komi,
                dead: with(StoneStatus::Dead),
                seki: with(StoneStatus::Seki),
                score,
                millis,
            })
        });
    Report {
        path: path.to_path_buf(),
        recorded,
        counted,
    }
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
    format!(
        "{name}: {ours} (recorded {recorded}): {verdict} [{}x{}, {}, komi {}]",
        counted.size, counted.size, counted.rules, counted.komi
    )
}

fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn json_points<'a>(points: impl Iterator<Item = &'a Point>) -> String {
    let list: Vec<String> = points.map(|&p| json_string(&point_text(p))).collect();
    format!("[{}]", list.join(","))
}

/// One JSON object (one line) for a report: the result, the dead and seki
/// stones and the territory of each colour.
#[must_use]
pub fn json(report: &Report) -> String {
    let file = json_string(&report.path.display().to_string());
    let recorded = match report.recorded {
        Recorded::Unknown => "null".to_string(),
        known => json_string(&known.to_string()),
    };
    let c = match &report.counted {
        Err(e) => {
            return format!(
                "{{\"file\":{file},\"recorded\":{recorded},\"error\":{}}}",
                json_string(e)
            );
        }
        Ok(c) => c,
    };
    let agreement = match report.agreement() {
        Agreement::Exact => "\"exact\"",
        Agreement::SameWinner(_) | Agreement::WinnerOnly(true) => "\"same winner\"",
        Agreement::Different(_) | Agreement::WinnerOnly(false) => "\"different\"",
        Agreement::NoResult => "null",
    };
    let of = |list: &[(Point, Color)], color: Color| {
        json_points(list.iter().filter(|(_, c)| *c == color).map(|(p, _)| p))
    };
    let size = c.size;
    let territory = |color: Color| {
        let points: Vec<Point> = (0..size)
            .flat_map(|row| (0..size).filter_map(move |col| Point::new(col, row)))
            .filter(|&p| c.score.owner(p) == Some(PointOwner::Territory(color)))
            .collect();
        json_points(points.iter())
    };
    format!(
        "{{\"file\":{file},\"size\":{size},\"rules\":{},\"komi\":{},\"result\":{},\"margin\":{},\"recorded\":{recorded},\"agreement\":{agreement},\"dead\":{{\"black\":{},\"white\":{}}},\"seki\":{{\"black\":{},\"white\":{}}},\"territory\":{{\"black\":{},\"white\":{}}},\"teire\":{{\"black\":{},\"white\":{}}},\"dame\":{},\"millis\":{:.1}}}",
        json_string(c.rules.name),
        c.komi,
        json_string(&ResultText(c.score.margin()).to_string()),
        c.score.margin(),
        of(&c.dead, Color::Black),
        of(&c.dead, Color::White),
        of(&c.seki, Color::Black),
        of(&c.seki, Color::White),
        territory(Color::Black),
        territory(Color::White),
        of(&c.score.teire_points, Color::Black),
        of(&c.score.teire_points, Color::White),
        c.score.dame,
        c.millis,
    )
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
}

impl Tally {
    /// Adds one report.
    pub fn add(&mut self, report: &Report) {
        let Ok(c) = &report.counted else {
            self.errors += 1;
            return;
        };
        self.games += 1;
        self.max_millis = self.max_millis.max(c.millis);
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
            "{label:<22} {:>6} {:>7} {:>8} {:>8} {:>7} {:>6} {:>8.0}",
            self.games,
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
            "{:<22} {:>6} {:>7} {:>8} {:>8} {:>7} {:>6} {:>8}",
            "rules, size", "games", "counted", "exact", "winner", "mae", "errors", "max ms"
        )?;
        for ((rules, size), tally) in &self.groups {
            writeln!(f, "{}", tally.row(&format!("{rules} {size}x{size}")))?;
        }
        write!(f, "{}", self.all.row("all"))
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
        assert_eq!(record_rules(&ogs), Rules::japanese_ogs());
        assert_eq!(record_rules(&ogs_korean), Rules::japanese_ogs());
        assert_eq!(record_rules(&kgs), Rules::japanese());
        assert_eq!(record_rules(&ogs_area), Rules::chinese_ogs());
        let kgs_area =
            parse("(;GM[1]SZ[19]RU[Chinese]PC[The KGS Go Server at http://www.gokgs.com/])");
        assert_eq!(record_rules(&kgs_area), Rules::chinese());
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
