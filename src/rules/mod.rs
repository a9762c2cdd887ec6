//! The rules layer: rule sets as data, game history, handicap, dead-stone
//! judgement and counting.
//!
//! [`Rules`] is plain data (KataGo's model): independent knobs with named
//! presets. [`Game`] enforces the part that decides legal moves
//! ([`PlayRules`]); [`status`] judges life, death and seki at the end;
//! [`score`] counts.

pub mod benson;
pub mod confirm;
pub mod dame_phase;
pub mod game;
pub mod handicap;
pub mod reply;
pub mod score;
pub mod status;

use std::fmt;
use std::str::FromStr;

pub use game::{Game, HandicapError, KoRule, PlayRules};

/// How the game is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// Territory plus prisoners (Japanese, Korean).
    Territory,
    /// Stones on the board plus surrounded empty points (Chinese, AGA…).
    Area,
}

/// Compensation White gets for Black's handicap stones (in points).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandicapBonus {
    /// None (Japanese, New Zealand, Tromp-Taylor).
    Zero,
    /// One point per handicap stone after the first (AGA).
    NMinusOne,
    /// One point per handicap stone (Chinese).
    N,
}

impl HandicapBonus {
    /// White's bonus for `handicap` stones.
    #[must_use]
    pub fn points(self, handicap: u32) -> f64 {
        f64::from(match self {
            HandicapBonus::Zero => 0,
            HandicapBonus::NMinusOne => handicap.saturating_sub(1),
            HandicapBonus::N => handicap,
        })
    }
}

/// A rule set: every knob independent, presets by name.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rules {
    /// Territory or area counting.
    pub scoring: Scoring,
    /// Which repetitions are illegal.
    pub ko: KoRule,
    /// Whether suicide is legal. A one-stone suicide leaves the position as
    /// it was, so the ko rule decides it: situational superko (New
    /// Zealand) allows it once, as a pass that gives the opponent a
    /// prisoner; positional superko (Tromp-Taylor) forbids it.
    pub suicide: bool,
    /// Whether eyes of seki groups are worth nothing (Japanese art. 8)
    /// under territory counting. Under area counting seki eyes always count
    /// for their owner (they hold no opponent stone).
    pub seki_eyes_are_territory: bool,
    /// Whether a teire left unplayed is deducted under territory counting:
    /// the 1989 rules count after the protective moves the filled dame
    /// force ([`score`]); a server's plain count of the final position
    /// does not.
    pub teire_deducted: bool,
    /// Whether a dead stone left in atari on a dame point's side counts as
    /// alive: a lone dead stone whose only liberty is one empty point that
    /// touches live stones of both colours (with the stone removed, the
    /// two points would be dame). Kept, it can close that point into its
    /// own side's territory, and under area counting it is a point of its
    /// side's area. A server's automatic removal leaves such a stone on
    /// the board and its players accept the count (OGS); the 1989 rules
    /// remove nothing outside territory (art. 10-1), so the point stays
    /// dame, and area counting fills the dame and takes the stone.
    pub dead_stone_at_dame_stays: bool,
    /// Whether, under area counting, the neutral points left open (not seki
    /// liberties) are filled in turn before counting, the side to move
    /// first: the dame phase is played out ([`dame_phase`]), each dame a
    /// point for its filler, as in the players' count of a game stopped
    /// before its last dame (professional records under Chinese rules bear
    /// it out). A server's count of the final position (KGS, OGS) leaves
    /// them no one's.
    pub dame_filled_in_turn: bool,
    /// Whether, under territory counting, a game stopped by agreement
    /// (its record ends with a move, not a pass) has its dame phase read with
    /// the dead stones still on the board, as the players fill the dame
    /// before they count: a point a dead stone holds is no liberty of the
    /// chains around it (so a chain may owe a teire or a capture), and a
    /// dead chain in atari on a dame is taken (a prisoner, its points the
    /// taker's). The 1989 rules count so, and professional records bear it
    /// out; a game that ended by passing was counted as it stood (by a
    /// server, or by players who had filled what they wanted).
    pub dead_stones_stay_for_dame: bool,
    /// White's compensation for handicap stones.
    pub handicap_bonus: HandicapBonus,
    /// Whether stones are never removed as dead: everything on the board
    /// counts as alive (Tromp-Taylor).
    pub all_stones_alive: bool,
    /// Whether life and death is decided by the art. 7 confirmation of the
    /// Japanese rules (1989) where a local search can settle it
    /// ([`confirm`]); otherwise, and beyond the search's bounds, by
    /// playing it out (status playouts).
    pub confirmation: bool,
    /// The rule set's usual komi (used unless komi was set explicitly).
    pub default_komi: f64,
    /// The preset's name, for `RU[]` and messages.
    pub name: &'static str,
}

