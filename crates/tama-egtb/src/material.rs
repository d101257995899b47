//! Material signatures, the solving units and the dependency plan.

use core::fmt;
use core::str::FromStr;
use std::collections::BTreeMap;

use tama_core::{Color, Position, Role};

/// The material of a position seen from the side to move: men and kings of
/// the side to move ("us") and of the other side ("them").
///
/// Written `KKMvK`: the side to move's kings (`K`) and men (`M`), a `v`,
/// then the other side's. `KMvK` is "king and man to move against a king";
/// `KvKM` is the same material with the lone king to move. Reading accepts
/// lower case.
///
/// ```
/// use tama_egtb::Material;
///
/// let m: Material = "KMvK".parse().unwrap();
/// assert_eq!((m.us_kings, m.us_men, m.them_kings, m.them_men), (1, 1, 1, 0));
/// assert_eq!(m.to_string(), "KMvK");
/// assert_eq!(m.swapped().to_string(), "KvKM");
/// assert_eq!(m.pieces(), 3);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Material {
    /// Men of the side to move.
    pub us_men: u8,
    /// Kings of the side to move.
    pub us_kings: u8,
    /// Men of the other side.
    pub them_men: u8,
    /// Kings of the other side.
    pub them_kings: u8,
}

impl Material {
    /// The material of `pos`, seen from its side to move.
    pub fn of(pos: &Position) -> Material {
        let us = pos.turn();
        let them = us.opponent();
        let count = |c: Color, r: Role| pos.pieces_of(c, r).count() as u8;
        Material {
            us_men: count(us, Role::Man),
            us_kings: count(us, Role::King),
            them_men: count(them, Role::Man),
            them_kings: count(them, Role::King),
        }
    }

    /// The same material with the other side to move.
    #[must_use]
    pub const fn swapped(self) -> Material {
        Material {
            us_men: self.them_men,
            us_kings: self.them_kings,
            them_men: self.us_men,
            them_kings: self.us_kings,
        }
    }

    /// Pieces on the board.
    pub const fn pieces(self) -> u32 {
        (self.us_men + self.us_kings + self.them_men + self.them_kings) as u32
    }

    /// Pieces of the side to move.
    pub const fn us(self) -> u32 {
        (self.us_men + self.us_kings) as u32
    }

    /// Pieces of the other side.
    pub const fn them(self) -> u32 {
        (self.them_men + self.them_kings) as u32
    }

    /// Entries of this material's table (positions after the mirror fold,
    /// those with a capture pending included): what a table's files and
    /// the generator's memory are made of.
    ///
    /// # Panics
    ///
    /// When the material has no table or a group of more than 8 pieces.
    pub fn entries(self) -> u64 {
        crate::index::Indexer::new(self).size()
    }

    /// Whether a table exists for this material: both sides have a piece.
    /// (Without pieces the side to move has lost; a position where only
    /// the side to move has pieces cannot arise in a game.)
    pub const fn has_table(self) -> bool {
        self.us() > 0 && self.them() > 0
    }

    /// Every material with a table and `pieces` pieces in all, in a fixed
    /// order.
    pub fn all_with(pieces: u32) -> Vec<Material> {
        let mut out = Vec::new();
        let n = pieces as u8;
        for us in 1..n {
            let them = n - us;
            for us_kings in 0..=us {
                for them_kings in 0..=them {
                    out.push(Material {
                        us_men: us - us_kings,
                        us_kings,
                        them_men: them - them_kings,
                        them_kings,
                    });
                }
            }
        }
        out
    }

    /// The solving unit this material belongs to: it and its swap are
    /// solved together (quiet moves lead from one to the other).
    pub fn unit(self) -> Unit {
        Unit(self.max(self.swapped()))
    }
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |f: &mut fmt::Formatter<'_>, kings: u8, men: u8| -> fmt::Result {
            for _ in 0..kings {
                f.write_str("K")?;
            }
            for _ in 0..men {
                f.write_str("M")?;
            }
            Ok(())
        };
        side(f, self.us_kings, self.us_men)?;
        f.write_str("v")?;
        side(f, self.them_kings, self.them_men)
    }
}

/// A material text that could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseMaterialError {
    /// The text.
    pub text: String,
}

impl fmt::Display for ParseMaterialError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid material signature {:?}: expected kings (K) and men (M) of the side to move, `v`, then the other side's, e.g. KMvK, with at least one piece a side",
            self.text
        )
    }
}

impl std::error::Error for ParseMaterialError {}

impl FromStr for Material {
    type Err = ParseMaterialError;

    fn from_str(text: &str) -> Result<Material, ParseMaterialError> {
        let err = || ParseMaterialError {
            text: text.to_string(),
        };
        let lower = text.trim().to_ascii_lowercase();
        let (us, them) = lower.split_once('v').ok_or_else(err)?;
        let side = |s: &str| -> Option<(u8, u8)> {
            let mut kings = 0u8;
            let mut men = 0u8;
            for c in s.chars() {
                match c {
                    'k' => kings = kings.checked_add(1)?,
                    'm' => men = men.checked_add(1)?,
                    _ => return None,
                }
            }
            (kings + men <= 16).then_some((kings, men))
        };
        let (us_kings, us_men) = side(us).ok_or_else(err)?;
        let (them_kings, them_men) = side(them).ok_or_else(err)?;
        let m = Material {
            us_men,
            us_kings,
            them_men,
            them_kings,
        };
        if m.has_table() {
            Ok(m)
        } else {
            Err(err())
        }
    }
}

