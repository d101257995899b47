//! Probing many positions at once: [`Tablebase::probe_wdl_batch`], whose
//! memory reads overlap where single probes wait for theirs one by one.

use tama_core::Position;
use tama_search::Wdl;

use crate::captures::{put_list, take_list, FromCaptures};
use crate::tablebase::Tablebase;
use crate::wdl::{self, WdlTable};
use crate::Error;

/// Positions a group.
const GROUP: usize = 32;
/// Deferred reads a group: one per stored position, one per stored child
/// of a position with a capture pending.
const READS: usize = 8 * GROUP;

/// What the deferred reads of a position make of it.
#[derive(Clone, Copy)]
enum Pending {
    Answered,
    Stored,
    Captures(FromCaptures),
}

impl Tablebase {
    /// [`Tablebase::probe_wdl`] of many positions: `out[i]` gets the
    /// answer for `positions[i]` (the shorter of the two sets the count).
    /// The positions stored in loaded win/draw/loss tables are indexed
    /// first, a few dozen at a time, and their values read after, so the
    /// memory reads of a batch overlap where single probes wait for theirs
    /// one by one (a random probe of a 5-piece set is one read from main
    /// memory). A position with a capture pending adds the reads of its
    /// stored children to its group's. Load the tables first
    /// ([`Tablebase::load_wdl`]) for the full effect.
    ///
    /// # Errors
    ///
    /// When a needed table file cannot be read or is damaged.
    pub fn probe_wdl_batch(
        &self,
        positions: &[Position],
        out: &mut [Option<Wdl>],
    ) -> Result<(), Error> {
        let mut list = take_list();
        let mut result = Ok(());
        for (ps, outs) in positions.chunks(GROUP).zip(out.chunks_mut(GROUP)) {
            let mut reads: [(Option<&WdlTable>, u64, u8); READS] = [(None, 0, 0); READS];
            let mut n = 0;
            let mut pending = [Pending::Answered; GROUP];
            for (i, (p, o)) in ps.iter().zip(outs.iter_mut()).enumerate() {
                if let Some((t, idx)) = self.loaded_entry(p) {
                    reads[n] = (Some(t), idx, i as u8);
                    n += 1;
                    pending[i] = Pending::Stored;
                    continue;
                }
                if !self.wdl_answers_from_captures(p) {
                    match self.probe_wdl(p) {
                        Ok(w) => *o = w,
                        Err(e) => result = Err(e),
                    }
                    continue;
                }
                // A capture pending: its stored children join the group's
                // reads, the others are probed now.
                list.clear();
                p.generate_moves(self.rules(), &mut list);
                let mut c = FromCaptures::default();
                for mv in list.iter() {
                    let child = p.play_unchecked(mv);
                    match self.loaded_entry(&child) {
                        Some((t, idx)) if n < READS => {
                            reads[n] = (Some(t), idx, i as u8);
                            n += 1;
                        }
                        _ => match self.probe_wdl_value(&child) {
                            Ok(w) => c.note(w.map(|v| v.wdl)),
                            Err(e) => result = Err(e),
                        },
                    }
                    if c.won {
                        break;
                    }
                }
                pending[i] = Pending::Captures(c);
            }
            for &(t, idx, i) in &reads[..n] {
                let Some(t) = t else { continue };
                let w = wdl::to_wdl(t.get(idx));
                match &mut pending[usize::from(i)] {
                    Pending::Stored => outs[usize::from(i)] = Some(w),
                    Pending::Captures(c) => c.note(Some(w)),
                    Pending::Answered => {}
                }
            }
            for (o, p) in outs.iter_mut().zip(&pending) {
                if let Pending::Captures(c) = p {
                    *o = c.value();
                }
            }
            if result.is_err() {
                break;
            }
        }
        put_list(list);
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tama_core::Rules;

    use crate::file::rules_dir;
    use crate::index::Indexer;
    use crate::wdl::wdl_path;
    use crate::{generate, GenOptions, Plan};

    #[test]
    fn a_batch_answers_as_single_probes_do() {
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
        let single = Tablebase::open(tmp.path(), &rules).unwrap();
        // Every 3-piece position, then some the tables do not cover: a
        // side without pieces, a man on its own first rank, four pieces.
        let mut positions = Vec::new();
        for m in single.materials().filter(|m| m.pieces() == 3) {
            let ix = Indexer::new(m);
            positions.extend((0..ix.size()).step_by(3).map(|i| ix.board(i).position()));
        }
        for fen in [
            "W:W:BKa1",
            "W:Wb1:BKh8",
            "W:WKa1,Kb1:BKh8,Kg8",
            "B:WKd4:Bc4",
        ] {
            positions.push(tama_notation::parse_fen(fen).unwrap().position);
        }
        let expected: Vec<_> = positions
            .iter()
            .map(|p| single.probe_wdl(p).unwrap())
            .collect();
        for w in [Some(Wdl::Win), Some(Wdl::Draw), Some(Wdl::Loss), None] {
            assert!(expected.contains(&w), "{w:?} among the answers");
        }
        let captures = positions.iter().filter(|p| p.has_capture()).count();
        assert!(captures > 1000, "{captures}");
        // The tables not loaded yet, then loaded: the same answers.
        let tb = Tablebase::open(tmp.path(), &rules).unwrap();
        for load in [false, true] {
            if load {
                assert!(tb.load_wdl(2).unwrap().0 > 0);
            }
            let mut out = vec![Some(Wdl::Win); positions.len()];
            tb.probe_wdl_batch(&positions, &mut out).unwrap();
            assert_eq!(out, expected, "loaded: {load}");
        }
        // The shorter of the two sets the count; the rest is untouched.
        let mut out = vec![None; 5];
        tb.probe_wdl_batch(&positions, &mut out).unwrap();
        assert_eq!(out, expected[..5]);
        let mut out = vec![Some(Wdl::Draw); 5];
        tb.probe_wdl_batch(&positions[..2], &mut out).unwrap();
        assert_eq!(out[..2], expected[..2]);
        assert_eq!(out[2..], [Some(Wdl::Draw); 3]);
        tb.probe_wdl_batch(&[], &mut []).unwrap();
    }

    #[test]
    fn a_damaged_table_fails_the_batch() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let rules = Rules::TURKISH;
        generate(
            tmp.path(),
            &rules,
            &Plan::new(2),
            None,
            &GenOptions::default(),
        )
        .unwrap();
        let m = "KvK".parse().unwrap();
        std::fs::write(wdl_path(&rules_dir(tmp.path(), &rules), m), b"damaged").unwrap();
        let tb = Tablebase::open(tmp.path(), &rules).unwrap();
        let p = tama_notation::parse_fen("W:WKa1:BKh8").unwrap().position;
        let mut out = [None];
        let err = tb.probe_wdl_batch(&[p], &mut out).unwrap_err().to_string();
        assert!(err.contains("KvK.wdl"), "{err}");
    }
}
