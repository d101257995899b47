//! `cargo xtask egtb-shard`: proves that sharding the tablebase generation
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
//! `slurm-wlm` (and `jq`, which the job script uses) are system packages
//! this command installs on the machine it runs on, like a CI image would:
//! they are not dependencies of the project.

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
use crate::tama;

/// The job script submitted once per wave, word for word the one of
/// docs/EGTB.md (a test checks it): the xtask passes `TAMA`, `DIR`,
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
            let time = result?;
            (
                format!(
                    "Slurm {version} job arrays, {} at a time, {} CPU(s) per task",
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
                    if let Err(error) = cmd.capture_stdout() {
                        errors.lock().unwrap().push(format!("{error:#}"));
                    }
                });
            }
        });
        let errors = errors.into_inner().unwrap();
        if !errors.is_empty() {
            bail!("wave {w} failed:\n{}", errors.join("\n"));
        }
        check_wave(wave, &sharded.join(&job.rules), w)?;
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
/// of the array's tasks, so a failed task fails the wave.
fn via_slurm(job: &Job, plan: &Plan, sharded: &Path, cluster: &Cluster) -> Result<Duration> {
    let logs = job.dir.join("slurm-jobs");
    remove_dir(&logs)?;
    fs::create_dir_all(&logs).with_context(|| format!("cannot create {}", logs.display()))?;
    let script = logs.join("egtb-wave.sbatch");
    fs::write(&script, SBATCH_SCRIPT)
        .with_context(|| format!("cannot write {}", script.display()))?;
    let start = Instant::now();
    for (w, wave) in plan.waves.iter().enumerate() {
        let export = export_list(&[
            ("WAVE", w.to_string()),
            ("TAMA", job.exe.display().to_string()),
            ("DIR", sharded.display().to_string()),
            ("RULES", job.rules.clone()),
            ("PIECES", job.pieces.to_string()),
        ])?;
        let mut sbatch = cluster
            .client("sbatch")
            .arg("--wait")
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
        let result = sbatch.arg(&script).run();
        if let Err(error) = result {
            for task in 0..wave.len() {
                print_tail(&logs.join(format!("wave-{w}-{task}.out")), 10);
            }
            return Err(error.context(format!("the job array of wave {w} failed")));
        }
        check_wave(wave, &sharded.join(&job.rules), w)?;
        println!(
            "wave {w}: {} unit(s) done at {}; load average {}",
            wave.len(),
            format_duration(start.elapsed()),
            load_average()
        );
    }
    Ok(start.elapsed())
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

/// A Slurm to submit to: one that was already answering, or a single-node
/// Slurm started here (and stopped by [`Cluster::finish`] unless kept).
struct Cluster {
    /// `SLURM_CONF` for the client commands (`None`: the environment's).
    conf: Option<PathBuf>,
    /// Where the configuration, state and logs of a local Slurm are.
    home: PathBuf,
    /// Stop slurmctld and slurmd at the end.
    stop_slurm: bool,
    /// The munged this command started, stopped at the end.
    munged: Option<u32>,
    keep: bool,
    finished: bool,
}

impl Cluster {
    /// The Slurm that answers, else a local one started from scratch.
    fn ensure(work: &Path, keep: bool) -> Result<Cluster> {
        // The daemons' spool directory holds Unix sockets (at most 108
        // bytes of path): a short path under the temporary directory.
        let home = std::env::temp_dir().join("tama-egtb-shard-slurm");
        let mut cluster = Cluster {
            conf: None,
            home,
            stop_slurm: false,
            munged: None,
            keep,
            finished: false,
        };
        if cluster.node_states().is_ok_and(|s| !s.is_empty()) {
            println!("`sinfo` answers: using that Slurm as it is");
            return Ok(cluster);
        }
        let conf = cluster.home.join("slurm.conf");
        if conf.is_file() {
            // Left running by an earlier `--keep-slurm`?
            cluster.conf = Some(conf.clone());
            if cluster.node_states().is_ok_and(|s| !s.is_empty()) {
                println!("the local Slurm of an earlier run answers: using it");
                cluster.stop_slurm = true;
                cluster.munged = read_pid(&cluster.home.join("munged.pid"));
                return Ok(cluster);
            }
        }
        install_packages()?;
        cluster.start_munge()?;
        cluster.start_slurm(work)?;
        Ok(cluster)
    }

    /// A Slurm client command (`sinfo`, `sbatch`, `scontrol`).
    fn client(&self, program: &str) -> Cmd {
        match &self.conf {
            Some(conf) => Cmd::new(program).env("SLURM_CONF", conf),
            None => Cmd::new(program),
        }
    }

    /// `(node, state)` of every node, from `sinfo`.
    fn node_states(&self) -> Result<Vec<(String, String)>> {
        let output = self
            .client("sinfo")
            .args(["-h", "-N", "-o", "%N %T"])
            .probe()?;
        if !output.status.success() {
            bail!(
                "sinfo failed: {}",
                String::from_utf8_lossy(&output.stderr).trim()
            );
        }
        Ok(parse_node_states(&String::from_utf8_lossy(&output.stdout)))
    }

    fn version(&self) -> String {
        match self.client("sinfo").arg("--version").probe() {
            Ok(out) if out.status.success() => {
                let text = String::from_utf8_lossy(&out.stdout);
                let version = text.split_whitespace().last().unwrap_or("?");
                version.to_owned()
            }
            _ => "(version unknown)".to_owned(),
        }
    }

    /// Starts munged unless a munged answers (`munge -n` encodes through
    /// the daemon), with a new key when there is none.
    fn start_munge(&mut self) -> Result<()> {
        if Cmd::new("munge").arg("-n").probe()?.status.success() {
            println!("munged answers");
            return Ok(());
        }
        let key = Path::new("/etc/munge/munge.key");
        if !key.exists() {
            Cmd::new("runuser")
                .args(["-u", "munge", "--", "mungekey", "--create", "--keyfile"])
                .arg(key)
                .run()?;
        }
        // munged runs as its own user and wants its socket directory (made
        // by systemd's tmpfiles, which is not running in a container).
        fs::create_dir_all("/run/munge").context("cannot create /run/munge")?;
        Cmd::new("chown")
            .args(["munge:munge", "/run/munge"])
            .run()?;
        Cmd::new("runuser")
            .args(["-u", "munge", "--", "munged"])
            .run()?;
        let pid = read_pid(Path::new("/run/munge/munged.pid"));
        self.munged = pid;
        if let Some(pid) = pid {
            fs::create_dir_all(&self.home)?;
            fs::write(self.home.join("munged.pid"), format!("{pid}\n"))?;
        }
        let check = Cmd::new("munge").arg("-n").probe()?;
        if !check.status.success() {
            bail!(
                "munged was started but `munge -n` fails: {}",
                String::from_utf8_lossy(&check.stderr).trim()
            );
        }
        Ok(())
    }

    /// Writes the configuration, starts slurmctld and slurmd and waits
    /// until the node is idle.
    fn start_slurm(&mut self, work: &Path) -> Result<()> {
        // `slurmd -C` prints this machine's NodeName line (host name, CPUs,
        // sockets, cores, memory), the one slurmd will check itself against.
        let probe = Cmd::new("slurmd").arg("-C").probe()?;
        let text = String::from_utf8_lossy(&probe.stdout);
        let node = node_line(&text).with_context(|| {
            format!(
                "`slurmd -C` printed no NodeName line: {}{}",
                text.trim(),
                String::from_utf8_lossy(&probe.stderr).trim()
            )
        })?;
        let host = node_name(&node).context("no NodeName= in the node line")?;
        // A fresh state: no jobs or nodes remembered from an earlier run.
        remove_dir(&self.home.join("state"))?;
        for sub in ["state", "spool", "log"] {
            let path = self.home.join(sub);
            fs::create_dir_all(&path)
                .with_context(|| format!("cannot create {}", path.display()))?;
        }
        let conf = self.home.join("slurm.conf");
        fs::write(&conf, slurm_conf(&host, &node, &self.home))
            .with_context(|| format!("cannot write {}", conf.display()))?;
        println!("wrote {} (a copy in {})", conf.display(), work.display());
        fs::create_dir_all(work)?;
        fs::copy(&conf, work.join("slurm.conf"))?;
        self.conf = Some(conf.clone());

        // Daemon mode with `-f`: each forks, writes its pid file and logs to
        // the files of the configuration (run `slurmd -D -vvv -f CONF` to
        // watch one in the foreground). Started as root: no systemd here.
        self.stop_slurm = true;
        let start = Instant::now();
        if let Err(error) = Cmd::new("slurmctld").arg("-f").arg(&conf).run() {
            self.print_logs();
            return Err(error);
        }
        if let Err(error) = Cmd::new("slurmd").arg("-f").arg(&conf).run() {
            self.print_logs();
            return Err(error);
        }
        let mut last = Vec::new();
        while start.elapsed() < Duration::from_secs(60) {
            thread::sleep(Duration::from_secs(1));
            last = self.node_states().unwrap_or_default();
            if last.iter().any(|(_, state)| state == "idle") {
                println!(
                    "node {host} idle {} after starting slurmctld",
                    format_duration(start.elapsed())
                );
                return Ok(());
            }
        }
        self.print_logs();
        bail!(
            "the Slurm node did not become idle within 60 s (sinfo: {:?}); \
             logs in {}",
            last,
            self.home.join("log").display()
        )
    }

    fn print_logs(&self) {
        for log in ["slurmctld.log", "slurmd.log"] {
            print_tail(&self.home.join("log").join(log), 20);
        }
    }

    /// Stops what this command started, unless `--keep-slurm`.
    fn finish(&mut self) {
        if std::mem::replace(&mut self.finished, true) {
            return;
        }
        if self.keep {
            if let Some(conf) = &self.conf {
                println!(
                    "Slurm left running: export SLURM_CONF={}; stop it with `scontrol shutdown`",
                    conf.display()
                );
            }
            return;
        }
        if self.stop_slurm {
            self.stop_slurm = false;
            let pids: Vec<u32> = ["slurmctld.pid", "slurmd.pid"]
                .iter()
                .filter_map(|f| read_pid(&self.home.join(f)))
                .collect();
            if let Err(error) = self.client("scontrol").arg("shutdown").run() {
                println!("warning: {error:#}");
            }
            for pid in pids {
                stop_pid(pid);
            }
        }
        if let Some(pid) = self.munged.take() {
            stop_pid(pid);
            let _ = fs::remove_file(self.home.join("munged.pid"));
        }
    }
}

impl Drop for Cluster {
    /// Stops the daemons also when a step failed with an error.
    fn drop(&mut self) {
        self.finish();
    }
}

/// Installs `slurm-wlm` (and `jq`) with apt-get when a program is missing.
fn install_packages() -> Result<()> {
    let mut packages = Vec::new();
    let slurm = [
        "sinfo",
        "sbatch",
        "scontrol",
        "slurmctld",
        "slurmd",
        "munged",
    ];
    if slurm.iter().any(|p| !on_path(p)) {
        packages.push("slurm-wlm");
    }
    if !on_path("jq") {
        packages.push("jq");
    }
    if packages.is_empty() {
        return Ok(());
    }
    if !on_path("apt-get") {
        bail!(
            "{} missing and no apt-get to install it",
            packages.join(" and ")
        );
    }
    let install = Cmd::new("apt-get")
        .env("DEBIAN_FRONTEND", "noninteractive")
        .args(["install", "-y"])
        .args(&packages);
    if install.run().is_err() {
        // A fresh container may have no package lists yet.
        Cmd::new("apt-get").arg("update").run()?;
        install
            .run()
            .context("cannot install Slurm (this needs root and a package mirror)")?;
    }
    Ok(())
}

/// The configuration of a single-node Slurm in `home`.
///
/// Chosen to run in a container without systemd or a writable cgroup
/// hierarchy (this machine is a gVisor sandbox):
/// - `ProctrackType=proctrack/linuxproc` finds a job's processes through
///   their parents in /proc; `proctrack/cgroup` needs cgroups it can write;
/// - `TaskPlugin=task/none`: no CPU binding or cgroup confinement of tasks;
/// - `SelectType=select/cons_tres` with `CR_CPU`: CPUs are the consumable,
///   so the node runs as many one-CPU tasks at a time as it has CPUs;
/// - no accounting (no slurmdbd), no job accounting gathering, no MPI;
/// - `SlurmUser=root`: the daemons run as the user who starts them;
/// - `MailProg=/bin/true`: there is no mail program to check for;
/// - state, spool, pid and log files under `home`.
fn slurm_conf(host: &str, node: &str, home: &Path) -> String {
    let home = home.display();
    format!(
        "# Single-node Slurm written by `cargo xtask egtb-shard`.\n\
         ClusterName=tama\n\
         SlurmctldHost={host}\n\
         SlurmUser=root\n\
         SlurmdUser=root\n\
         AuthType=auth/munge\n\
         CredType=cred/munge\n\
         ProctrackType=proctrack/linuxproc\n\
         TaskPlugin=task/none\n\
         SelectType=select/cons_tres\n\
         SelectTypeParameters=CR_CPU\n\
         JobAcctGatherType=jobacct_gather/none\n\
         AccountingStorageType=accounting_storage/none\n\
         MpiDefault=none\n\
         MailProg=/bin/true\n\
         ReturnToService=2\n\
         StateSaveLocation={home}/state\n\
         SlurmdSpoolDir={home}/spool\n\
         SlurmctldPidFile={home}/slurmctld.pid\n\
         SlurmdPidFile={home}/slurmd.pid\n\
         SlurmctldLogFile={home}/log/slurmctld.log\n\
         SlurmdLogFile={home}/log/slurmd.log\n\
         {node} State=UNKNOWN\n\
         PartitionName=egtb Nodes={host} Default=YES MaxTime=INFINITE State=UP\n"
    )
}

/// The `NodeName=...` line of `slurmd -C`.
fn node_line(text: &str) -> Option<String> {
    text.lines()
        .map(str::trim)
        .find(|line| line.starts_with("NodeName="))
        .map(str::to_owned)
}

/// The value of `NodeName=` in a node line.
fn node_name(line: &str) -> Option<String> {
    line.split_whitespace()
        .find_map(|word| word.strip_prefix("NodeName="))
        .filter(|name| !name.is_empty())
        .map(str::to_owned)
}

/// The lines `NODE STATE` of `sinfo -h -N -o '%N %T'`.
fn parse_node_states(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            Some((words.next()?.to_owned(), words.next()?.to_owned()))
        })
        .collect()
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

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()))
}

