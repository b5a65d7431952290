//! Another process holding a SQLite database's write lock, as a backup tool or a person
//! at the `sqlite3` shell would (`BEGIN IMMEDIATE` and nothing more): this test binary run
//! again, as its ignored test `hold_sqlite_lock`, which locks the file named in
//! `PRIMECLIMB_HOLD_LOCK`, says so on its output, and holds the lock until it is killed
//! (or the test process ends).

#![allow(dead_code)] // each test binary uses a different part

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// The variable that names the file for the child to lock.
const VAR: &str = "PRIMECLIMB_HOLD_LOCK";
/// The line the child prints once it holds the lock.
const LOCKED: &str = "primeclimb-test: the write lock is held";

/// The process that holds the lock; it lets go when released or dropped.
pub struct LockHolder {
    child: Child,
}

impl LockHolder {
    /// Starts the other process and returns once it holds the write lock of `path`.
    pub fn take(path: &Path) -> LockHolder {
        let exe = std::env::current_exe().expect("the test binary's path");
        let mut child = Command::new(exe)
            .args(["--exact", "support::sqlite_lock::hold_sqlite_lock"])
            .args(["--ignored", "--nocapture", "--test-threads=1"])
            .env(VAR, path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start the process that locks the database");
        let out = child.stdout.take().expect("its output");
        let mut lines = BufReader::new(out).lines();
        loop {
            match lines.next() {
                // (After libtest's "test … … " on the same line.)
                Some(Ok(line)) if line.contains(LOCKED) => break,
                Some(Ok(_)) => {}
                _ => {
                    let status = child.wait();
                    panic!("the locking process ended without the lock: {status:?}");
                }
            }
        }
        LockHolder { child }
    }

    /// The other process ends, and with it its lock.
    pub fn release(mut self) {
        self.end();
    }

    fn end(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for LockHolder {
    fn drop(&mut self) {
        self.end();
    }
}

/// The other process's side: does nothing unless `PRIMECLIMB_HOLD_LOCK` names a file.
#[test]
#[ignore = "run by LockHolder::take in a process of its own"]
fn hold_sqlite_lock() {
    use sqlx::sqlite::SqliteConnectOptions;
    use sqlx::{ConnectOptions, Executor};
    let Some(path) = std::env::var_os(VAR) else {
        return;
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async move {
        let mut connection = SqliteConnectOptions::new()
            .filename(&path)
            .connect()
            .await
            .expect("open the database");
        connection
            .execute("BEGIN IMMEDIATE")
            .await
            .expect("take the write lock");
        println!("{LOCKED}");
        // Held until the test kills this process, or ends without doing so (its end of
        // the input closes).
        let _ = tokio::task::spawn_blocking(|| {
            let mut rest = Vec::new();
            let _ = std::io::Read::read_to_end(&mut std::io::stdin(), &mut rest);
        })
        .await;
    });
}
