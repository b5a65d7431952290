//! The commands built from the table of `text::commands`: what poise dispatches (names,
//! the one action, the options that complete as they are typed) and what Discord
//! registers (every name, description and option in both languages).

use poise::serenity_prelude as serenity;
use serenity::{CommandOptionType, CreateCommand, CreateCommandOption};

use super::dispatch::{complete, run};
use crate::discord::types::{Data, Error};
use crate::text::commands::{Kind, Opt, Slash, ALL};

/// The commands as poise dispatches them: names, the one action, and the options that
/// complete as they are typed.
pub fn all() -> Vec<poise::Command<Data, Error>> {
    ALL.iter().map(command).collect()
}

/// The commands as Discord registers them, in both languages.
pub fn registration() -> Vec<CreateCommand> {
    ALL.iter().map(registered).collect()
}

fn command(slash: &Slash) -> poise::Command<Data, Error> {
    poise::Command {
        name: slash.name.en.to_string(),
        qualified_name: slash.name.en.to_string(),
        name_localizations: [("fr".to_string(), slash.name.fr.to_string())].into(),
        description: Some(slash.about.en.to_string()),
        description_localizations: [("fr".to_string(), slash.about.fr.to_string())].into(),
        slash_action: Some(run),
        subcommands: slash.subcommands.iter().map(command).collect(),
        subcommand_required: !slash.subcommands.is_empty(),
        guild_only: slash.guild_only,
        parameters: slash.options.iter().map(parameter).collect(),
        ..Default::default()
    }
}

fn parameter(opt: &Opt) -> poise::CommandParameter<Data, Error> {
    let completes = matches!(
        opt.kind,
        Kind::Text {
            complete: Some(_),
            ..
        }
    );
    poise::CommandParameter {
        name: opt.name.en.to_string(),
        name_localizations: Default::default(),
        description: None,
        description_localizations: Default::default(),
        required: opt.required,
        channel_types: None,
        choices: Vec::new(),
        type_setter: None,
        autocomplete_callback: if completes { Some(complete) } else { None },
        __non_exhaustive: (),
    }
}

fn registered(slash: &Slash) -> CreateCommand {
    let c = CreateCommand::new(slash.name.en)
        .description(slash.about.en)
        .name_localized("fr", slash.name.fr)
        .description_localized("fr", slash.about.fr);
    let c = if slash.guild_only {
        c.contexts(vec![serenity::InteractionContext::Guild])
    } else {
        c
    };
    inner(slash).fold(c, CreateCommand::add_option)
}

/// A command's subcommands and options, as Discord registers them.
fn inner(slash: &Slash) -> impl Iterator<Item = CreateCommandOption> + '_ {
    let subcommands = slash.subcommands.iter().map(subcommand);
    subcommands.chain(slash.options.iter().map(option))
}

fn subcommand(slash: &Slash) -> CreateCommandOption {
    let kind = if slash.subcommands.is_empty() {
        CommandOptionType::SubCommand
    } else {
        CommandOptionType::SubCommandGroup
    };
    let o = CreateCommandOption::new(kind, slash.name.en, slash.about.en)
        .name_localized("fr", slash.name.fr)
        .description_localized("fr", slash.about.fr);
    inner(slash).fold(o, CreateCommandOption::add_sub_option)
}

/// The largest whole number Discord takes exactly (2^53 - 1).
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

fn option(opt: &Opt) -> CreateCommandOption {
    let kind = match opt.kind {
        Kind::Text { .. } => CommandOptionType::String,
        Kind::Int { .. } | Kind::Choice(_) => CommandOptionType::Integer,
        Kind::Flag => CommandOptionType::Boolean,
        Kind::User => CommandOptionType::User,
        Kind::Role => CommandOptionType::Role,
        Kind::TextChannel => CommandOptionType::Channel,
    };
    let mut o = CreateCommandOption::new(kind, opt.name.en, opt.about.en)
        .required(opt.required)
        .set_autocomplete(matches!(
            opt.kind,
            Kind::Text {
                complete: Some(_),
                ..
            }
        ))
        .name_localized("fr", opt.name.fr)
        .description_localized("fr", opt.about.fr);
    match opt.kind {
        Kind::Text { max, .. } => o = o.max_length(max),
        Kind::Int { min, max } => {
            o = o
                .min_number_value(min.map_or(-MAX_SAFE, |n| n as f64))
                .max_number_value(max.map_or(MAX_SAFE, |n| n as f64));
        }
        Kind::Choice(choices) => {
            for (i, c) in choices.iter().enumerate() {
                o = o.add_int_choice_localized(c.en, i as i32, [("fr", c.fr)]);
            }
        }
        Kind::TextChannel => o = o.channel_types(vec![serenity::ChannelType::Text]),
        Kind::Flag | Kind::User | Kind::Role => {}
    }
    o
}
