//! Fitting the move model on game records.
//!
//! 1. **Harvest**: the patterns of the moves played, at every size; those
//!    played at least [`TrainOptions::min_count`] times form the
//!    dictionary.
//! 2. **Competitions**: in every position, each candidate move is a team
//!    of features (its largest known pattern and its tactical values);
//!    the played move is the winner. Identical teams in a position are
//!    counted once with a multiplicity.
//! 3. **Minorization–maximization** (Coulom 2007): one feature group at a
//!    time, each strength becomes its wins over the sum, across the
//!    competitions it took part in, of its team-mates' strength over the
//!    competition's total strength. A prior of one virtual win and one
//!    virtual loss against a strength of 1 keeps rare features finite.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::features::{self, GROUP_VALUES, NUM_GROUPS};
use super::{Model, PatternTable, replay};
use crate::progress::Progress;

/// Virtual wins and games against a strength of 1, for every feature.
const PRIOR_WINS: f64 = 1.0;
const PRIOR_GAMES: f64 = 2.0;

/// How to train.
#[derive(Clone, Debug)]
pub struct TrainOptions {
    /// A pattern enters the dictionary when played this often.
    pub min_count: u32,
    /// Rounds of MM over every feature group.
    pub iterations: usize,
    /// Worker threads.
    pub threads: usize,
}

/// The candidate teams of every position, flattened.
#[derive(Default)]
struct Competitions {
    /// Team `t`'s pattern id (0: no known pattern).
    patterns: Vec<u32>,
    /// Team `t`'s tactical values.
    tactics: Vec<[u8; NUM_GROUPS]>,
    /// How many candidates of the position share team `t`.
    counts: Vec<u16>,
    /// Position `j`'s teams are `starts[j]..starts[j + 1]`; the first is the
    /// move played.
    starts: Vec<usize>,
}

impl Competitions {
    fn append(&mut self, mut other: Competitions) {
        let offset = self.patterns.len();
        self.starts.extend(other.starts.iter().map(|s| s + offset));
        self.patterns.append(&mut other.patterns);
        self.tactics.append(&mut other.tactics);
        self.counts.append(&mut other.counts);
    }

    fn positions(&self) -> usize {
        self.starts.len()
    }

    fn range(&self, j: usize) -> std::ops::Range<usize> {
        self.starts[j]
            ..self
                .starts
                .get(j + 1)
                .copied()
                .unwrap_or(self.patterns.len())
    }
}

/// Runs `work` on every file from `threads` threads, merging what each
/// thread builds with `merge`.
pub(super) fn parallel<T: Default + Send>(
    files: &[PathBuf],
    threads: usize,
    work: impl Fn(&mut T, &std::path::Path) + Sync,
    merge: impl Fn(&mut T, T),
) -> T {
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    let progress = Progress::new(files.len());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let mut mine = T::default();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(file) = files.get(i) else { break };
                    work(&mut mine, file);
                    progress.inc();
                    if !progress.is_bar() && (i + 1).is_multiple_of(1000) {
                        log::info!("{} of {} records", i + 1, files.len());
                    }
                }
                results.lock().expect("not poisoned").push(mine);
            });
        }
    });
    progress.finish();
    let mut all = T::default();
    for r in results.into_inner().expect("not poisoned") {
        merge(&mut all, r);
    }
    all
}

/// The dictionary: every pattern played at least `min_count` times, with
/// its id (from 1).
fn harvest(files: &[PathBuf], options: &TrainOptions) -> HashMap<u64, u32> {
    let counts: HashMap<u64, u32> = parallel(
        files,
        options.threads,
        |counts: &mut HashMap<u64, u32>, file| {
            let replayed = replay(file, |pos| {
                let hashes = features::pattern_hashes(pos.board, pos.context.color, pos.played);
                for h in hashes {
                    *counts.entry(h).or_default() += 1;
                }
            });
            // Said once, here: the second pass skips the same records.
            if let Err(e) = replayed {
                log::warn!("skipped {}: {e}", file.display());
            }
        },
        |all, part| {
            for (h, c) in part {
                *all.entry(h).or_default() += c;
            }
        },
    );
    let mut kept: Vec<u64> = counts
        .into_iter()
        .filter(|&(_, c)| c >= options.min_count)
        .map(|(h, _)| h)
        .collect();
    kept.sort_unstable();
    kept.into_iter().zip(1..).collect()
}

/// Every position's teams.
fn competitions(
    files: &[PathBuf],
    dictionary: &HashMap<u64, u32>,
    options: &TrainOptions,
) -> Competitions {
    parallel(
        files,
        options.threads,
        |comps: &mut Competitions, file| {
            let mut teams: HashMap<(u32, [u8; NUM_GROUPS]), u16> = HashMap::new();
            // A record that cannot be replayed was reported by `harvest`.
            let _ = replay(file, |pos| {
                let candidates = features::candidates(pos.board, pos.context.color);
                if !candidates.contains(&pos.played) {
                    return;
                }
                teams.clear();
                let mut winner = None;
                for p in candidates {
                    let (id, tactics) = features::features_with(pos.board, &pos.context, p, |h| {
                        dictionary.get(&h).copied()
                    });
                    let team = (id.unwrap_or(0), tactics);
                    if p == pos.played {
                        winner = Some(team);
                    } else {
                        *teams.entry(team).or_default() += 1;
                    }
                }
                let winner = winner.expect("the played move is a candidate");
                comps.starts.push(comps.patterns.len());
                for (team, count) in std::iter::once((winner, 1)).chain(teams.drain()) {
                    comps.patterns.push(team.0);
                    comps.tactics.push(team.1);
                    comps.counts.push(count);
                }
            });
        },
        Competitions::append,
    )
}

