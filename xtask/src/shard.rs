//! The sharding driver of `cargo xtask egtb-shard`: proves that sharding the tablebase generation
//! gives the same files as one run (docs/EGTB.md, "Beyond one machine").
//!
//! 1. One `tama egtb gen` process solves every table up to N pieces into
//!    `DIR/single` (timed).
//! 2. The same tables again into `DIR/sharded`, wave after wave, each unit
//!    of a wave its own `tama egtb gen --only UNIT` process:
//!    - `--via slurm`: one Slurm job array per wave, submitted with
//!      `sbatch --wait` from the script of docs/EGTB.md ([`SBATCH_SCRIPT`]).
//!      When `sinfo` does not work, a single-node Slurm is started on this
//!      machine (and `slurm-wlm` installed with apt-get when missing), then
//!      stopped at the end unless `--keep-slurm`;
//!    - `--via processes` (alias `xargs`): the processes are started from
//!      this program, `--jobs` at a time, as `xargs -P` would.
//! 3. Every file of both directories is compared byte for byte.
//!
//! Starting and stopping a local Slurm is in the `slurm` module.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use clap::ValueEnum;
use serde::Deserialize;

use crate::cmd::{format_duration, target_dir, Cmd};
use crate::slurm::{job_id, print_tail, run_span, Cluster};
use crate::tama;

/// The job script submitted once per wave, word for word the one of
/// docs/EGTB.md (a test checks it): the driver passes `TAMA`, `DIR`,
/// `RULES`, `PIECES` and `WAVE` with `--export` and overrides the
/// resources on the `sbatch` command line.
pub const SBATCH_SCRIPT: &str = r#"#!/bin/bash
# egtb-wave.sbatch — one job array per wave, each after the previous:
#   W=0; N=$(tama egtb plan --pieces 5 --json | jq ".waves[$W] | length")
#   sbatch --wait --array=0-$((N-1)) --export=ALL,WAVE=$W egtb-wave.sbatch
#   (or chain the waves with --dependency=afterok:<previous job id>)
#SBATCH --job-name=egtb
#SBATCH --cpus-per-task=8
#SBATCH --mem=4G
#SBATCH --time=04:00:00
set -euo pipefail
TAMA=${TAMA:-tama}
DIR=${DIR:-/shared/tables}
RULES=${RULES:-armenian}
PIECES=${PIECES:-5}
UNIT=$("$TAMA" egtb plan --pieces "$PIECES" --json | jq -r ".waves[$WAVE][$SLURM_ARRAY_TASK_ID].unit")
exec "$TAMA" egtb gen --rules "$RULES" --pieces "$PIECES" --dir "$DIR" \
     --threads "$SLURM_CPUS_PER_TASK" --only "$UNIT"
"#;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The rules of the tables (a `tama egtb gen --rules` spec).
    #[arg(long, value_name = "R", default_value = "turkish")]
    rules: String,
    /// Solve every table with up to this many pieces.
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u8).range(2..=6))]
    pieces: u8,
    /// Working directory: `single/`, `sharded/` and the job logs go there
    /// (default: `egtb-shard` in the target directory). The tables of the
    /// chosen rules in `single/` and `sharded/` are deleted first.
    #[arg(long, value_name = "D")]
    dir: Option<PathBuf>,
    /// How the units of a wave are run as separate processes.
    #[arg(long, value_enum, default_value_t = Via::Slurm)]
    via: Via,
    /// Processes at a time (Slurm: the array throttle `%J`).
    #[arg(long, value_name = "J", default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=256))]
    jobs: u32,
    /// Threads of the single run and of every sharded process
    /// (`--cpus-per-task` under Slurm).
    #[arg(long, value_name = "T", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: u32,
    /// Leave the Slurm daemons this command started running.
    #[arg(long)]
    keep_slurm: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Via {
    /// One Slurm job array per wave (a local single-node Slurm is started
    /// when none answers).
    Slurm,
    /// Separate processes started from this program, `--jobs` at a time
    /// (what `xargs -P` does).
    #[value(alias = "xargs")]
    Processes,
}

/// What `tama egtb plan --json` prints (the fields used here).
#[derive(Debug, Deserialize)]
struct Plan {
    waves: Vec<Vec<Unit>>,
}

