//! Slurm for `cargo xtask egtb-shard`: the Slurm that answers, or a
//! single-node Slurm started on this machine (munged, slurmctld, slurmd from
//! a generated slurm.conf, `slurm-wlm` installed with apt-get when missing)
//! and stopped again; and reading what `sbatch` and `scontrol` print.
//!
//! `slurm-wlm` (and `jq`, which the job script uses) are system packages of
//! the machine that runs the command, like the tools of a CI image: the
//! project neither builds against nor links Slurm.

use std::fs;
use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

use crate::cmd::{format_duration, Cmd};

/// A Slurm to submit to: one that was already answering, or a single-node
/// Slurm started here (and stopped by [`Cluster::finish`] unless kept).
pub struct Cluster {
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
    pub fn ensure(work: &Path, keep: bool) -> Result<Cluster> {
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
        if !on_path("sinfo") {
            println!("no `sinfo` on the PATH: Slurm is not installed");
        } else if cluster.node_states().is_ok_and(|s| !s.is_empty()) {
            println!("`sinfo` answers: using that Slurm as it is");
            return Ok(cluster);
        }
        let conf = cluster.home.join("slurm.conf");
        let ctld_runs = read_pid(&cluster.home.join("slurmctld.pid")).is_some_and(running);
        if conf.is_file() && ctld_runs && on_path("sinfo") {
            // Left running by an earlier `--keep-slurm` (without a running
            // slurmctld, sinfo would only time out after 9 s).
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
    pub fn client(&self, program: &str) -> Cmd {
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

    pub fn version(&self) -> String {
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
        let state = self.home.join("state");
        if state.exists() {
            fs::remove_dir_all(&state)
                .with_context(|| format!("cannot remove {}", state.display()))?;
        }
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
    pub fn finish(&mut self) {
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
        "# Single-node Slurm written by `cargo egtb-shard`.\n\
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

/// The job id printed by `sbatch --parsable` (`ID` or `ID;CLUSTER`).
pub fn job_id(stdout: &str) -> Option<String> {
    let id = stdout.trim().split(';').next()?.trim();
    (!id.is_empty() && id.chars().all(|c| c.is_ascii_digit())).then(|| id.to_owned())
}

/// Seconds from the earliest `StartTime` to the latest `EndTime` of the
/// tasks in `scontrol show job -o` (one line per task).
pub fn run_span(text: &str) -> Option<i64> {
    let field = |line: &str, key: &str| {
        line.split_whitespace()
            .find_map(|word| word.strip_prefix(key))
            .and_then(slurm_time)
    };
    let mut first = None::<i64>;
    let mut last = None::<i64>;
    for line in text.lines().filter(|l| l.contains("JobId=")) {
        let (start, end) = (field(line, "StartTime=")?, field(line, "EndTime=")?);
        first = Some(first.map_or(start, |f| f.min(start)));
        last = Some(last.map_or(end, |l| l.max(end)));
    }
    Some(last? - first?)
}

/// Seconds since 1970 of a Slurm time `YYYY-MM-DDTHH:MM:SS` (the zone does
/// not matter for differences).
fn slurm_time(text: &str) -> Option<i64> {
    let (date, time) = text.split_once('T')?;
    let numbers =
        |s: &str, sep: char| -> Option<Vec<i64>> { s.split(sep).map(|n| n.parse().ok()).collect() };
    let (d, t) = (numbers(date, '-')?, numbers(time, ':')?);
    let [y, m, day] = <[i64; 3]>::try_from(d).ok()?;
    let [h, min, sec] = <[i64; 3]>::try_from(t).ok()?;
    // Days from the civil date (proleptic Gregorian calendar).
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    Some(days * 86_400 + h * 3600 + min * 60 + sec)
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

pub fn print_tail(file: &Path, lines: usize) {
    if let Ok(text) = fs::read_to_string(file) {
        let all: Vec<&str> = text.lines().collect();
        println!("--- {} (last {lines} lines)", file.display());
        for line in &all[all.len().saturating_sub(lines)..] {
            println!("{line}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
    fn slurm_job_times() {
        assert_eq!(slurm_time("1970-01-01T00:00:00"), Some(0));
        assert_eq!(slurm_time("2000-03-01T00:00:01"), Some(951_868_801));
        assert_eq!(slurm_time("2026-11-30T13:57:58"), Some(1_796_047_078));
        assert_eq!(slurm_time("Unknown"), None);
        assert_eq!(slurm_time("2026-11-30T13:57"), None);
        let text = "JobId=24 ArrayTaskId=2 StartTime=2026-11-30T13:58:01 EndTime=2026-11-30T13:58:02 X=1\n\
                    JobId=25 ArrayTaskId=0 StartTime=2026-11-30T13:57:58 EndTime=2026-11-30T13:57:59\n";
        assert_eq!(run_span(text), Some(4));
        assert_eq!(run_span("JobId=1 StartTime=Unknown EndTime=Unknown"), None);
        assert_eq!(run_span(""), None);
        assert_eq!(job_id("24\n").as_deref(), Some("24"));
        assert_eq!(job_id("24;tama\n").as_deref(), Some("24"));
        assert_eq!(job_id("Submitted batch job 24"), None);
    }
}
