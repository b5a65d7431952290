//! The end of a game: each seat's place (§5 ranking) written as results, and the Weng-Lin
//! ratings (a multiplayer Bayesian model, from the `skillratings` crate) updated per server
//! and game kind, inside the transaction that finished the game.
//!
//! Rated: Discord users, and AI seats by level under the ids of [`ai_rating_id`], so
//! beating the hard AI counts. Not rated: solitaire (one player; its score is the number of
//! turns), practice games (a scaffold of §10 or the `hints` table option: another game, or
//! help a rival did not have; they count in a player's record all the same) and terminal
//! games (no server, players known only by name).

use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;

use super::SessionError;
use crate::climb::{self, ai::Level, Course};
use crate::daifugo;
use crate::store::{GameKind, GameRow, RatingRow, ResultRow, StoreTx};

/// Fewer rated players than this: no rating change (nothing to compare).
pub const RATED_MIN_PLAYERS: usize = 2;

/// The rating id of an AI level: -1 easy, -2 medium, -3 hard (Discord ids are positive).
pub fn ai_rating_id(level: Level) -> i64 {
    match level {
        Level::Easy => -1,
        Level::Medium => -2,
        Level::Hard => -3,
    }
}

/// The conservative skill shown on leaderboards: μ − 3σ (a new player starts at 0).
pub fn conservative(mu: f64, sigma: f64) -> f64 {
    mu - 3.0 * sigma
}

/// How a finished game ended, whichever game it was.
pub(super) struct Finish {
    /// Seats with their places (1-based; equal players share a place).
    pub ranking: Vec<(usize, u32)>,
    pub winner: Option<usize>,
    /// Turns the game lasted (the solitaire score).
    pub turns: i64,
    /// `standard` (rated), `practice` (not rated), or the solitaire variant whose best
    /// scores are kept apart.
    pub mode: &'static str,
}

impl Finish {
    /// A finished Prime Climb game (§5 ranking).
    pub fn climb(game: &climb::Game) -> Finish {
        Finish {
            ranking: game.ranking(),
            winner: game.winner,
            turns: i64::from(game.turn.number),
            mode: match (game.options.solitaire, game.options.course) {
                (true, Course::ThereAndBack) => "solitaire2",
                (true, _) => "solitaire1",
                (false, _) if game.options.is_scaffold() || game.options.hints => "practice",
                (false, _) => "standard",
            },
        }
    }

    /// A finished Prime Daifugo match: the match winner first, then games won, then
    /// fewer cards in hand (a ruling: the rules rank only the winner, §5).
    pub fn daifugo(game: &daifugo::Game) -> Finish {
        let key = |seat: usize| {
            let p = &game.players[seat];
            (
                game.match_winner == Some(seat),
                p.wins,
                std::cmp::Reverse(p.hand.len()),
            )
        };
        let mut seats: Vec<usize> = (0..game.players.len()).collect();
        seats.sort_by_key(|&s| std::cmp::Reverse(key(s)));
        let mut ranking: Vec<(usize, u32)> = Vec::with_capacity(seats.len());
        for (i, &s) in seats.iter().enumerate() {
            let place = match ranking.last() {
                Some(&(prev, place)) if key(prev) == key(s) => place,
                _ => i as u32 + 1,
            };
            ranking.push((s, place));
        }
        Finish {
            ranking,
            winner: game.match_winner,
            turns: i64::from(game.turn.number),
            mode: "standard",
        }
    }
}

/// The places of a finished (or running) Prime Daifugo match, seat by seat.
pub fn daifugo_ranking(game: &daifugo::Game) -> Vec<(usize, u32)> {
    Finish::daifugo(game).ranking
}

/// Record the results of a finished game and update the ratings.
pub(super) async fn finish<T: StoreTx>(
    tx: &mut T,
    row: &GameRow,
    end: &Finish,
    now: i64,
) -> Result<Vec<ResultRow>, SessionError> {
    let mode = end.mode;
    let turns = end.turns;
    let mut results: Vec<ResultRow> = end
        .ranking
        .iter()
        .copied()
        .filter_map(|(seat, place)| {
            let s = row.seats.get(seat)?;
            Some(ResultRow {
                game_id: row.id,
                seat: seat as i64,
                guild_id: row.place.guild_id,
                kind: row.kind,
                mode: mode.to_string(),
                user_id: s.user_id,
                ai_level: s.ai_level.clone(),
                name: s.name.clone(),
                place: i64::from(place),
                won: end.winner == Some(seat),
                turns,
                finished_at: now,
            })
        })
        .collect();
    results.sort_by_key(|r| r.seat);
    for r in &results {
        tx.insert_result(r).await?;
    }
    if mode == "standard" && row.place.guild_id != 0 {
        rate(tx, row.place.guild_id, row.kind, &results, now).await?;
    }
    Ok(results)
}