#[derive(Debug, Deserialize)]
struct Unit {
    unit: String,
    tables: Vec<String>,
}

impl Plan {
    fn units(&self) -> usize {
        self.waves.iter().map(Vec::len).sum()
    }

    /// The file names of every table, `<table>.egtb`.
    fn files(&self) -> BTreeSet<String> {
        self.waves
            .iter()
            .flatten()
            .flat_map(|unit| unit.tables.iter().map(|t| format!("{t}.egtb")))
            .collect()
    }
}

/// Parses `tama egtb plan --json`; a plan without waves or with an empty
/// wave is an error.
fn parse_plan(json: &str) -> Result<Plan> {
    let plan: Plan = tama::parse_json_output(json).context("cannot read the plan")?;
    if plan.waves.is_empty() || plan.waves.iter().any(Vec::is_empty) {
        bail!("the plan has no waves or an empty wave");
    }
    Ok(plan)
}

/// The settings every step needs.
struct Job {
    exe: PathBuf,
    rules: String,
    pieces: u8,
    threads: u32,
    jobs: u32,
    dir: PathBuf,
}

impl Job {
    /// The variables of the job script for wave `w`.
    fn exports(&self, sharded: &Path, w: usize) -> [(&'static str, String); 5] {
        [
            ("WAVE", w.to_string()),
            ("TAMA", self.exe.display().to_string()),
            ("DIR", sharded.display().to_string()),
            ("RULES", self.rules.clone()),
            ("PIECES", self.pieces.to_string()),
        ]
    }

    /// `tama egtb gen` into `dir` (the rules sub-directory is gen's).
    fn gen(&self, dir: &Path) -> Cmd {
        tama::command(&self.exe)
            .args(["egtb", "gen", "--rules", &self.rules, "--pieces"])
            .arg(self.pieces.to_string())
            .arg("--dir")
            .arg(dir)
            .arg("--threads")
            .arg(self.threads.to_string())
    }
}

pub fn run(args: Args) -> Result<()> {
    let dir = match args.dir {
        Some(dir) => std::path::absolute(&dir)
            .with_context(|| format!("cannot make {} absolute", dir.display()))?,
        None => target_dir()?.join("egtb-shard"),
    };
    let exe = tama::build_release()?;
    let job = Job {
        exe,
        rules: args.rules,
        pieces: args.pieces,
        threads: args.threads,
        jobs: args.jobs,
        dir,
    };
    let (plan_json, _) = tama::command(&job.exe)
        .args(["egtb", "plan", "--json", "--pieces"])
        .arg(job.pieces.to_string())
        .capture_stdout()?;
    let plan = parse_plan(&plan_json)?;
    let expected = plan.files();
    println!(
        "plan: {} units in {} waves, {} files; load average {}",
        plan.units(),
        plan.waves.len(),
        expected.len(),
        load_average()
    );

    let single = job.dir.join("single");
    let sharded = job.dir.join("sharded");
    if args.via == Via::Slurm {
        // A value sbatch cannot pass fails here, before anything runs.
        export_list(&job.exports(&sharded, 0))?;
    }
    for dir in [&single, &sharded] {
        remove_dir(&dir.join(&job.rules))?;
    }

    println!("\n== single run: one process, {} thread(s)", job.threads);
    let single_time = job.gen(&single).capture_stdout()?.1;
    println!("load average after the single run: {}", load_average());

    let (how, sharded_time) = match args.via {
        Via::Processes => {
            println!(
                "\n== sharded: each unit its own process, {} at a time",
                job.jobs
            );
            let time = via_processes(&job, &plan, &sharded)?;
            (format!("separate processes, {} at a time", job.jobs), time)
        }
        Via::Slurm => {
            println!("\n== sharded: one Slurm job array per wave");
            let mut cluster = Cluster::ensure(&job.dir, args.keep_slurm)?;
            let result = via_slurm(&job, &plan, &sharded, &cluster);
            let version = cluster.version();
            cluster.finish();
            let (time, in_jobs) = result?;
            let in_jobs = match in_jobs {
                Some(seconds) => {
                    format!("; the waves' tasks ran {seconds} s from first start to last end")
                }
                None => String::new(),
            };
            (
                format!(
                    "Slurm {version} job arrays, {} at a time, {} CPU(s) per task{in_jobs}",
                    job.jobs, job.threads
                ),
                time,
            )
        }
    };

    println!("\n== comparison");
    let single_rules = single.join(&job.rules);
    let sharded_rules = sharded.join(&job.rules);
    let comparison = compare(
        &expected,
        &list_files(&single_rules)?,
        &list_files(&sharded_rules)?,
        |name| same_bytes(&single_rules.join(name), &sharded_rules.join(name)),
    )?;
    println!(
        "files: {} expected, {} single, {} sharded, {} identical",
        expected.len(),
        comparison.single,
        comparison.sharded,
        comparison.identical
    );
    for (what, names) in [
        ("missing from single", &comparison.missing_single),
        ("missing from sharded", &comparison.missing_sharded),
        ("not in the plan", &comparison.unexpected),
        ("different bytes", &comparison.different),
    ] {
        if !names.is_empty() {
            println!("{what}: {}", names.join(" "));
        }
    }
    println!(
        "wall time: single {}, sharded ({how}) {}",
        format_duration(single_time),
        format_duration(sharded_time)
    );
    println!("load average at the end: {}", load_average());
    let identical = comparison.ok();
    println!("identical: {}", if identical { "yes" } else { "NO" });
    if !identical {
        bail!("the sharded tables differ from the single run's (see above)");
    }
    Ok(())
}

/// Every unit of a wave its own `gen --only` process, `jobs` at a time,
/// waves one after the other.
fn via_processes(job: &Job, plan: &Plan, sharded: &Path) -> Result<Duration> {
    let start = Instant::now();
    for (w, wave) in plan.waves.iter().enumerate() {
        println!("wave {w}: {} unit(s)", wave.len());
        let next = AtomicUsize::new(0);
        let errors = Mutex::new(Vec::new());
        let workers = (job.jobs as usize).min(wave.len());
        thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(|| loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(unit) = wave.get(i) else { break };
                    let cmd = job.gen(sharded).args(["--only", &unit.unit]);
                    match cmd.capture_stdout() {
                        Ok((_, time)) => {
                            println!("  {} done in {}", unit.unit, format_duration(time))
                        }
                        Err(error) => errors.lock().unwrap().push(format!("{error:#}")),
                    }
                });
            }
        });
        let errors = errors.into_inner().unwrap();
        if !errors.is_empty() {
            bail!("wave {w} failed:\n{}", errors.join("\n"));
        }
        check_wave(wave, &sharded.join(&job.rules), w)?;
        println!(
            "wave {w}: done {} after the start; load average {}",
            format_duration(start.elapsed()),
            load_average()
        );
    }
    Ok(start.elapsed())
}