impl Rules {
    /// Japanese rules (1989): territory, simple ko, no suicide, seki eyes
    /// not territory, no handicap compensation, komi 6.5.
    #[must_use]
    pub const fn japanese() -> Rules {
        Rules {
            scoring: Scoring::Territory,
            ko: KoRule::Simple,
            suicide: false,
            seki_eyes_are_territory: false,
            teire_deducted: true,
            dead_stone_at_dame_stays: false,
            dame_filled_in_turn: false,
            dead_stones_stay_for_dame: true,
            handicap_bonus: HandicapBonus::Zero,
            all_stones_alive: false,
            confirmation: true,
            default_komi: 6.5,
            name: "japanese",
        }
    }

    /// OGS's territory counting, which online-go.com calls "Japanese" (and
    /// "Korean"): the Japanese rules with the server's simplified count of
    /// the final position, where every empty region surrounded by one
    /// colour is its territory, seki eyes included, a teire left
    /// unplayed is not deducted, and a dead stone in atari on a dame
    /// point's side stays on the board. `tengen score` counts OGS records so,
    /// since their results are the server's counts that the players
    /// accepted.
    #[must_use]
    pub const fn japanese_ogs() -> Rules {
        Rules {
            seki_eyes_are_territory: true,
            teire_deducted: false,
            dead_stone_at_dame_stays: true,
            dead_stones_stay_for_dame: false,
            name: "japanese-ogs",
            ..Rules::japanese()
        }
    }

    /// Chinese rules: area, positional superko, no suicide, White gets one
    /// point per handicap stone, komi 7.5 (3¾ stones).
    #[must_use]
    pub const fn chinese() -> Rules {
        Rules {
            scoring: Scoring::Area,
            ko: KoRule::PositionalSuperko,
            suicide: false,
            seki_eyes_are_territory: true,
            teire_deducted: false,
            dead_stone_at_dame_stays: false,
            dame_filled_in_turn: true,
            dead_stones_stay_for_dame: false,
            handicap_bonus: HandicapBonus::N,
            all_stones_alive: false,
            confirmation: false,
            default_komi: 7.5,
            name: "chinese",
        }
    }

    /// OGS's area counting, which online-go.com calls "Chinese": the
    /// Chinese rules counted as the final position stands (open dame are
    /// no one's), and a dead stone in atari on a dame point's side stays on
    /// the board, as in [`Rules::japanese_ogs`].
    #[must_use]
    pub const fn chinese_ogs() -> Rules {
        Rules {
            dead_stone_at_dame_stays: true,
            dame_filled_in_turn: false,
            name: "chinese-ogs",
            ..Rules::chinese()
        }
    }

    /// KGS's area counting, the rules it calls "Chinese": the Chinese rules
    /// counted as the final position stands (open dame are no one's).
    #[must_use]
    pub const fn chinese_kgs() -> Rules {
        Rules {
            dame_filled_in_turn: false,
            name: "chinese-kgs",
            ..Rules::chinese()
        }
    }

    /// AGA rules: area, situational superko, handicap bonus N−1, komi 7.5.
    #[must_use]
    pub const fn aga() -> Rules {
        Rules {
            ko: KoRule::SituationalSuperko,
            handicap_bonus: HandicapBonus::NMinusOne,
            dame_filled_in_turn: false,
            name: "aga",
            ..Rules::chinese()
        }
    }

    /// New Zealand rules: area, situational superko, suicide legal, no
    /// handicap bonus, komi 7.
    #[must_use]
    pub const fn new_zealand() -> Rules {
        Rules {
            ko: KoRule::SituationalSuperko,
            suicide: true,
            handicap_bonus: HandicapBonus::Zero,
            dame_filled_in_turn: false,
            default_komi: 7.0,
            name: "new_zealand",
            ..Rules::chinese()
        }
    }

    /// Tromp-Taylor: area with every stone on the board counted, positional
    /// superko, suicide legal, no handicap bonus, komi 7.5.
    #[must_use]
    pub const fn tromp_taylor() -> Rules {
        Rules {
            suicide: true,
            handicap_bonus: HandicapBonus::Zero,
            all_stones_alive: true,
            dame_filled_in_turn: false,
            name: "tromp-taylor",
            ..Rules::chinese()
        }
    }

    /// Ing's rules (SST, the rules of the Ing Cup; `RU[Ing]`, `RU[GOE]`):
    /// area counting (Ing's fixed-stone count gives the area count),
    /// positional superko, suicide legal, no handicap bonus, komi 7.5
    /// (Ing's 8 points with Black winning ties, as KataGo's preset has it).
    #[must_use]
    pub const fn ing() -> Rules {
        Rules {
            suicide: true,
            handicap_bonus: HandicapBonus::Zero,
            dame_filled_in_turn: false,
            name: "ing",
            ..Rules::chinese()
        }
    }

