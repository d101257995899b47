//! Players: the engine with a configuration, or the baseline.

use std::time::Duration;

use tama_search::{EngineConfig, EvalOptions, Limits};

/// What plays the moves.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerKind {
    /// The engine with this configuration (one thread recommended).
    Engine(Box<EngineConfig>),
    /// The plain alpha-beta reference player ([`Baseline`]).
    Baseline,
}

impl PlayerKind {
    /// Parses a player description: `baseline`, or `full` (the engine as
    /// shipped) followed by comma-separated changes, each a feature name
    /// with `-` (off) or `+` (on): `full,-lmr,-tt`. Search features: `tt`,
    /// `aspiration`, `lmr`, `killers`, `history`, `ext`, `qthreats`,
    /// `qpromo`, `rfp`, `nmp`, `lmp`, `futility`. Evaluation terms:
    /// `advancement`, `centre`, `formation`, `mobility`, `promotion`,
    /// `threats`, `endgame`, `tempo`, and `eval` (`-eval`: material only;
    /// `+eval`: the default terms). Settings: `hash=MIB`, `threads=N`,
    /// `WEIGHT=VALUE` for any evaluation weight of [`EvalParams::names`]
    /// (`king=400`, `man_rank5=40`), and search parameters `extmode=N`
    /// (`SearchParams::extension_mode`), `ttdepth=N`, `lmroffers=0|1`,
    /// `lmpoffers=0|1`, `lmrbase=N` and `lmrdiv=N` (hundredths), `lmrmoves=N`,
    /// `lmrdepth=N`, `extratio=N`, `lmpbase=N`, `lmpdepth=N`, `futdepth=N`,
    /// `futmargin=N`, `rfpdepth=N` and `rfpmargin=N`.
    ///
    /// # Errors
    ///
    /// A message naming the unknown part.
    pub fn parse(spec: &str) -> Result<PlayerKind, String> {
        let mut parts = spec.split(',').map(str::trim);
        let base = parts.next().unwrap_or("");
        if base == "baseline" {
            if let Some(extra) = parts.next() {
                return Err(format!("baseline takes no options (found `{extra}`)"));
            }
            return Ok(PlayerKind::Baseline);
        }
        if base != "full" {
            return Err(format!(
                "unknown player `{base}` (expected `full` or `baseline`)"
            ));
        }
        let mut c = EngineConfig::default();
        for part in parts {
            if let Some((key, value)) = part.split_once('=') {
                if let Ok(v) = value.parse::<i32>() {
                    if c.eval_params.set(key, v) {
                        continue;
                    }
                }
                let n: usize = value
                    .parse()
                    .map_err(|_| format!("`{part}`: `{value}` is not a number"))?;
                match key {
                    "hash" => c.hash_mib = n,
                    "threads" => c.threads = n.max(1),
                    "extmode" => c.search.params.extension_mode = n as u8,
                    "ttdepth" => c.search.params.tt_min_depth = n as i32,
                    "lmroffers" => c.search.params.lmr_reduces_offers = n != 0,
                    "lmpoffers" => c.search.params.lmp_prunes_offers = n != 0,
                    "lmrbase" => c.search.params.lmr_base = n as f64 / 100.0,
                    "lmrdiv" => c.search.params.lmr_divisor = n as f64 / 100.0,
                    "lmrmoves" => c.search.params.lmr_min_moves = n,
                    "lmrdepth" => c.search.params.lmr_min_depth = n as i32,
                    "extratio" => c.search.params.max_extension_ratio = n as i32,
                    "lmpbase" => c.search.params.lmp_base = n,
                    "lmpdepth" => c.search.params.lmp_max_depth = n as i32,
                    "futdepth" => c.search.params.futility_max_depth = n as i32,
                    "futmargin" => c.search.params.futility_margin = n as i32,
                    "rfpdepth" => c.search.params.rfp_max_depth = n as i32,
                    "rfpmargin" => c.search.params.rfp_margin = n as i32,
                    _ => return Err(format!("unknown setting `{key}`")),
                }
                continue;
            }
            let (on, name) = match part.split_at(part.len().min(1)) {
                ("-", name) => (false, name),
                ("+", name) => (true, name),
                _ => return Err(format!("`{part}`: expected `-feature` or `+feature`")),
            };
            let s = &mut c.search;
            let e = &mut c.eval;
            match name {
                "tt" => s.tt = on,
                "aspiration" => s.aspiration = on,
                "lmr" => s.lmr = on,
                "killers" => s.killers = on,
                "history" => s.history = on,
                "ext" => s.extensions = on,
                "qthreats" => s.qsearch_threats = on,
                "qpromo" => s.qsearch_promotions = on,
                "rfp" => s.rfp = on,
                "nmp" => s.null_move = on,
                "lmp" => s.lmp = on,
                "futility" => s.futility = on,
                "advancement" => e.advancement = on,
                "centre" => e.centre = on,
                "formation" => e.formation = on,
                "mobility" => e.mobility = on,
                "promotion" => e.promotion = on,
                "threats" => e.threats = on,
                "endgame" => e.endgame = on,
                "tempo" => e.tempo = on,
                "eval" => {
                    *e = if on {
                        EvalOptions::DEFAULT
                    } else {
                        EvalOptions::MATERIAL
                    }
                }
                _ => return Err(format!("unknown feature `{name}`")),
            }
        }
        Ok(PlayerKind::Engine(Box::new(c)))
    }
}

/// A time control with a clock: base time and increment per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time at the start of the game.
    pub base: Duration,
    /// Time added after each move.
    pub increment: Duration,
}

/// A participant of a match.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    /// The name used in results and game records.
    pub name: String,
    /// What plays.
    pub kind: PlayerKind,
    /// Limits of each move (depth, nodes, movetime); the clock, if any,
    /// comes from `time_control`.
    pub limits: Limits,
    /// A game clock; running out of time loses the game.
    pub time_control: Option<TimeControl>,
}

impl Player {
    /// A player with per-move limits and no clock.
    pub fn new(name: impl Into<String>, kind: PlayerKind, limits: Limits) -> Player {
        Player {
            name: name.into(),
            kind,
            limits,
            time_control: None,
        }
    }
}

/// Ablation helpers: the engine as shipped with one feature turned off.
pub fn without(feature: &str) -> Result<PlayerKind, String> {
    PlayerKind::parse(&format!("full,-{feature}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_player_specs() {
        assert_eq!(PlayerKind::parse("baseline"), Ok(PlayerKind::Baseline));
        let PlayerKind::Engine(c) = PlayerKind::parse("full,-lmr,-mobility,hash=4").unwrap() else {
            panic!("expected an engine");
        };
        assert!(!c.search.lmr && !c.eval.mobility && c.search.tt);
        assert_eq!(c.hash_mib, 4);
        assert!(PlayerKind::parse("full,-nonsense").is_err());
        assert!(PlayerKind::parse("strong").is_err());
        assert!(without("tt").is_ok());
    }
}
