//! Time controls as GTP, KGS and KataGo describe them, and the clock the
//! engine keeps.
//!
//! The controller sets the system (`time_settings`, `kgs-time_settings`,
//! `kata-time_settings`) and reports the time left (`time_left`), which is
//! taken as ground truth. [`Clock::budget`] gives a move its share of the
//! time left, keeping [`SAFETY_FRACTION`] of it and [`SAFETY_SECONDS`] in
//! reserve; without a clock (and without `--time` or `--playouts`) a move
//! gets the engine's default of one second. Per system:
//!
//! - **absolute**: the time left over the moves still to come (an estimate
//!   from the board size and the moves played, never fewer than
//!   [`ABSOLUTE_MOVES_LEFT`] of the board's points);
//! - **Canadian and Japanese byo-yomi**: in main time, an even share of
//!   the main time left *plus* the time a move gets in overtime (main time
//!   spent no faster than that would only delay the overtime and add
//!   nothing), never running past the first period; in overtime, the time
//!   left in the period over its stones (Canadian) or nearly the whole
//!   period (Japanese, one move a period);
//! - **Fischer**: an even share of the time left plus
//!   [`FISCHER_INCREMENT_SHARE`] of the increment, so that the bank grows
//!   while the clock is short; never more than is on the clock, and under
//!   capped Fischer never less than what the cap would throw away, nor
//!   more than the most a move may take.

use std::time::Duration;

use crate::color::Color;

/// A time system (GTP `time_settings`, KGS `kgs-time_settings`, KataGo
/// `kata-time_settings`).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub enum TimeSystem {
    /// No time limit (the default, and GTP's `byo_yomi_stones = 0`).
    #[default]
    Unlimited,
    /// `main` seconds for the whole game.
    Absolute {
        /// Main time in seconds.
        main: f64,
    },
    /// Canadian byo-yomi: after main time, `stones` moves per `period`.
    Canadian {
        /// Main time in seconds.
        main: f64,
        /// Length of each overtime period in seconds.
        period: f64,
        /// Moves to play within each period.
        stones: u32,
    },
    /// Japanese byo-yomi: after main time, `periods` periods of `period`
    /// seconds, one move each.
    ByoYomi {
        /// Main time in seconds.
        main: f64,
        /// Length of each period in seconds.
        period: f64,
        /// Number of periods.
        periods: u32,
    },
    /// Fischer: `increment` seconds added to the clock after each move
    /// (KataGo's `fischer`); capped (KataGo's `fischer-capped`) when
    /// `main_cap` or `max_per_move` is set.
    Fischer {
        /// Main time in seconds.
        main: f64,
        /// Seconds added after each move.
        increment: f64,
        /// The clock never holds more than this after the increment.
        main_cap: Option<f64>,
        /// The most one move may take.
        max_per_move: Option<f64>,
    },
}

/// The longest time any setting or report may give, in seconds: 2^31 − 1,
/// the least KataGo's `kata-time_settings` asks engines to accept. Longer
/// (and negative, NaN or infinite) settings are refused.
pub const MAX_TIME_SECONDS: f64 = 2_147_483_647.0;
/// The most stones (Canadian) or periods (Japanese byo-yomi) accepted.
pub const MAX_STONES: f64 = 2_147_483_647.0;

impl TimeSystem {
    /// The system GTP's `time_settings main byo_time byo_stones` means:
    /// `byo_time = 0` is absolute time, `byo_stones = 0` (with
    /// `byo_time > 0`) is no limit, else Canadian.
    #[must_use]
    pub fn from_gtp(main: f64, byo_time: f64, byo_stones: u32) -> TimeSystem {
        if byo_time <= 0.0 {
            TimeSystem::Absolute { main }
        } else if byo_stones == 0 {
            TimeSystem::Unlimited
        } else {
            TimeSystem::Canadian {
                main,
                period: byo_time,
                stones: byo_stones,
            }
        }
    }

    /// Japanese byo-yomi, or absolute time when there are no periods (as
    /// KataGo reads `byoyomi M T 0`).
    #[must_use]
    pub fn byo_yomi(main: f64, period: f64, periods: u32) -> TimeSystem {
        if periods == 0 || period <= 0.0 {
            TimeSystem::Absolute { main }
        } else {
            TimeSystem::ByoYomi {
                main,
                period,
                periods,
            }
        }
    }