    /// The presets, by canonical name.
    pub const PRESETS: [Rules; 9] = [
        Rules::japanese(),
        Rules::japanese_ogs(),
        Rules::chinese(),
        Rules::chinese_ogs(),
        Rules::chinese_kgs(),
        Rules::aga(),
        Rules::new_zealand(),
        Rules::tromp_taylor(),
        Rules::ing(),
    ];

    /// The name written to SGF `RU[]`.
    #[must_use]
    pub fn sgf_name(&self) -> &'static str {
        match self.name {
            "japanese" | "japanese-ogs" => "Japanese",
            "chinese" | "chinese-ogs" | "chinese-kgs" => "Chinese",
            "aga" => "AGA",
            "new_zealand" => "NZ",
            "ing" => "GOE",
            _ => "Tromp-Taylor",
        }
    }

    /// The play-time part of the rules.
    #[must_use]
    pub fn play_rules(&self) -> PlayRules {
        PlayRules {
            ko: self.ko,
            suicide_allowed: self.suicide,
        }
    }
}

impl Default for Rules {
    /// Japanese.
    fn default() -> Rules {
        Rules::japanese()
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// An unknown rule-set name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRules(pub String);

impl fmt::Display for UnknownRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown rules {:?}", self.0)
    }
}

impl std::error::Error for UnknownRules {}

impl FromStr for Rules {
    type Err = UnknownRules;

    /// Case-insensitive names and the aliases GTP clients and SGF files use,
    /// compared on their letters and digits only (`Tromp/Taylor`, `TT--`
    /// and `tromp_taylor` are one name): `japanese`/`jp`/`korean`,
    /// `japanese-ogs`/`korean-ogs`, `chinese`/`cn`,
    /// `chinese-ogs`, `chinese-kgs`, `aga`/`bga`/`french`, `new_zealand`/`nz`,
    /// `tromp-taylor`/`tt`, `ing`/`goe`/`sst`.
    fn from_str(s: &str) -> Result<Rules, UnknownRules> {
        let key: String = s
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_lowercase())
            .collect();
        Ok(match key.as_str() {
            "japanese" | "jp" | "jpn" | "japan" | "korean" | "kr" | "kor" => Rules::japanese(),
            "japaneseogs" | "koreanogs" => Rules::japanese_ogs(),
            "chinese" | "cn" | "chn" | "china" => Rules::chinese(),
            "chinesekgs" => Rules::chinese_kgs(),
            "chineseogs" => Rules::chinese_ogs(),
            "aga" | "bga" | "french" => Rules::aga(),
            "newzealand" | "nz" => Rules::new_zealand(),
            "tromptaylor" | "tt" => Rules::tromp_taylor(),
            "ing" | "goe" | "sst" | "ingsst" => Rules::ing(),
            _ => return Err(UnknownRules(s.to_string())),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Names and aliases map to presets, and presets round-trip by name.
    #[test]
    fn names_and_presets() {
        assert_eq!("Japanese".parse::<Rules>().unwrap(), Rules::japanese());
        assert_eq!(
            "chinese".parse::<Rules>().unwrap().ko,
            KoRule::PositionalSuperko
        );
        assert_eq!("NZ".parse::<Rules>().unwrap(), Rules::new_zealand());
        assert_eq!(
            "new_zealand".parse::<Rules>().unwrap(),
            Rules::new_zealand()
        );
        assert_eq!(
            "Tromp Taylor".parse::<Rules>().unwrap(),
            Rules::tromp_taylor()
        );
        assert_eq!(
            "Japanese-OGS".parse::<Rules>().unwrap(),
            Rules::japanese_ogs()
        );
        assert!(!Rules::japanese_ogs().teire_deducted);
        assert_eq!(
            "chinese-ogs".parse::<Rules>().unwrap(),
            Rules::chinese_ogs()
        );
        assert_eq!(Rules::chinese_ogs().sgf_name(), "Chinese");
        assert_eq!("Ing".parse::<Rules>().unwrap(), Rules::ing());
        assert_eq!("GOE".parse::<Rules>().unwrap(), Rules::ing());
        assert_eq!(
            "Tromp/Taylor".parse::<Rules>().unwrap(),
            Rules::tromp_taylor()
        );
        assert_eq!("TT--".parse::<Rules>().unwrap(), Rules::tromp_taylor());
        assert!("Mongolian".parse::<Rules>().is_err());
        assert!("".parse::<Rules>().is_err());
        for r in Rules::PRESETS {
            assert_eq!(r.name.parse::<Rules>().unwrap(), r);
        }
        assert_eq!(Rules::aga().handicap_bonus.points(4), 3.0);
        assert_eq!(Rules::chinese().handicap_bonus.points(4), 4.0);
        assert_eq!(Rules::japanese().handicap_bonus.points(4), 0.0);
    }
}
