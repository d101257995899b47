//! Probing one position: its value from the win/draw/loss tables (what a
//! search asks), from the distance tables (value and distance), or from
//! whichever answers; positions with a capture pending answered from
//! their captures; the engine's oracle.

use tama_core::{MoveList, Position, Rules};
use tama_search::{EndgameOracle, Oracle, OracleValue, TableKind, Wdl};

use crate::captures::{is_stored, put_list, take_list, FromCaptures};
use crate::index::{Board, Indexer};
use crate::tablebase::Tablebase;
use crate::value::{decode, Best};
use crate::wdl::{self, WdlTable};
use crate::{Error, Material};

impl Tablebase {
    /// The value of `pos` for the side to move, from the table that
    /// answers: its material's distance table when present (the value and
    /// the distance to the end of the game in plies: the winner's fewest,
    /// the loser's most), else its win/draw/loss table (the value only,
    /// [`OracleValue::kind`] saying so). `None` when the tables do not
    /// cover it: too many pieces, a table missing, a man on its own first
    /// rank, or a side without pieces whose opponent is to move, which no
    /// game reaches. A side to move without pieces has lost (distance 0).
    ///
    /// Positions with a capture pending are not stored: their value comes
    /// from the positions their captures lead to (each removes a piece, so
    /// this ends).
    ///
    /// # Errors
    ///
    /// When a needed table file cannot be read or is damaged.
    pub fn probe(&self, pos: &Position) -> Result<Option<OracleValue>, Error> {
        let m = Material::of(pos);
        if m.us() == 0 || self.has(m, TableKind::Distance) {
            return self.probe_distance(pos);
        }
        self.probe_wdl_value(pos)
    }

    /// Win, draw or loss for the side to move of `pos`, from the
    /// win/draw/loss table of its material when present (loaded whole on
    /// first use; a probe is then a direct index into 2-bit values, with no
    /// lock or allocation), else from its distance table; `None` when
    /// neither covers it. A position with a capture pending is answered
    /// from its captures.
    ///
    /// # Errors
    ///
    /// When a needed table file cannot be read or is damaged.
    #[inline]
    pub fn probe_wdl(&self, pos: &Position) -> Result<Option<Wdl>, Error> {
        Ok(self.probe_wdl_value(pos)?.map(|v| v.wdl))
    }

    /// The value of `pos` from the distance tables alone (see
    /// [`Tablebase::probe`]): what generation and verification build on
    /// and the engine asks at the root.
    pub(crate) fn probe_distance(&self, pos: &Position) -> Result<Option<OracleValue>, Error> {
        let m = Material::of(pos);
        if m.us() == 0 {
            return Ok(Some(OracleValue::counted(Wdl::Loss, 0)));
        }
        let Some(table) = self.distance_table(m)? else {
            return Ok(None);
        };
        if !is_stored(pos, self.rules()) {
            let mut list = MoveList::new();
            pos.generate_moves(self.rules(), &mut list);
            let mut best = Best::default();
            for mv in list.iter() {
                match self.probe_distance(&pos.play_unchecked(mv))? {
                    Some(v) => best.add(v),
                    None => return Ok(None),
                }
            }
            return Ok(best.value());
        }
        let b = Board::normalized(pos);
        if !Indexer::men_in_domain(b) {
            return Ok(None);
        }
        let idx = table.indexer.index(table.indexer.canonical(b));
        Ok(Some(decode(self.code_at(table, idx)?)))
    }

    /// [`Tablebase::probe_wdl`] with the kind of table that answered (and
    /// the distance, from a distance table).
    pub(crate) fn probe_wdl_value(&self, pos: &Position) -> Result<Option<OracleValue>, Error> {
        let m = Material::of(pos);
        if m.us() == 0 {
            return Ok(Some(OracleValue::wdl_only(Wdl::Loss)));
        }
        let Some(table) = self.wdl_table(m)? else {
            return self.probe_distance(pos);
        };
        if !is_stored(pos, self.rules()) {
            return Ok(self.wdl_from_captures(pos)?.map(OracleValue::wdl_only));
        }
        let b = Board::normalized(pos);
        if !Indexer::men_in_domain(b) {
            return Ok(None);
        }
        let idx = table.indexer.index(table.indexer.canonical(b));
        Ok(Some(OracleValue::wdl_only(wdl::to_wdl(table.get(idx)))))
    }

    /// The loaded win/draw/loss table that stores `pos` and its index
    /// there; `None` when the position is not stored (a capture pending,
    /// no pieces left, men outside the tables) or its table is not loaded
    /// yet.
    #[inline]
    pub(crate) fn loaded_entry(&self, pos: &Position) -> Option<(&WdlTable, u64)> {
        let m = Material::of(pos);
        if m.us() == 0 {
            return None;
        }
        let table = self.loaded_wdl_table(m)?;
        let b = Board::normalized(pos);
        if !is_stored(pos, self.rules()) || !Indexer::men_in_domain(b) {
            return None;
        }
        Some((table, table.indexer.index(table.indexer.canonical(b))))
    }