    /// Main time, 0 without a limit.
    #[must_use]
    pub fn main_time(self) -> f64 {
        match self {
            TimeSystem::Unlimited => 0.0,
            TimeSystem::Absolute { main }
            | TimeSystem::Canadian { main, .. }
            | TimeSystem::ByoYomi { main, .. }
            | TimeSystem::Fischer { main, .. } => main,
        }
    }
}

/// What `time_left` last reported for one player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeLeft {
    /// Seconds left in the current period (main time or overtime).
    pub seconds: f64,
    /// Canadian: stones left in the period (0 while in main time).
    /// Japanese byo-yomi (KGS): periods left (0 while in main time).
    /// Absolute and Fischer: always 0.
    pub stones: u32,
}

/// Seconds always kept in reserve for process and pipe latency.
pub const SAFETY_SECONDS: f64 = 0.25;
/// Fraction of the available time kept in reserve as well.
pub const SAFETY_FRACTION: f64 = 0.1;
/// The least number of moves assumed still to come in main time.
pub const MIN_MOVES_LEFT: f64 = 12.0;
/// Under absolute time, the least number of moves assumed still to come,
/// as a share of the board's points (120 on 19x19, 27 on 9x9): without
/// overtime a game that runs long must still find time for its last moves.
pub const ABSOLUTE_MOVES_LEFT: f64 = 1.0 / 3.0;
/// The shortest budget ever given to a search.
pub const MIN_BUDGET_SECONDS: f64 = 0.02;
/// The longest (a day): clamps absurd clock values from controllers.
pub const MAX_BUDGET_SECONDS: f64 = 86_400.0;
/// Under Fischer, the share of the increment a move spends on top of its
/// share of the clock; the rest is banked.
pub const FISCHER_INCREMENT_SHARE: f64 = 0.8;

/// `seconds` as a duration, clamped to
/// [`MIN_BUDGET_SECONDS`]`..=`[`MAX_BUDGET_SECONDS`] (NaN gives the
/// minimum), so no controller value can overflow a `Duration`.
#[must_use]
pub fn budget_duration(seconds: f64) -> Duration {
    let clamped = if seconds.is_nan() {
        MIN_BUDGET_SECONDS
    } else {
        seconds.clamp(MIN_BUDGET_SECONDS, MAX_BUDGET_SECONDS)
    };
    Duration::from_secs_f64(clamped)
}

/// `t` less the safety margins ([`SAFETY_FRACTION`], [`SAFETY_SECONDS`]),
/// at least [`MIN_BUDGET_SECONDS`].
fn keep(t: f64) -> f64 {
    (t * (1.0 - SAFETY_FRACTION) - SAFETY_SECONDS).max(MIN_BUDGET_SECONDS)
}

/// The time settings and what is left per player: from `time_left`
/// (ground truth) or, without it, from the engine's own accounting.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Clock {
    /// The time system in force.
    pub system: TimeSystem,
    /// What is left per colour (`None` when unknown or unlimited).
    pub left: [Option<TimeLeft>; 2],
}

impl Clock {
    /// New settings: both players start with the full main time.
    pub fn set_system(&mut self, system: TimeSystem) {
        self.system = system;
        self.reset();
    }

    /// A new game on the same settings. Without main time the clock starts
    /// in overtime.
    pub fn reset(&mut self) {
        let start = |seconds, stones| Some(TimeLeft { seconds, stones });
        let start = match self.system {
            TimeSystem::Unlimited => None,
            TimeSystem::Canadian {
                main,
                period,
                stones,
            } if main <= 0.0 => start(period, stones),
            TimeSystem::ByoYomi {
                main,
                period,
                periods,
            } if main <= 0.0 => start(period, periods),
            TimeSystem::Absolute { main }
            | TimeSystem::Canadian { main, .. }
            | TimeSystem::ByoYomi { main, .. }
            | TimeSystem::Fischer { main, .. } => start(main, 0),
        };
        self.left = [start, start];
    }