/// Fails unless every table of the wave has its file.
fn check_wave(wave: &[Unit], dir: &Path, w: usize) -> Result<()> {
    let missing: Vec<&str> = wave
        .iter()
        .flat_map(|unit| &unit.tables)
        .filter(|table| !dir.join(format!("{table}.egtb")).is_file())
        .map(String::as_str)
        .collect();
    if !missing.is_empty() {
        bail!(
            "wave {w} finished without the tables {}",
            missing.join(", ")
        );
    }
    Ok(())
}

/// One `sbatch --wait` job array per wave; its exit code is the highest
/// of the array's tasks, so a failed task fails the wave. Returns the wall
/// time and, when Slurm reported them, the seconds from the first start to
/// the last end of each wave's tasks, summed over the waves (the rest of
/// the wall time is scheduling and `sbatch --wait` polling).
fn via_slurm(
    job: &Job,
    plan: &Plan,
    sharded: &Path,
    cluster: &Cluster,
) -> Result<(Duration, Option<i64>)> {
    let logs = job.dir.join("slurm-jobs");
    remove_dir(&logs)?;
    fs::create_dir_all(&logs).with_context(|| format!("cannot create {}", logs.display()))?;
    let script = logs.join("egtb-wave.sbatch");
    fs::write(&script, SBATCH_SCRIPT)
        .with_context(|| format!("cannot write {}", script.display()))?;
    let start = Instant::now();
    let mut in_jobs = Some(0);
    for (w, wave) in plan.waves.iter().enumerate() {
        let export = export_list(&job.exports(sharded, w))?;
        let mut sbatch = cluster
            .client("sbatch")
            .args(["--wait", "--parsable"])
            .arg(format!("--array={}", array_spec(wave.len(), job.jobs)))
            .arg(format!("--cpus-per-task={}", job.threads))
            .arg(format!("--job-name=egtb-w{w}"))
            .arg(format!("--chdir={}", job.dir.display()))
            .arg(format!("--output={}/wave-{w}-%a.out", logs.display()))
            .arg(format!("--export={export}"));
        if job.pieces <= 4 {
            // The script asks 4 GB for 5 pieces; 4-piece units take 60 MB.
            sbatch = sbatch.arg("--mem=512M");
        }
        let id = match sbatch.arg(&script).capture_stdout() {
            Ok((stdout, _)) => job_id(&stdout).unwrap_or_default(),
            Err(error) => {
                for task in 0..wave.len() {
                    print_tail(&logs.join(format!("wave-{w}-{task}.out")), 10);
                }
                return Err(error.context(format!("the job array of wave {w} failed")));
            }
        };
        check_wave(wave, &sharded.join(&job.rules), w)?;
        // Finished jobs stay in slurmctld's memory for MinJobAge (300 s).
        let span = cluster
            .client("scontrol")
            .args(["show", "job", "-o", &id])
            .capture_stdout()
            .ok()
            .and_then(|(text, _)| run_span(&text));
        in_jobs = in_jobs.zip(span).map(|(sum, span)| sum + span);
        println!(
            "wave {w} (job {id}): {} unit(s); tasks ran {}; done {} after the first submission; load average {}",
            wave.len(),
            span.map_or("(times unknown)".to_owned(), |s| format!("{s} s from first start to last end")),
            format_duration(start.elapsed()),
            load_average()
        );
    }
    Ok((start.elapsed(), in_jobs))
}

