//! A class on Discord: the students of a role or a list of mentions, paired into games
//! each in its own thread (`/class pair`), and the games still open listed for the
//! teacher when the assignment is due (from the turn clock, claimed once).

use std::time::Duration;

use poise::serenity_prelude as serenity;
use tracing::warn;

use super::caller::{id, Caller};
use super::posts::{self, Post};
use super::runner;
use super::send;
use super::threads;
use super::types::Data;
use crate::level::Level;
use crate::session::{
    groups, AssignmentRow, GameKind, GameOptions, LobbySpec, Member, Place, SessionError,
};
use crate::text;

/// The most students one `/class pair` seats (a large class is paired in parts).
pub const MAX_STUDENTS: usize = 200;
/// How long reading the members of a server may take.
const MEMBERS_CALL: Duration = Duration::from_secs(10);

/// Why the students could not be read.
#[derive(Debug)]
pub enum MembersError {
    /// Discord would not list the server's members (the Server Members Intent is off).
    Hidden,
    Other(String),
}

/// The members of `role`, without bots and without the teacher: read page by page.
pub async fn members_of_role(
    http: &serenity::Http,
    guild: u64,
    role: u64,
    teacher: u64,
) -> Result<Vec<Member>, MembersError> {
    let guild = serenity::GuildId::new(guild.max(1));
    let mut out = Vec::new();
    let mut after: Option<serenity::UserId> = None;
    loop {
        let page = tokio::time::timeout(MEMBERS_CALL, guild.members(http, Some(1000), after))
            .await
            .map_err(|_| MembersError::Other("no answer".into()))?
            .map_err(|e| match &e {
                serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))
                    if r.status_code.as_u16() == 403 =>
                {
                    MembersError::Hidden
                }
                _ => MembersError::Other(e.to_string()),
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
) -> Result<Vec<Member>, MembersError> {
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
            Err(_) => return Err(MembersError::Other("no answer".into())),
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
        name: m
            .nick
            .clone()
            .or_else(|| m.user.global_name.clone())
            .unwrap_or_else(|| m.user.name.clone()),
    }
}

/// What `/class pair` asks for, read and checked.
pub struct PairRequest {
    pub kind: GameKind,
    pub spec: LobbySpec,
    pub size: usize,
    /// The level of the AI seats that fill a group short of students.
    pub level: Level,
    pub due_at: Option<i64>,
}

/// Pair the students and open one game per group, each in its own thread of the
/// caller's channel, started at once with the group pinged there; AI seats fill the last
/// group. Returns the teacher's summary.
pub async fn pair(
    http: &std::sync::Arc<serenity::Http>,
    data: &Data,
    caller: &Caller,
    students: Vec<Member>,
    request: PairRequest,
) -> Result<String, SessionError> {
    let lang = caller.lang();
    let here = caller.place().map_err(|_| SessionError::NoGame)?;
    let now = data.session.now();
    let assignment = data
        .session
        .classes()
        .new_assignment(AssignmentRow {
            id: 0,
            guild_id: here.guild_id,
            channel_id: here.channel_id,
            teacher_id: caller.user(),
            kind: request.kind,
            created_at: now,
            due_at: request.due_at,
        })
        .await?;
    let actor = caller.actor(data, true).await;
    let mut made: Vec<(Vec<Member>, Vec<String>, i64)> = Vec::new();
    let mut failed: Vec<String> = Vec::new();
    let seed = u64::try_from(now).unwrap_or(0) ^ u64::try_from(assignment).unwrap_or(0);
    for group in groups(&students, request.size, seed) {
        let ai = vec![request.level; request.size.saturating_sub(group.len())];
        let names: Vec<String> = group.iter().map(|m| m.name.clone()).collect();
        let thread_name = threads::thread_name(request.kind, &names.join(" & "));
        let thread = match threads::open_thread(http, here.channel_id, &thread_name).await {
            Ok(thread) => thread,
            Err(e) => {
                failed.push(text::class::game_failed(&group, &e, lang));
                continue;
            }
        };
        let place = Place {
            guild_id: here.guild_id,
            channel_id: thread,
        };
        let spec = LobbySpec {
            members: group.iter().map(|m| (m.user_id, m.name.clone())).collect(),
            ai: ai.clone(),
            creator_plays: false,
            parent_channel_id: Some(here.channel_id),
            assignment_id: Some(assignment),
            ..request.spec.clone()
        };
        let opened = async {
            data.session
                .lobbies()
                .create_lobby(place, &actor, &spec)
                .await?;
            data.session.lobbies().start(place, &actor).await
        }
        .await;
        match opened {
            Ok(view) => {
                let welcome = Post {
                    mentions: group
                        .iter()
                        .filter_map(|m| u64::try_from(m.user_id).ok())
                        .collect(),
                    ..Post::text(text::class::class_game_welcome(&group, view.info().lang))
                };
                send::post(http, data, place, welcome).await;
                let board = posts::public_post(data, &view).await;
                send::post(http, data, place, board).await;
                super::notify::notices_now(http, data, view.info().id).await;
                if view.ai_to_move() {
                    runner::spawn(http.clone(), data.clone(), place);
                }
                let ai_names: Vec<String> = view
                    .info()
                    .seats
                    .iter()
                    .filter(|s| s.ai.is_some())
                    .map(|s| s.name.clone())
                    .collect();
                made.push((group, ai_names, thread));
            }
            Err(e) => {
                threads::close_unused(http, thread).await;
                failed.push(text::class::game_failed(
                    &group,
                    &text::errors::refusal(&e, lang),
                    lang,
                ));
            }
        }
    }
    let due = request.due_at.map(text::class::when);
    let mut summary = text::class::paired(&made, due.as_deref(), lang);
    for line in failed {
        summary.push('\n');
        summary.push_str(&line);
    }
    Ok(text::clip(&summary, 1_990))
}

/// The games of a due assignment still open, listed for its teacher in its channel,
/// once.
pub async fn tell_due(http: &serenity::Http, data: &Data, assignment: i64) {
    match data.session.classes().claim_due(assignment).await {
        Ok(Some((a, open))) => {
            let lang = open.first().map(|g| g.info.lang).unwrap_or_default();
            let text = text::class::due_list(a.teacher_id, &open, data.session.now(), lang);
            let post = Post {
                mentions: u64::try_from(a.teacher_id).ok().into_iter().collect(),
                ..Post::text(text)
            };
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

/// The options of a class's games, with the group size checked against the game.
pub fn check_size(options: &GameOptions, size: usize) -> Result<usize, (usize, usize)> {
    let (min, max) = match options {
        GameOptions::Climb(_) => (2, crate::climb::game::MAX_PLAYERS),
        GameOptions::Daifugo(o) if o.skip => (3, 3),
        GameOptions::Daifugo(_) => (2, crate::daifugo::options::MAX_PLAYERS),
    };
    if (min..=max).contains(&size) {
        Ok(size)
    } else {
        Err((min, max))
    }
}
