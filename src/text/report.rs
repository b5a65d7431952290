//! The class report in words (`/class report`): the spreadsheet (CSV, one row per
//! student, headings in the teacher's language), the chart's words and its alt text,
//! and the message that comes with them.

use super::{alt::MAX_ALT, clip, counted, tr, Lang};
use crate::render::chart::{ChartRow, ChartWords, MAX_ROWS};
use crate::session::report::{ClassReport, StudentReport, REFUSAL_KINDS};

/// A refusal kind in words, for a heading: "off the board".
fn refusal_name(kind: &str, lang: Lang) -> &'static str {
    match (kind, lang) {
        ("off_board", Lang::En) => "off the board",
        ("off_board", Lang::Fr) => "hors du plateau",
        ("not_exact", Lang::En) => "division not exact",
        ("not_exact", Lang::Fr) => "division non exacte",
        ("die_not_rolled", Lang::En) => "die not rolled",
        ("die_not_rolled", Lang::Fr) => "dé non tiré",
        ("dice_combined", Lang::En) => "dice combined",
        ("dice_combined", Lang::Fr) => "dés combinés",
        ("die_used", Lang::En) => "die already used",
        ("die_used", Lang::Fr) => "dé déjà joué",
        ("not_your_pawn", Lang::En) => "not your pawn",
        ("not_your_pawn", Lang::Fr) => "pas votre pion",
        ("not_your_turn", Lang::En) => "not your turn",
        ("not_your_turn", Lang::Fr) => "pas votre tour",
        ("cursed", Lang::En) => "cursed (only − and ÷)",
        ("cursed", Lang::Fr) => "maudit (que − et ÷)",
        ("add_subtract_only", Lang::En) => "× or ÷ in an add-and-subtract game",
        ("add_subtract_only", Lang::Fr) => "× ou ÷ en additions et soustractions",
        ("stations_first", Lang::En) => "way stations first",
        ("stations_first", Lang::Fr) => "étapes d'abord",
        ("keeper", Lang::En) => "Keeper",
        ("keeper", Lang::Fr) => "carte à garder",
        ("notation", Lang::En) => "notation",
        ("notation", Lang::Fr) => "notation",
        ("dice_left", Lang::En) => "dice left to use",
        ("dice_left", Lang::Fr) => "dés restant à jouer",
        (_, Lang::En) => "other",
        (_, Lang::Fr) => "autre",
    }
}

