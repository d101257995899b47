//! The prober: a directory of tables, opened lazily, shared by threads.

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use tama_core::{MoveList, Position, Rules};
use tama_notation::write_rules;
use tama_search::{EndgameOracle, Oracle, OracleValue, TableKind, Wdl};

use crate::file::{Codes, TableData, TableInfo};
use crate::index::{Board, Indexer};
use crate::value::{decode, Best};
use crate::wdl::{self, wdl_path, WdlTable};
use crate::{Error, Material};

/// The file extension of a table.
pub const EXTENSION: &str = "egtb";

/// One loaded table.
pub(crate) struct Table {
    pub data: TableData,
    pub indexer: Indexer,
    /// Every code, decompressed on first use when the tablebase was
    /// opened with [`Tablebase::open_decoded`].
    decoded: OnceLock<Result<Codes, String>>,
}

/// Slots for materials with at most 7 pieces in each group.
const SLOT_LIMIT: u8 = 8;

fn slot_of(m: Material) -> Option<usize> {
    let parts = [m.us_men, m.us_kings, m.them_men, m.them_kings];
    if parts.iter().any(|&p| p >= SLOT_LIMIT) {
        return None;
    }
    Some(
        parts
            .iter()
            .fold(0usize, |acc, &p| acc * SLOT_LIMIT as usize + p as usize),
    )
}

/// A directory of tables for one set of rules.
///
/// Opening lists the directory; each table is read (and its checksum
/// checked) the first time a probe needs it. Probing is safe from many
/// threads at once; each thread keeps a small cache of decompressed
/// blocks.
///
/// ```no_run
/// use tama_core::Rules;
/// use tama_egtb::Tablebase;
/// use tama_notation::parse_position;
///
/// let tb = Tablebase::open("tables", &Rules::ARMENIAN)?;
/// let pos = parse_position("W:WKd4:Ba7").unwrap();
/// if let Some(v) = tb.probe(&pos)? {
///     println!("{:?} in {} plies", v.wdl, v.distance);
/// }
/// // The engine's hook:
/// let oracle = tb.into_oracle();
/// # Ok::<(), tama_egtb::Error>(())
/// ```
pub struct Tablebase {
    dir: PathBuf,
    rules: Rules,
    rules_text: String,
    present: Vec<bool>,
    materials: BTreeSet<Material>,
    max_pieces: u32,
    slots: Vec<OnceLock<Result<Arc<Table>, String>>>,
    /// Which win/draw/loss files are present, by slot.
    wdl_present: Vec<bool>,
    /// The win/draw/loss tables, each decompressed whole on first use.
    wdl_slots: Vec<OnceLock<Result<WdlTable, String>>>,
    /// Tables are decompressed whole on first use (generation and
    /// verification, which read every entry), not block by block...
    decoded: bool,
    /// ...unless they have more entries than this.
    decode_limit: u64,
}

impl std::fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebase")
            .field("dir", &self.dir)
            .field("rules", &self.rules_text)
            .field("tables", &self.materials.len())
            .finish()
    }
}

/// The directory that holds the tables of `rules` under `root`:
/// `root/<rules text>` (e.g. `tables/armenian`).
pub fn rules_dir(root: &Path, rules: &Rules) -> PathBuf {
    root.join(write_rules(rules))
}

/// The file of `material`'s table in a rules directory.
pub fn table_path(rules_dir: &Path, material: Material) -> PathBuf {
    rules_dir.join(format!("{material}.{EXTENSION}"))
}

impl Tablebase {
    /// Opens the tables of `rules` in `dir`: in `dir/<rules text>` when
    /// that directory exists (the layout `tama egtb gen` writes), else in
    /// `dir` itself. No table is read yet.
    ///
    /// # Errors
    ///
    /// [`Error::Io`] when the directory cannot be listed.
    pub fn open(dir: impl AsRef<Path>, rules: &Rules) -> Result<Tablebase, Error> {
        let sub = rules_dir(dir.as_ref(), rules);
        if sub.is_dir() {
            Tablebase::open_exact(&sub, rules)
        } else {
            Tablebase::open_exact(dir.as_ref(), rules)
        }
    }