    /// Whether [`Tablebase::probe_wdl`] answers `pos` from its captures
    /// with its win/draw/loss table loaded: a capture pending, pieces on
    /// both sides and the table of its material loaded.
    #[inline]
    pub(crate) fn wdl_answers_from_captures(&self, pos: &Position) -> bool {
        let m = Material::of(pos);
        m.us() != 0 && self.loaded_wdl_table(m).is_some() && !is_stored(pos, self.rules())
    }

    /// The value of `pos`, whose side to move has a capture pending, from
    /// the positions its captures lead to ([`FromCaptures`]). The children
    /// stored in loaded win/draw/loss tables are indexed first and read
    /// afterwards, so that their memory reads overlap instead of waiting
    /// one by one.
    fn wdl_from_captures(&self, pos: &Position) -> Result<Option<Wdl>, Error> {
        let mut list = take_list();
        pos.generate_moves(self.rules(), &mut list);
        let mut reads: [(Option<&WdlTable>, u64); 16] = [(None, 0); 16];
        let mut pending = 0;
        let mut c = FromCaptures::default();
        let mut result = Ok(());
        for mv in list.iter() {
            let child = pos.play_unchecked(mv);
            match self.loaded_entry(&child) {
                Some((t, idx)) if pending < reads.len() => {
                    reads[pending] = (Some(t), idx);
                    pending += 1;
                }
                _ => match self.probe_wdl_value(&child) {
                    Ok(w) => c.note(w.map(|v| v.wdl)),
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                },
            }
            if c.won {
                break;
            }
        }
        put_list(list);
        result?;
        if !c.won {
            for &(t, idx) in &reads[..pending] {
                if let Some(t) = t {
                    c.note(Some(wdl::to_wdl(t.get(idx))));
                    if c.won {
                        break;
                    }
                }
            }
        }
        Ok(c.value())
    }

    /// Wraps the tablebase as the engine's oracle
    /// (`EngineConfig { oracle: Some(tb.into_oracle()), .. }`).
    pub fn into_oracle(self) -> Oracle {
        Oracle::new(self)
    }
}

impl EndgameOracle for Tablebase {
    fn max_pieces(&self) -> u32 {
        Tablebase::max_pieces(self)
    }

    /// From the distance table (the root wants distances).
    fn probe(&self, pos: &Position, rules: &Rules) -> Option<OracleValue> {
        if rules != self.rules() {
            return None;
        }
        self.probe_distance(pos).ok().flatten()
    }

    /// From the win/draw/loss table when present (a value without a
    /// distance), else from the distance table.
    fn probe_in_search(&self, pos: &Position, rules: &Rules) -> Option<OracleValue> {
        if rules != self.rules() {
            return None;
        }
        if !self.has(Material::of(pos), TableKind::Wdl) {
            return self.probe_distance(pos).ok().flatten();
        }
        let wdl = self.probe_wdl(pos).ok().flatten()?;
        Some(OracleValue::wdl_only(wdl))
    }

