//! Database addresses (`src/store/mod.rs`): passwords hidden, backends named.

use primeclimb::store::{backend_of, check_url, redacted, StoreError};

#[test]
fn addresses_are_shown_without_their_password() {
    assert_eq!(
        redacted("postgres://bot:s3cret@db.example:5432/games"),
        "postgres://bot:***@db.example:5432/games"
    );
    assert_eq!(
        redacted("postgres://bot@db/games"),
        "postgres://bot@db/games"
    );
    assert_eq!(
        redacted(" sqlite://primeclimb.db "),
        "sqlite://primeclimb.db"
    );
}

#[test]
fn addresses_name_their_backend() {
    assert_eq!(backend_of("postgres://h/db").unwrap(), "postgres");
    assert_eq!(backend_of("postgresql://h/db").unwrap(), "postgres");
    assert_eq!(backend_of("sqlite::memory:").unwrap(), "sqlite");
    assert!(matches!(
        backend_of("mysql://h/db"),
        Err(StoreError::BadUrl(_))
    ));
    assert!(matches!(backend_of("games.db"), Err(StoreError::BadUrl(_))));
    assert!(check_url("postgres://bot:pw@127.0.0.1:5432/games").is_ok());
}
