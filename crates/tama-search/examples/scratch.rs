use tama_core::{Position, Rules};
use tama_search::{Engine, EngineConfig, InfoKind, Limits, SearchOptions};

fn run(name: &str, search: SearchOptions, depth: u32) {
    let mut engine = Engine::new(EngineConfig {
        hash_mib: std::env::var("HASH")
            .map(|h| h.parse().unwrap())
            .unwrap_or(16),
        search,
        ..EngineConfig::default()
    });
    let mut line = String::new();
    let t = std::time::Instant::now();
    let mut total = 0;
    engine.search(
        &Position::start(),
        &[],
        &Rules::ARMENIAN,
        &Limits::depth(depth),
        |i| {
            if i.kind == InfoKind::Iteration {
                line += &format!(" {}", i.nodes);
                total = i.nodes;
            }
        },
    );
    let s = t.elapsed().as_secs_f64();
    eprintln!("{name:12} {s:.2}s {:.2}Mnps {line}", total as f64 / s / 1e6);
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(8);
    let which = args.get(2).cloned().unwrap_or_default();
    let d = SearchOptions {
        extensions: std::env::var_os("EXT").is_some(),
        ..SearchOptions::default()
    };
    let mut p = d.params;
    for kv in which.split(',').filter(|s| !s.is_empty()) {
        let (k, v) = kv.split_once('=').unwrap();
        let f: f64 = v.parse().unwrap();
        match k {
            "lmrb" => p.lmr_base = f,
            "lmrd" => p.lmr_divisor = f,
            "lmrm" => p.lmr_min_moves = f as usize,
            "lmrdep" => p.lmr_min_depth = f as i32,
            "lmpb" => p.lmp_base = f as usize,
            "lmpd" => p.lmp_max_depth = f as i32,
            "nmpr" => p.nmp_base_reduction = f as i32,
            "nmpdiv" => p.nmp_depth_divisor = f as i32,
            "futd" => p.futility_max_depth = f as i32,
            "futm" => p.futility_margin = f as i32,
            "rfpd" => p.rfp_max_depth = f as i32,
            "rfpm" => p.rfp_margin = f as i32,
            "lmroff" => p.lmr_reduces_offers = f != 0.0,
            "ttd" => p.tt_min_depth = f as i32,
            "extmode" => p.extension_mode = f as u8,
            "qtm" => p.qsearch_threat_margin = f as i32,
            _ => panic!(),
        }
    }
    run("default", SearchOptions { params: p, ..d }, depth);
}