/// `0-(n-1)`, with the throttle `%jobs` when the wave has more units.
fn array_spec(units: usize, jobs: u32) -> String {
    let last = units.saturating_sub(1);
    if units > jobs as usize {
        format!("0-{last}%{jobs}")
    } else {
        format!("0-{last}")
    }
}

/// `ALL,K=V,...` for `sbatch --export`, which splits on commas.
fn export_list(vars: &[(&str, String)]) -> Result<String> {
    let mut list = String::from("ALL");
    for (key, value) in vars {
        if value.contains(',') {
            bail!("{key}={value}: sbatch --export cannot pass a value with a comma");
        }
        list.push_str(&format!(",{key}={value}"));
    }
    Ok(list)
}

/// The outcome of comparing the two directories.
#[derive(Debug, Default, PartialEq)]
struct Comparison {
    single: usize,
    sharded: usize,
    identical: usize,
    missing_single: Vec<String>,
    missing_sharded: Vec<String>,
    unexpected: Vec<String>,
    different: Vec<String>,
}

impl Comparison {
    fn ok(&self) -> bool {
        self.missing_single.is_empty()
            && self.missing_sharded.is_empty()
            && self.unexpected.is_empty()
            && self.different.is_empty()
    }
}

/// Compares the files of both runs: every expected file must be in both
/// and `same` (the byte comparison) must hold for each file in both.
fn compare(
    expected: &BTreeSet<String>,
    single: &BTreeSet<String>,
    sharded: &BTreeSet<String>,
    mut same: impl FnMut(&str) -> Result<bool>,
) -> Result<Comparison> {
    let mut c = Comparison {
        single: single.len(),
        sharded: sharded.len(),
        ..Comparison::default()
    };
    let all: BTreeSet<&String> = expected.iter().chain(single).chain(sharded).collect();
    for name in all {
        let (in_single, in_sharded) = (single.contains(name), sharded.contains(name));
        if !expected.contains(name) {
            c.unexpected.push(name.clone());
        }
        if !in_single {
            c.missing_single.push(name.clone());
        }
        if !in_sharded {
            c.missing_sharded.push(name.clone());
        }
        if in_single && in_sharded {
            if same(name)? {
                c.identical += 1;
            } else {
                c.different.push(name.clone());
            }
        }
    }
    Ok(c)
}

