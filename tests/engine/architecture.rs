//! Guards the module boundaries of `../shared/design/ARCHITECTURE.md`: the rules modules
//! import nothing async, nothing from Discord, the database or image crates.

use std::path::Path;

const FORBIDDEN: &[&str] = &[
    "tokio",
    "serenity",
    "poise",
    "sqlx",
    "image",
    "imageproc",
    "ab_glyph",
    "crate::render",
    "crate::store",
    "crate::session",
    "crate::discord",
    "crate::cli",
    "std::fs",
    "std::net",
    "std::time::SystemTime",
    "async ",
];

/// A line without its comment.
fn code_part(line: &str) -> &str {
    line.split("//").next().unwrap_or("")
}

/// Whether `code` mentions `name` as a whole path (`crate::cli` is not `crate::climb`):
/// a crate name as `name::` or `use name`, a path or keyword on identifier boundaries.
fn mentions(code: &str, name: &str) -> bool {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    // A bare crate name only counts as a path (`image::…`) or an import; a keyword
    // (written with a trailing space in the list) or a path counts anywhere.
    let crate_like = !name.contains("::") && !name.ends_with(' ');
    let name = name.trim_end();
    code.match_indices(name).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        let after = code[at + name.len()..].chars().next();
        let starts = before.is_none_or(|c| !is_ident(c) && c != ':');
        let ends = after.is_none_or(|c| !is_ident(c));
        starts
            && ends
            && (!crate_like
                || code[at + name.len()..].starts_with("::")
                || code[..at].trim_end().ends_with("use"))
    })
}

#[test]
fn the_check_tells_paths_apart() {
    assert!(mentions("use crate::cli::moves;", "crate::cli"));
    assert!(!mentions("use crate::climb::game;", "crate::cli"));
    assert!(mentions("let x = image::RgbaImage::new(1, 1);", "image"));
    assert!(!mentions("let image_size = 3;", "image"));
    assert!(mentions("async fn go() {}", "async "));
    assert!(!mentions(
        code_part("// async is fine in comments"),
        "async "
    ));
}

fn check_dir(dir: &Path) -> Vec<String> {
    let mut bad = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return bad;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            bad.extend(check_dir(&p));
        } else if p.extension().is_some_and(|x| x == "rs") {
            let text = std::fs::read_to_string(&p).unwrap_or_default();
            for (i, line) in text.lines().enumerate() {
                let code = code_part(line);
                for f in FORBIDDEN {
                    if mentions(code, f) {
                        bad.push(format!("{}:{}: uses {}", p.display(), i + 1, f.trim()));
                    }
                }
            }
        }
    }
    bad
}

#[test]
fn rules_modules_stay_pure() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut bad = check_dir(&root.join("climb"));
    bad.extend(check_dir(&root.join("daifugo")));
    assert!(
        bad.is_empty(),
        "rules modules must stay pure:\n{}",
        bad.join("\n")
    );
}

/// The forbidden imports of one room of ARCHITECTURE.md.
fn check_room(dir: &str, forbidden: &[&str]) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(dir);
    let mut bad = Vec::new();
    let mut stack = vec![root];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&p).unwrap_or_default();
                for (i, line) in text.lines().enumerate() {
                    for f in forbidden {
                        if mentions(code_part(line), f) {
                            bad.push(format!("{}:{}: uses {}", p.display(), i + 1, f.trim()));
                        }
                    }
                }
            }
        }
    }
    bad
}

#[test]
fn the_store_knows_no_discord_and_no_session() {
    let bad = check_room(
        "store",
        &[
            "serenity",
            "poise",
            "crate::discord",
            "crate::session",
            "crate::render",
        ],
    );
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn the_session_knows_no_discord_types() {
    let bad = check_room(
        "session",
        &["serenity", "poise", "crate::discord", "crate::cli"],
    );
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn the_discord_adapters_write_no_sql() {
    let bad = check_room("discord", &["sqlx", "crate::store::SqliteStore"]);
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
