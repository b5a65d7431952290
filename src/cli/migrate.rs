//! `primeclimb migrate-db --from sqlite://primeclimb.db --to postgres://…`: move every
//! game, log, result, rating and setting to another database (see `store::copy`), then
//! count both sides. Stop the bot first: rows written during the copy would be missed.

use clap::Args;

use super::UsageError;
use crate::store::{self, copy, StoreError};

#[derive(Args, Debug)]
pub struct MigrateArgs {
    /// The database to copy from, e.g. sqlite://primeclimb.db (left as it is).
    #[arg(long, value_name = "URL")]
    pub from: String,
    /// The database to copy into, e.g. postgres://primeclimb:secret@localhost/primeclimb
    /// (it must exist; its tables are created).
    #[arg(long, value_name = "URL")]
    pub to: String,
    /// Empty the target first if it holds anything (otherwise a target that is not empty
    /// is refused and nothing is written).
    #[arg(long)]
    pub replace: bool,
}

pub fn run(args: &MigrateArgs) -> anyhow::Result<()> {
    for url in [&args.from, &args.to] {
        store::check_url(url).map_err(|e| UsageError(e.to_string()))?;
    }
    if same_place(&args.from, &args.to) {
        return Err(UsageError(copy::CopyError::Same.to_string()).into());
    }
    if args.from.trim().starts_with("sqlite:") {
        let path = sqlite_path(&args.from);
        if !path.is_empty() && !std::path::Path::new(&path).exists() {
            return Err(UsageError(format!(
                "--from {}: there is no database file {path}",
                args.from.trim()
            ))
            .into());
        }
    }
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async {
        let from = open(&args.from, "--from").await?;
        let to = open(&args.to, "--to").await?;
        let report = copy::copy(&from, &to, args.replace)
            .await
            .map_err(|e| match e {
                copy::CopyError::NotEmpty(_) => anyhow::Error::from(UsageError(e.to_string())),
                other => other.into(),
            })?;
        if report.replaced > 0 {
            println!("emptied the target first ({} rows)", report.replaced);
        }
        println!("copied {} to {}:", from.backend(), to.backend());
        for (table, n) in &report.counts {
            println!("  {table:<15} {n:>9}");
        }
        let total: i64 = report.counts.iter().map(|(_, n)| n).sum();
        println!("{total} rows in all; both sides counted the same.");
        Ok(())
    })
}

async fn open(url: &str, which: &str) -> anyhow::Result<store::AnyStore> {
    store::connect(url).await.map_err(|e| match e {
        StoreError::BadUrl(_) | StoreError::Unsupported(..) => {
            UsageError(format!("{which}: {e}")).into()
        }
        other => anyhow::anyhow!("{which}: {other}"),
    })
}

/// The file of a `sqlite://` address (empty for an in-memory database).
fn sqlite_path(url: &str) -> String {
    let rest = url
        .trim()
        .trim_start_matches("sqlite:")
        .trim_start_matches("//");
    let path = rest.split('?').next().unwrap_or_default();
    if path.contains(":memory:") {
        String::new()
    } else {
        path.to_string()
    }
}

/// Two addresses of the same SQLite file, or the same text.
fn same_place(a: &str, b: &str) -> bool {
    let (a, b) = (a.trim(), b.trim());
    if a == b {
        return true;
    }
    if a.starts_with("sqlite:") && b.starts_with("sqlite:") {
        let (pa, pb) = (sqlite_path(a), sqlite_path(b));
        if pa.is_empty() || pb.is_empty() {
            return false;
        }
        let canon = |p: &str| std::fs::canonicalize(p).unwrap_or_else(|_| p.into());
        return canon(&pa) == canon(&pb);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_paths_and_sameness() {
        assert_eq!(sqlite_path("sqlite://primeclimb.db"), "primeclimb.db");
        assert_eq!(sqlite_path("sqlite:///tmp/x.db?mode=rwc"), "/tmp/x.db");
        assert_eq!(sqlite_path("sqlite::memory:"), "");
        assert!(same_place("sqlite://a.db", " sqlite://a.db "));
        assert!(!same_place("sqlite://a.db", "sqlite://b.db"));
        assert!(!same_place("sqlite::memory:", "sqlite::memory:x"));
        assert!(!same_place("sqlite://a.db", "postgres://h/a"));
    }
}