/// A solving unit: a material and its swap (the same pieces with the other
/// side to move), named by the larger of the two.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Unit(pub Material);

impl Unit {
    /// The materials of the unit: one when the material is its own swap,
    /// else two.
    pub fn members(self) -> Vec<Material> {
        let m = self.0;
        if m == m.swapped() {
            vec![m]
        } else {
            vec![m, m.swapped()]
        }
    }

    /// Entries of the unit's tables together.
    pub fn entries(self) -> u64 {
        self.members().into_iter().map(Material::entries).sum()
    }

    /// The units this one's captures and promotions lead into (direct
    /// dependencies), without materials that have no table.
    pub fn dependencies(self) -> Vec<Unit> {
        let mut deps = Vec::new();
        for m in self.members() {
            // The side to move captures c_men men and c_kings kings
            // (possibly none), and perhaps crowns one man; any change of
            // material leads out of the unit.
            for c_men in 0..=m.them_men {
                for c_kings in 0..=m.them_kings {
                    for crown in 0..=u8::from(m.us_men > 0) {
                        if c_men + c_kings == 0 && crown == 0 {
                            continue;
                        }
                        let child = Material {
                            us_men: m.us_men - crown,
                            us_kings: m.us_kings + crown,
                            them_men: m.them_men - c_men,
                            them_kings: m.them_kings - c_kings,
                        };
                        if child.has_table() {
                            let u = child.unit();
                            if u != self && !deps.contains(&u) {
                                deps.push(u);
                            }
                        }
                    }
                }
            }
        }
        deps.sort();
        deps
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The solving plan for all tables up to some number of pieces: every unit
/// with its dependencies, grouped in waves. The members of a wave depend
/// only on earlier waves, so they can be solved at the same time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The waves in solving order; each is a sorted list of units.
    pub waves: Vec<Vec<Unit>>,
    /// The direct dependencies of each unit.
    pub dependencies: BTreeMap<Unit, Vec<Unit>>,
}

impl Plan {
    /// The plan for every table with 2 to `max_pieces` pieces.
    pub fn new(max_pieces: u32) -> Plan {
        let mut dependencies = BTreeMap::new();
        for n in 2..=max_pieces {
            for m in Material::all_with(n) {
                let u = m.unit();
                dependencies.entry(u).or_insert_with(|| u.dependencies());
            }
        }
        let mut wave_of: BTreeMap<Unit, usize> = BTreeMap::new();
        // Dependencies have fewer pieces or more kings; visiting by piece
        // count, then by fewer men, meets every dependency first.
        let mut order: Vec<Unit> = dependencies.keys().copied().collect();
        order.sort_by_key(|u| (u.0.pieces(), u8::MAX - (u.0.us_kings + u.0.them_kings), *u));
        for u in order {
            let w = dependencies[&u]
                .iter()
                .map(|d| wave_of[d] + 1)
                .max()
                .unwrap_or(0);
            wave_of.insert(u, w);
        }
        let n_waves = wave_of.values().map(|w| w + 1).max().unwrap_or(0);
        let mut waves = vec![Vec::new(); n_waves];
        for (u, w) in &wave_of {
            waves[*w].push(*u);
        }
        Plan {
            waves,
            dependencies,
        }
    }

    /// Every unit in solving order.
    pub fn units(&self) -> impl Iterator<Item = Unit> + '_ {
        self.waves.iter().flatten().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn material_text_round_trips() {
        for n in 2..=5 {
            for m in Material::all_with(n) {
                let text = m.to_string();
                assert_eq!(text.parse::<Material>(), Ok(m), "{text}");
                assert_eq!(m.pieces(), n);
            }
        }
        assert!("KvX".parse::<Material>().is_err());
        assert!("KK".parse::<Material>().is_err());
        assert!("Kv".parse::<Material>().is_err());
        assert_eq!(
            "kmvk".parse::<Material>().map(|m| m.to_string()),
            Ok("KMvK".into())
        );
    }

    #[test]
    fn plan_orders_dependencies_first() {
        let plan = Plan::new(4);
        let mut seen = Vec::new();
        for wave in &plan.waves {
            for u in wave {
                for d in &plan.dependencies[u] {
                    assert!(seen.contains(d), "{u} needs {d} in an earlier wave");
                }
            }
            seen.extend(wave.iter().copied());
        }
        // 2 pieces: KvK, KvM/MvK, MvM: 3 units.
        assert_eq!(Plan::new(2).units().count(), 3);
        let kmvk: Material = "KMvK".parse().unwrap();
        assert!(
            plan.dependencies[&kmvk.unit()].contains(&"KKvK".parse::<Material>().unwrap().unit())
        );
    }
}
