//! Times re-pairing every round of TRF files, as `tama swiss -c` does:
//! `check_time FILE.trf...` prints each file's rounds and seconds.

use std::time::Instant;

use tama_pairing::{pair_dutch, trf};

fn main() {
    for path in std::env::args().skip(1) {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Ok(t) = trf::parse(&text) else { continue };
        let rounds = t.paired_rounds();
        let start = Instant::now();
        let mut same = 0;
        for r in 1..=rounds {
            let Ok(input) = t.swiss_input(r, &[]) else {
                continue;
            };
            if let Ok(p) = pair_dutch(&input) {
                let mut a = p.pairs.clone();
                let mut b = t.recorded_pairing(r).pairs;
                a.sort_unstable();
                b.sort_unstable();
                same += usize::from(a == b);
            }
        }
        let secs = start.elapsed().as_secs_f64();
        println!("{path}: {rounds} rounds re-paired in {secs:.3} s ({same} as recorded)");
    }
}
