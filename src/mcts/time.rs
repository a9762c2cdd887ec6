//! Time controls as GTP describes them, and the clock the engine keeps.
//!
//! The controller sets the system (`time_settings`, `kgs-time_settings`)
//! and reports the time left (`time_left`), which is taken as ground
//! truth. [`Clock::budget`] gives a move its share of the time left,
//! keeping [`SAFETY_FRACTION`] of it and [`SAFETY_SECONDS`] in reserve;
//! without a clock (and without `--time` or `--playouts`) a move gets the
//! engine's default of one second.

use std::time::Duration;

use crate::color::Color;

/// A time system (GTP `time_settings` and KGS `kgs-time_settings`).
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
}

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
}

/// What `time_left` last reported for one player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeLeft {
    /// Seconds left in the current period (main time or overtime).
    pub seconds: f64,
    /// Canadian: stones left in the period (0 while in main time).
    /// Japanese byo-yomi (KGS): periods left.
    pub stones: u32,
}

/// Seconds always kept in reserve for process and pipe latency.
pub const SAFETY_SECONDS: f64 = 0.25;
/// Fraction of the available time kept in reserve as well.
pub const SAFETY_FRACTION: f64 = 0.1;
/// The least number of moves assumed still to come in main time.
pub const MIN_MOVES_LEFT: f64 = 12.0;
/// The shortest budget ever given to a search.
pub const MIN_BUDGET_SECONDS: f64 = 0.02;
/// The longest (a day): clamps absurd clock values from controllers.
pub const MAX_BUDGET_SECONDS: f64 = 86_400.0;

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

    /// A new game on the same settings.
    pub fn reset(&mut self) {
        let start = match self.system {
            TimeSystem::Unlimited => None,
            TimeSystem::Absolute { main }
            | TimeSystem::Canadian { main, .. }
            | TimeSystem::ByoYomi { main, .. } => Some(TimeLeft {
                seconds: main,
                stones: 0,
            }),
        };
        self.left = [start, start];
    }

    /// Records a `time_left` report; negative values are clamped to zero.
    pub fn set_left(&mut self, color: Color, seconds: f64, stones: f64) {
        self.left[color.index()] = Some(TimeLeft {
            seconds: seconds.max(0.0),
            stones: stones.max(0.0) as u32,
        });
    }

    /// Charges `seconds` of thinking to `color`, moving into overtime when
    /// main time runs out (the engine's own clock, used until the next
    /// `time_left`).
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
                    left.seconds = period;
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
        let moves_left =
            ((size * size) as f64 / 3.0 - moves_played as f64 / 2.0).max(MIN_MOVES_LEFT);
        let keep = |t: f64| (t * (1.0 - SAFETY_FRACTION) - SAFETY_SECONDS).max(MIN_BUDGET_SECONDS);
        let seconds = match self.system {
            TimeSystem::Unlimited => return default,
            TimeSystem::Absolute { .. } => keep(left.seconds / moves_left),
            TimeSystem::Canadian { period, stones, .. } => {
                let per_stone = period / f64::from(stones.max(1));
                if left.stones == 0 {
                    // Main time, plus a share of the first period.
                    keep(left.seconds / moves_left + per_stone / 2.0)
                        .min(keep(left.seconds + per_stone))
                } else {
                    keep(left.seconds / f64::from(left.stones))
                }
            }
            TimeSystem::ByoYomi { period, .. } => {
                if left.stones == 0 {
                    keep((left.seconds / moves_left).max(period)).min(keep(left.seconds + period))
                } else {
                    keep(left.seconds.min(period))
                }
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
