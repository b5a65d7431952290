//! `/climb …`: the Prime Climb command group. The game commands live in `play.rs`; the
//! rules and the factor colours, which need no game, are here.

use poise::CreateReply;

use super::locale::Lang;
use super::play::{board, end, hint, move_, moves, play_keeper, resign, start, undo};
use super::rules_text::Topic;
use super::{Context, Error};
use crate::climb::board::{factor_colours, factorisation_text, Colour};

/// The language of the reply: the user's locale, else the guild's, else English.
fn lang(ctx: Context<'_>) -> Lang {
    match ctx {
        poise::Context::Application(app) => Lang::pick(
            Some(app.interaction.locale.as_str()),
            app.interaction.guild_locale.as_deref(),
        ),
        poise::Context::Prefix(_) => Lang::En,
    }
}

/// Prime Climb: games, rules and factor colours
#[poise::command(
    slash_command,
    subcommands(
        "start",
        "move_",
        "play_keeper",
        "board",
        "hint",
        "moves",
        "undo",
        "resign",
        "end",
        "rules",
        "colours"
    ),
    subcommand_required,
    name_localized("fr", "climb"),
    description_localized("fr", "Prime Climb : parties, règles et couleurs des facteurs")
)]
pub async fn climb(_ctx: Context<'_>) -> Result<(), Error> {
    // Discord never invokes a command group itself, only its subcommands.
    Ok(())
}

/// The rules of Prime Climb, summarised by topic
#[poise::command(
    slash_command,
    ephemeral,
    name_localized("fr", "règles"),
    description_localized("fr", "Les règles de Prime Climb, résumées par thème")
)]
pub async fn rules(
    ctx: Context<'_>,
    #[description = "Which part of the rules (default: overview)"]
    #[name_localized("fr", "thème")]
    #[description_localized("fr", "Quelle partie des règles (par défaut : aperçu)")]
    topic: Option<Topic>,
) -> Result<(), Error> {
    let text = topic.unwrap_or(Topic::Overview).text(lang(ctx));
    ctx.send(CreateReply::default().content(text).ephemeral(true))
        .await?;
    Ok(())
}

/// The factor colours of the board's spaces, with examples
#[poise::command(
    slash_command,
    name_localized("fr", "couleurs"),
    description_localized(
        "fr",
        "Les couleurs des facteurs premiers sur les cases, avec des exemples"
    )
)]
pub async fn colours(ctx: Context<'_>) -> Result<(), Error> {
    ctx.send(CreateReply::default().content(colours_text(lang(ctx))))
        .await?;
    Ok(())
}

/// The spaces shown as examples: a power of two, mixed factors, a red factor, a red space.
const EXAMPLE_SPACES: [u8; 7] = [8, 12, 14, 22, 42, 30, 13];

/// The text of `/climb colours` (§1): one line per colour, then examples computed by the
/// engine's own `factor_colours`, so the text can never disagree with the board.
pub fn colours_text(lang: Lang) -> String {
    let mut out = String::new();
    out.push_str(lang.text(
        "**Factor colours (§1)**: every space is a circle split into one segment per prime factor.\n",
        "**Couleurs des facteurs (§1)** : chaque case est un cercle partagé en un segment par facteur premier.\n",
    ));
    // French typography puts a space before the colon.
    let colon = lang.text(":", " :");
    for (prime, colour) in [
        ("2", Colour::Orange),
        ("3", Colour::Green),
        ("5", Colour::Blue),
        ("7", Colour::Purple),
        ("≥ 11", Colour::Red),
    ] {
        out.push_str(&format!(
            "{} {prime}{colon} {}\n",
            swatch(colour),
            colour_name(colour, lang)
        ));
    }
    out.push_str(lang.text("\n**Examples**\n", "\n**Exemples**\n"));
    for space in EXAMPLE_SPACES {
        let colours = factor_colours(space);
        let swatches: String = colours.iter().map(|&c| swatch(c)).collect();
        let names: Vec<&str> = colours.iter().map(|&c| colour_name(c, lang)).collect();
        let factors = match lang {
            Lang::En => factorisation_text(u32::from(space)),
            Lang::Fr => factorisation_text(u32::from(space)).replace("is prime", "est premier"),
        };
        out.push_str(&format!(
            "{swatches} {factors}{colon} {}\n",
            names.join(", ")
        ));
    }
    out.push_str(lang.text(
        "A red space (a prime from 11 to 97) draws a card. Multiplying combines colours; dividing removes them.",
        "Une case rouge (un nombre premier de 11 à 97) fait piocher une carte. Multiplier réunit les couleurs ; diviser les retire.",
    ));
    out
}

/// A coloured square emoji for a factor colour.
fn swatch(colour: Colour) -> &'static str {
    match colour {
        Colour::Orange => "🟧",
        Colour::Green => "🟩",
        Colour::Blue => "🟦",
        Colour::Purple => "🟪",
        Colour::Red => "🟥",
    }
}

/// The colour's name in `lang`.
pub fn colour_name(colour: Colour, lang: Lang) -> &'static str {
    match (colour, lang) {
        (_, Lang::En) => colour.name(),
        (Colour::Orange, Lang::Fr) => "orange",
        (Colour::Green, Lang::Fr) => "vert",
        (Colour::Blue, Lang::Fr) => "bleu",
        (Colour::Purple, Lang::Fr) => "violet",
        (Colour::Red, Lang::Fr) => "rouge",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_text_uses_the_engines_factor_colours() {
        let en = colours_text(Lang::En);
        assert!(
            en.contains("🟧🟧🟩 12 = 2 × 2 × 3: orange, orange, green"),
            "{en}"
        );
        assert!(en.contains("🟥 13 is prime: red"), "{en}");
        let fr = colours_text(Lang::Fr);
        assert!(fr.contains("🟧🟪 14 = 2 × 7 : orange, violet"), "{fr}");
        assert!(fr.contains("13 est premier : rouge"), "{fr}");
    }
}