    /// Opens the tables of `rules` in `dir` like [`Tablebase::open`], but
    /// each table is decompressed whole into memory when first used
    /// instead of block by block: the fastest probes (no decompression,
    /// one memory read), for about one byte of memory per entry of every
    /// table used (1.9 GB for all turkish tables up to 5 pieces).
    ///
    /// # Errors
    ///
    /// [`Error::Io`] when the directory cannot be listed.
    pub fn open_in_memory(dir: impl AsRef<Path>, rules: &Rules) -> Result<Tablebase, Error> {
        let sub = rules_dir(dir.as_ref(), rules);
        if sub.is_dir() {
            Tablebase::open_decoded(&sub, rules)
        } else {
            Tablebase::open_decoded(dir.as_ref(), rules)
        }
    }

    /// Opens the tables in exactly `dir`, each to be decompressed whole
    /// when first used: for reading every entry of a table, or probing
    /// it hundreds of millions of times.
    pub(crate) fn open_decoded(dir: &Path, rules: &Rules) -> Result<Tablebase, Error> {
        let mut tb = Tablebase::open_exact(dir, rules)?;
        tb.decoded = true;
        Ok(tb)
    }

    /// Tables with more entries than `limit` are probed block by block
    /// even when the tablebase decompresses tables whole: generation's
    /// bound on the memory of its dependencies.
    pub(crate) fn set_decode_limit(&mut self, limit: u64) {
        self.decode_limit = limit;
    }

    /// Opens the tables in exactly `dir`.
    pub(crate) fn open_exact(dir: &Path, rules: &Rules) -> Result<Tablebase, Error> {
        let mut present = vec![false; (SLOT_LIMIT as usize).pow(4)];
        let mut wdl_present = present.clone();
        let mut materials = BTreeSet::new();
        for entry in fs::read_dir(dir).map_err(|e| Error::io(dir, e))? {
            let entry = entry.map_err(|e| Error::io(dir, e))?;
            let path = entry.path();
            let ext = path.extension().and_then(|e| e.to_str());
            let wdl_file = ext == Some(crate::file::extension(TableKind::Wdl));
            if ext != Some(EXTENSION) && !wdl_file {
                continue;
            }
            let Some(m) = path
                .file_stem()
                .and_then(|s| s.to_str())
                .and_then(|s| s.parse::<Material>().ok())
            else {
                continue;
            };
            if let Some(slot) = slot_of(m) {
                if wdl_file {
                    wdl_present[slot] = true;
                } else {
                    present[slot] = true;
                }
                materials.insert(m);
            }
        }
        let max_pieces = materials.iter().map(|m| m.pieces()).max().unwrap_or(0);
        let slots = (0..present.len()).map(|_| OnceLock::new()).collect();
        let wdl_slots = (0..present.len()).map(|_| OnceLock::new()).collect();
        Ok(Tablebase {
            dir: dir.to_path_buf(),
            rules: *rules,
            rules_text: write_rules(rules),
            present,
            materials,
            max_pieces,
            slots,
            wdl_present,
            wdl_slots,
            decoded: false,
            decode_limit: u64::MAX,
        })
    }

