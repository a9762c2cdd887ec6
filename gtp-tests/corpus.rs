//! Scoring floor on recorded games: a fixed subset of the development
//! corpus (`../shared/corpora/scoring-dev.tar.gz` beside the project, or
//! `TENGEN_CORPUS`), read in place from a temporary unpacking, never
//! copied into the project. Each collection's exact and same-winner rates
//! must stay at or above a floor just under what the scorer reaches, so
//! no change lands that scores real games worse.
//!
//! Without the corpus (a clone outside this workplace) the test says so
//! and passes, unless `CI` is set: CI always has it.

use std::path::{Path, PathBuf};
use std::process::Command;

use tengen::records::{Options, Tally, score_all};
use tengen::rules::Rules;

/// A collection of the corpus: folder, every how many games (in
/// `index.tsv` order) the subset takes, rules forced, and the floors (in
/// percent) on exact results and on the same winner.
struct Collection {
    folder: &'static str,
    every: usize,
    rules: Option<Rules>,
    exact_floor: f64,
    winner_floor: f64,
}

const COLLECTIONS: [Collection; 4] = [
    Collection {
        folder: "kgs19-godmoves",
        every: 25,
        rules: None,
        exact_floor: EXACT_FLOOR_KGS,
        winner_floor: WINNER_FLOOR_KGS,
    },
    Collection {
        folder: "ogs9-teenygo",
        every: 25,
        rules: None,
        exact_floor: EXACT_FLOOR_OGS,
        winner_floor: WINNER_FLOOR_OGS,
    },
    Collection {
        folder: "cgos9-teenygo",
        every: 5,
        rules: Some(Rules::tromp_taylor()),
        exact_floor: 100.0,
        winner_floor: 100.0,
    },
    Collection {
        folder: "gnugo-regression",
        every: 6,
        rules: None,
        exact_floor: EXACT_FLOOR_GNUGO,
        winner_floor: WINNER_FLOOR_GNUGO,
    },
];

// Floors: two games under the rates reached on the subset (KGS 92% exact,
// 98% same winner; OGS 97%, 99%; GNU Go's games 90.6%, 99%).
const EXACT_FLOOR_KGS: f64 = 90.0;
const WINNER_FLOOR_KGS: f64 = 96.0;
const EXACT_FLOOR_OGS: f64 = 95.0;
const WINNER_FLOOR_OGS: f64 = 97.0;
const EXACT_FLOOR_GNUGO: f64 = 88.5;
const WINNER_FLOOR_GNUGO: f64 = 96.9;

fn corpus() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("TENGEN_CORPUS") {
        return Some(PathBuf::from(path));
    }
    let beside = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("shared")
        .join("corpora")
        .join("scoring-dev.tar.gz");
    beside.exists().then_some(beside)
}

/// The files of `folder`'s `index.tsv`, every `every`-th from the first.
fn subset(folder: &Path, every: usize) -> Vec<PathBuf> {
    let index = std::fs::read_to_string(folder.join("index.tsv")).expect("index.tsv");
    index
        .lines()
        .skip(1)
        .step_by(every)
        .filter_map(|line| line.split('\t').next())
        .map(|file| folder.join(file))
        .collect()
}

#[test]
fn scoring_floor_on_recorded_games() {
    let Some(tarball) = corpus() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have the corpus at ../shared/corpora/scoring-dev.tar.gz"
        );
        eprintln!("corpus not found beside the project: scoring floor not checked");
        return;
    };
    let dir = std::env::temp_dir().join(format!("tengen-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let status = Command::new("tar")
        .arg("xzf")
        .arg(&tarball)
        .arg("-C")
        .arg(&dir)
        .status()
        .expect("tar runs");
    assert!(status.success(), "unpacking {}", tarball.display());
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let mut failures = Vec::new();
    for c in &COLLECTIONS {
        let files = subset(&dir.join(c.folder), c.every);
        let options = Options {
            rules: c.rules,
            komi: None,
            threads,
        };
        let mut tally = Tally::default();
        score_all(&files, &options, |report| tally.add(report));
        let pct = |n: u32, of: u32| 100.0 * f64::from(n) / f64::from(of.max(1));
        let (exact, winner) = (
            pct(tally.exact, tally.counted_results),
            pct(tally.same_winner, tally.with_winner),
        );
        eprintln!(
            "{}: {} games, {} counted results, exact {exact:.1}%, same winner {winner:.1}%, {} unreadable",
            c.folder,
            files.len(),
            tally.counted_results,
            tally.errors
        );
        if tally.counted_results == 0
            || tally.errors > 0
            || exact < c.exact_floor
            || winner < c.winner_floor
        {
            failures.push(format!(
                "{}: exact {exact:.1}% (floor {}), same winner {winner:.1}% (floor {}), {} unreadable",
                c.folder, c.exact_floor, c.winner_floor, tally.errors
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