/// One CSV field: quoted when it must be, and never read as a formula by a spreadsheet.
fn field(text: &str) -> String {
    let text = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_string()
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

fn decimal(x: Option<f64>, places: usize) -> String {
    x.map(|x| format!("{x:.places$}")).unwrap_or_default()
}

/// The spreadsheet: a heading row, then one row per student (RFC 4180, UTF-8).
pub fn csv(report: &ClassReport, lang: Lang) -> String {
    let mut head: Vec<String> = match lang {
        Lang::En => [
            "student",
            "discord id",
            "Prime Climb games",
            "Prime Climb wins",
            "Prime Daifugo games",
            "Prime Daifugo wins",
            "turns",
            "median seconds per turn",
            "additions",
            "subtractions",
            "multiplications",
            "divisions",
            "primes landed on",
            "cards drawn",
            "primes played (Daifugo)",
            "hints asked",
            "refused moves",
        ],
        Lang::Fr => [
            "élève",
            "id discord",
            "parties Prime Climb",
            "victoires Prime Climb",
            "parties Prime Daifugo",
            "victoires Prime Daifugo",
            "tours",
            "secondes par tour (médiane)",
            "additions",
            "soustractions",
            "multiplications",
            "divisions",
            "nombres premiers atteints",
            "cartes piochées",
            "nombres premiers joués (Daifugo)",
            "indices demandés",
            "coups refusés",
        ],
    }
    .iter()
    .map(|s| s.to_string())
    .collect();
    head.extend(
        REFUSAL_KINDS
            .iter()
            .map(|k| tr!(lang, "refused: {}", "refusé : {}", refusal_name(k, lang))),
    );
    head.extend(
        match lang {
            Lang::En => [
                "turns measured by the solver",
                "expected turns lost",
                "expected turns lost per turn",
            ],
            Lang::Fr => [
                "tours mesurés par le solveur",
                "tours perdus (espérance)",
                "tours perdus par tour (espérance)",
            ],
        }
        .iter()
        .map(|s| s.to_string()),
    );
    let mut out = head.iter().map(|h| field(h)).collect::<Vec<_>>().join(",");
    out.push_str("\r\n");
    for s in &report.students {
        let refused_total: u32 = s.refused.values().sum();
        let mut row: Vec<String> = vec![
            field(&s.name),
            s.user_id.to_string(),
            s.climb_games.to_string(),
            s.climb_wins.to_string(),
            s.daifugo_games.to_string(),
            s.daifugo_wins.to_string(),
            s.turns.to_string(),
            decimal(s.median_turn_secs(), 1),
            s.ops[0].to_string(),
            s.ops[1].to_string(),
            s.ops[2].to_string(),
            s.ops[3].to_string(),
            s.primes_landed.to_string(),
            s.cards.to_string(),
            s.primes_played.to_string(),
            s.hints.to_string(),
            refused_total.to_string(),
        ];
        row.extend(
            REFUSAL_KINDS
                .iter()
                .map(|k| s.refused.get(*k).copied().unwrap_or(0).to_string()),
        );
        row.push(s.solver_turns.to_string());
        row.push(decimal((s.solver_turns > 0).then_some(s.turns_lost), 2));
        row.push(decimal(s.lost_per_turn(), 3));
        out.push_str(&row.join(","));
        out.push_str("\r\n");
    }
    out
}

/// A date as the report says it: 2026-11-25 (UTC).
pub fn date(ms: i64) -> String {
    crate::session::dates::date_at(ms).to_string()
}

/// The span a report covers, in words: "2026-11-01 to 2026-11-30".
pub fn span_words(report: &ClassReport, lang: Lang) -> String {
    match report.span {
        Some(span) => tr!(
            lang,
            "{} to {}",
            "du {} au {}",
            date(span.from),
            date(span.to - 1)
        ),
        None => String::new(),
    }
}

fn figure(s: &StudentReport) -> String {
    decimal(s.lost_per_turn(), 2)
}

/// The chart's rows.
pub fn chart_rows(report: &ClassReport) -> Vec<ChartRow> {
    report
        .students
        .iter()
        .map(|s| ChartRow {
            name: s.name.clone(),
            games: s.climb_games + s.daifugo_games,
            wins: s.climb_wins + s.daifugo_wins,
            figure: if s.solver_turns > 0 {
                figure(s)
            } else {
                "–".into()
            },
        })
        .collect()
}

/// The chart's words.
pub fn chart_words(report: &ClassReport, lang: Lang) -> ChartWords {
    ChartWords {
        title: lang.text("The class", "La classe").into(),
        subtitle: tr!(
            lang,
            "{} · turns lost: against the exact solver, per turn",
            "{} · tours perdus : face au solveur exact, par tour",
            span_words(report, lang)
        ),
        games: lang.text("games played", "parties jouées").into(),
        wins: lang.text("games won", "parties gagnées").into(),
        figure: lang.text("turns lost / turn", "tours perdus / tour").into(),
        more: (report.students.len() > MAX_ROWS).then(|| {
            tr!(
                lang,
                "… and {} more in the spreadsheet",
                "… et {} de plus dans le tableur",
                report.students.len() - MAX_ROWS
            )
        }),
    }
}

/// The chart's alt text.
pub fn chart_alt(report: &ClassReport, lang: Lang) -> String {
    let mut parts = vec![tr!(
        lang,
        "Bar chart of the class, {}: for each student, games won of games played, and expected turns lost per turn.",
        "Diagramme de la classe, {} : pour chaque élève, parties gagnées sur parties jouées, et tours perdus par tour.",
        span_words(report, lang)
    )];
    for s in &report.students {
        let lost = match s.lost_per_turn() {
            Some(x) => tr!(
                lang,
                ", {:.2} turns lost per turn",
                ", {:.2} tours perdus par tour",
                x
            ),
            None => String::new(),
        };
        parts.push(tr!(
            lang,
            "{}: {} of {} won{}.",
            "{} : {} sur {} gagnées{}.",
            s.name,
            s.climb_wins + s.daifugo_wins,
            s.climb_games + s.daifugo_games,
            lost
        ));
    }
    clip(&parts.join(" "), MAX_ALT)
}

/// The message with the report's files.
pub fn message(report: &ClassReport, lang: Lang) -> String {
    if report.students.is_empty() {
        return tr!(
            lang,
            "No student played from {}: nothing to report.",
            "Aucun élève n'a joué {} : rien à rapporter.",
            span_words(report, lang)
        );
    }
    tr!(
        lang,
        "📊 **Class report**, {}: {} in {} (Prime Climb) and {} (Prime Daifugo). The spreadsheet has one row per student; expected turns lost are measured on Prime Climb turns with no card in hand, on the courses the exact solver covers (not in Sprint, Double Time, Way Stations or Decline). Hints and refused moves are counted since they were first recorded.",
        "📊 **Rapport de la classe**, {} : {} dans {} (Prime Climb) et {} (Prime Daifugo). Le tableur a une ligne par élève ; les tours perdus sont mesurés sur les tours de Prime Climb sans carte en main, sur les parcours que couvre le solveur exact (pas en Sprint, Double Time, Way Stations ni Decline). Indices et coups refusés sont comptés depuis leur premier enregistrement.",
        span_words(report, lang),
        counted(lang, report.students.len() as i64, ("student", "students"), ("élève", "élèves")),
        counted(lang, i64::from(report.climb_games), ("game", "games"), ("partie", "parties")),
        counted(lang, i64::from(report.daifugo_games), ("game", "games"), ("partie", "parties"))
    )
}
