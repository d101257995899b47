//! The state file of a build (`BOOK.tbk.state`): the settings and the
//! whole tree, so a stopped build goes on exactly where it was. It has
//! its own magic (`TAMABKST`): it never passes for a book.
//!
//! Little-endian: magic, version (2 bytes), the settings (preset name
//! with its length byte, nodes 8, lines 4, batch 4, ply cost 4,
//! deviation cost 4, seed 8, hash 4, shard index 4 and count 4), the
//! number of nodes (4), then per node: white, black and kings bitboards
//! (8 each), the side to move (1), candidates (1 + 6 each: move code,
//! value `i32`), book moves (1 + 10 each: move code, child 4, visits 4);
//! then an FNV-1a checksum of all before it (8).

use std::io::Write;
use std::path::Path;
use tama_files::fnv1a;

use tama_core::{Color, Position, Setup};
use tama_search::book::{move_code, resolve_code};

use crate::settings::{BuildError, Settings};
use crate::tree::Tree;
use crate::BookFileError;

const MAGIC: [u8; 8] = *b"TAMABKST";
const VERSION: u16 = 1;

fn settings_bytes(s: &Settings) -> Vec<u8> {
    let mut out = Vec::new();
    let name = s.preset.name().as_bytes();
    out.push(name.len() as u8);
    out.extend_from_slice(name);
    out.extend_from_slice(&s.nodes.to_le_bytes());
    for v in [s.lines, s.batch, s.ply_cost, s.deviation_cost] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&s.seed.to_le_bytes());
    for v in [s.hash_mib, s.shard.0, s.shard.1] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out
}

/// Writes the state atomically.
pub(crate) fn save(path: &Path, s: &Settings, tree: &Tree) -> Result<(), BuildError> {
    let rules = tree.rules;
    let mut out = Vec::new();
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&settings_bytes(s));
    out.extend_from_slice(&(tree.nodes.len() as u32).to_le_bytes());
    for n in &tree.nodes {
        let p = &n.pos;
        for b in [p.pieces(Color::White), p.pieces(Color::Black), p.kings()] {
            out.extend_from_slice(&b.0.to_le_bytes());
        }
        out.push(p.turn() as u8);
        out.push(n.cands.len() as u8);
        for (mv, v) in &n.cands {
            let code = move_code(p, &rules, mv).unwrap_or(u16::MAX);
            out.extend_from_slice(&code.to_le_bytes());
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.push(n.children.len() as u8);
        for e in &n.children {
            let code = move_code(p, &rules, &e.mv).unwrap_or(u16::MAX);
            out.extend_from_slice(&code.to_le_bytes());
            out.extend_from_slice(&e.child.to_le_bytes());
            out.extend_from_slice(&e.visits.to_le_bytes());
        }
    }
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    let io = |p: &Path, source| {
        BuildError::Io(BookFileError::Io {
            path: p.to_path_buf(),
            source,
        })
    };
    tama_files::write_atomically(path, |f| f.write_all(&out).map_err(|e| io(path, e)), io)
}

/// A reader over the state's bytes that reports where it ran out.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        let s = self
            .bytes
            .get(self.at..self.at + n)
            .ok_or_else(|| format!("truncated at byte {}", self.at))?;
        self.at += n;
        Ok(s)
    }
    fn u8(&mut self) -> Result<u8, String> {
        Ok(self.take(1)?[0])
    }
    fn u16(&mut self) -> Result<u16, String> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }
    fn u32(&mut self) -> Result<u32, String> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn u64(&mut self) -> Result<u64, String> {
        Ok(u64::from(self.u32()?) | u64::from(self.u32()?) << 32)
    }
}

/// Reads the state at `path` for a build with settings `s`: `None` when
/// there is no file.
pub(crate) fn load(path: &Path, s: &Settings) -> Result<Option<Tree>, BuildError> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => {
            return Err(BuildError::Io(BookFileError::Io {
                path: path.to_path_buf(),
                source,
            }))
        }
    };
    let err = |m: String| BuildError::State(format!("{}: {m}", path.display()));
    if bytes.len() < 18 || bytes[..8] != MAGIC {
        return Err(err("not a book build's state file".into()));
    }
    let (body, sum) = bytes.split_at(bytes.len() - 8);
    if fnv1a(body) != u64::from_le_bytes(sum.try_into().unwrap_or_default()) {
        return Err(err("checksum mismatch (the file is damaged)".into()));
    }
    let mut r = Reader { bytes: body, at: 8 };
    let version = r.u16().map_err(err)?;
    if version != VERSION {
        return Err(err(format!(
            "version {version}, this program reads version {VERSION}"
        )));
    }
    let mine = settings_bytes(s);
    if r.take(mine.len()).map_err(err)? != mine.as_slice() {
        return Err(err(
            "the state of a build with other settings (rules, nodes, lines, batch, costs, seed, hash or shard); \
             use the same ones, or another output file"
                .into(),
        ));
    }
    let rules = s.preset.rules();
    let mut tree = Tree::new(rules, s.ply_cost.into(), s.deviation_cost.into(), s.seed);
    let count = r.u32().map_err(err)? as usize;
    let mut links = Vec::new();
    for id in 0..count {
        let (white, black, kings) = (r.u64(), r.u64(), r.u64());
        let turn = if r.u8().map_err(err)? == 0 {
            Color::White
        } else {
            Color::Black
        };
        let setup = Setup {
            white: tama_core::Bitboard(white.map_err(err)?),
            black: tama_core::Bitboard(black.map_err(err)?),
            kings: tama_core::Bitboard(kings.map_err(err)?),
            turn,
        };
        let pos = Position::from_setup(setup).map_err(|e| err(format!("node {id}: {e}")))?;
        let mut cands = Vec::new();
        for _ in 0..r.u8().map_err(err)? {
            let code = r.u16().map_err(err)?;
            let v = r.u32().map_err(err)? as i32;
            let mv = resolve_code(&pos, &rules, code)
                .ok_or_else(|| err(format!("node {id}: a move that is not legal")))?;
            cands.push((mv, v));
        }
        for _ in 0..r.u8().map_err(err)? {
            let code = r.u16().map_err(err)?;
            let child = r.u32().map_err(err)?;
            let visits = r.u32().map_err(err)?;
            let mv = resolve_code(&pos, &rules, code)
                .ok_or_else(|| err(format!("node {id}: a move that is not legal")))?;
            links.push((id as u32, mv, child, visits));
        }
        tree.add(pos, cands);
    }
    if r.at != body.len() {
        return Err(err(format!(
            "{} bytes after the last node",
            body.len() - r.at
        )));
    }
    for (from, mv, to, visits) in links {
        let fits = (to as usize) < count
            && tree.nodes[to as usize].pos == tree.nodes[from as usize].pos.play_unchecked(&mv)
            && tree.may_link(from, to);
        if !fits {
            return Err(err(format!("node {from}: a book move to the wrong node")));
        }
        tree.nodes[from as usize].children.push(crate::tree::Edge {
            mv,
            child: to,
            visits,
        });
        tree.nodes[to as usize].parents.push(from);
    }
    tree.update_all();
    Ok(Some(tree))
}