    /// Records a `time_left` report, read per system as kgsGtp and gtp2ogs
    /// send it: STONES 0 is main time; above 0 it is the stones left in
    /// the period under Canadian byo-yomi and the periods left under
    /// Japanese byo-yomi (KGS's convention), at most the settings' count;
    /// absolute and Fischer clocks have no stones. Negative values are
    /// clamped to zero (bridges send them).
    pub fn set_left(&mut self, color: Color, seconds: f64, stones: f64) {
        let stones = if stones.is_nan() || stones <= 0.0 {
            0
        } else {
            stones.min(MAX_STONES) as u32
        };
        let stones = match self.system {
            TimeSystem::Canadian { stones: most, .. } => stones.min(most),
            TimeSystem::ByoYomi { periods, .. } => stones.min(periods),
            TimeSystem::Unlimited | TimeSystem::Absolute { .. } | TimeSystem::Fischer { .. } => 0,
        };
        let seconds = if seconds.is_nan() {
            0.0
        } else {
            seconds.clamp(0.0, MAX_TIME_SECONDS)
        };
        self.left[color.index()] = Some(TimeLeft { seconds, stones });
    }

    /// Charges `seconds` of thinking to `color`, moving into overtime when
    /// main time runs out and adding Fischer's increment (the engine's own
    /// clock, used until the next `time_left`).
    pub fn spend(&mut self, color: Color, seconds: f64) {
        let system = self.system;
        let Some(left) = self.left[color.index()].as_mut() else {
            return;
        };
        left.seconds -= seconds;
        match system {
            TimeSystem::Canadian { period, stones, .. } => {
                if left.stones == 0 && left.seconds < 0.0 {
                    *left = TimeLeft {
                        seconds: period + left.seconds,
                        stones,
                    };
                } else if left.stones > 0 {
                    left.stones -= 1;
                    if left.stones == 0 {
                        *left = TimeLeft {
                            seconds: period,
                            stones,
                        };
                    }
                }
            }
            TimeSystem::ByoYomi {
                period, periods, ..
            } => {
                if left.stones == 0 && left.seconds < 0.0 {
                    *left = TimeLeft {
                        seconds: period,
                        stones: periods,
                    };
                } else if left.stones > 0 {
                    if left.seconds < 0.0 {
                        // The period ran out: it is lost.
                        left.stones = left.stones.saturating_sub(1);
                    }
                    left.seconds = period;
                }
            }
            TimeSystem::Fischer {
                increment,
                main_cap,
                ..
            } => {
                left.seconds = left.seconds.max(0.0) + increment;
                if let Some(cap) = main_cap {
                    left.seconds = left.seconds.min(cap);
                }
            }
            TimeSystem::Absolute { .. } | TimeSystem::Unlimited => {}
        }
        left.seconds = left.seconds.max(0.0);
    }

