//! `tama.VecEnv`: many games stepped in one call, inside Rust.
//!
//! Every game is one environment: an action is one ply by the side to
//! move (self-play), the reward goes to the player who moved. The
//! observations, legal-action masks, rewards, terminations and
//! truncations are NumPy arrays the environment owns and overwrites in
//! place on every `reset` and `step` (no array is made per call); the
//! games are split over threads with the GIL released. A game that ends
//! starts again at once (auto-reset): the arrays then show the new game.
//!
//! The mask is updated, not rewritten: each game clears the actions it
//! set on the previous step and sets the new ones; the observation is
//! updated the same way (the squares that changed and the side-to-move
//! plane). A Turkish step writes about 296 bytes: 265 of observation
//! (the side-to-move plane's 256 among them), 25 of mask and six of
//! reward and flags, whatever the size of the action space.

use numpy::{PyArray1, PyArray2, PyArray4, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tama_core::{Bitboard, Color, Game, Move, Position, Role, Rules};

use crate::actions::{ActionTable, ACTION_SPACE};
use crate::board::PyBoard;
use crate::encode::PLANES;
use crate::mv::{position_from_text, rules_from_text};

/// The floats of one observation.
const OBS: usize = PLANES * 64;

/// Games per thread below which a step stays on one thread.
const PER_THREAD: usize = 2048;

/// One game of the batch.
struct Slot {
    game: Game,
    /// The legal moves of the current position.
    legal: Vec<Move>,
    /// The actions set in the game's row of the mask.
    set: Vec<u16>,
    /// The position the game's row of the observations shows (`None`
    /// before the first write).
    shown: Option<Position>,
    /// The last position of the game that ended on the last step (before
    /// the restart), for `final_observations`.
    ended: Option<Position>,
}

thread_local! {
    /// A move list to generate into (its inline array is 4 KiB: made once
    /// per thread).
    static SCRATCH: std::cell::RefCell<tama_core::MoveList> =
        std::cell::RefCell::new(tama_core::MoveList::new());
}

/// The bitboards of the four piece planes of `to_array`.
fn planes_of(pos: &Position) -> [Bitboard; 4] {
    [
        pos.pieces_of(Color::White, Role::Man),
        pos.pieces_of(Color::White, Role::King),
        pos.pieces_of(Color::Black, Role::Man),
        pos.pieces_of(Color::Black, Role::King),
    ]
}

/// An element type of the observations: `float32` or `uint8`.
trait Cell: Copy + Send + Sync + numpy::Element {
    const ZERO: Self;
    const ONE: Self;
}

impl Cell for f32 {
    const ZERO: f32 = 0.0;
    const ONE: f32 = 1.0;
}

impl Cell for u8 {
    const ZERO: u8 = 0;
    const ONE: u8 = 1;
}

/// The observations of some games, in the environment's element type.
enum Planes<'a> {
    F32(&'a mut [f32]),
    U8(&'a mut [u8]),
}

impl Default for Planes<'_> {
    fn default() -> Self {
        Planes::U8(&mut [])
    }
}

impl<'a> Planes<'a> {
    fn split_at_mut(self, mid: usize) -> (Planes<'a>, Planes<'a>) {
        match self {
            Planes::F32(s) => {
                let (a, b) = s.split_at_mut(mid);
                (Planes::F32(a), Planes::F32(b))
            }
            Planes::U8(s) => {
                let (a, b) = s.split_at_mut(mid);
                (Planes::U8(a), Planes::U8(b))
            }
        }
    }

    /// The observation of game `i`.
    fn row(&mut self, i: usize) -> Planes<'_> {
        match self {
            Planes::F32(s) => Planes::F32(&mut s[i * OBS..(i + 1) * OBS]),
            Planes::U8(s) => Planes::U8(&mut s[i * OBS..(i + 1) * OBS]),
        }
    }
}

