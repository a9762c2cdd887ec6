//! Time controls as GTP describes them, and the clock the engine keeps.

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

/// The time settings and the latest `time_left` per player.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Clock {
    /// The time system in force.
    pub system: TimeSystem,
    /// The latest report per colour, cleared by new settings.
    pub left: [Option<TimeLeft>; 2],
}

impl Clock {
    /// New settings: earlier `time_left` reports no longer apply.
    pub fn set_system(&mut self, system: TimeSystem) {
        self.system = system;
        self.left = [None, None];
    }

    /// Records a `time_left` report; negative values are clamped to zero.
    pub fn set_left(&mut self, color: Color, seconds: f64, stones: f64) {
        self.left[color.index()] = Some(TimeLeft {
            seconds: seconds.max(0.0),
            stones: stones.max(0.0) as u32,
        });
    }
}
