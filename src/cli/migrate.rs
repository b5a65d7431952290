//! `primeclimb migrate-db --from sqlite://primeclimb.db --to postgres://…`: move every
//! game, log, result, rating and setting to another database (see `store::copy`), then
//! count both sides. Stop the bot first: rows written during the copy would be missed.

use clap::Args;

use super::play::database_file;
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
    if let Some(path) = database_file(&args.from) {
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

/// Two addresses of the same SQLite file, or the same text.
pub fn same_place(a: &str, b: &str) -> bool {
    let (a, b) = (a.trim(), b.trim());
    if a == b {
        return true;
    }
    match (database_file(a), database_file(b)) {
        (Some(pa), Some(pb)) if !pa.is_empty() && !pb.is_empty() => {
            let canon = |p: &str| std::fs::canonicalize(p).unwrap_or_else(|_| p.into());
            canon(&pa) == canon(&pb)
        }
        _ => false,
    }
}
