//! A class on Discord: the students of a role or a list of mentions, paired into games
//! each in its own thread (`/class pair`), and the games still open listed for the
//! teacher when the assignment is due (from the turn clock, claimed once).

use std::time::Duration;

use poise::serenity_prelude as serenity;
use tracing::warn;

use super::caller::display_name;
use super::send;
use super::snowflake::id;
use super::threads;
use super::types::Data;
use crate::lang::Lang;
use crate::session::{ClassFront, GameKind, Member, Paired, Place, StudentsError, MAX_STUDENTS};
use crate::text;

/// How long reading the members of a server may take.
const MEMBERS_CALL: Duration = Duration::from_secs(10);

/// The members of `role`, without bots and without the teacher: read page by page.
pub async fn members_of_role(
    http: &serenity::Http,
    guild: u64,
    role: u64,
    teacher: u64,
) -> Result<Vec<Member>, StudentsError> {
    let guild = serenity::GuildId::new(guild.max(1));
    let mut out = Vec::new();
    let mut after: Option<serenity::UserId> = None;
    loop {
        let page = tokio::time::timeout(MEMBERS_CALL, guild.members(http, Some(1000), after))
            .await
            .map_err(|_| StudentsError::Unreadable("no answer".into()))?
            .map_err(|e| match &e {
                serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))
                    if r.status_code.as_u16() == 403 =>
                {
                    StudentsError::Hidden
                }
                _ => StudentsError::Unreadable(e.to_string()),
            })?;
        let last = page.last().map(|m| m.user.id);
        for m in &page {
            if !m.user.bot && m.user.id.get() != teacher && m.roles.iter().any(|r| r.get() == role)
            {
                out.push(member(m));
            }
        }
        match last {
            Some(last) if page.len() == 1000 && out.len() <= MAX_STUDENTS => after = Some(last),
            _ => return Ok(out),
        }
    }
}

/// The members mentioned in `text` (`<@1> <@!2>`), without bots and the teacher.
pub async fn members_listed(
    http: &serenity::Http,
    guild: u64,
    text: &str,
    teacher: u64,
) -> Result<Vec<Member>, StudentsError> {
    let guild = serenity::GuildId::new(guild.max(1));
    let mut out = Vec::new();
    for user in mentions(text) {
        if user == teacher || out.iter().any(|m: &Member| m.user_id == id(user)) {
            continue;
        }
        match tokio::time::timeout(MEMBERS_CALL, guild.member(http, user)).await {
            Ok(Ok(m)) if !m.user.bot => out.push(member(&m)),
            Ok(Ok(_)) => {}
            Ok(Err(e)) => warn!(user, "reading a listed member failed: {e}"),
            Err(_) => return Err(StudentsError::Unreadable("no answer".into())),
        }
        if out.len() > MAX_STUDENTS {
            break;
        }
    }
    Ok(out)
}

/// The user ids mentioned in a text: `<@123>` and `<@!123>`.
pub fn mentions(text: &str) -> Vec<u64> {
    text.split('<')
        .skip(1)
        .filter_map(|part| {
            let inner = part.split('>').next()?;
            let digits = inner.strip_prefix('@')?.trim_start_matches('!');
            digits.parse::<u64>().ok().filter(|&n| n > 0)
        })
        .collect()
}

fn member(m: &serenity::Member) -> Member {
    Member {
        user_id: id(m.user.id.get()),
        name: display_name(&m.user, Some(m)),
    }
}

/// A class on Discord, for `/class pair`: its students are a role's members or the users
/// mentioned in a list, and each group's game gets a thread of the channel.
pub struct Students<'a> {
    pub http: &'a serenity::Http,
    pub guild: i64,
    pub channel: i64,
    pub role: Option<u64>,
    pub listed: Option<String>,
    pub teacher: u64,
}

impl ClassFront for Students<'_> {
    async fn students(&self) -> Result<Vec<Member>, StudentsError> {
        let guild = u64::try_from(self.guild).unwrap_or(0);
        match (self.role, &self.listed) {
            (_, Some(list)) => members_listed(self.http, guild, list, self.teacher).await,
            (Some(role), None) => members_of_role(self.http, guild, role, self.teacher).await,
            (None, None) => Ok(Vec::new()),
        }
    }

    async fn open_place(&self, kind: GameKind, group: &[Member]) -> Result<Place, String> {
        let names: Vec<&str> = group.iter().map(|m| m.name.as_str()).collect();
        let under = Place {
            guild_id: self.guild,
            channel_id: self.channel,
        };
        threads::open_thread(self.http, under, kind, &names.join(" & ")).await
    }

    async fn close_place(&self, place: Place) {
        threads::close_unused(self.http, place.channel_id).await;
    }
}

/// Post what follows from a class paired: in each game's thread, a welcome pinging its
/// group and the first board (pinging as each person asked, notices, AI turns). Returns
/// the teacher's summary.
pub async fn deliver(
    http: &std::sync::Arc<serenity::Http>,
    data: &Data,
    paired: Paired,
    lang: Lang,
) -> String {
    let summary = text::posts::notices::class_paired(&paired, lang);
    for g in paired.games {
        let place = g.game.info().place;
        let welcome = text::posts::notices::class_welcome(&g.group, g.game.info().lang);
        send::post(http, data, place, welcome).await;
        super::runner::after(http, data, &g.game).await;
    }
    summary
}

/// The games of a due assignment still open, listed for its teacher in its channel,
/// once.
pub async fn tell_due(http: &serenity::Http, data: &Data, assignment: i64) {
    match data.session.classes().claim_due(assignment).await {
        Ok(Some((a, open))) => {
            let post = text::posts::notices::due_list(a.teacher_id, &open, data.session.now());
            let place = Place {
                guild_id: a.guild_id,
                channel_id: a.channel_id,
            };
            send::post(http, data, place, post).await;
        }
        Ok(None) => {}
        Err(e) => warn!(assignment, "listing a due assignment failed: {e}"),
    }
}