/// The names of the files in `dir` (none when it does not exist).
fn list_files(dir: &Path) -> Result<BTreeSet<String>> {
    let mut names = BTreeSet::new();
    if !dir.exists() {
        return Ok(names);
    }
    for entry in fs::read_dir(dir).with_context(|| format!("cannot list {}", dir.display()))? {
        let entry = entry?;
        if entry.file_type()?.is_file() {
            names.insert(entry.file_name().to_string_lossy().into_owned());
        }
    }
    Ok(names)
}

fn same_bytes(a: &Path, b: &Path) -> Result<bool> {
    let read = |p: &Path| fs::read(p).with_context(|| format!("cannot read {}", p.display()));
    Ok(read(a)? == read(b)?)
}

fn remove_dir(dir: &Path) -> Result<()> {
    if dir.exists() {
        println!("removing {}", dir.display());
        fs::remove_dir_all(dir).with_context(|| format!("cannot remove {}", dir.display()))?;
    }
    Ok(())
}

/// The three load averages of /proc/loadavg.
fn load_average() -> String {
    fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|text| {
            text.split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_else(|| "unknown".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAN: &str = r#"{"pieces":3,"waves":[[{"unit":"KvK","tables":["KvK"],"depends_on":[]}],[{"unit":"KKvK","tables":["KKvK","KvKK"],"depends_on":["KvK"]},{"unit":"MvK","tables":["MvK","KvM"],"depends_on":["KvK"]}]]}"#;

    #[test]
    fn plan_into_waves() {
        let plan = parse_plan(PLAN).unwrap();
        let units: Vec<Vec<&str>> = plan
            .waves
            .iter()
            .map(|w| w.iter().map(|u| u.unit.as_str()).collect())
            .collect();
        assert_eq!(units, [vec!["KvK"], vec!["KKvK", "MvK"]]);
        assert_eq!(plan.units(), 3);
        let files: Vec<String> = plan.files().into_iter().collect();
        assert_eq!(
            files,
            ["KKvK.egtb", "KvK.egtb", "KvKK.egtb", "KvM.egtb", "MvK.egtb"]
        );
        assert!(parse_plan(r#"{"waves":[]}"#).is_err());
        assert!(parse_plan(r#"{"waves":[[]]}"#).is_err());
        assert!(parse_plan("not json").is_err());
    }

    #[test]
    fn arrays_and_exports() {
        assert_eq!(array_spec(1, 2), "0-0");
        assert_eq!(array_spec(2, 2), "0-1");
        assert_eq!(array_spec(5, 2), "0-4%2");
        assert_eq!(
            export_list(&[("WAVE", "3".into()), ("DIR", "/t/s".into())]).unwrap(),
            "ALL,WAVE=3,DIR=/t/s"
        );
        assert!(export_list(&[("DIR", "/a,b".into())]).is_err());
    }

    #[test]
    fn comparisons() {
        let set = |names: &[&str]| names.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
        let expected = set(&["a.egtb", "b.egtb", "c.egtb"]);
        let all_same = compare(&expected, &expected, &expected, |_| Ok(true)).unwrap();
        assert!(all_same.ok());
        assert_eq!(all_same.identical, 3);

        let c = compare(
            &expected,
            &set(&["a.egtb", "b.egtb", "c.egtb"]),
            &set(&["a.egtb", "b.egtb", "x.egtb"]),
            |name| Ok(name != "b.egtb"),
        )
        .unwrap();
        assert!(!c.ok());
        assert_eq!(c.identical, 1);
        assert_eq!(c.different, ["b.egtb"]);
        assert_eq!(c.missing_sharded, ["c.egtb"]);
        assert_eq!(c.unexpected, ["x.egtb"]);
        assert_eq!(c.missing_single, ["x.egtb"]);
    }

    #[test]
    fn docs_show_the_submitted_script() {
        let docs = fs::read_to_string(crate::cmd::project_root().join("docs/EGTB.md")).unwrap();
        assert!(
            docs.contains(&format!("```sh\n{SBATCH_SCRIPT}```")),
            "docs/EGTB.md must show SBATCH_SCRIPT word for word"
        );
    }
}
