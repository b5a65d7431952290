//! A real PostgreSQL server for the tests: one per test process, started on first use from
//! the PostgreSQL binaries on this machine, on a free loopback port, with its data in a
//! fresh temporary directory and durability switched off (the tests need speed, not
//! crash safety). Each test asks it for a fresh empty database of its own.
//!
//! Where no server binaries are installed the tests that need one are skipped, loudly;
//! when `PRIMECLIMB_REQUIRE_POSTGRES` is set (CI sets it) they fail instead, so CI can
//! never pass without running them.
//!
//! The server must not outlive the test process, however that process ends: the kernel
//! sends it SIGINT (PostgreSQL's fast shutdown) when the thread that started it dies, and
//! that thread lives as long as the process. Directories left by earlier processes are
//! removed by the next one.

#![allow(dead_code)] // each test binary uses a different part

use std::fs;
use std::io::{self, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, OnceLock};
use std::time::{Duration, Instant};

/// Set (to anything non-empty) where the PostgreSQL tests must run: a missing server or
/// one that does not start is then a failure, not a skip.
const REQUIRE_VAR: &str = "PRIMECLIMB_REQUIRE_POSTGRES";

/// The start of the name of each server's temporary directory, followed by the pid of the
/// test process that owns it.
const DIR_PREFIX: &str = "primeclimb-pg-";

/// How long the server may take to accept connections.
const START_TIMEOUT: Duration = Duration::from_secs(30);

/// The test process's PostgreSQL server.
pub struct PgServer {
    /// Where `initdb`, `postgres` and the client programs are.
    bin: PathBuf,
    /// The temporary directory: `data/`, the Unix socket and `server.log`.
    dir: PathBuf,
    port: u16,
}

/// The server for this test process, started by the first call. None when no PostgreSQL
/// server is installed, or it failed to start (the reason is printed once), unless
/// `PRIMECLIMB_REQUIRE_POSTGRES` is set: then that panics.
pub fn server() -> Option<&'static PgServer> {
    static SERVER: OnceLock<Result<PgServer, String>> = OnceLock::new();
    // The outcome is kept, failure included, so a failed start is tried once, not once
    // per test.
    match SERVER.get_or_init(|| {
        let outcome = find_bin_dir().and_then(start);
        if let Err(reason) = &outcome {
            if !required() {
                // Straight to the process's stderr: the test harness captures eprintln!,
                // and shows it only for a test that fails, which a skipped one does not.
                let message = format!("\n*** PostgreSQL tests SKIPPED: {reason} ***\n\n");
                let _ = io::stderr().write_all(message.as_bytes());
            }
        }
        outcome
    }) {
        Ok(server) => Some(server),
        Err(reason) if required() => panic!("{REQUIRE_VAR} is set, but {reason}"),
        Err(_) => None,
    }
}

fn required() -> bool {
    std::env::var_os(REQUIRE_VAR).is_some_and(|value| !value.is_empty())
}

impl PgServer {
    /// The loopback port the server listens on.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The temporary directory that holds the server's data (`data/`), its Unix socket and
    /// its log (`server.log`).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The superuser's URL for the `postgres` database, for what a test does outside its
    /// own database.
    pub fn admin_url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    /// Creates an empty database for one test and returns its URL. Its name is `name` made
    /// safe (lower case letters, digits and underscores), after `t_` and before a number
    /// that no other call in this process gets, so tests never share a database.
    /// Synchronous and quick, so it may be called from inside a tokio runtime.
    pub fn fresh_database(&self, name: &str) -> String {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let database = database_name(name, NEXT.fetch_add(1, Ordering::Relaxed));
        let port = self.port.to_string();
        let connection = ["-h", "127.0.0.1", "-p", &port, "-U", "postgres"];
        let psql = self.bin.join("psql");
        let mut command = if psql.is_file() {
            let mut command = Command::new(psql);
            let create = format!("CREATE DATABASE \"{database}\"");
            command.args(["-X", "-q"]).args(connection);
            command.args(["-d", "postgres", "-v", "ON_ERROR_STOP=1", "-c", &create]);
            command
        } else {
            let mut command = Command::new(self.bin.join("createdb"));
            command.args(connection).arg(&database);
            command
        };
        let output = run(client(&mut command)).unwrap_or_else(|e| panic!("{e}"));
        if !output.status.success() {
            panic!(
                "could not create the test database {database} ({}): {}",
                describe(&output.status),
                String::from_utf8_lossy(&output.stderr).trim()
            );
        }
        format!("postgres://postgres@127.0.0.1:{}/{database}", self.port)
    }
}

