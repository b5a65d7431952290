//! Everything a person reads, in English and French, for every front: the Discord posts,
//! the terminal, and (soon) the pictures' words and alt texts. Words only: what happened
//! comes from the engines' events and the session's views, and each refusal from a
//! typed error ([`errors`]).
//!
//! - [`climb`]: the Prime Climb narrator, cards, choices, dice, hints, colours, status;
//! - [`daifugo`]: the Prime Daifugo narrator (a drawn card is named to its drawer only),
//!   cards, hands, hints;
//! - [`lobby`]: lobbies, AI levels, the options of a game;
//! - [`rules`]: the rules of both games by topic;
//! - [`errors`]: every refusal;
//! - [`bot`]: what only the Discord bot says (settings, standings, reminders, notes);
//! - [`posts`]: the messages a game's channel gets (a board or table with its story and
//!   controls, a hand, a lobby, a reminder) as plain values a front sends its own way.
//!
//! Knows no Discord or terminal types: a [`Markup`] says how to mark text up.

pub mod alt;
pub mod bot;
pub mod class;
pub mod climb;
pub mod commands;
pub mod daifugo;
pub mod errors;
pub mod lessons;
pub mod lobby;
pub mod notify;
pub mod pictures;
pub mod posts;
pub mod puzzle;
pub mod report;
pub mod review;
pub mod rules;
pub mod terminal;
pub mod web;

pub use crate::lang::Lang;

/// How text is marked up: Discord's markdown, or plain text for the terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Markup {
    Discord,
    Plain,
}

impl Markup {
    /// Bold (Discord) or as it is (terminal).
    pub fn bold(self, text: &str) -> String {
        match self {
            Markup::Discord => format!("**{text}**"),
            Markup::Plain => text.to_string(),
        }
    }

    /// What to type: in backticks on Discord and in the terminal alike.
    pub fn code(self, text: &str) -> String {
        format!("`{text}`")
    }
}

/// `format!` in the language asked for: `tr!(lang, "English {}", "Français {}", arg)`.
macro_rules! tr {
    ($lang:expr, $en:literal, $fr:literal $(, $arg:expr)* $(,)?) => {
        match $lang {
            $crate::lang::Lang::En => format!($en $(, $arg)*),
            $crate::lang::Lang::Fr => format!($fr $(, $arg)*),
        }
    };
}
pub(crate) use tr;

/// A list in words: "3", "3 and 9", "2, 3 and 9" / "3 et 9".
pub fn list(lang: Lang, items: &[String]) -> String {
    let and = lang.text("and", "et");
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} {and} {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// A count with its noun, singular or plural: `count(1, "turn", "turns")` is "1 turn".
pub fn count(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    if n == 1 || n == -1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// A count in the language asked for: `counted(lang, 2, ("turn", "turns"), ("tour",
/// "tours"))`. French uses the singular for 0 and 1.
pub fn counted(lang: Lang, n: impl Into<i64>, en: (&str, &str), fr: (&str, &str)) -> String {
    let n = n.into();
    match lang {
        Lang::En => count(n, en.0, en.1),
        Lang::Fr if n.abs() <= 1 => format!("{n} {}", fr.0),
        Lang::Fr => format!("{n} {}", fr.1),
    }
}

/// Whether a French word before `name` elides: "d'Alice", "l'IA", but "de Bo".
fn elides(name: &str) -> bool {
    name.trim_start()
        .chars()
        .next()
        .is_some_and(|c| "aeiouyhàâäéèêëîïôöùûüÿœæAEIOUYHÀÂÄÉÈÊËÎÏÔÖÙÛÜŸŒÆ".contains(c))
}

/// Whether a name is an AI seat's French name ("IA forte", "IA moyenne 2"), which takes
/// the article: "de l'IA forte", "par l'IA forte".
fn ai_name_fr(name: &str) -> bool {
    name.starts_with("IA ")
}

/// French "de" before a name: "d'Alice", "de Bo", "de l'IA forte".
pub fn de(name: &str) -> String {
    if ai_name_fr(name) {
        format!("de l'{name}")
    } else if elides(name) {
        format!("d'{name}")
    } else {
        format!("de {name}")
    }
}

/// French "que" before a name: "qu'Alice", "que Bo", "que l'IA forte".
pub fn que(name: &str) -> String {
    if ai_name_fr(name) {
        format!("que l'{name}")
    } else if elides(name) {
        format!("qu'{name}")
    } else {
        format!("que {name}")
    }
}

/// French "par" before a name: "par Ada", "par l'IA forte".
pub fn par(name: &str) -> String {
    if ai_name_fr(name) {
        format!("par l'{name}")
    } else {
        format!("par {name}")
    }
}

/// A name in the possessive: "Ada's", "Charles's" (English).
pub fn possessive(name: &str) -> String {
    match name {
        // The terminal's and the lessons' learner.
        "You" => "Your".to_string(),
        "you" => "your".to_string(),
        _ => format!("{name}'s"),
    }
}

/// A duration in words: "12 h", "2 d 6 h", "30 min", "45 s" / "2 j 6 h".
pub fn duration(secs: i64, lang: Lang) -> String {
    let secs = secs.max(0);
    let d = secs / 86_400;
    let h = (secs % 86_400) / 3_600;
    let m = (secs % 3_600) / 60;
    let day = lang.text("d", "j");
    let mut parts = Vec::new();
    if d > 0 {
        parts.push(format!("{d} {day}"));
    }
    if h > 0 {
        parts.push(format!("{h} h"));
    }
    if m > 0 && d == 0 {
        parts.push(format!("{m} min"));
    }
    if parts.is_empty() {
        parts.push(format!("{secs} s"));
    }
    parts.join(" ")
}

/// The first letter in capitals (engine messages start in lower case).
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().collect::<String>() + chars.as_str(),
        None => String::new(),
    }
}

/// Cut a text to `max` characters, ending with "…".
pub fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// A number with its prime factorisation, powers written as exponents: `96 = 2⁵ × 3`,
/// `13 is prime` / `13 est premier`, `1`, `0`.
pub fn factorisation(n: u32, lang: Lang) -> String {
    if n < 2 {
        return n.to_string();
    }
    let mut factors: Vec<(u32, u32)> = Vec::new();
    let mut rest = n;
    let mut p = 2;
    while p * p <= rest {
        while rest % p == 0 {
            match factors.last_mut() {
                Some((q, k)) if *q == p => *k += 1,
                _ => factors.push((p, 1)),
            }
            rest /= p;
        }
        p += 1;
    }
    if rest > 1 {
        match factors.last_mut() {
            Some((q, k)) if *q == rest => *k += 1,
            _ => factors.push((rest, 1)),
        }
    }
    if let [(p, 1)] = factors.as_slice() {
        return tr!(lang, "{} is prime", "{} est premier", p);
    }
    let terms: Vec<String> = factors
        .iter()
        .map(|&(p, k)| {
            if k == 1 {
                p.to_string()
            } else {
                format!("{p}{}", superscript(k))
            }
        })
        .collect();
    format!("{n} = {}", terms.join(" × "))
}

/// A number in superscript digits: 5 → ⁵.
fn superscript(n: u32) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    n.to_string()
        .chars()
        .map(|c| DIGITS[c.to_digit(10).unwrap_or(0) as usize])
        .collect()
}
