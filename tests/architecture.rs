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
                let code = line.split("//").next().unwrap_or("");
                for f in FORBIDDEN {
                    let hit = if f.ends_with(' ') || f.contains("::") {
                        code.contains(f)
                    } else {
                        code.contains(&format!("{f}::")) || code.contains(&format!("use {f}"))
                    };
                    if hit {
                        bad.push(format!("{}:{}: uses {f}", p.display(), i + 1));
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