    /// The directory the tables are read from.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The rules of the tables.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The materials with a table file of either kind.
    pub fn materials(&self) -> impl Iterator<Item = Material> + '_ {
        self.materials.iter().copied()
    }

    /// Whether the distance table of `m` is present.
    pub fn has(&self, m: Material) -> bool {
        slot_of(m).is_some_and(|s| self.present[s])
    }

    /// Whether the table of `m` of the given kind is present.
    pub fn has_kind(&self, m: Material, kind: TableKind) -> bool {
        slot_of(m).is_some_and(|s| match kind {
            TableKind::Distance => self.present[s],
            TableKind::Wdl => self.wdl_present[s],
        })
    }

    /// The win/draw/loss table in `slot` (present), loaded on first use.
    #[inline]
    fn wdl_table(&self, slot: usize, m: Material) -> Result<&WdlTable, Error> {
        let loaded = self.wdl_slots[slot]
            .get_or_init(|| WdlTable::load(&wdl_path(&self.dir, m), m, &self.rules_text, 1));
        loaded
            .as_ref()
            .map_err(|what| Error::format(wdl_path(&self.dir, m), what.clone()))
    }

    /// Loads every win/draw/loss table now (each decompressed on
    /// `threads` threads), so that no probe waits for one; the number of
    /// tables and the bytes of memory they take.
    ///
    /// # Errors
    ///
    /// When a file cannot be read or is damaged.
    pub fn load_wdl(&self, threads: usize) -> Result<(usize, usize), Error> {
        let mut tables = 0;
        let mut bytes = 0;
        for m in &self.materials {
            let Some(slot) = slot_of(*m).filter(|&s| self.wdl_present[s]) else {
                continue;
            };
            let loaded = self.wdl_slots[slot].get_or_init(|| {
                WdlTable::load(&wdl_path(&self.dir, *m), *m, &self.rules_text, threads)
            });
            let t = loaded
                .as_ref()
                .map_err(|what| Error::format(wdl_path(&self.dir, *m), what.clone()))?;
            tables += 1;
            bytes += t.bytes();
        }
        Ok((tables, bytes))
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

    /// [`Tablebase::probe_wdl`] with the kind of table that answered (and
    /// the distance, from a distance table).
    fn probe_wdl_value(&self, pos: &Position) -> Result<Option<OracleValue>, Error> {
        let m = Material::of(pos);
        if m.us() == 0 {
            return Ok(Some(OracleValue::wdl_only(Wdl::Loss)));
        }
        let Some(slot) = slot_of(m).filter(|&s| self.wdl_present[s]) else {
            return self.probe(pos);
        };
        let table = self.wdl_table(slot, m)?;
        if !is_stored(pos, &self.rules) {
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
    fn loaded_entry(&self, pos: &Position) -> Option<(&WdlTable, u64)> {
        let m = Material::of(pos);
        if m.us() == 0 {
            return None;
        }
        let table = slot_of(m)
            .filter(|&s| self.wdl_present[s])
            .and_then(|s| self.wdl_slots[s].get())
            .and_then(|t| t.as_ref().ok())?;
        let b = Board::normalized(pos);
        if !is_stored(pos, &self.rules) || !Indexer::men_in_domain(b) {
            return None;
        }
        Some((table, table.indexer.index(table.indexer.canonical(b))))
    }

    /// [`Tablebase::probe_wdl`] of many positions: `out[i]` gets the
    /// answer for `positions[i]` (the shorter of the two sets the count).
    /// The positions stored in loaded win/draw/loss tables are indexed
    /// first, a few dozen at a time, and their values read after, so the
    /// memory reads of a batch overlap where single probes wait for theirs
    /// one by one (a random probe of a 5-piece set is one read from main
    /// memory). A position with a capture pending adds the reads of its
    /// stored children to its group's. Load the tables first ([`Tablebase::load_wdl`]) for the
    /// full effect.
    ///
    /// # Errors
    ///
    /// When a needed table file cannot be read or is damaged.
    pub fn probe_wdl_batch(
        &self,
        positions: &[Position],
        out: &mut [Option<Wdl>],
    ) -> Result<(), Error> {
        /// Positions a group.
        const GROUP: usize = 32;
        /// Deferred reads a group: one per stored position, one per
        /// stored child of a position with a capture pending.
        const READS: usize = 8 * GROUP;
        /// What the deferred reads of a position make of it.
        #[derive(Clone, Copy)]
        enum Pending {
            Answered,
            Stored,
            Captures(FromCaptures),
        }
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
                p.generate_moves(&self.rules, &mut list);
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

    /// Whether [`Tablebase::probe_wdl`] answers `pos` from its captures
    /// with its win/draw/loss table loaded: a capture pending, pieces on
    /// both sides and the table of its material loaded.
    #[inline]
    fn wdl_answers_from_captures(&self, pos: &Position) -> bool {
        let m = Material::of(pos);
        m.us() != 0
            && slot_of(m)
                .filter(|&s| self.wdl_present[s])
                .and_then(|s| self.wdl_slots[s].get())
                .is_some_and(|t| t.is_ok())
            && !is_stored(pos, &self.rules)
    }

    /// The value of `pos`, whose side to move has a capture pending, from
    /// the positions its captures lead to: a win if one of them is lost
    /// for the opponent, else a draw if one is drawn, else a loss; `None`
    /// when none is lost and one is not covered. The children stored in
    /// loaded win/draw/loss tables are indexed first and read afterwards,
    /// so that their memory reads overlap instead of waiting one by one.
    fn wdl_from_captures(&self, pos: &Position) -> Result<Option<Wdl>, Error> {
        let mut list = take_list();
        pos.generate_moves(&self.rules, &mut list);
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

    /// The value of `pos` with the kind of table that answered: from the
    /// distance table when present (value and distance), else from the
    /// win/draw/loss table (the value only); `None` when the tables do not
    /// cover it.
    ///
    /// # Errors
    ///
    /// When a needed table file cannot be read or is damaged.
    pub fn probe_answer(&self, pos: &Position) -> Result<Option<OracleValue>, Error> {
        let m = Material::of(pos);
        if m.us() == 0 || self.has(m) {
            return self.probe(pos);
        }
        self.probe_wdl_value(pos)
    }

    /// The most pieces of any present table.
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// The table of `m`, read on first use.
    pub(crate) fn table(&self, m: Material) -> Result<Option<&Arc<Table>>, Error> {
        let Some(slot) = slot_of(m).filter(|&s| self.present[s]) else {
            return Ok(None);
        };
        let path = table_path(&self.dir, m);
        let loaded = self.slots[slot].get_or_init(|| {
            let data = TableData::read(&path).map_err(|e| match e {
                Error::Format { what, .. } => what,
                Error::Io { source, .. } => source.to_string(),
                other => other.to_string(),
            })?;
            if data.info.rules != self.rules_text {
                return Err(format!(
                    "the table is for rules `{}`, not `{}`",
                    data.info.rules, self.rules_text
                ));
            }
            if data.info.material != m {
                return Err(format!("the header says {}", data.info.material));
            }
            if data.info.kind != TableKind::Distance {
                return Err("not a distance table".to_string());
            }
            let indexer = Indexer::new(m);
            if indexer.size() != data.info.positions {
                return Err("wrong number of positions".to_string());
            }
            Ok(Arc::new(Table {
                data,
                indexer,
                decoded: OnceLock::new(),
            }))
        });
        match loaded {
            Ok(t) => Ok(Some(t)),
            Err(what) => Err(Error::format(path, what.clone())),
        }
    }

    /// The header of `m`'s table, if present.
    ///
    /// # Errors
    ///
    /// When the file cannot be read or is damaged.
    pub fn info(&self, m: Material) -> Result<Option<TableInfo>, Error> {
        Ok(self.table(m)?.map(|t| t.data.info.clone()))
    }

    /// The value of `pos` for the side to move with the distance to the
    /// end of the game in plies (distance to win: the winner's fewest, the
    /// loser's most), or `None` when the tables do not cover it (too many
    /// pieces, a table missing, a man on its own first rank, or a side
    /// without pieces whose opponent is to move, which no game reaches).
    /// A side to move without pieces has lost (distance 0).
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
        if m.us() == 0 {
            return Ok(Some(OracleValue::counted(Wdl::Loss, 0)));
        }
        let Some(table) = self.table(m)? else {
            return Ok(None);
        };
        if !is_stored(pos, &self.rules) {
            let mut list = MoveList::new();
            pos.generate_moves(&self.rules, &mut list);
            let mut best = Best::default();
            for mv in list.iter() {
                match self.probe(&pos.play_unchecked(mv))? {
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
        let b = table.indexer.canonical(b);
        let idx = table.indexer.index(b);
        let code = self.code_at(table, idx);
        let code = code.map_err(|what| Error::format(table_path(&self.dir, m), what))?;
        Ok(Some(decode(code)))
    }

    /// The stored code at `idx` of `table`.
    pub(crate) fn code_at(&self, table: &Table, idx: u64) -> Result<u16, String> {
        if self.decoded && table.data.info.positions <= self.decode_limit {
            let codes = table
                .decoded
                .get_or_init(|| table.data.decode_all())
                .as_ref()
                .map_err(Clone::clone)?;
            codes
                .get(idx as usize)
                .ok_or_else(|| format!("index {idx} out of range"))
        } else {
            table.code(idx)
        }
    }

    /// The position of `m`'s table at `index` (White to move).
    pub(crate) fn position_at(&self, m: Material, index: u64) -> Option<Position> {
        let ix = Indexer::new(m);
        (index < ix.size()).then(|| ix.board(index).position())
    }

    /// Wraps the tablebase as the engine's oracle
    /// (`EngineConfig { oracle: Some(tb.into_oracle()), .. }`).
    pub fn into_oracle(self) -> Oracle {
        Oracle::new(self)
    }
}

impl EndgameOracle for Tablebase {
    fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    fn probe(&self, pos: &Position, rules: &Rules) -> Option<OracleValue> {
        if *rules != self.rules {
            return None;
        }
        Tablebase::probe(self, pos).ok().flatten()
    }

    /// From the win/draw/loss table when present (a value without a
    /// distance), else from the distance table.
    fn probe_in_search(&self, pos: &Position, rules: &Rules) -> Option<OracleValue> {
        if *rules != self.rules {
            return None;
        }
        if !self.has_kind(Material::of(pos), TableKind::Wdl) {
            return Tablebase::probe(self, pos).ok().flatten();
        }
        let wdl = self.probe_wdl(pos).ok().flatten()?;
        Some(OracleValue::wdl_only(wdl))
    }

    fn name(&self) -> String {
        format!("egtb {} ({})", self.dir.display(), self.rules_text)
    }
}

/// The value of a position with a capture pending, gathered from the
/// values of the positions its captures lead to (for the opponent): a win
/// if one is lost, else unknown if one is not covered, else a draw if one
/// is drawn, else a loss.
#[derive(Clone, Copy, Default)]
struct FromCaptures {
    won: bool,
    draw: bool,
    uncovered: bool,
}

impl FromCaptures {
    #[inline]
    fn note(&mut self, child: Option<Wdl>) {
        match child {
            Some(Wdl::Loss) => self.won = true,
            Some(Wdl::Draw) => self.draw = true,
            Some(Wdl::Win) => {}
            None => self.uncovered = true,
        }
    }

    fn value(self) -> Option<Wdl> {
        if self.won {
            Some(Wdl::Win)
        } else if self.uncovered {
            None
        } else if self.draw {
            Some(Wdl::Draw)
        } else {
            Some(Wdl::Loss)
        }
    }
}

/// Whether the tables store `pos`'s value: every position but those with
/// a capture pending, except that a position with one piece each is
/// stored (as a draw) where the rules end the game there.
#[inline]
pub(crate) fn is_stored(pos: &Position, rules: &Rules) -> bool {
    !pos.has_capture() || pos.is_draw_one_each(rules)
}

thread_local! {
    /// Move lists for [`Tablebase::wdl_from_captures`], reused: a new
    /// list writes its whole inline array, which costs more than the
    /// capture generation (and boxed, so that taking one moves no array).
    static LISTS: RefCell<Vec<Box<MoveList>>> = const { RefCell::new(Vec::new()) };
}

/// An empty move list from this thread's pool.
fn take_list() -> Box<MoveList> {
    LISTS
        .with(|l| l.borrow_mut().pop())
        .map_or_else(Box::default, |mut list| {
            list.clear();
            list
        })
}

/// Gives a list back to this thread's pool.
fn put_list(list: Box<MoveList>) {
    LISTS.with(|l| l.borrow_mut().push(list));
}

/// Slots of the per-thread block cache (direct-mapped): up to 8 MB of
/// decompressed blocks a thread (64 blocks of 65,536 values of 2 bytes).
const CACHE_SLOTS: usize = 64;

struct BlockCache {
    keys: [(u64, u64); CACHE_SLOTS],
    blocks: Vec<Vec<u8>>,
}

thread_local! {
    static CACHE: RefCell<BlockCache> = RefCell::new(BlockCache {
        keys: [(0, 0); CACHE_SLOTS],
        blocks: vec![Vec::new(); CACHE_SLOTS],
    });
}

impl Table {
    /// The value code at `idx`, decompressing its block unless this thread
    /// has it cached.
    pub(crate) fn code(&self, idx: u64) -> Result<u16, String> {
        let per_block = self.data.block_values() as u64;
        let block = idx / per_block;
        let within = (idx % per_block) as usize;
        let uid = self.data.uid;
        CACHE.with(|cache| {
            let mut cache = cache.borrow_mut();
            let slot = (block
                .wrapping_add(uid.wrapping_mul(0x9e37_79b9_7f4a_7c15))
                .wrapping_mul(0x2545_f491_4f6c_dd1d)
                >> (64 - CACHE_SLOTS.trailing_zeros())) as usize;
            if cache.keys[slot] != (uid, block + 1) {
                let BlockCache { keys, blocks } = &mut *cache;
                self.data.decode_block(block as usize, &mut blocks[slot])?;
                keys[slot] = (uid, block + 1);
            }
            let bytes = &cache.blocks[slot];
            let code = if self.data.width() == 1 {
                bytes.get(within).map(|&b| u16::from(b))
            } else {
                // Low bytes, then high bytes.
                let half = bytes.len() / 2;
                bytes
                    .get(within)
                    .zip(bytes.get(half + within))
                    .filter(|_| within < half)
                    .map(|(&l, &h)| u16::from_le_bytes([l, h]))
            };
            code.ok_or_else(|| format!("index {idx} out of range"))
        })
    }
}