/// Writes the observation of `now` over that of `before` (all of it when
/// `None`).
fn write_obs<T: Cell>(before: Option<Position>, now: &Position, obs: &mut [T]) {
    let one_if = |b: bool| if b { T::ONE } else { T::ZERO };
    match before {
        // Only the squares that changed since the last write (a quarter
        // of the observation or less: the side-to-move plane and a few
        // squares).
        Some(before) => {
            for (plane, (a, b)) in planes_of(&before)
                .into_iter()
                .zip(planes_of(now))
                .enumerate()
            {
                for sq in Bitboard(a.0 ^ b.0) {
                    obs[plane * 64 + sq.index()] = one_if(b.contains(sq));
                }
            }
            if before.turn() != now.turn() {
                obs[4 * 64..5 * 64].fill(one_if(now.turn() == Color::White));
            }
        }
        None => {
            obs.fill(T::ZERO);
            for (plane, b) in planes_of(now).into_iter().enumerate() {
                for sq in b {
                    obs[plane * 64 + sq.index()] = T::ONE;
                }
            }
            obs[4 * 64..5 * 64].fill(one_if(now.turn() == Color::White));
        }
    }
}

/// The arrays of one step, as slices (the GIL released meanwhile).
struct Out<'a> {
    obs: Planes<'a>,
    mask: &'a mut [bool],
    rewards: &'a mut [f32],
    terminated: &'a mut [bool],
    truncated: &'a mut [bool],
}

/// What the games share.
#[derive(Clone, Copy)]
struct Setup {
    rules: Rules,
    start: Position,
    max_plies: usize,
}

impl Slot {
    fn new(setup: &Setup) -> Slot {
        let mut slot = Slot {
            game: Game::from_position(setup.rules, setup.start),
            legal: Vec::new(),
            set: Vec::new(),
            shown: None,
            ended: None,
        };
        slot.fill_legal();
        slot
    }

    fn fill_legal(&mut self) {
        SCRATCH.with_borrow_mut(|list| {
            self.game.position().generate_moves(self.game.rules(), list);
            self.legal.clear();
            self.legal.extend_from_slice(list.as_slice());
        });
    }

    fn restart(&mut self, setup: &Setup) {
        self.game = Game::from_position(setup.rules, setup.start);
        self.fill_legal();
    }

    /// Writes the observation and updates the mask row of this game.
    fn write(&mut self, obs: Planes<'_>, mask: &mut [bool]) {
        let now = *self.game.position();
        let before = self.shown.replace(now);
        match obs {
            Planes::F32(o) => write_obs(before, &now, o),
            Planes::U8(o) => write_obs(before, &now, o),
        }
        for &a in &self.set {
            mask[usize::from(a)] = false;
        }
        self.set.clear();
        let table = ActionTable::new(&self.legal);
        for mv in &self.legal {
            if let Some(a) = table.action(mv) {
                mask[a] = true;
                // ACTION_SPACE is 32,768: every action fits.
                self.set.push(a as u16);
            }
        }
    }

    /// Plays `mv` (one of `legal`) and returns (reward of the mover,
    /// terminated, truncated); restarts the game when it ended.
    fn play(&mut self, mv: &Move, setup: &Setup) -> (f32, bool, bool) {
        let mover = self.game.position().turn();
        let played = self.game.play_listed(mv, &self.legal).is_ok();
        self.fill_legal();
        let (reward, terminated, truncated) = match self.game.outcome_listed(&self.legal) {
            Some(outcome) => {
                let reward = match outcome.winner {
                    Some(w) if w == mover => 1.0,
                    Some(_) => -1.0,
                    None => 0.0,
                };
                (reward, true, false)
            }
            None => (0.0, false, self.game.moves().len() >= setup.max_plies),
        };
        if terminated || truncated || !played {
            self.ended = Some(*self.game.position());
            self.restart(setup);
        } else {
            self.ended = None;
        }
        (reward, terminated, truncated)
    }
}

/// The threads for `n` games.
fn threads_for(n: usize, threads: usize) -> usize {
    (n / PER_THREAD).clamp(1, threads.max(1))
}