/// `t_`, then `name` in lower case with anything but letters, digits and underscores made
/// an underscore, then `_` and `number`: at most 63 bytes, PostgreSQL's limit for a name.
fn database_name(name: &str, number: usize) -> String {
    let suffix = format!("_{number}");
    let room = 63 - "t_".len() - suffix.len();
    let safe: String = name
        .chars()
        .map(|c| c.to_ascii_lowercase())
        .map(|c| match c {
            'a'..='z' | '0'..='9' | '_' => c,
            _ => '_',
        })
        .take(room)
        .collect();
    format!("t_{safe}{suffix}")
}

/// The directory of the PostgreSQL server binaries: `PG_BIN`, else the newest of Debian's
/// `/usr/lib/postgresql/<version>/bin`, else the directory on PATH that has `initdb` and
/// `postgres`.
fn find_bin_dir() -> Result<PathBuf, String> {
    let has_server = |dir: &Path| dir.join("initdb").is_file() && dir.join("postgres").is_file();
    if let Some(dir) = std::env::var_os("PG_BIN").filter(|dir| !dir.is_empty()) {
        let dir = PathBuf::from(dir);
        // A PG_BIN that names the wrong directory is a mistake to fix, not a reason to
        // look elsewhere.
        return if has_server(&dir) {
            Ok(dir)
        } else {
            Err(format!(
                "PG_BIN is {}, which has no initdb and postgres",
                dir.display()
            ))
        };
    }
    let mut debian: Vec<(Vec<u32>, PathBuf)> = fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name();
            let version = name
                .to_str()?
                .split('.')
                .map(|part| part.parse().ok())
                .collect::<Option<Vec<u32>>>()?;
            Some((version, entry.path().join("bin")))
        })
        .filter(|(_, dir)| has_server(dir))
        .collect();
    debian.sort();
    if let Some((_, dir)) = debian.pop() {
        return Ok(dir);
    }
    std::env::var_os("PATH")
        .and_then(|path| std::env::split_paths(&path).find(|dir| has_server(dir)))
        .ok_or_else(|| {
            "no PostgreSQL server found (install Debian's postgresql package, or set PG_BIN)"
                .to_string()
        })
}

/// Runs `initdb` and starts the server from `bin`, and waits until it accepts connections.
fn start(bin: PathBuf) -> Result<PgServer, String> {
    remove_stale_dirs();
    let dir = std::env::temp_dir().join(format!("{DIR_PREFIX}{}", std::process::id()));
    let user = init(&bin, &dir)?;
    let port = free_port().map_err(|e| format!("no free loopback port: {e}"))?;
    let server = PgServer { bin, dir, port };
    server.launch(user)?;
    Ok(server)
}