    /// The thinking time for `color`'s next move on a board of `size` after
    /// `moves_played` moves; `default` when no time limit applies.
    #[must_use]
    pub fn budget(
        &self,
        color: Color,
        size: usize,
        moves_played: usize,
        default: Duration,
    ) -> Duration {
        let Some(left) = self.left[color.index()] else {
            return default;
        };
        let area = (size * size) as f64;
        let moves_left = (area / 3.0 - moves_played as f64 / 2.0).max(MIN_MOVES_LEFT);
        // In main time before byo-yomi: an even share plus what a move
        // gets in overtime, without running past the first period.
        let main_then_overtime = |per_move: f64| {
            keep(left.seconds / moves_left + per_move).min(keep(left.seconds + per_move))
        };
        let seconds = match self.system {
            TimeSystem::Unlimited => return default,
            // No overtime to fall back on: a game may run long, so never
            // fewer than ABSOLUTE_MOVES_LEFT of a board's area to come.
            TimeSystem::Absolute { .. } => {
                keep(left.seconds / moves_left.max(area * ABSOLUTE_MOVES_LEFT))
            }
            TimeSystem::Canadian { period, stones, .. } => {
                if left.stones == 0 {
                    main_then_overtime(period / f64::from(stones.max(1)))
                } else {
                    keep(left.seconds / f64::from(left.stones))
                }
            }
            TimeSystem::ByoYomi { period, .. } => {
                if left.stones == 0 {
                    main_then_overtime(period)
                } else {
                    keep(left.seconds.min(period))
                }
            }
            TimeSystem::Fischer {
                increment,
                main_cap,
                max_per_move,
                ..
            } => {
                let share = (left.seconds / moves_left + FISCHER_INCREMENT_SHARE * increment)
                    * (1.0 - SAFETY_FRACTION);
                // Time the cap would take away after the increment.
                let overflow = main_cap.map_or(0.0, |cap| left.seconds + increment - cap);
                let mut seconds = share.max(overflow).min(keep(left.seconds));
                if let Some(most) = max_per_move {
                    seconds = seconds.min(keep(most));
                }
                seconds.max(MIN_BUDGET_SECONDS)
            }
        };
        budget_duration(seconds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Budgets never exceed what is left, minus the safety margin.
    #[test]
    fn budgets_fit_the_clock() {
        let mut clock = Clock::default();
        let default = Duration::from_secs(1);
        assert_eq!(clock.budget(Color::Black, 19, 0, default), default);
        clock.set_system(TimeSystem::Absolute { main: 10.0 });
        let b = clock.budget(Color::Black, 19, 0, default).as_secs_f64();
        assert!(b > 0.0 && b < 10.0 / MIN_MOVES_LEFT);
        clock.set_system(TimeSystem::ByoYomi {
            main: 0.0,
            period: 1.0,
            periods: 5,
        });
        clock.set_left(Color::White, 1.0, 5.0);
        let b = clock.budget(Color::White, 19, 100, default).as_secs_f64();
        assert!(b <= 1.0 - SAFETY_SECONDS && b > 0.5, "{b}");
        clock.set_system(TimeSystem::Canadian {
            main: 0.0,
            period: 30.0,
            stones: 10,
        });
        clock.set_left(Color::Black, 30.0, 10.0);
        let b = clock.budget(Color::Black, 9, 10, default).as_secs_f64();
        assert!(b <= 3.0 && b > 2.0, "{b}");
    }

    /// Japanese byo-yomi, main time gone: a move spends nearly its whole
    /// period (at least half of it), never more than the period less the
    /// safety margin, whatever the number of periods left.
    #[test]
    fn byo_yomi_spends_the_period() {
        let default = Duration::from_secs(1);
        for period in [1.0, 5.0, 30.0] {
            for periods in [1, 3, 5] {
                let mut clock = Clock::default();
                clock.set_system(TimeSystem::ByoYomi {
                    main: 0.0,
                    period,
                    periods,
                });
                for left in [period, period * 0.9] {
                    clock.set_left(Color::Black, left, f64::from(periods));
                    let b = clock.budget(Color::Black, 19, 150, default).as_secs_f64();
                    assert!(b <= left - SAFETY_SECONDS, "{period} {periods} {left}: {b}");
                    assert!(
                        b >= period / 2.0 * 0.9 - 1e-9,
                        "{period} {periods} {left}: {b}"
                    );
                }
            }
        }
    }

    /// Japanese byo-yomi in main time: more than a move gets in overtime
    /// (spending main time no faster would only postpone the overtime),
    /// less than the main time left plus one period.
    #[test]
    fn byo_yomi_main_time_is_spent_first() {
        let mut clock = Clock::default();
        clock.set_system(TimeSystem::ByoYomi {
            main: 600.0,
            period: 30.0,
            periods: 5,
        });
        let default = Duration::from_secs(1);
        let overtime = keep(30.0);
        let b = clock.budget(Color::White, 19, 0, default).as_secs_f64();
        assert!(b > overtime && b < 600.0 / 20.0 + 30.0, "{b}");
        clock.set_left(Color::White, 2.0, 0.0);
        let b = clock.budget(Color::White, 19, 200, default).as_secs_f64();
        assert!(b > 2.0 && b < 2.0 + 30.0 - SAFETY_SECONDS, "{b}");
    }

    /// Fischer: never more than the clock holds (the increment comes after
    /// the move), and most of the increment is spent on top of the share.
    #[test]
    fn fischer_budget_fits_the_clock() {
        let default = Duration::from_secs(1);
        let mut clock = Clock::default();
        clock.set_system(TimeSystem::Fischer {
            main: 60.0,
            increment: 5.0,
            main_cap: None,
            max_per_move: None,
        });
        for left in [0.1, 1.0, 4.0, 60.0, 600.0] {
            clock.set_left(Color::Black, left, 0.0);
            let b = clock.budget(Color::Black, 19, 40, default).as_secs_f64();
            assert!(b < left + 5.0, "{left}: {b}");
            assert!(
                b <= (left - SAFETY_SECONDS).max(MIN_BUDGET_SECONDS),
                "{left}: {b}"
            );
        }
        clock.set_left(Color::Black, 60.0, 0.0);
        let b = clock.budget(Color::Black, 19, 40, default).as_secs_f64();
        assert!(b > 0.5 * 5.0 && b < 5.0 + 60.0 / 10.0, "{b}");
        // Capped: never over the most a move may take; at the cap, what
        // the cap would throw away is spent.
        clock.set_system(TimeSystem::Fischer {
            main: 30.0,
            increment: 10.0,
            main_cap: Some(30.0),
            max_per_move: Some(4.0),
        });
        let b = clock.budget(Color::Black, 19, 0, default).as_secs_f64();
        assert!(b <= keep(4.0), "{b}");
        clock.set_system(TimeSystem::Fischer {
            main: 30.0,
            increment: 10.0,
            main_cap: Some(30.0),
            max_per_move: None,
        });
        let b = clock.budget(Color::Black, 19, 0, default).as_secs_f64();
        assert!((10.0..30.0).contains(&b), "{b}");
    }

    /// A server's clock for one player, as kgsGtp and gtp2ogs keep it and
    /// report it in `time_left`.
    struct ServerClock {
        system: TimeSystem,
        /// Seconds left in main time or in the current period.
        seconds: f64,
        /// In overtime: Canadian stones left, or Japanese periods left.
        stones: u32,
        overtime: bool,
    }

    impl ServerClock {
        fn new(system: TimeSystem) -> ServerClock {
            let mut clock = ServerClock {
                system,
                seconds: system.main_time(),
                stones: 0,
                overtime: false,
            };
            if clock.seconds <= 0.0 {
                clock.enter_overtime();
            }
            clock
        }

        fn enter_overtime(&mut self) {
            self.overtime = true;
            match self.system {
                TimeSystem::Canadian { period, stones, .. } => {
                    self.seconds = period;
                    self.stones = stones;
                }
                TimeSystem::ByoYomi {
                    period, periods, ..
                } => {
                    self.seconds = period;
                    self.stones = periods;
                }
                _ => {}
            }
        }

        /// The `time_left` arguments: seconds and stones.
        fn report(&self) -> (f64, f64) {
            let stones = if self.overtime { self.stones } else { 0 };
            (self.seconds, f64::from(stones))
        }

        /// Charges a move of `t` seconds; false on a loss on time.
        fn charge(&mut self, mut t: f64) -> bool {
            if !self.overtime {
                if t <= self.seconds || matches!(self.system, TimeSystem::Fischer { .. }) {
                    self.seconds -= t;
                    if let TimeSystem::Fischer {
                        increment,
                        main_cap,
                        ..
                    } = self.system
                    {
                        if self.seconds < 0.0 {
                            return false;
                        }
                        self.seconds = (self.seconds + increment).min(main_cap.unwrap_or(f64::MAX));
                    }
                    return true;
                }
                if matches!(self.system, TimeSystem::Absolute { .. }) {
                    return false;
                }
                t -= self.seconds;
                self.enter_overtime();
            }
            match self.system {
                TimeSystem::Canadian { period, stones, .. } => {
                    self.seconds -= t;
                    if self.seconds < 0.0 {
                        return false;
                    }
                    self.stones -= 1;
                    if self.stones == 0 {
                        self.seconds = period;
                        self.stones = stones;
                    }
                    true
                }
                TimeSystem::ByoYomi { period, .. } => {
                    while t > period {
                        t -= period;
                        self.stones -= 1;
                        if self.stones == 0 {
                            return false;
                        }
                    }
                    self.seconds = period;
                    true
                }
                _ => false,
            }
        }
    }

    /// Simulated latency beyond the budget: process start of the search,
    /// its last batch of simulations, the pipes.
    const OVERHEAD: f64 = 0.1;

    /// Plays `moves` own moves on a board of `size` against a server
    /// clock: `time_left` before every move, the budget plus [`OVERHEAD`]
    /// charged. Returns the lowest time the server showed after a move
    /// (in main time or in the period), or the move lost on time.
    fn play_game(system: TimeSystem, size: usize, moves: usize) -> Result<(f64, Vec<f64>), usize> {
        let mut clock = Clock::default();
        clock.set_system(system);
        let mut server = ServerClock::new(system);
        let mut lowest = f64::MAX;
        let mut banked = Vec::new();
        for n in 0..moves {
            let (seconds, stones) = server.report();
            clock.set_left(Color::White, seconds, stones);
            let b = clock
                .budget(Color::White, size, 2 * n + 1, Duration::from_secs(1))
                .as_secs_f64();
            if !server.charge(b + OVERHEAD) {
                return Err(n);
            }
            lowest = lowest.min(server.seconds);
            banked.push(server.seconds);
        }
        Ok((lowest, banked))
    }

    /// Long games under every system, `time_left` sent before every move
    /// as servers send it: never a loss on time, and the clock never shows
    /// less than zero.
    #[test]
    fn simulated_games_lose_no_time() {
        let systems = [
            TimeSystem::Absolute { main: 300.0 },
            TimeSystem::Absolute { main: 60.0 },
            TimeSystem::Canadian {
                main: 60.0,
                period: 30.0,
                stones: 10,
            },
            TimeSystem::Canadian {
                main: 0.0,
                period: 1.0,
                stones: 1,
            },
            TimeSystem::ByoYomi {
                main: 60.0,
                period: 1.0,
                periods: 5,
            },
            TimeSystem::ByoYomi {
                main: 0.0,
                period: 1.0,
                periods: 1,
            },
            TimeSystem::ByoYomi {
                main: 1200.0,
                period: 30.0,
                periods: 3,
            },
            TimeSystem::Fischer {
                main: 10.0,
                increment: 1.0,
                main_cap: None,
                max_per_move: None,
            },
            TimeSystem::Fischer {
                main: 0.5,
                increment: 0.5,
                main_cap: None,
                max_per_move: None,
            },
            TimeSystem::Fischer {
                main: 60.0,
                increment: 5.0,
                main_cap: Some(60.0),
                max_per_move: Some(10.0),
            },
        ];
        for system in systems {
            // Long games: 120 moves on 9x9, 360 on 19x19.
            for (size, moves) in [(9, 60), (19, 180)] {
                match play_game(system, size, moves) {
                    Ok((lowest, _)) => assert!(lowest >= 0.0, "{system:?} {size}: {lowest}"),
                    Err(n) => panic!("{system:?} on {size}x{size}: lost on time at move {n}"),
                }
            }
        }
    }

    /// Fischer banks the increment: from a short start the clock grows
    /// over the game.
    #[test]
    fn fischer_bank_grows() {
        let system = TimeSystem::Fischer {
            main: 2.0,
            increment: 2.0,
            main_cap: None,
            max_per_move: None,
        };
        let (_, banked) = play_game(system, 19, 100).expect("no loss on time");
        assert!(banked[99] > banked[0] + 2.0, "{banked:?}");
        // It grows while the clock is short (later the moves still to
        // come get fewer, and the bank is spent).
        assert!(banked[..30].windows(2).all(|w| w[1] > w[0]), "{banked:?}");
    }

    /// Japanese byo-yomi: main time is used up over the game (not kept),
    /// then each move takes nearly a period.
    #[test]
    fn byo_yomi_game_uses_main_time() {
        let system = TimeSystem::ByoYomi {
            main: 120.0,
            period: 5.0,
            periods: 3,
        };
        let (_, left) = play_game(system, 19, 150).expect("no loss on time");
        // In overtime by the end, every period kept.
        let mut clock = Clock::default();
        clock.set_system(system);
        let mut server = ServerClock::new(system);
        for n in 0..150 {
            let (s, st) = server.report();
            clock.set_left(Color::Black, s, st);
            let b = clock
                .budget(Color::Black, 19, 2 * n, Duration::from_secs(1))
                .as_secs_f64();
            assert!(server.charge(b + OVERHEAD));
        }
        assert!(server.overtime && server.stones == 3, "{left:?}");
        // Not all in the opening: main time lasts past the first 20 moves.
        assert!(left[20] > 5.0 && left[20] < 120.0, "{left:?}");
    }

    /// The own clock moves into overtime when main time runs out.
    #[test]
    fn own_clock_enters_overtime() {
        let mut clock = Clock::default();
        clock.set_system(TimeSystem::Canadian {
            main: 5.0,
            period: 30.0,
            stones: 10,
        });
        clock.spend(Color::Black, 6.0);
        assert_eq!(
            clock.left[0],
            Some(TimeLeft {
                seconds: 29.0,
                stones: 10
            })
        );
        clock.spend(Color::Black, 2.0);
        assert_eq!(
            clock.left[0],
            Some(TimeLeft {
                seconds: 27.0,
                stones: 9
            })
        );
        clock.set_system(TimeSystem::ByoYomi {
            main: 1.0,
            period: 10.0,
            periods: 3,
        });
        clock.spend(Color::White, 2.0);
        assert_eq!(
            clock.left[1],
            Some(TimeLeft {
                seconds: 10.0,
                stones: 3
            })
        );
    }
}