/// The strengths being fitted.
struct Strengths {
    patterns: Vec<f64>,
    tactics: [Vec<f64>; NUM_GROUPS],
}

impl Strengths {
    fn team(&self, comps: &Competitions, t: usize) -> f64 {
        let mut gamma = self.patterns[comps.patterns[t] as usize];
        for (g, &v) in comps.tactics[t].iter().enumerate() {
            gamma *= self.tactics[g][usize::from(v)];
        }
        gamma
    }
}

/// Which strengths one MM step updates.
#[derive(Clone, Copy)]
enum Target {
    Patterns,
    Tactic(usize),
}

/// One MM step for `target`; returns the mean log-likelihood of the played
/// moves before the step.
fn mm_step(comps: &Competitions, s: &mut Strengths, target: Target, threads: usize) -> f64 {
    let len = match target {
        Target::Patterns => s.patterns.len(),
        Target::Tactic(g) => GROUP_VALUES[g],
    };
    let feature = |t: usize| match target {
        Target::Patterns => comps.patterns[t] as usize,
        Target::Tactic(g) => usize::from(comps.tactics[t][g]),
    };
    let n = comps.positions();
    let chunk = n.div_ceil(threads.max(1));
    let parts: Vec<(Vec<f64>, Vec<f64>, f64)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|i| {
                let s = &*s;
                scope.spawn(move || {
                    let mut wins = vec![0.0; len];
                    let mut sums = vec![0.0; len];
                    let mut log_likelihood = 0.0;
                    for j in i * chunk..((i + 1) * chunk).min(n) {
                        let range = comps.range(j);
                        let total: f64 = range
                            .clone()
                            .map(|t| f64::from(comps.counts[t]) * s.team(comps, t))
                            .sum();
                        let first = range.start;
                        log_likelihood += (s.team(comps, first) / total).ln();
                        wins[feature(first)] += 1.0;
                        for t in range {
                            let f = feature(t);
                            let own = match target {
                                Target::Patterns => s.patterns[f],
                                Target::Tactic(g) => s.tactics[g][f],
                            };
                            sums[f] += f64::from(comps.counts[t]) * s.team(comps, t) / own / total;
                        }
                    }
                    (wins, sums, log_likelihood)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("no panic"))
            .collect()
    });
    let mut wins = vec![0.0; len];
    let mut sums = vec![0.0; len];
    let mut log_likelihood = 0.0;
    for (w, c, l) in parts {
        for f in 0..len {
            wins[f] += w[f];
            sums[f] += c[f];
        }
        log_likelihood += l;
    }
    let gammas = match target {
        Target::Patterns => &mut s.patterns,
        Target::Tactic(g) => &mut s.tactics[g],
    };
    // The "none" value of a tactical group stays at 1.
    let first = usize::from(matches!(target, Target::Tactic(_)));
    for f in first..len {
        let gamma = gammas[f];
        gammas[f] = (wins[f] + PRIOR_WINS) / (sums[f] + PRIOR_GAMES / (gamma + 1.0));
    }
    log_likelihood / n.max(1) as f64
}

/// Fits a model on `files`.
#[must_use]
pub fn train(files: &[PathBuf], options: &TrainOptions) -> Model {
    let dictionary = harvest(files, options);
    log::info!(
        "{} patterns played {}+ times",
        dictionary.len(),
        options.min_count
    );
    let comps = competitions(files, &dictionary, options);
    log::info!(
        "{} positions, {} distinct candidate teams",
        comps.positions(),
        comps.patterns.len()
    );
    let mut s = Strengths {
        patterns: vec![1.0; dictionary.len() + 1],
        tactics: GROUP_VALUES.map(|v| vec![1.0; v]),
    };
    for round in 0..options.iterations {
        let ll = mm_step(&comps, &mut s, Target::Patterns, options.threads);
        for g in 0..NUM_GROUPS {
            mm_step(&comps, &mut s, Target::Tactic(g), options.threads);
        }
        log::info!("round {}: mean log-likelihood {ll:.4}", round + 1);
    }
    // An unknown pattern has strength 1 in the model: scale the group so.
    let unknown = s.patterns[0];
    let mut patterns = PatternTable::default();
    for (hash, id) in dictionary {
        patterns.insert(hash, (s.patterns[id as usize] / unknown) as f32);
    }
    Model {
        tactics: s.tactics.map(|v| v.into_iter().map(|g| g as f32).collect()),
        patterns,
    }
}