/// Creates the server's directory `dir` (owned by the server's user) and its data there.
fn init(bin: &Path, dir: &Path) -> Result<Option<User>, String> {
    // A directory of this name is from a dead process that had the same pid.
    let _ = fs::remove_dir_all(dir);
    fs::create_dir(dir)
        .and_then(|()| fs::set_permissions(dir, fs::Permissions::from_mode(0o700)))
        .map_err(|e| format!("could not create {}: {e}", dir.display()))?;
    let user = server_user()?;
    if let Some(user) = &user {
        std::os::unix::fs::chown(dir, Some(user.uid), Some(user.gid))
            .map_err(|e| format!("could not give {} to {}: {e}", dir.display(), user.name))?;
    }
    let data = dir.join("data");

    let mut initdb = Command::new(bin.join("initdb"));
    initdb.arg("-D").arg(&data);
    initdb.args(["-U", "postgres", "--auth=trust"]);
    initdb.args(["--encoding=UTF8", "--locale=C", "--no-sync"]);
    let output = run(as_user(server_side(&mut initdb, dir), user.clone()))?;
    if !output.status.success() {
        return Err(format!(
            "initdb failed ({}):\n{}{}",
            describe(&output.status),
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(user)
}

/// A running server: its process id, and its exit status once it has exited.
struct Running {
    pid: u32,
    exited: Arc<OnceLock<ExitStatus>>,
}

impl PgServer {
    /// Starts the server on its data and port, and waits until it accepts connections.
    fn launch(&self, user: Option<User>) -> Result<Running, String> {
        let dir = &self.dir;
        let log_path = dir.join("server.log");
        let log = fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&log_path)
            .and_then(|log| Ok((log.try_clone()?, log)))
            .map_err(|e| format!("could not create {}: {e}", log_path.display()))?;
        let mut postgres = Command::new(self.bin.join("postgres"));
        postgres
            .arg("-D")
            .arg(dir.join("data"))
            .args(["-p", &self.port.to_string()]);
        postgres.args(["-c", "listen_addresses=127.0.0.1", "-c"]);
        postgres.arg(join_os("unix_socket_directories=", dir));
        for setting in [
            "fsync=off",
            "synchronous_commit=off",
            "full_page_writes=off",
            "max_connections=300",
            "shared_buffers=32MB",
        ] {
            postgres.args(["-c", setting]);
        }
        server_side(&mut postgres, dir).stdout(log.0).stderr(log.1);
        as_user(&mut postgres, user);
        let running = spawn_for_life(postgres).map_err(|e| {
            format!(
                "could not start {}: {e}",
                self.bin.join("postgres").display()
            )
        })?;
        self.wait_until_ready(&running.exited).map_err(|problem| {
            format!(
                "the PostgreSQL server {problem}; the end of {}:\n{}",
                log_path.display(),
                log_tail(&log_path)
            )
        })?;
        Ok(running)
    }
}

/// A server of one test's own, which the test stops and starts again (an outage) while
/// the bot runs on it. It stops, and its directory goes, when it is dropped.
pub struct OwnServer {
    server: PgServer,
    user: Option<User>,
    running: Option<Running>,
}

/// A server of the calling test's own (see [`OwnServer`]); None where the PostgreSQL
/// tests are skipped (as for [`server`]).
pub fn own_server(name: &str) -> Option<OwnServer> {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let outcome = find_bin_dir().and_then(|bin| {
        let number = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!(
            "{DIR_PREFIX}{}-{number}-{}",
            std::process::id(),
            database_name(name, number)
        ));
        let user = init(&bin, &dir)?;
        let port = free_port().map_err(|e| format!("no free loopback port: {e}"))?;
        let server = PgServer { bin, dir, port };
        let running = server.launch(user.clone())?;
        Ok(OwnServer {
            server,
            user,
            running: Some(running),
        })
    });
    match outcome {
        Ok(own) => Some(own),
        Err(reason) if required() => panic!("{REQUIRE_VAR} is set, but {reason}"),
        Err(reason) => {
            let message = format!("\n*** PostgreSQL test SKIPPED: {reason} ***\n\n");
            let _ = io::stderr().write_all(message.as_bytes());
            None
        }
    }
}

impl OwnServer {
    pub fn server(&self) -> &PgServer {
        &self.server
    }

    /// Stops the server (a fast shutdown: every connection is cut) and waits until it has
    /// exited.
    pub fn stop(&mut self) {
        let Some(running) = self.running.take() else {
            return;
        };
        // Safety: kill has no memory preconditions; the pid is our child, not yet reaped
        // (its thread reaps it and then sets `exited`).
        unsafe {
            libc::kill(running.pid as libc::pid_t, libc::SIGINT);
        }
        let deadline = Instant::now() + START_TIMEOUT;
        while running.exited.get().is_none() {
            assert!(
                Instant::now() < deadline,
                "the PostgreSQL server did not stop"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Starts the stopped server again on the same data and port.
    pub fn start(&mut self) {
        assert!(self.running.is_none(), "the server is running");
        let running = self
            .server
            .launch(self.user.clone())
            .unwrap_or_else(|e| panic!("{e}"));
        self.running = Some(running);
    }
}

impl Drop for OwnServer {
    fn drop(&mut self) {
        self.stop();
        let _ = fs::remove_dir_all(&self.server.dir);
    }
}

impl PgServer {
    /// Polls until the server accepts connections, fails if it exits or takes too long.
    fn wait_until_ready(&self, exited: &OnceLock<ExitStatus>) -> Result<(), String> {
        let deadline = Instant::now() + START_TIMEOUT;
        let address = SocketAddr::from(([127, 0, 0, 1], self.port));
        let pg_isready = self.bin.join("pg_isready");
        loop {
            if let Some(status) = exited.get() {
                return Err(format!("exited while starting ({})", describe(status)));
            }
            let listening =
                TcpStream::connect_timeout(&address, Duration::from_millis(200)).is_ok();
            if listening {
                if !pg_isready.is_file() {
                    // Without pg_isready, a moment for the server to finish starting
                    // after it opens its port.
                    std::thread::sleep(Duration::from_millis(500));
                    return Ok(());
                }
                let mut command = Command::new(&pg_isready);
                command.args(["-q", "-h", "127.0.0.1", "-p", &self.port.to_string()]);
                command.args(["-U", "postgres", "-d", "postgres"]);
                if run(client(&mut command))?.status.success() {
                    return Ok(());
                }
            }
            if Instant::now() > deadline {
                return Err(format!(
                    "did not accept connections on port {} within {} s",
                    self.port,
                    START_TIMEOUT.as_secs()
                ));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// Spawns `command` from a thread that never ends, and returns the child's pid and what
/// its exit status will be once it exits. The child gets SIGINT when its parent thread dies (see
/// `die_with_parent`), which is then only when the test process ends: the test threads
/// end with their tests.
fn spawn_for_life(mut command: Command) -> io::Result<Running> {
    die_with_parent(&mut command, libc::SIGINT);
    let exited = Arc::new(OnceLock::new());
    let status = Arc::clone(&exited);
    let (sender, receiver) = mpsc::channel();
    std::thread::Builder::new()
        .name("postgres server".into())
        .spawn(move || {
            match command.spawn() {
                Ok(mut child) => {
                    let _ = sender.send(Ok(child.id()));
                    if let Ok(code) = child.wait() {
                        let _ = status.set(code);
                    }
                }
                Err(e) => {
                    let _ = sender.send(Err(e));
                }
            }
            loop {
                std::thread::park();
            }
        })?;
    let pid = receiver
        .recv()
        .map_err(|_| io::Error::other("the server thread ended"))??;
    Ok(Running { pid, exited })
}

/// Asks the kernel to send `signal` to the child when the thread that spawns it dies.
///
/// Credential changes clear this request, so it must come after the switch to the server's
/// user: `as_user` makes that switch in its own `pre_exec` closure, added before this
/// one, and the closures run in the order they were added. (The standard library's
/// `CommandExt::uid` also switches before the closures run, in its source, but its
/// documentation does not promise that order.) If the test process died between the fork
/// and this request, the child has another parent by now and stops instead of starting.
fn die_with_parent(command: &mut Command, signal: libc::c_int) {
    let parent = std::process::id() as libc::pid_t;
    // Safety: the closure makes only async-signal-safe system calls, and allocates
    // nothing.
    unsafe {
        command.pre_exec(move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, signal as libc::c_ulong, 0, 0, 0) != 0 {
                return Err(io::Error::last_os_error());
            }
            if libc::getppid() != parent {
                return Err(io::Error::other("the test process has exited"));
            }
            Ok(())
        });
    }
}

/// The account that runs the server's programs when the tests run as root (PostgreSQL
/// refuses root): `postgres`, which Debian's package creates, else `nobody`. None when
/// the tests do not run as root: then the programs run as the current user.
#[derive(Clone)]
struct User {
    name: String,
    uid: u32,
    gid: u32,
}

fn server_user() -> Result<Option<User>, String> {
    // Safety: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        return Ok(None);
    }
    let passwd = fs::read_to_string("/etc/passwd").unwrap_or_default();
    let find = |wanted: &str| {
        passwd.lines().find_map(|line| {
            let fields: Vec<&str> = line.split(':').collect();
            if fields.len() < 4 || fields[0] != wanted {
                return None;
            }
            Some(User {
                name: wanted.to_string(),
                uid: fields[2].parse().ok()?,
                gid: fields[3].parse().ok()?,
            })
        })
    };
    find("postgres")
        .or_else(|| find("nobody"))
        .map(Some)
        .ok_or_else(|| {
            "the tests run as root, which PostgreSQL refuses, and there is no postgres or \
             nobody user in /etc/passwd to run it as"
                .to_string()
        })
}

/// Makes the child switch to `user` (no supplementary groups, then its group, then its
/// user: the order in which root can drop all three), when there is one.
fn as_user(command: &mut Command, user: Option<User>) -> &mut Command {
    if let Some(User { uid, gid, .. }) = user {
        // Safety: the closure makes only async-signal-safe system calls, and allocates
        // nothing.
        unsafe {
            command.pre_exec(move || {
                if libc::setgroups(0, std::ptr::null()) != 0
                    || libc::setgid(gid) != 0
                    || libc::setuid(uid) != 0
                {
                    return Err(io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    command
}

/// What the server's own programs share: their working directory is the server's (the
/// test's may be closed to the server's user), C messages, no settings from the
/// environment.
fn server_side<'a>(command: &'a mut Command, dir: &Path) -> &'a mut Command {
    client(command).current_dir(dir).env("LC_ALL", "C")
}

/// A client program such as psql: no input, and no `PG...` variables from the environment
/// that could send it elsewhere or change how it talks.
fn client(command: &mut Command) -> &mut Command {
    for (name, _) in std::env::vars_os() {
        if name.to_string_lossy().starts_with("PG") {
            command.env_remove(name);
        }
    }
    command.stdin(Stdio::null())
}

/// Runs `command` to its end, with its output collected.
fn run(command: &mut Command) -> Result<Output, String> {
    command.output().map_err(|e| {
        let program = command.get_program().to_string_lossy();
        format!("could not run {program}: {e}")
    })
}

fn describe(status: &ExitStatus) -> String {
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exit code {code}"),
        (None, Some(signal)) => format!("signal {signal}"),
        _ => status.to_string(),
    }
}

fn join_os(text: &str, path: &Path) -> std::ffi::OsString {
    let mut joined = std::ffi::OsString::from(text);
    joined.push(path.as_os_str());
    joined
}

/// A loopback port that nothing listens on now (the system's pick for port 0).
fn free_port() -> io::Result<u16> {
    Ok(TcpListener::bind(("127.0.0.1", 0))?.local_addr()?.port())
}

/// The last lines of the server's log, for a failure message.
fn log_tail(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(30)..].join("\n")
}

/// Removes the temporary directories of test processes that have exited. A server still
/// running from one (its postmaster.pid names a live postgres on that directory, as after
/// a kill the kernel could not pass on) gets SIGINT instead, and its directory goes on a
/// later run.
fn remove_stale_dirs() {
    let Ok(entries) = fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|name| name.strip_prefix(DIR_PREFIX))
            .and_then(|rest| rest.split('-').next())
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if pid == std::process::id() || alive(pid) {
            continue;
        }
        let dir = entry.path();
        let postmaster = fs::read_to_string(dir.join("data").join("postmaster.pid"))
            .ok()
            .and_then(|text| text.lines().next()?.trim().parse::<u32>().ok())
            .filter(|&postmaster| runs_on(postmaster, &dir));
        match postmaster {
            // Safety: kill has no memory preconditions; the pid was just checked to be a
            // postgres on this directory.
            Some(postmaster) => unsafe {
                libc::kill(postmaster as libc::pid_t, libc::SIGINT);
            },
            None => {
                let _ = fs::remove_dir_all(&dir);
            }
        }
    }
}

fn alive(pid: u32) -> bool {
    Path::new("/proc").join(pid.to_string()).exists()
}

/// Whether process `pid` has `dir` in its command line (a postgres started with
/// `-D <dir>/data`).
fn runs_on(pid: u32, dir: &Path) -> bool {
    let Ok(cmdline) = fs::read(Path::new("/proc").join(pid.to_string()).join("cmdline")) else {
        return false;
    };
    let dir = dir.as_os_str().as_encoded_bytes();
    cmdline
        .split(|&byte| byte == 0)
        .any(|arg| arg.starts_with(dir))
}