/// The id a result is rated under, if it is rated.
fn rated_id(r: &ResultRow) -> Option<i64> {
    match (&r.user_id, &r.ai_level) {
        (Some(id), _) => Some(*id),
        (None, Some(level)) => level.parse::<Level>().ok().map(ai_rating_id),
        (None, None) => None,
    }
}

async fn rate<T: StoreTx>(
    tx: &mut T,
    guild_id: i64,
    kind: GameKind,
    results: &[ResultRow],
    now: i64,
) -> Result<(), SessionError> {
    let players = rated_players(results);
    // Read (and on PostgreSQL lock) the ratings in one order, whatever the seats: two
    // games finishing at once with the same players (the AI levels above all) then
    // queue, rather than each holding a row the other waits for. A player not rated yet
    // gets their fresh rating stored first, in the same order, so there is a row to lock:
    // two games rating a new player at once queue too, rather than each starting from
    // the fresh rating and the second overwriting the first.
    let mut ids: Vec<(i64, &ResultRow)> = players.clone();
    ids.sort_unstable_by_key(|(id, _)| *id);
    let mut current = std::collections::HashMap::new();
    for (id, r) in ids {
        tx.add_rating_if_missing(&fresh_rating(guild_id, kind, id, &r.name, now))
            .await?;
        current.insert(id, tx.rating(guild_id, kind, id).await?);
    }
    let mut rated: Vec<(&ResultRow, RatingRow)> = Vec::new();
    for (id, r) in players {
        let row = current
            .get(&id)
            .cloned()
            .flatten()
            .unwrap_or_else(|| fresh_rating(guild_id, kind, id, &r.name, now));
        rated.push((r, row));
    }
    for row in updated_ratings(&rated, now) {
        tx.put_rating(&row).await?;
    }
    Ok(())
}

/// The players of a finished game who are rated, best place first, each id once (two
/// seats of one AI level: the level is rated once, by its better place).
pub(super) fn rated_players(results: &[ResultRow]) -> Vec<(i64, &ResultRow)> {
    let mut by_place: Vec<&ResultRow> = results.iter().collect();
    by_place.sort_by_key(|r| (r.place, r.seat));
    let mut out: Vec<(i64, &ResultRow)> = Vec::new();
    for r in by_place {
        let Some(id) = rated_id(r) else { continue };
        if out.iter().any(|(other, _)| *other == id) {
            continue;
        }
        out.push((id, r));
    }
    out
}

/// A player's rating before their first rated game.
pub(super) fn fresh_rating(
    guild_id: i64,
    kind: GameKind,
    id: i64,
    name: &str,
    now: i64,
) -> RatingRow {
    let fresh = WengLinRating::new();
    RatingRow {
        guild_id,
        kind,
        user_id: id,
        name: name.to_string(),
        mu: fresh.rating,
        sigma: fresh.uncertainty,
        games: 0,
        wins: 0,
        updated_at: now,
    }
}

/// The Weng-Lin update for one game: each rated player's result and rating before it,
/// best place first; their ratings after. Nothing when fewer than `RATED_MIN_PLAYERS`.
pub(super) fn updated_ratings(rated: &[(&ResultRow, RatingRow)], now: i64) -> Vec<RatingRow> {
    if rated.len() < RATED_MIN_PLAYERS {
        return Vec::new();
    }
    let teams: Vec<[WengLinRating; 1]> = rated
        .iter()
        .map(|(_, cur)| {
            [WengLinRating {
                rating: cur.mu,
                uncertainty: cur.sigma,
            }]
        })
        .collect();
    let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(rated)
        .map(|(team, (r, _))| {
            (
                &team[..],
                MultiTeamOutcome::new(usize::try_from(r.place).unwrap_or(usize::MAX)),
            )
        })
        .collect();
    let updated = weng_lin_multi_team(&input, &WengLinConfig::new());
    rated
        .iter()
        .zip(updated)
        .filter_map(|((r, cur), new)| {
            let new = new.first()?;
            Some(RatingRow {
                name: r.name.clone(),
                mu: new.rating,
                sigma: new.uncertainty,
                games: cur.games + 1,
                wins: cur.wins + i64::from(r.won),
                updated_at: now,
                ..cur.clone()
            })
        })
        .collect()
}