/// `f` of every game, computed over `threads` threads as `split` does.
fn par_map<T, F>(slots: &[Slot], threads: usize, f: F) -> Vec<T>
where
    T: Send,
    F: Fn(usize, &Slot) -> T + Sync,
{
    let t = threads_for(slots.len(), threads);
    if t <= 1 {
        return slots.iter().enumerate().map(|(i, s)| f(i, s)).collect();
    }
    let per = slots.len().div_ceil(t);
    let f = &f;
    std::thread::scope(|scope| {
        let parts: Vec<_> = slots
            .chunks(per)
            .enumerate()
            .map(|(k, part)| {
                scope.spawn(move || {
                    part.iter()
                        .enumerate()
                        .map(|(i, s)| f(k * per + i, s))
                        .collect::<Vec<T>>()
                })
            })
            .collect();
        parts
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// Splits the games and their rows of `out` over `threads` threads and
/// runs `work` on each part (with the offset of its first game).
fn split<F>(slots: &mut [Slot], out: Out<'_>, threads: usize, work: F)
where
    F: Fn(usize, &mut [Slot], Out<'_>) + Sync,
{
    let n = slots.len();
    let t = threads_for(n, threads);
    if t <= 1 {
        work(0, slots, out);
        return;
    }
    let per = n.div_ceil(t);
    std::thread::scope(|s| {
        let Out {
            mut obs,
            mut mask,
            mut rewards,
            mut terminated,
            mut truncated,
        } = out;
        let mut rest = slots;
        let mut first = 0;
        let work = &work;
        while !rest.is_empty() {
            let k = per.min(rest.len());
            let (part, tail) = rest.split_at_mut(k);
            rest = tail;
            let (o, ot) = std::mem::take(&mut obs).split_at_mut(k * OBS);
            obs = ot;
            let (m, mt) = std::mem::take(&mut mask).split_at_mut(k * ACTION_SPACE);
            mask = mt;
            let (r, rt) = std::mem::take(&mut rewards).split_at_mut(k);
            rewards = rt;
            let (te, tet) = std::mem::take(&mut terminated).split_at_mut(k);
            terminated = tet;
            let (tr, trt) = std::mem::take(&mut truncated).split_at_mut(k);
            truncated = trt;
            let offset = first;
            s.spawn(move || {
                work(
                    offset,
                    part,
                    Out {
                        obs: o,
                        mask: m,
                        rewards: r,
                        terminated: te,
                        truncated: tr,
                    },
                );
            });
            first += k;
        }
    });
}

/// `n` games of draughts stepped together in Rust: a batched environment
/// for self-play training.
///
/// `VecEnv(n, rules="turkish", fen=None, max_plies=400, threads=0,
/// obs_dtype="float32")` makes `n` games from the start (or `fen`) under
/// `rules`; `threads` is the number of threads a step may use (0: one per
/// CPU); `obs_dtype` `"uint8"` gives the observations as bytes (the same
/// 0s and 1s, a quarter of the memory a step writes). Each game is one
/// environment and each action one ply by the side to move, so both sides
/// are played by the same agent; `turns` says who is to move.
///
/// `reset()` returns `(observations, masks)`; `step(actions)` plays one
/// action per game (any integer sequence or array of length `n`, each a
/// legal action of `Board.action`) and returns `(observations, masks,
/// rewards, terminated, truncated)`:
///
/// - `observations`: `float32` (or `uint8`), `(n, 5, 8, 8)`, each
///   `Board.to_array()`;
/// - `masks`: `bool`, `(n, ACTION_SPACE)`, each `Board.legal_action_mask()`;
/// - `rewards`: `float32`, `(n,)`, for the player who just moved: `1.0`
///   when the move won, `0.0` otherwise (`-1.0` never happens: a move
///   cannot lose at once);
/// - `terminated`: `bool`, `(n,)`, the game ended on the board (no legal
///   move, threefold repetition, one piece each);
/// - `truncated`: `bool`, `(n,)`, the game reached `max_plies` plies.
///
/// A game that ended starts again in the same step: its observation and
/// mask are those of the new game (auto-reset). The arrays are the
/// environment's own, overwritten by the next `reset` or `step`: copy
/// what you keep. An illegal action raises `IllegalMoveError` naming the
/// game, and no game moves.
#[pyclass(module = "tama", name = "VecEnv")]
pub struct PyVecEnv {
    setup: Setup,
    slots: Vec<Slot>,
    threads: usize,
    obs: ObsArray,
    mask: Py<PyArray2<bool>>,
    rewards: Py<PyArray1<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
}

/// The observations array, of the element type chosen.
enum ObsArray {
    F32(Py<PyArray4<f32>>),
    U8(Py<PyArray4<u8>>),
}

/// The two arrays `reset` returns.
type ResetArrays<'py> = (Bound<'py, PyAny>, Bound<'py, PyArray2<bool>>);

/// The indices and observations `final_observations` returns.
type FinalArrays<'py> = (Bound<'py, PyArray1<i64>>, Bound<'py, PyAny>);

/// The final observations of `ended` as an array of `T`.
fn final_array<'py, T: Cell>(py: Python<'py>, ended: &[&Position]) -> PyResult<Bound<'py, PyAny>> {
    let mut planes = vec![T::ZERO; ended.len() * OBS];
    for (pos, out) in ended.iter().zip(planes.chunks_exact_mut(OBS)) {
        write_obs(None, pos, out);
    }
    let obs = numpy::ndarray::Array4::from_shape_vec((ended.len(), PLANES, 8, 8), planes)
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
    Ok(PyArray4::from_owned_array(py, obs).into_any())
}

/// The five arrays `step` returns.
type StepArrays<'py> = (
    Bound<'py, PyAny>,
    Bound<'py, PyArray2<bool>>,
    Bound<'py, PyArray1<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<bool>>,
);

impl PyVecEnv {
    /// Runs `work` over the games and every array, the GIL released.
    fn run<F>(&mut self, py: Python<'_>, work: F) -> PyResult<()>
    where
        F: Fn(usize, &mut [Slot], Out<'_>) + Sync + Send,
    {
        let (mut f32s, mut u8s) = (None, None);
        let obs = match &self.obs {
            ObsArray::F32(a) => {
                Planes::F32(f32s.insert(a.bind(py).try_readwrite()?).as_slice_mut()?)
            }
            ObsArray::U8(a) => Planes::U8(u8s.insert(a.bind(py).try_readwrite()?).as_slice_mut()?),
        };
        let mut mask = self.mask.bind(py).try_readwrite()?;
        let mut rewards = self.rewards.bind(py).try_readwrite()?;
        let mut terminated = self.terminated.bind(py).try_readwrite()?;
        let mut truncated = self.truncated.bind(py).try_readwrite()?;
        let out = Out {
            obs,
            mask: mask.as_slice_mut()?,
            rewards: rewards.as_slice_mut()?,
            terminated: terminated.as_slice_mut()?,
            truncated: truncated.as_slice_mut()?,
        };
        let threads = self.threads;
        let slots = &mut self.slots;
        py.detach(|| split(slots, out, threads, work));
        Ok(())
    }

    fn arrays<'py>(&self, py: Python<'py>) -> StepArrays<'py> {
        let obs = match &self.obs {
            ObsArray::F32(a) => a.bind(py).clone().into_any(),
            ObsArray::U8(a) => a.bind(py).clone().into_any(),
        };
        (
            obs,
            self.mask.bind(py).clone(),
            self.rewards.bind(py).clone(),
            self.terminated.bind(py).clone(),
            self.truncated.bind(py).clone(),
        )
    }

    /// The action of each game as a vector of `i64`.
    fn actions_of(&self, actions: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
        let actions: Vec<i64> = match actions.extract::<numpy::PyReadonlyArray1<'_, i64>>() {
            Ok(a) => a.as_array().to_vec(),
            Err(_) => actions.extract()?,
        };
        if actions.len() != self.slots.len() {
            return Err(PyValueError::new_err(format!(
                "{} actions for {} games: expected one per game",
                actions.len(),
                self.slots.len()
            )));
        }
        Ok(actions)
    }
}

#[pymethods]
impl PyVecEnv {
    #[new]
    #[pyo3(signature = (n, rules = "turkish", fen = None, max_plies = 400, threads = 0, obs_dtype = "float32"))]
    fn py_new(
        py: Python<'_>,
        n: usize,
        rules: &str,
        fen: Option<&str>,
        max_plies: usize,
        threads: usize,
        obs_dtype: &str,
    ) -> PyResult<PyVecEnv> {
        if n == 0 || n > 1 << 20 {
            return Err(PyValueError::new_err(format!(
                "n {n} out of range: expected 1 to {}",
                1 << 20
            )));
        }
        if max_plies == 0 {
            return Err(PyValueError::new_err("max_plies 0: expected at least 1"));
        }
        let obs = match obs_dtype {
            "float32" => ObsArray::F32(PyArray4::zeros(py, [n, PLANES, 8, 8], false).unbind()),
            "uint8" => ObsArray::U8(PyArray4::zeros(py, [n, PLANES, 8, 8], false).unbind()),
            other => {
                return Err(PyValueError::new_err(format!(
                    "obs_dtype {other:?}: expected \"float32\" or \"uint8\""
                )))
            }
        };
        let setup = Setup {
            rules: rules_from_text(rules)?,
            start: match fen {
                Some(text) => position_from_text(text)?,
                None => Position::start(),
            },
            max_plies,
        };
        let first = Slot::new(&setup);
        if let Some(outcome) = first.game.outcome_listed(&first.legal) {
            return Err(PyValueError::new_err(format!(
                "the start position {} is already over under these rules ({outcome})",
                tama_notation::write_fen(&setup.start)
            )));
        }
        let threads = if threads == 0 {
            std::thread::available_parallelism().map_or(1, usize::from)
        } else {
            threads.min(256)
        };
        let mut env = PyVecEnv {
            setup,
            slots: (0..n).map(|_| Slot::new(&setup)).collect(),
            threads,
            obs,
            mask: PyArray2::zeros(py, [n, ACTION_SPACE], false).unbind(),
            rewards: PyArray1::zeros(py, [n], false).unbind(),
            terminated: PyArray1::zeros(py, [n], false).unbind(),
            truncated: PyArray1::zeros(py, [n], false).unbind(),
        };
        env.reset(py)?;
        Ok(env)
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.slots.len()
    }

    fn __len__(&self) -> usize {
        self.slots.len()
    }

    /// The ply limit of a game (it is then truncated).
    #[getter]
    fn max_plies(&self) -> usize {
        self.setup.max_plies
    }

    /// Starts every game again; returns `(observations, masks)`.
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<ResetArrays<'py>> {
        let setup = self.setup;
        self.run(py, move |_, slots, mut out| {
            for (i, slot) in slots.iter_mut().enumerate() {
                slot.restart(&setup);
                slot.shown = None;
                slot.ended = None;
                slot.write(
                    out.obs.row(i),
                    &mut out.mask[i * ACTION_SPACE..(i + 1) * ACTION_SPACE],
                );
                out.rewards[i] = 0.0;
                out.terminated[i] = false;
                out.truncated[i] = false;
            }
        })?;
        let (obs, mask, ..) = self.arrays(py);
        Ok((obs, mask))
    }

    /// Plays one action in every game; returns `(observations, masks,
    /// rewards, terminated, truncated)` (see the class).
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<StepArrays<'py>> {
        let actions = self.actions_of(actions)?;
        // The moves of the actions, looked up over the threads (the GIL
        // released); no game moves unless every action is legal.
        let (slots, threads) = (&self.slots, self.threads);
        let found: Vec<Option<Move>> = py.detach(|| {
            par_map(slots, threads, |i, slot| {
                usize::try_from(actions[i])
                    .ok()
                    .filter(|&a| a < ACTION_SPACE)
                    .and_then(|a| ActionTable::new(&slot.legal).find(a))
            })
        });
        if let Some(i) = found.iter().position(Option::is_none) {
            return Err(crate::errors::IllegalMoveError::new_err(format!(
                "game {i}: no legal move has action {} in {}",
                actions[i],
                tama_notation::write_fen(self.slots[i].game.position())
            )));
        }
        let moves: Vec<Move> = found.into_iter().flatten().collect();
        let setup = self.setup;
        let moves = &moves;
        self.run(py, move |first, slots, mut out| {
            for (i, slot) in slots.iter_mut().enumerate() {
                let (r, te, tr) = slot.play(&moves[first + i], &setup);
                out.rewards[i] = r;
                out.terminated[i] = te;
                out.truncated[i] = tr;
                slot.write(
                    out.obs.row(i),
                    &mut out.mask[i * ACTION_SPACE..(i + 1) * ACTION_SPACE],
                );
            }
        })?;
        Ok(self.arrays(py))
    }

    /// A legal action of every game picked by a number in `[0, 1)`: game
    /// `i` takes the move at `floor(u[i] * len)` of its legal moves (in
    /// the order of `Board.legal_moves`). With
    /// `numpy.random.default_rng(seed).random(n)` this is a random player
    /// (`int64`, `(n,)`).
    fn random_actions<'py>(
        &self,
        py: Python<'py>,
        u: numpy::PyReadonlyArray1<'py, f64>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let u: std::borrow::Cow<'_, [f64]> = match u.as_slice() {
            Ok(s) => s.into(),
            Err(_) => u.as_array().to_vec().into(),
        };
        if u.len() != self.slots.len() {
            return Err(PyValueError::new_err(format!(
                "{} numbers for {} games: expected one per game",
                u.len(),
                self.slots.len()
            )));
        }
        let u = &*u;
        let (slots, threads) = (&self.slots, self.threads);
        let out: Vec<i64> = py.detach(|| {
            par_map(slots, threads, |k, slot| {
                let n = slot.legal.len();
                // u in [0, 1): the index is below n (clamped for u = 1).
                let i = ((u[k].clamp(0.0, 1.0) * n as f64) as usize).min(n.saturating_sub(1));
                slot.legal
                    .get(i)
                    .and_then(|m| ActionTable::new(&slot.legal).action(m))
                    .map_or(-1, |a| a as i64)
            })
        });
        Ok(PyArray1::from_vec(py, out))
    }

    /// The games that ended on the last step and their last positions,
    /// before the auto-reset: `(indices, observations)`, `int64` `(k,)`
    /// in increasing order and `(k, 5, 8, 8)` in the observations' type (each
    /// `Board.to_array()` of the final position). Empty after `reset`.
    fn final_observations<'py>(&self, py: Python<'py>) -> PyResult<FinalArrays<'py>> {
        let (indices, ended): (Vec<i64>, Vec<&Position>) = self
            .slots
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.ended.as_ref().map(|p| (i as i64, p)))
            .unzip();
        let obs = match self.obs {
            ObsArray::F32(_) => final_array::<f32>(py, &ended)?,
            ObsArray::U8(_) => final_array::<u8>(py, &ended)?,
        };
        Ok((PyArray1::from_vec(py, indices), obs))
    }

    /// The side to move of every game: `bool`, `(n,)`, `True` for White.
    #[getter]
    fn turns<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let turns: Vec<bool> = self
            .slots
            .iter()
            .map(|s| s.game.position().turn() == Color::White)
            .collect();
        PyArray1::from_vec(py, turns)
    }

    /// The plies played in every game since it started: `int64`, `(n,)`.
    #[getter]
    fn plies<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let plies: Vec<i64> = self
            .slots
            .iter()
            .map(|s| s.game.moves().len() as i64)
            .collect();
        PyArray1::from_vec(py, plies)
    }

    /// Game `i` as a `Board` (a copy, with its moves).
    fn board(&self, i: usize) -> PyResult<PyBoard> {
        let slot = self.slots.get(i).ok_or_else(|| {
            pyo3::exceptions::PyIndexError::new_err(format!(
                "game {i} out of range for {} games",
                self.slots.len()
            ))
        })?;
        Ok(PyBoard::from_game(slot.game.clone()))
    }

    fn __repr__(&self) -> String {
        format!(
            "VecEnv({}, rules='{}', max_plies={})",
            self.slots.len(),
            tama_notation::write_rules(&self.setup.rules),
            self.setup.max_plies
        )
    }
}