fn read_pid(file: &Path) -> Option<u32> {
    fs::read_to_string(file).ok()?.trim().parse().ok()
}

/// Whether process `pid` runs (a zombie does not: daemons are re-parented
/// to the container's init, which may not reap them).
fn running(pid: u32) -> bool {
    match fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| !rest.trim_start().starts_with('Z')),
        Err(_) => false,
    }
}

/// Waits up to 10 s for `pid` to end, then sends it SIGTERM (by its id)
/// and waits again.
fn stop_pid(pid: u32) {
    let wait = |limit: u64| {
        let start = Instant::now();
        while running(pid) && start.elapsed() < Duration::from_secs(limit) {
            thread::sleep(Duration::from_millis(200));
        }
        !running(pid)
    };
    if wait(10) {
        return;
    }
    if let Err(error) = Cmd::new("kill").arg(pid.to_string()).run() {
        println!("warning: {error:#}");
    }
    if !wait(10) {
        println!("warning: process {pid} still runs");
    }
}

fn print_tail(file: &Path, lines: usize) {
    if let Ok(text) = fs::read_to_string(file) {
        let all: Vec<&str> = text.lines().collect();
        println!("--- {} (last {lines} lines)", file.display());
        for line in &all[all.len().saturating_sub(lines)..] {
            println!("{line}");
        }
    }
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
    fn conf_for_one_node() {
        let text = "NodeName=vm CPUs=2 Boards=1 SocketsPerBoard=1 CoresPerSocket=2 ThreadsPerCore=1 RealMemory=24105\nUpTime=0-03:02:30\n";
        let node = node_line(text).unwrap();
        assert!(node.ends_with("RealMemory=24105"));
        assert_eq!(node_name(&node).as_deref(), Some("vm"));
        assert_eq!(node_name("CPUs=2"), None);
        assert_eq!(node_line("UpTime=1"), None);

        let conf = slurm_conf("vm", &node, Path::new("/tmp/s"));
        let lines: Vec<&str> = conf.lines().collect();
        for expected in [
            "SlurmctldHost=vm",
            "ProctrackType=proctrack/linuxproc",
            "TaskPlugin=task/none",
            "SelectType=select/cons_tres",
            "SelectTypeParameters=CR_CPU",
            "AccountingStorageType=accounting_storage/none",
            "StateSaveLocation=/tmp/s/state",
            "SlurmdSpoolDir=/tmp/s/spool",
            "NodeName=vm CPUs=2 Boards=1 SocketsPerBoard=1 CoresPerSocket=2 ThreadsPerCore=1 RealMemory=24105 State=UNKNOWN",
            "PartitionName=egtb Nodes=vm Default=YES MaxTime=INFINITE State=UP",
        ] {
            assert!(lines.contains(&expected), "{expected} not in\n{conf}");
        }
        // Every line but the comment is KEY=VALUE.
        assert!(lines
            .iter()
            .all(|l| l.starts_with('#') || l.split_whitespace().all(|w| w.contains('='))));
    }

    #[test]
    fn sinfo_states() {
        assert_eq!(
            parse_node_states("vm idle\n\nnode2 down*\n"),
            [
                ("vm".to_owned(), "idle".to_owned()),
                ("node2".to_owned(), "down*".to_owned())
            ]
        );
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
