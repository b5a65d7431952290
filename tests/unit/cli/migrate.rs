//! `primeclimb migrate` (`src/cli/migrate.rs`): SQLite paths, and when two addresses
//! are the same database.

use primeclimb::cli::migrate::same_place;
use primeclimb::cli::play::database_file;

#[test]
fn sqlite_paths_and_sameness() {
    assert_eq!(
        database_file("sqlite://primeclimb.db").as_deref(),
        Some("primeclimb.db")
    );
    assert_eq!(
        database_file("sqlite:///tmp/x.db?mode=rwc").as_deref(),
        Some("/tmp/x.db")
    );
    assert_eq!(database_file("sqlite::memory:"), None);
    assert_eq!(database_file("postgres://h/db"), None);
    assert!(same_place("sqlite://a.db", " sqlite://a.db "));
    assert!(!same_place("sqlite://a.db", "sqlite://b.db"));
    assert!(!same_place("sqlite::memory:", "sqlite::memory:x"));
    assert!(!same_place("sqlite://a.db", "postgres://h/a"));
}