    fn name(&self) -> String {
        format!(
            "egtb {} ({})",
            self.dir().display(),
            tama_notation::write_rules(self.rules())
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    use crate::file::{rules_dir, table_path};
    use crate::wdl::wdl_path;
    use crate::{generate, GenOptions, Plan};

    fn pos(fen: &str) -> Position {
        tama_notation::parse_fen(fen).expect("valid").position
    }

    /// Every position of the tables, indexed.
    fn every_position(tb: &Tablebase) -> Vec<Position> {
        let mut out = Vec::new();
        for m in tb.materials() {
            let ix = Indexer::new(m);
            out.extend((0..ix.size()).map(|i| ix.board(i).position()));
        }
        out
    }

    /// Every entry of every table up to 3 pieces, both presets: the
    /// win/draw/loss probe says what the distance probe says, positions
    /// with a capture pending (answered from their captures) included.
    #[test]
    fn the_kinds_of_probe_agree_and_say_which_table_answered() {
        for rules in [Rules::TURKISH, Rules::ARMENIAN] {
            probes_agree(rules);
        }
    }

    fn probes_agree(rules: Rules) {
        let tmp = tempfile::tempdir().expect("tempdir");
        generate(
            tmp.path(),
            &rules,
            &Plan::new(3),
            None,
            &GenOptions::default(),
        )
        .unwrap();
        let tb = Tablebase::open(tmp.path(), &rules).unwrap();
        let positions = every_position(&tb);
        assert!(positions.len() > 100_000);
        let other = if rules == Rules::TURKISH {
            Rules::ARMENIAN
        } else {
            Rules::TURKISH
        };
        let mut from_captures = 0;
        for p in &positions {
            let v = tb.probe(p).unwrap().expect("covered");
            assert_eq!(v.kind, TableKind::Distance);
            assert_eq!(tb.probe_distance(p).unwrap(), Some(v));
            assert_eq!(tb.probe_wdl(p).unwrap(), Some(v.wdl), "{p:?}");
            assert_eq!(EndgameOracle::probe(&tb, p, &rules), Some(v));
            let in_search = tb.probe_in_search(p, &rules).expect("covered");
            assert_eq!((in_search.wdl, in_search.kind), (v.wdl, TableKind::Wdl));
            // The oracle answers for its own rules only.
            assert_eq!(EndgameOracle::probe(&tb, p, &other), None);
            assert_eq!(tb.probe_in_search(p, &other), None);
            if !is_stored(p, &rules) {
                // From its captures: the best of the children for the mover.
                from_captures += 1;
                let mut best = Best::default();
                for mv in p.legal_moves(&rules).iter() {
                    best.add(tb.probe(&p.play_unchecked(mv)).unwrap().expect("covered"));
                }
                assert_eq!(best.value(), Some(v));
            }
        }
        assert!(from_captures > 100, "{from_captures}");
        let name = format!("({})", tama_notation::write_rules(&rules));
        assert!(EndgameOracle::name(&tb).contains(&name));
        assert_eq!(EndgameOracle::max_pieces(&tb), 3);
    }

    #[test]
    fn edges_of_the_tables() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let rules = Rules::ARMENIAN;
        generate(
            tmp.path(),
            &rules,
            &Plan::new(2),
            None,
            &GenOptions::default(),
        )
        .unwrap();
        let tb = Tablebase::open(tmp.path(), &rules).unwrap();
        // The side to move without pieces has lost, at once.
        let lost = pos("W:W:BKa1");
        let v = tb.probe(&lost).unwrap().expect("lost");
        assert_eq!((v.wdl, v.known_distance()), (Wdl::Loss, Some(0)));
        assert_eq!(tb.probe_wdl(&lost).unwrap(), Some(Wdl::Loss));
        // Too many pieces for the tables: not covered, no error.
        let big = pos("W:WKa1,Kb1:BKh8");
        assert_eq!(tb.probe(&big).unwrap(), None);
        assert_eq!(tb.probe_wdl(&big).unwrap(), None);
        assert_eq!(tb.probe_in_search(&big, &rules), None);
        // A man on its own first rank is outside the tables.
        let odd = pos("W:Wb1:BKh8");
        assert_eq!(tb.probe(&odd).unwrap(), None);
        assert_eq!(tb.probe_wdl(&odd).unwrap(), None);
    }

    #[test]
    fn each_kind_of_table_answers_alone_and_a_damaged_one_is_an_error() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let rules = Rules::ARMENIAN;
        generate(
            tmp.path(),
            &rules,
            &Plan::new(3),
            None,
            &GenOptions::default(),
        )
        .unwrap();
        let dir = rules_dir(tmp.path(), &rules);
        let full = Tablebase::open(tmp.path(), &rules).unwrap();
        let positions = every_position(&full);
        let before: Vec<_> = positions.iter().map(|p| full.probe(p).unwrap()).collect();
        // Without the distance files, the win/draw/loss files answer: the
        // same values, without distances.
        let wdl_dir = tempfile::tempdir().expect("tempdir");
        for m in full.materials() {
            fs::copy(wdl_path(&dir, m), wdl_path(wdl_dir.path(), m)).unwrap();
        }
        let tb = Tablebase::open(wdl_dir.path(), &rules).unwrap();
        for (p, v) in positions.iter().zip(&before) {
            let v = v.expect("covered");
            let w = tb.probe(p).unwrap().expect("covered");
            assert_eq!(w, OracleValue::wdl_only(v.wdl));
            assert_eq!(tb.probe_distance(p).unwrap(), None);
            assert_eq!(EndgameOracle::probe(&tb, p, &rules), None);
            assert_eq!(tb.probe_in_search(p, &rules), Some(w));
        }
        // Without the win/draw/loss files, the distance files answer all.
        for m in full.materials() {
            fs::remove_file(wdl_path(&dir, m)).unwrap();
        }
        let tb = Tablebase::open(tmp.path(), &rules).unwrap();
        for (p, v) in positions.iter().zip(&before) {
            assert_eq!(tb.probe(p).unwrap(), *v);
            assert_eq!(tb.probe_wdl(p).unwrap(), v.map(|v| v.wdl));
            assert_eq!(tb.probe_in_search(p, &rules), *v);
        }
        // A damaged table gives an error (and the oracle no value), never
        // a wrong value.
        let m: Material = "KvK".parse().unwrap();
        fs::write(table_path(&dir, m), b"damaged").unwrap();
        let tb = Tablebase::open(tmp.path(), &rules).unwrap();
        let p = pos("W:WKa1:BKh8");
        assert!(tb.probe(&p).is_err());
        assert!(tb.probe_wdl(&p).is_err());
        assert_eq!(EndgameOracle::probe(&tb, &p, &rules), None);
    }
}
