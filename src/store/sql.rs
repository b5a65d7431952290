//! The SQL both stores run: one body of queries, expanded once for SQLite and once for
//! PostgreSQL by [`sql_store!`]. The queries are written in the SQL the two share
//! (`$1` placeholders, BIGINT ids, `ON CONFLICT`, `RETURNING`); each backend brings its
//! connection, how a write transaction begins, the text that locks a row read before it
//! is written (`FOR UPDATE` on PostgreSQL, nothing on SQLite, whose write transactions
//! hold the whole database), and its code for a unique-constraint violation.
//!
//! The sqlx macros check every query at compile time against its backend. Their offline
//! data (`.sqlx/`) is keyed by the query's text, so each backend's queries start with its
//! own tag (empty for SQLite, a comment for PostgreSQL) and the two never share a file.

use super::{
    AssignmentRow, GameKind, GameRow, Place, RatingRow, ResultRow, SeatRow, Status, StoreError,
};

/// `RawGame` (a games row as read) and `RawGameSeat` (the same row joined with one of
/// its seats), from one list of the row's fields.
macro_rules! raw_games {
    ($($field:ident: $ty:ty,)*) => {
        /// A games row as read, before its seats are attached and its words parsed.
        pub(super) struct RawGame {
            $(pub(super) $field: $ty,)*
        }

        /// A games row joined with one of its seats (none: a game without seats), as the
        /// reads of one game return it: the game and its seats in one query.
        pub(super) struct RawGameSeat {
            $(pub(super) $field: $ty,)*
            pub(super) seat_no: Option<i64>,
            pub(super) seat_user: Option<i64>,
            pub(super) seat_name: Option<String>,
            pub(super) seat_ai: Option<String>,
        }

        impl RawGameSeat {
            /// The games row, and the seat if the row has one.
            fn into_parts(self) -> (RawGame, Option<SeatRow>) {
                let seat = match (self.seat_no, self.seat_name) {
                    (Some(seat), Some(name)) => Some(SeatRow {
                        seat,
                        user_id: self.seat_user,
                        name,
                        ai_level: self.seat_ai,
                    }),
                    _ => None,
                };
                (RawGame { $($field: self.$field,)* }, seat)
            }
        }
    };
}

raw_games! {
    id: i64,
    kind: String,
    guild_id: i64,
    channel_id: i64,
    status: String,
    creator_id: Option<i64>,
    options: String,
    seed: i64,
    state: Option<String>,
    version: i64,
    turn_timeout_secs: Option<i64>,
    created_at: i64,
    updated_at: i64,
    turn_started_at: Option<i64>,
    reminded: bool,
    message_id: Option<i64>,
    locale: Option<String>,
    look: Option<String>,
    parent_channel_id: Option<i64>,
    assignment_id: Option<i64>,
    to_move_user: Option<i64>,
    reminded_at: Option<i64>,
    post_channel: Option<i64>,
    post_message: Option<i64>,
    rematch_id: Option<i64>,
}

impl RawGame {
    pub(super) fn into_row(self, seats: Vec<SeatRow>) -> Result<GameRow, StoreError> {
        Ok(GameRow {
            id: self.id,
            kind: GameKind::parse(&self.kind)?,
            place: Place {
                guild_id: self.guild_id,
                channel_id: self.channel_id,
            },
            status: Status::parse(&self.status)?,
            creator_id: self.creator_id,
            options: self.options,
            seed: self.seed,
            state: self.state,
            version: self.version,
            turn_timeout_secs: self.turn_timeout_secs,
            created_at: self.created_at,
            updated_at: self.updated_at,
            turn_started_at: self.turn_started_at,
            reminded: self.reminded,
            message_id: self.message_id,
            locale: self.locale,
            look: self.look,
            parent_channel_id: self.parent_channel_id,
            assignment_id: self.assignment_id,
            to_move_user: self.to_move_user,
            reminded_at: self.reminded_at,
            post: self.post_channel.zip(self.post_message),
            rematch_id: self.rematch_id,
            seats,
        })
    }
}

impl RawGameSeat {
    /// The first game of `rows` (ordered by game, then seat) with its seats.
    pub(super) fn first_game(rows: Vec<RawGameSeat>) -> Result<Option<GameRow>, StoreError> {
        let mut game: Option<RawGame> = None;
        let mut seats = Vec::new();
        for row in rows {
            if game.as_ref().is_some_and(|g| g.id != row.id) {
                break;
            }
            let (raw, seat) = row.into_parts();
            seats.extend(seat);
            game.get_or_insert(raw);
        }
        game.map(|g| g.into_row(seats)).transpose()
    }
}

pub(super) struct RawAssignment {
    pub(super) id: i64,
    pub(super) guild_id: i64,
    pub(super) channel_id: i64,
    pub(super) teacher_id: i64,
    pub(super) kind: String,
    pub(super) created_at: i64,
    pub(super) due_at: Option<i64>,
}

impl RawAssignment {
    pub(super) fn into_row(self) -> Result<AssignmentRow, StoreError> {
        Ok(AssignmentRow {
            id: self.id,
            guild_id: self.guild_id,
            channel_id: self.channel_id,
            teacher_id: self.teacher_id,
            kind: GameKind::parse(&self.kind)?,
            created_at: self.created_at,
            due_at: self.due_at,
        })
    }
}

pub(super) struct RawRating {
    pub(super) guild_id: i64,
    pub(super) kind: String,
    pub(super) user_id: i64,
    pub(super) name: String,
    pub(super) mu: f64,
    pub(super) sigma: f64,
    pub(super) games: i64,
    pub(super) wins: i64,
    pub(super) updated_at: i64,
}

impl RawRating {
    pub(super) fn into_row(self) -> Result<RatingRow, StoreError> {
        Ok(RatingRow {
            guild_id: self.guild_id,
            kind: GameKind::parse(&self.kind)?,
            user_id: self.user_id,
            name: self.name,
            mu: self.mu,
            sigma: self.sigma,
            games: self.games,
            wins: self.wins,
            updated_at: self.updated_at,
        })
    }
}

pub(super) struct RawResult {
    pub(super) game_id: i64,
    pub(super) seat: i64,
    pub(super) guild_id: i64,
    pub(super) kind: String,
    pub(super) mode: String,
    pub(super) user_id: Option<i64>,
    pub(super) ai_level: Option<String>,
    pub(super) name: String,
    pub(super) place: i64,
    pub(super) won: bool,
    pub(super) turns: i64,
    pub(super) finished_at: i64,
}

impl RawResult {
    pub(super) fn into_row(self) -> Result<ResultRow, StoreError> {
        Ok(ResultRow {
            game_id: self.game_id,
            seat: self.seat,
            guild_id: self.guild_id,
            kind: GameKind::parse(&self.kind)?,
            mode: self.mode,
            user_id: self.user_id,
            ai_level: self.ai_level,
            name: self.name,
            place: self.place,
            won: self.won,
            turns: self.turns,
            finished_at: self.finished_at,
        })
    }
}

/// What `Store::swap_post` hands back when `post` does not replace the message noted
/// (`noted`, its id): `post` itself when a newer one is noted, nothing when it is that
/// one (or none is noted: no such game).
pub(super) fn not_replaced(noted: Option<i64>, post: (i64, i64)) -> Option<(i64, i64)> {
    noted.filter(|&m| m > post.1).map(|_| post)
}

/// `impl Store` and `impl StoreTx` for a backend: `sql_store!(Store, Tx, tag, lock,
/// unique, swap)`. `Store` has a `pool` and an inherent `begin_tx`; `Tx` has a `tx`.
/// `swap` is how a game's turn message is noted (`Store::swap_post`): `locked_update`,
/// one statement that reads the old message under a row lock and returns it (PostgreSQL),
/// or `compare_and_set`, a read then a conditional write (SQLite, whose `RETURNING` sees
/// only the new row). `commit` is how a move is written (`Store::commit_move`):
/// `one_statement`, the claim and the log entry in one statement (PostgreSQL, where each
/// statement of a transaction is a trip to the server), or `transaction`, the two
/// statements of `StoreTx` in a transaction (SQLite, where a statement is a call).
macro_rules! sql_store {
    (
        $store:ident, $tx:ident, $tag:literal, $lock:literal, $unique:literal, $swap:ident,
        $commit:ident
    ) => {
        // The column lists several queries read, written once (sqlx joins literals).
        sql_store!(
            @queries $store, $tx, $tag, $lock, $unique, $swap, $commit,
            // A games row (`RawGame`).
            r#"SELECT id AS "id!", kind, guild_id, channel_id, status, creator_id, options,
                      seed, state, version, turn_timeout_secs, created_at, updated_at,
                      turn_started_at, reminded, message_id, locale, look, parent_channel_id,
                      assignment_id, to_move_user, reminded_at, post_channel, post_message,
                      rematch_id "#,
            // A games row `g` with one of its seats `s` (`RawGameSeat`), from
            // `games g LEFT JOIN seats s`.
            r#"SELECT g.id AS "id!", g.kind AS "kind!", g.guild_id AS "guild_id!",
                      g.channel_id AS "channel_id!", g.status AS "status!",
                      g.creator_id AS "creator_id?", g.options AS "options!", g.seed AS "seed!",
                      g.state AS "state?", g.version AS "version!",
                      g.turn_timeout_secs AS "turn_timeout_secs?", g.created_at AS "created_at!",
                      g.updated_at AS "updated_at!", g.turn_started_at AS "turn_started_at?",
                      g.reminded AS "reminded!", g.message_id AS "message_id?",
                      g.locale AS "locale?", g.look AS "look?",
                      g.parent_channel_id AS "parent_channel_id?",
                      g.assignment_id AS "assignment_id?", g.to_move_user AS "to_move_user?",
                      g.reminded_at AS "reminded_at?", g.post_channel AS "post_channel?",
                      g.post_message AS "post_message?", g.rematch_id AS "rematch_id?",
                      s.seat AS "seat_no?", s.user_id AS "seat_user?", s.name AS "seat_name?",
                      s.ai_level AS "seat_ai?" "#,
            // A server's settings (`GuildSettings`).
            r#"SELECT guild_id AS "guild_id!", turn_timeout_secs, on_timeout, default_variant,
                      teacher_role_id, look, threads, season, remind_every_secs, time_zone,
                      weekends_off, holidays, away_days, lobby_hours, idle_days,
                      puzzle_channel, puzzle_hour, puzzle_lang "#,
            // A person's settings (`UserSettings`).
            r#"SELECT user_id AS "user_id!", look, notify, time_zone, quiet_from, quiet_to,
                      digest_hour, digest_sent, dm_closed, lang "#,
            // A result (`RawResult`).
            r#"SELECT game_id, seat, guild_id, kind, mode, user_id, ai_level, name, place, won,
                      turns, finished_at "#,
            // A rating (`RawRating`).
            r#"SELECT guild_id, kind, user_id, name, mu, sigma, games, wins, updated_at "#,
            // A change's claim of game $1's next version, expected $10, with its new state
            // and outbox (`StoreTx::claim_update`, `Store::commit_move`). As `update_game`,
            // the right-hand sides read the row as it was.
            r#"UPDATE games SET version = version + 1, updated_at = $9,
                                status = $2, options = $3, state = $4,
                                reminded = CASE WHEN COALESCE(turn_started_at, -1) = COALESCE(CAST($5 AS BIGINT), -1)
                                                THEN reminded OR $6 ELSE $6 END,
                                reminded_at = CASE WHEN COALESCE(turn_started_at, -1) = COALESCE(CAST($5 AS BIGINT), -1) OR $6
                                                   THEN reminded_at ELSE NULL END,
                                turn_started_at = $5, ai_to_move = $7, to_move_user = $8,
                                post_pending = $11, post_try_at = $12
               WHERE id = $1 AND version = $10"#
        );
    };
    (
        @queries $store:ident, $tx:ident, $tag:literal, $lock:literal, $unique:literal,
        $swap:ident, $commit:ident, $games:literal, $game_seats:literal, $settings:literal,
        $people:literal, $results:literal, $ratings:literal, $claim:literal
    ) => {
        impl $store {
            // A game's seats are read on the connection its row was read on: one trip to
            // the pool (and its liveness checks) for both.
            async fn seats(
                conn: &mut <Db as sqlx::Database>::Connection,
                game_id: i64,
            ) -> Result<Vec<SeatRow>, StoreError> {
                let rows = sqlx::query_as!(
                    SeatRow,
                    $tag + r#"SELECT seat AS "seat!", user_id, name AS "name!", ai_level
                       FROM seats WHERE game_id = $1 ORDER BY seat"#,
                    game_id
                )
                .fetch_all(&mut *conn)
                .await?;
                Ok(rows)
            }

            async fn all_with_seats(
                conn: &mut <Db as sqlx::Database>::Connection,
                rows: Vec<RawGame>,
            ) -> Result<Vec<GameRow>, StoreError> {
                let mut out = Vec::with_capacity(rows.len());
                for raw in rows {
                    let seats = Self::seats(conn, raw.id).await?;
                    out.push(raw.into_row(seats)?);
                }
                Ok(out)
            }

        }

        impl Store for $store {
            type Tx = $tx;

            async fn begin(&self) -> Result<$tx, StoreError> {
                self.begin_tx().await
            }

            // The reads of one game bring its seats in the same query (one trip to the
            // database, and one consistent reading of both).
            async fn open_game(&self, place: Place) -> Result<Option<GameRow>, StoreError> {
                let rows = sqlx::query_as!(
                    RawGameSeat,
                    $tag + $game_seats + r#"FROM games g LEFT JOIN seats s ON s.game_id = g.id
                       WHERE g.guild_id = $1 AND g.channel_id = $2
                         AND g.status IN ('lobby', 'active')
                       ORDER BY g.id, s.seat"#,
                    place.guild_id,
                    place.channel_id
                )
                .fetch_all(&self.pool)
                .await?;
                RawGameSeat::first_game(rows)
            }

            async fn game(&self, id: i64) -> Result<Option<GameRow>, StoreError> {
                let rows = sqlx::query_as!(
                    RawGameSeat,
                    $tag + $game_seats + r#"FROM games g LEFT JOIN seats s ON s.game_id = g.id
                       WHERE g.id = $1 ORDER BY s.seat"#,
                    id
                )
                .fetch_all(&self.pool)
                .await?;
                RawGameSeat::first_game(rows)
            }

            async fn latest_game(&self, place: Place) -> Result<Option<GameRow>, StoreError> {
                let rows = sqlx::query_as!(
                    RawGameSeat,
                    $tag + $game_seats + r#"FROM games g LEFT JOIN seats s ON s.game_id = g.id
                       WHERE g.id = (SELECT MAX(id) FROM games WHERE guild_id = $1 AND channel_id = $2)
                       ORDER BY s.seat"#,
                    place.guild_id,
                    place.channel_id
                )
                .fetch_all(&self.pool)
                .await?;
                RawGameSeat::first_game(rows)
            }

            async fn log(&self, game_id: i64) -> Result<Vec<LogRow>, StoreError> {
                let rows = sqlx::query_as!(
                    LogRow,
                    $tag + r#"SELECT version, turn, seat, user_id, actions, events, at
                       FROM game_log WHERE game_id = $1 ORDER BY version"#,
                    game_id
                )
                .fetch_all(&self.pool)
                .await?;
                Ok(rows)
            }

            async fn log_since_turn(&self, game_id: i64, turn: i64) -> Result<Vec<LogRow>, StoreError> {
                let rows = sqlx::query_as!(
                    LogRow,
                    $tag + r#"SELECT version, turn, seat, user_id, actions, events, at
                       FROM game_log WHERE game_id = $1 AND turn >= $2 ORDER BY version"#,
                    game_id,
                    turn
                )
                .fetch_all(&self.pool)
                .await?;
                Ok(rows)
            }

            async fn pending_posts(&self, now: i64) -> Result<Vec<PendingPost>, StoreError> {
                let rows = sqlx::query!(
                    $tag + r#"SELECT id AS "id!", guild_id, channel_id, post_pending AS "post_pending!"
                       FROM games
                       WHERE post_pending IS NOT NULL AND post_try_at <= $1 AND guild_id <> 0
                       ORDER BY post_try_at, id"#,
                    now
                )
                .fetch_all(&self.pool)
                .await?;
                rows.into_iter()
                    .map(|r| {
                        Ok(PendingPost {
                            game_id: r.id,
                            place: Place {
                                guild_id: r.guild_id,
                                channel_id: r.channel_id,
                            },
                            version: r.post_pending,
                        })
                    })
                    .collect()
            }

            async fn open_games(&self) -> Result<Vec<OpenGame>, StoreError> {
                let rows = sqlx::query!(
                    $tag + r#"SELECT id AS "id!", kind, guild_id, channel_id, status, version,
                              turn_timeout_secs, turn_started_at, reminded, updated_at, ai_to_move,
                              to_move_user, reminded_at, created_at, notified_turn
                       FROM games WHERE status IN ('lobby', 'active') ORDER BY id"#
                )
                .fetch_all(&self.pool)
                .await?;
                rows.into_iter()
                    .map(|r| {
                        Ok(OpenGame {
                            id: r.id,
                            kind: GameKind::parse(&r.kind)?,
                            place: Place {
                                guild_id: r.guild_id,
                                channel_id: r.channel_id,
                            },
                            status: Status::parse(&r.status)?,
                            version: r.version,
                            turn_timeout_secs: r.turn_timeout_secs,
                            turn_started_at: r.turn_started_at,
                            reminded: r.reminded,
                            updated_at: r.updated_at,
                            ai_to_move: r.ai_to_move,
                            to_move_user: r.to_move_user,
                            reminded_at: r.reminded_at,
                            created_at: r.created_at,
                            notified_turn: r.notified_turn,
                        })
                    })
                    .collect()
            }

            async fn results(&self, game_id: i64) -> Result<Vec<ResultRow>, StoreError> {
                let rows = sqlx::query_as!(
                    RawResult,
                    $tag + $results + r#"FROM results WHERE game_id = $1 ORDER BY seat"#,
                    game_id
                )
                .fetch_all(&self.pool)
                .await?;
                rows.into_iter().map(RawResult::into_row).collect()
            }

            async fn leaderboard(
                &self,
                guild_id: i64,
                kind: GameKind,
                limit: i64,
            ) -> Result<Vec<RatingRow>, StoreError> {
                let kind = kind.as_str();
                let rows = sqlx::query_as!(
                    RawRating,
                    $tag + $ratings + r#"FROM ratings WHERE guild_id = $1 AND kind = $2
                       ORDER BY mu - 3.0 * sigma DESC, wins DESC, user_id
                       LIMIT $3"#,
                    guild_id,
                    kind,
                    limit
                )
                .fetch_all(&self.pool)
                .await?;
                rows.into_iter().map(RawRating::into_row).collect()
            }

            async fn best_scores(
                &self,
                guild_id: i64,
                kind: GameKind,
                mode: &str,
                limit: i64,
            ) -> Result<Vec<BestScore>, StoreError> {
                let kind = kind.as_str();
                // Each player's fewest turns; a player is a Discord user, or a name for local games.
                let rows = sqlx::query!(
                    $tag + r#"SELECT r.user_id, r.name AS "name!", r.mode AS "mode!", r.turns AS "turns!",
                              r.game_id AS "game_id!"
                       FROM results r
                       WHERE r.guild_id = $1 AND r.kind = $2 AND r.mode = $3 AND r.won
                         AND r.ai_level IS NULL
                         AND NOT EXISTS (
                             SELECT 1 FROM results b
                             WHERE b.guild_id = r.guild_id AND b.kind = r.kind AND b.mode = r.mode
                               AND b.won AND b.ai_level IS NULL
                               AND ((r.user_id IS NOT NULL AND b.user_id = r.user_id)
                                    OR (r.user_id IS NULL AND b.user_id IS NULL AND b.name = r.name))
                               AND (b.turns < r.turns OR (b.turns = r.turns AND b.game_id < r.game_id)))
                       ORDER BY r.turns, r.game_id
                       LIMIT $4"#,
                    guild_id,
                    kind,
                    mode,
                    limit
                )
                .fetch_all(&self.pool)
                .await?;
                Ok(rows
                    .into_iter()
                    .map(|r| BestScore {
                        user_id: r.user_id,
                        name: r.name,
                        mode: r.mode,
                        turns: r.turns,
                        game_id: r.game_id,
                    })
                    .collect())
            }

            async fn rating(
                &self,
                guild_id: i64,
                kind: GameKind,
                user_id: i64,
            ) -> Result<Option<RatingRow>, StoreError> {
                let kind = kind.as_str();
                let row = sqlx::query_as!(
                    RawRating,
                    $tag + $ratings + r#"FROM ratings WHERE guild_id = $1 AND kind = $2 AND user_id = $3"#,
                    guild_id,
                    kind,
                    user_id
                )
                .fetch_optional(&self.pool)
                .await?;
                row.map(RawRating::into_row).transpose()
            }

            async fn record(
                &self,
                guild_id: i64,
                kind: GameKind,
                user_id: i64,
            ) -> Result<PlayerRecord, StoreError> {
                let kind = kind.as_str();
                let row = sqlx::query!(
                    $tag + r#"SELECT COUNT(*) AS "games!: i64",
                              COALESCE(SUM(CASE WHEN won THEN 1 ELSE 0 END), 0) AS "wins!: i64"
                       FROM results WHERE guild_id = $1 AND kind = $2 AND user_id = $3"#,
                    guild_id,
                    kind,
                    user_id
                )
                .fetch_one(&self.pool)
                .await?;
                Ok(PlayerRecord {
                    games: row.games,
                    wins: row.wins,
                })
            }

            async fn best_score(
                &self,
                guild_id: i64,
                kind: GameKind,
                user_id: i64,
                mode: &str,
            ) -> Result<Option<i64>, StoreError> {
                let kind = kind.as_str();
                let row = sqlx::query!(
                    $tag + r#"SELECT MIN(turns) AS "turns: i64" FROM results
                       WHERE guild_id = $1 AND kind = $2 AND user_id = $3 AND mode = $4 AND won"#,
                    guild_id,
                    kind,
                    user_id,
                    mode
                )
                .fetch_one(&self.pool)
                .await?;
                Ok(row.turns)
            }

            async fn settings(&self, guild_id: i64) -> Result<GuildSettings, StoreError> {
                let row = sqlx::query_as!(
                    GuildSettings,
                    $tag + $settings + r#"FROM guild_settings WHERE guild_id = $1"#,
                    guild_id
                )
                .fetch_optional(&self.pool)
                .await?;
                Ok(row.unwrap_or_else(|| GuildSettings::defaults(guild_id)))
            }

            async fn user_look(&self, user_id: i64) -> Result<Option<String>, StoreError> {
                let row = sqlx::query_scalar!(
                    $tag + r#"SELECT look FROM user_settings WHERE user_id = $1"#,
                    user_id
                )
                .fetch_optional(&self.pool)
                .await?;
                Ok(row.flatten())
            }

            async fn link_generation(&self, guild_id: i64) -> Result<i64, StoreError> {
                let row = sqlx::query_scalar!(
                    $tag + r#"SELECT generation FROM web_links WHERE guild_id = $1"#,
                    guild_id
                )
                .fetch_optional(&self.pool)
                .await?;
                Ok(row.unwrap_or(0))
            }

            async fn user_settings(&self, user_id: i64) -> Result<UserSettings, StoreError> {
                let row = sqlx::query_as!(
                    UserSettings,
                    $tag + $people + r#"FROM user_settings WHERE user_id = $1"#,
                    user_id
                )
                .fetch_optional(&self.pool)
                .await?;
                Ok(row.unwrap_or_else(|| UserSettings::defaults(user_id)))
            }

            async fn digest_users(&self) -> Result<Vec<UserSettings>, StoreError> {
                let rows = sqlx::query_as!(
                    UserSettings,
                    $tag + $people + r#"FROM user_settings WHERE digest_hour IS NOT NULL ORDER BY user_id"#
                )
                .fetch_all(&self.pool)
                .await?;
                Ok(rows)
            }

            async fn waiting_on(&self, user_id: i64) -> Result<Vec<GameRow>, StoreError> {
                let mut conn = self.pool.acquire().await?;
                let rows = sqlx::query_as!(
                    RawGame,
                    $tag + $games + r#"FROM games WHERE to_move_user = $1 AND status = 'active'
                       ORDER BY turn_started_at"#,
                    user_id
                )
                .fetch_all(&mut *conn)
                .await?;
                Self::all_with_seats(&mut conn, rows).await
            }

            async fn aways(&self, guild_id: i64, after: i64) -> Result<Vec<AwayRow>, StoreError> {
                let rows = sqlx::query_as!(
                    AwayRow,
                    $tag + r#"SELECT guild_id, user_id, from_at, until_at FROM aways
                       WHERE guild_id = $1 AND until_at > $2 ORDER BY from_at"#,
                    guild_id,
                    after
                )
                .fetch_all(&self.pool)
                .await?;
                Ok(rows)
            }

            async fn games_of_user(&self, guild_id: i64, user_id: i64) -> Result<Vec<GameRow>, StoreError> {
                let mut conn = self.pool.acquire().await?;
                let rows = sqlx::query_as!(
                    RawGame,
                    $tag + $games + r#"FROM games
                       WHERE guild_id = $1 AND status IN ('lobby', 'active')
                             AND id IN (SELECT game_id FROM seats WHERE user_id = $2)
                       ORDER BY id"#,
                    guild_id,
                    user_id
                )
                .fetch_all(&mut *conn)
                .await?;
                Self::all_with_seats(&mut conn, rows).await
            }

            async fn puzzle_answers(
                &self,
                guild_id: i64,
                kind: &str,
            ) -> Result<Vec<PuzzleAnswerRow>, StoreError> {
                let rows = sqlx::query_as!(
                    PuzzleAnswerRow,
                    $tag + r#"SELECT guild_id, user_id, kind, day, correct, answered_at FROM puzzle_answers
                       WHERE guild_id = $1 AND kind = $2 ORDER BY day, answered_at"#,
                    guild_id,
                    kind
                )
                .fetch_all(&self.pool)
                .await?;
                Ok(rows)
            }

            async fn puzzle_servers(&self) -> Result<Vec<GuildSettings>, StoreError> {
                let rows = sqlx::query_as!(
                    GuildSettings,
                    $tag + $settings + r#"FROM guild_settings WHERE puzzle_channel IS NOT NULL ORDER BY guild_id"#
                )
                .fetch_all(&self.pool)
                .await?;
                Ok(rows)
            }

            async fn lesson_step(&self, user_id: i64) -> Result<i64, StoreError> {
                let step = sqlx::query_scalar!($tag + r#"SELECT step FROM lessons WHERE user_id = $1"#, user_id)
                    .fetch_optional(&self.pool)
                    .await?;
                Ok(step.unwrap_or(0))
            }

            async fn rematch_votes(&self, game_id: i64) -> Result<Vec<i64>, StoreError> {
                let rows = sqlx::query_scalar!(
                    $tag + r#"SELECT user_id FROM rematch_votes WHERE game_id = $1 ORDER BY user_id"#,
                    game_id
                )
                .fetch_all(&self.pool)
                .await?;
                Ok(rows)
            }

            async fn open_games_of(&self, guild_id: i64) -> Result<Vec<GameRow>, StoreError> {
                let mut conn = self.pool.acquire().await?;
                let rows = sqlx::query_as!(
                    RawGame,
                    $tag + $games + r#"FROM games WHERE guild_id = $1 AND status IN ('lobby', 'active')
                       ORDER BY id"#,
                    guild_id
                )
                .fetch_all(&mut *conn)
                .await?;
                Self::all_with_seats(&mut conn, rows).await
            }

            async fn games_between(
                &self,
                guild_id: i64,
                kind: GameKind,
                from: i64,
                to: i64,
            ) -> Result<Vec<GameRow>, StoreError> {
                let kind = kind.as_str();
                let mut conn = self.pool.acquire().await?;
                let rows = sqlx::query_as!(
                    RawGame,
                    $tag + $games + r#"FROM games
                       WHERE guild_id = $1 AND kind = $2 AND status <> 'lobby'
                             AND created_at >= $3 AND created_at < $4
                       ORDER BY id"#,
                    guild_id,
                    kind,
                    from,
                    to
                )
                .fetch_all(&mut *conn)
                .await?;
                Self::all_with_seats(&mut conn, rows).await
            }

            async fn results_between(
                &self,
                guild_id: i64,
                kind: GameKind,
                from: i64,
                to: i64,
            ) -> Result<Vec<ResultRow>, StoreError> {
                let kind = kind.as_str();
                let rows = sqlx::query_as!(
                    RawResult,
                    $tag + $results + r#"FROM results
                       WHERE guild_id = $1 AND kind = $2 AND finished_at >= $3 AND finished_at < $4
                       ORDER BY finished_at, game_id, seat"#,
                    guild_id,
                    kind,
                    from,
                    to
                )
                .fetch_all(&self.pool)
                .await?;
                rows.into_iter().map(RawResult::into_row).collect()
            }

            async fn activity(
                &self,
                guild_id: i64,
                from: i64,
                to: i64,
            ) -> Result<Vec<ActivityRow>, StoreError> {
                let rows = sqlx::query_as!(
                    ActivityRow,
                    $tag + r#"SELECT guild_id, user_id, game_id, kind, detail, at
                       FROM activity WHERE guild_id = $1 AND at >= $2 AND at < $3 ORDER BY at"#,
                    guild_id,
                    from,
                    to
                )
                .fetch_all(&self.pool)
                .await?;
                Ok(rows)
            }

            async fn assignment(&self, id: i64) -> Result<Option<AssignmentRow>, StoreError> {
                let row = sqlx::query_as!(
                    RawAssignment,
                    $tag + r#"SELECT id AS "id!", guild_id, channel_id, teacher_id, kind, created_at, due_at
                       FROM assignments WHERE id = $1"#,
                    id
                )
                .fetch_optional(&self.pool)
                .await?;
                row.map(RawAssignment::into_row).transpose()
            }

            async fn due_assignments(&self, now: i64) -> Result<Vec<AssignmentRow>, StoreError> {
                let rows = sqlx::query_as!(
                    RawAssignment,
                    $tag + r#"SELECT id AS "id!", guild_id, channel_id, teacher_id, kind, created_at, due_at
                       FROM assignments
                       WHERE due_told = FALSE AND due_at IS NOT NULL AND due_at <= $1
                       ORDER BY due_at"#,
                    now
                )
                .fetch_all(&self.pool)
                .await?;
                rows.into_iter().map(RawAssignment::into_row).collect()
            }

            async fn unannounced_ends(&self) -> Result<Vec<i64>, StoreError> {
                let ids = sqlx::query_scalar!(
                    $tag + r#"SELECT id AS "id!" FROM games
                       WHERE parent_channel_id IS NOT NULL AND end_announced = FALSE
                             AND status IN ('finished', 'ended')
                       ORDER BY id"#
                )
                .fetch_all(&self.pool)
                .await?;
                Ok(ids)
            }

            async fn assignment_games(&self, assignment_id: i64) -> Result<Vec<GameRow>, StoreError> {
                let mut conn = self.pool.acquire().await?;
                let rows = sqlx::query_as!(
                    RawGame,
                    $tag + $games + r#"FROM games WHERE assignment_id = $1 ORDER BY id"#,
                    assignment_id
                )
                .fetch_all(&mut *conn)
                .await?;
                Self::all_with_seats(&mut conn, rows).await
            }

            async fn custom_cards(&self, guild_id: i64) -> Result<Vec<(i64, String)>, StoreError> {
                let rows = sqlx::query!(
                    $tag + r#"SELECT slot, card FROM custom_cards WHERE guild_id = $1 ORDER BY slot"#,
                    guild_id
                )
                .fetch_all(&self.pool)
                .await?;
                Ok(rows.into_iter().map(|r| (r.slot, r.card)).collect())
            }

            // Writes of one statement (or two that need not be seen together) run on
            // their own, without a transaction: a round trip each, where BEGIN and
            // COMMIT would add two.
            async fn keep_post(
                &self,
                game_id: i64,
                version: i64,
                try_at: i64,
            ) -> Result<(), StoreError> {
                sqlx::query!(
                    $tag + r#"UPDATE games SET post_pending = $2, post_try_at = $3
                       WHERE id = $1 AND version = $2"#,
                    game_id,
                    version,
                    try_at
                )
                .execute(&self.pool)
                .await?;
                Ok(())
            }

            async fn claim_post(
                &self,
                game_id: i64,
                version: i64,
                now: i64,
                next_try: i64,
            ) -> Result<bool, StoreError> {
                let done = sqlx::query!(
                    $tag + r#"UPDATE games SET post_try_at = $4
                       WHERE id = $1 AND post_pending = $2 AND post_try_at <= $3"#,
                    game_id,
                    version,
                    now,
                    next_try
                )
                .execute(&self.pool)
                .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn clear_post(&self, game_id: i64, version: i64) -> Result<(), StoreError> {
                sqlx::query!(
                    $tag + r#"UPDATE games SET post_pending = NULL, post_try_at = NULL
                       WHERE id = $1 AND post_pending = $2"#,
                    game_id,
                    version
                )
                .execute(&self.pool)
                .await?;
                Ok(())
            }

            sql_store!(@swap_post $swap, $tag);

            sql_store!(@commit_move $commit, $tag, $claim);

            async fn claim_runner(
                &self,
                place: Place,
                owner: &str,
                now: i64,
                until: i64,
            ) -> Result<bool, StoreError> {
                let done = sqlx::query!(
                    $tag + r#"UPDATE games SET runner = $3, runner_until = $5
                       WHERE guild_id = $1 AND channel_id = $2 AND status = 'active'
                             AND (runner IS NULL OR runner = $3 OR runner_until < $4)"#,
                    place.guild_id,
                    place.channel_id,
                    owner,
                    now,
                    until
                )
                .execute(&self.pool)
                .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn release_runner(&self, place: Place, owner: &str) -> Result<bool, StoreError> {
                // The game given back says whether an AI seat is to move, when it is the
                // place's game in progress (it nearly always is); else that game is read.
                let given = sqlx::query!(
                    $tag + r#"UPDATE games SET runner = NULL, runner_until = NULL
                       WHERE guild_id = $1 AND channel_id = $2 AND runner = $3
                       RETURNING status AS "status!", ai_to_move AS "ai_to_move!""#,
                    place.guild_id,
                    place.channel_id,
                    owner
                )
                .fetch_all(&self.pool)
                .await?;
                if let Some(game) = given.iter().find(|g| g.status == "active") {
                    return Ok(game.ai_to_move);
                }
                let ai = sqlx::query_scalar!(
                    $tag + r#"SELECT ai_to_move FROM games
                       WHERE guild_id = $1 AND channel_id = $2 AND status = 'active'"#,
                    place.guild_id,
                    place.channel_id
                )
                .fetch_optional(&self.pool)
                .await?;
                Ok(ai.unwrap_or(false))
            }
        }

        impl $tx {
            /// Store a player's rating: over the stored one when `replace`, else only if
            /// they have none yet.
            async fn upsert_rating(&mut self, r: &RatingRow, replace: bool) -> Result<(), StoreError> {
                let kind = r.kind.as_str();
                sqlx::query!(
                    $tag + r#"INSERT INTO ratings (guild_id, kind, user_id, name, mu, sigma, games, wins,
                                            updated_at)
                       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
                       ON CONFLICT (guild_id, kind, user_id) DO UPDATE SET
                           name = excluded.name, mu = excluded.mu, sigma = excluded.sigma,
                           games = excluded.games, wins = excluded.wins,
                           updated_at = excluded.updated_at
                       WHERE $10"#,
                    r.guild_id,
                    kind,
                    r.user_id,
                    r.name,
                    r.mu,
                    r.sigma,
                    r.games,
                    r.wins,
                    r.updated_at,
                    replace
                )
                .execute(&mut *self.tx)
                .await?;
                Ok(())
            }
        }

        impl StoreTx for $tx {
            async fn insert_game(&mut self, game: &NewGame) -> Result<i64, StoreError> {
                let kind = game.kind.as_str();
                let status = Status::Lobby.as_str();
                let result = sqlx::query_scalar!(
                    $tag + r#"INSERT INTO games (kind, guild_id, channel_id, status, creator_id, options, seed,
                                          state, version, turn_timeout_secs, created_at, updated_at,
                                          turn_started_at, reminded, message_id, locale, look,
                                          parent_channel_id, assignment_id)
                       VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, 0, $8, $9, $9, NULL, FALSE, NULL,
                               $10, $11, $12, $13)
                       RETURNING id AS "id!""#,
                    kind,
                    game.place.guild_id,
                    game.place.channel_id,
                    status,
                    game.creator_id,
                    game.options,
                    game.seed,
                    game.turn_timeout_secs,
                    game.now,
                    game.locale,
                    game.look,
                    game.parent_channel_id,
                    game.assignment_id
                )
                .fetch_one(&mut *self.tx)
                .await;
                match result {
                    Ok(id) => Ok(id),
                    Err(sqlx::Error::Database(db)) if db.code().as_deref() == Some($unique) => {
                        Err(StoreError::ChannelBusy)
                    }
                    Err(e) => Err(e.into()),
                }
            }

            async fn claim(&mut self, game_id: i64, expected: i64, now: i64) -> Result<(), StoreError> {
                let done = sqlx::query!(
                    $tag + r#"UPDATE games SET version = version + 1, updated_at = $3
                       WHERE id = $1 AND version = $2"#,
                    game_id,
                    expected,
                    now
                )
                .execute(&mut *self.tx)
                .await?;
                if done.rows_affected() == 1 {
                    Ok(())
                } else {
                    Err(StoreError::Conflict)
                }
            }

            async fn update_game(&mut self, game_id: i64, u: &GameUpdate) -> Result<(), StoreError> {
                let status = u.status.as_str();
                sqlx::query!(
                    // Within one turn (its start unchanged) a reminder noted since the caller
                    // read the game is kept: the reminder is not claimed by the version, so
                    // a move that does not end the turn must not undo it.
                    $tag + r#"UPDATE games SET status = $2, options = $3, state = $4,
                                        reminded = CASE WHEN COALESCE(turn_started_at, -1) = COALESCE(CAST($5 AS BIGINT), -1)
                                                        THEN reminded OR $6 ELSE $6 END,
                                        reminded_at = CASE WHEN COALESCE(turn_started_at, -1) = COALESCE(CAST($5 AS BIGINT), -1) OR $6
                                                           THEN reminded_at ELSE NULL END,
                                        turn_started_at = $5, ai_to_move = $7, to_move_user = $8
                       WHERE id = $1"#,
                    game_id,
                    status,
                    u.options,
                    u.state,
                    u.turn_started_at,
                    u.reminded,
                    u.ai_to_move,
                    u.to_move_user
                )
                .execute(&mut *self.tx)
                .await?;
                Ok(())
            }

            async fn mark_reminded(
                &mut self,
                game_id: i64,
                version: i64,
                seen: Option<i64>,
                at: i64,
            ) -> Result<bool, StoreError> {
                // Compare and set: two processes that found the same reminder due both
                // read `seen`; the first to note it changes it, so the second notes nothing.
                let seen = seen.unwrap_or(-1);
                let done = sqlx::query!(
                    $tag + r#"UPDATE games SET reminded = TRUE, reminded_at = $3
                       WHERE id = $1 AND version = $2 AND COALESCE(reminded_at, -1) = $4"#,
                    game_id,
                    version,
                    at,
                    seen
                )
                .execute(&mut *self.tx)
                .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn set_message(
                &mut self,
                game_id: i64,
                message_id: Option<i64>,
            ) -> Result<(), StoreError> {
                sqlx::query!(
                    $tag + r#"UPDATE games SET message_id = $2 WHERE id = $1"#,
                    game_id,
                    message_id
                )
                .execute(&mut *self.tx)
                .await?;
                Ok(())
            }

            async fn insert_seat(&mut self, game_id: i64, s: &SeatRow) -> Result<(), StoreError> {
                sqlx::query!(
                    $tag + r#"INSERT INTO seats (game_id, seat, user_id, name, ai_level)
                       VALUES ($1, $2, $3, $4, $5)"#,
                    game_id,
                    s.seat,
                    s.user_id,
                    s.name,
                    s.ai_level
                )
                .execute(&mut *self.tx)
                .await?;
                Ok(())
            }

            async fn delete_seat(&mut self, game_id: i64, seat: i64) -> Result<(), StoreError> {
                sqlx::query!(
                    $tag + r#"DELETE FROM seats WHERE game_id = $1 AND seat = $2"#,
                    game_id,
                    seat
                )
                .execute(&mut *self.tx)
                .await?;
                Ok(())
            }

            async fn replace_seats(&mut self, game_id: i64, seats: &[SeatRow]) -> Result<(), StoreError> {
                sqlx::query!($tag + r#"DELETE FROM seats WHERE game_id = $1"#, game_id)
                    .execute(&mut *self.tx)
                    .await?;
                for s in seats {
                    self.insert_seat(game_id, s).await?;
                }
                Ok(())
            }

            async fn claim_update(
                &mut self,
                game_id: i64,
                expected: i64,
                now: i64,
                u: &GameUpdate,
                post: Option<(i64, i64)>,
            ) -> Result<(), StoreError> {
                let status = u.status.as_str();
                let (post_pending, post_try_at) = post.unzip();
                let done = sqlx::query!(
                    $tag + $claim,
                    game_id,
                    status,
                    u.options,
                    u.state,
                    u.turn_started_at,
                    u.reminded,
                    u.ai_to_move,
                    u.to_move_user,
                    now,
                    expected,
                    post_pending,
                    post_try_at
                )
                .execute(&mut *self.tx)
                .await?;
                if done.rows_affected() == 1 {
                    Ok(())
                } else {
                    Err(StoreError::Conflict)
                }
            }

            async fn append_log(&mut self, game_id: i64, r: &LogRow) -> Result<(), StoreError> {
                sqlx::query!(
                    $tag + r#"INSERT INTO game_log (game_id, version, turn, seat, user_id, actions, events, at)
                       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"#,
                    game_id,
                    r.version,
                    r.turn,
                    r.seat,
                    r.user_id,
                    r.actions,
                    r.events,
                    r.at
                )
                .execute(&mut *self.tx)
                .await?;
                Ok(())
            }

            async fn forget_events(&mut self, game_id: i64, before_turn: i64) -> Result<(), StoreError> {
                sqlx::query!(
                    $tag + r#"UPDATE game_log SET events = '[]' WHERE game_id = $1 AND turn < $2"#,
                    game_id,
                    before_turn
                )
                .execute(&mut *self.tx)
                .await?;
                Ok(())
            }

            async fn insert_result(&mut self, r: &ResultRow) -> Result<(), StoreError> {
                let kind = r.kind.as_str();
                sqlx::query!(
                    $tag + r#"INSERT INTO results (game_id, seat, guild_id, kind, mode, user_id, ai_level, name,
                                            place, won, turns, finished_at)
                       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)"#,
                    r.game_id,
                    r.seat,
                    r.guild_id,
                    kind,
                    r.mode,
                    r.user_id,
                    r.ai_level,
                    r.name,
                    r.place,
                    r.won,
                    r.turns,
                    r.finished_at
                )
                .execute(&mut *self.tx)
                .await?;
                Ok(())
            }

            async fn rating(
                &mut self,
                guild_id: i64,
                kind: GameKind,
                user_id: i64,
            ) -> Result<Option<RatingRow>, StoreError> {
                let kind = kind.as_str();
                let row = sqlx::query_as!(
                    RawRating,
                    $tag + $ratings + r#"FROM ratings WHERE guild_id = $1 AND kind = $2 AND user_id = $3"# + $lock,
                    guild_id,
                    kind,
                    user_id
                )
                .fetch_optional(&mut *self.tx)
                .await?;
                row.map(RawRating::into_row).transpose()
            }

            async fn put_rating(&mut self, r: &RatingRow) -> Result<(), StoreError> {
                self.upsert_rating(r, true).await
            }

            async fn add_rating_if_missing(&mut self, r: &RatingRow) -> Result<(), StoreError> {
                self.upsert_rating(r, false).await
            }

            async fn put_settings(&mut self, s: &GuildSettings, now: i64) -> Result<(), StoreError> {
                sqlx::query!(
                    $tag + r#"INSERT INTO guild_settings (guild_id, turn_timeout_secs, on_timeout,
                                                   default_variant, teacher_role_id, look, threads,
                                                   season, remind_every_secs, time_zone, weekends_off,
                                                   holidays, away_days, lobby_hours, idle_days,
                                                   puzzle_channel, puzzle_hour, puzzle_lang, updated_at)
                       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
                               $17, $18, $19)
                       ON CONFLICT (guild_id) DO UPDATE SET
                           turn_timeout_secs = excluded.turn_timeout_secs,
                           on_timeout = excluded.on_timeout,
                           default_variant = excluded.default_variant,
                           teacher_role_id = excluded.teacher_role_id,
                           look = excluded.look,
                           threads = excluded.threads,
                           season = excluded.season,
                           remind_every_secs = excluded.remind_every_secs,
                           time_zone = excluded.time_zone,
                           weekends_off = excluded.weekends_off,
                           holidays = excluded.holidays,
                           away_days = excluded.away_days,
                           lobby_hours = excluded.lobby_hours,
                           idle_days = excluded.idle_days,
                           puzzle_channel = excluded.puzzle_channel,
                           puzzle_hour = excluded.puzzle_hour,
                           puzzle_lang = excluded.puzzle_lang,
                           updated_at = excluded.updated_at"#,
                    s.guild_id,
                    s.turn_timeout_secs,
                    s.on_timeout,
                    s.default_variant,
                    s.teacher_role_id,
                    s.look,
                    s.threads,
                    s.season,
                    s.remind_every_secs,
                    s.time_zone,
                    s.weekends_off,
                    s.holidays,
                    s.away_days,
                    s.lobby_hours,
                    s.idle_days,
                    s.puzzle_channel,
                    s.puzzle_hour,
                    s.puzzle_lang,
                    now
                )
                .execute(&mut *self.tx)
                .await?;
                Ok(())
            }

            async fn set_open_games_look(
                &mut self,
                guild_id: i64,
                look: Option<&str>,
            ) -> Result<(), StoreError> {
                sqlx::query!(
                    $tag + r#"UPDATE games SET look = $2
                       WHERE guild_id = $1 AND status IN ('lobby', 'active')"#,
                    guild_id,
                    look
                )
                .execute(&mut *self.tx)
                .await?;
                Ok(())
            }

            async fn revoke_links(&mut self, guild_id: i64) -> Result<i64, StoreError> {
                let generation = sqlx::query_scalar!(
                    $tag + r#"INSERT INTO web_links (guild_id, generation) VALUES ($1, 1)
                       ON CONFLICT (guild_id) DO UPDATE SET generation = web_links.generation + 1
                       RETURNING generation"#,
                    guild_id
                )
                .fetch_one(&mut *self.tx)
                .await?;
                Ok(generation)
            }

            async fn put_user_look(
                &mut self,
                user_id: i64,
                look: Option<&str>,
                now: i64,
            ) -> Result<(), StoreError> {
                sqlx::query!(
                    $tag + r#"INSERT INTO user_settings (user_id, look, updated_at) VALUES ($1, $2, $3)
                       ON CONFLICT (user_id) DO UPDATE SET
                           look = excluded.look,
                           updated_at = excluded.updated_at"#,
                    user_id,
                    look,
                    now
                )
                .execute(&mut *self.tx)
                .await?;
                Ok(())
            }

            async fn put_user_settings(&mut self, u: &UserSettings, now: i64) -> Result<(), StoreError> {
                sqlx::query!(
                    $tag + r#"INSERT INTO user_settings (user_id, look, notify, time_zone, quiet_from, quiet_to,
                                                  digest_hour, digest_sent, dm_closed, lang, updated_at)
                       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
                       ON CONFLICT (user_id) DO UPDATE SET
                           look = excluded.look, notify = excluded.notify,
                           time_zone = excluded.time_zone, quiet_from = excluded.quiet_from,
                           quiet_to = excluded.quiet_to, digest_hour = excluded.digest_hour,
                           digest_sent = excluded.digest_sent, dm_closed = excluded.dm_closed,
                           lang = excluded.lang, updated_at = excluded.updated_at"#,
                    u.user_id,
                    u.look,
                    u.notify,
                    u.time_zone,
                    u.quiet_from,
                    u.quiet_to,
                    u.digest_hour,
                    u.digest_sent,
                    u.dm_closed,
                    u.lang,
                    now
                )
                .execute(&mut *self.tx)
                .await?;
                Ok(())
            }

            async fn claim_digest(&mut self, user_id: i64, due: i64) -> Result<bool, StoreError> {
                let done = sqlx::query!(
                    $tag + r#"UPDATE user_settings SET digest_sent = $2
                       WHERE user_id = $1 AND (digest_sent IS NULL OR digest_sent < $2)"#,
                    user_id,
                    due
                )
                .execute(&mut *self.tx)
                .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn insert_away(&mut self, a: &AwayRow, now: i64) -> Result<(), StoreError> {
                sqlx::query!(
                    $tag + r#"INSERT INTO aways (guild_id, user_id, from_at, until_at, created_at)
                       VALUES ($1, $2, $3, $4, $5)"#,
                    a.guild_id,
                    a.user_id,
                    a.from_at,
                    a.until_at,
                    now
                )
                .execute(&mut *self.tx)
                .await?;
                Ok(())
            }

            async fn end_aways(&mut self, guild_id: i64, user_id: i64, now: i64) -> Result<(), StoreError> {
                sqlx::query!(
                    $tag + r#"UPDATE aways SET until_at = $3
                       WHERE guild_id = $1 AND user_id = $2 AND until_at > $3 AND from_at <= $3"#,
                    guild_id,
                    user_id,
                    now
                )
                .execute(&mut *self.tx)
                .await?;
                sqlx::query!(
                    $tag + r#"DELETE FROM aways WHERE guild_id = $1 AND user_id = $2 AND from_at > $3"#,
                    guild_id,
                    user_id,
                    now
                )
                .execute(&mut *self.tx)
                .await?;
                Ok(())
            }

            async fn claim_turn_notice(
                &mut self,
                game_id: i64,
                turn_started_at: i64,
            ) -> Result<bool, StoreError> {
                let done = sqlx::query!(
                    $tag + r#"UPDATE games SET notified_turn = $2
                       WHERE id = $1 AND turn_started_at = $2
                         AND (notified_turn IS NULL OR notified_turn <> $2)"#,
                    game_id,
                    turn_started_at
                )
                .execute(&mut *self.tx)
                .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn record_puzzle_answer(&mut self, r: &PuzzleAnswerRow) -> Result<bool, StoreError> {
                let done = sqlx::query!(
                    $tag + r#"INSERT INTO puzzle_answers (guild_id, user_id, kind, day, correct, answered_at)
                       VALUES ($1, $2, $3, $4, $5, $6)
                       ON CONFLICT (guild_id, user_id, kind, day) DO NOTHING"#,
                    r.guild_id,
                    r.user_id,
                    r.kind,
                    r.day,
                    r.correct,
                    r.answered_at
                )
                .execute(&mut *self.tx)
                .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn claim_puzzle_post(
                &mut self,
                guild_id: i64,
                day: i64,
                now: i64,
            ) -> Result<bool, StoreError> {
                let done = sqlx::query!(
                    $tag + r#"INSERT INTO puzzle_posts (guild_id, day, posted_at) VALUES ($1, $2, $3)
                       ON CONFLICT (guild_id, day) DO NOTHING"#,
                    guild_id,
                    day,
                    now
                )
                .execute(&mut *self.tx)
                .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn set_lesson_step(
                &mut self,
                user_id: i64,
                step: i64,
                now: i64,
            ) -> Result<(), StoreError> {
                sqlx::query!(
                    $tag + r#"INSERT INTO lessons (user_id, step, updated_at) VALUES ($1, $2, $3)
                       ON CONFLICT (user_id) DO UPDATE SET step = excluded.step,
                                                           updated_at = excluded.updated_at"#,
                    user_id,
                    step,
                    now
                )
                .execute(&mut *self.tx)
                .await?;
                Ok(())
            }

            async fn set_rematch(
                &mut self,
                game_id: i64,
                rematch_id: Option<i64>,
            ) -> Result<(), StoreError> {
                sqlx::query!(
                    $tag + r#"UPDATE games SET rematch_id = $2 WHERE id = $1"#,
                    game_id,
                    rematch_id
                )
                .execute(&mut *self.tx)
                .await?;
                Ok(())
            }

            async fn vote_rematch(&mut self, game_id: i64, user_id: i64) -> Result<Vec<i64>, StoreError> {
                // Votes for one game are counted one at a time: on PostgreSQL two players
                // voting at once would each see only their own vote (and both be told to
                // wait for the other), so the game's row is locked first.
                sqlx::query_scalar!(
                    $tag + r#"SELECT id FROM games WHERE id = $1"# + $lock,
                    game_id
                )
                .fetch_optional(&mut *self.tx)
                .await?;
                sqlx::query!(
                    $tag + r#"INSERT INTO rematch_votes (game_id, user_id) VALUES ($1, $2)
                       ON CONFLICT (game_id, user_id) DO NOTHING"#,
                    game_id,
                    user_id
                )
                .execute(&mut *self.tx)
                .await?;
                let votes = sqlx::query_scalar!(
                    $tag + r#"SELECT user_id FROM rematch_votes WHERE game_id = $1 ORDER BY user_id"#,
                    game_id
                )
                .fetch_all(&mut *self.tx)
                .await?;
                Ok(votes)
            }

            async fn claim_rematch(&mut self, game_id: i64, rematch_id: i64) -> Result<bool, StoreError> {
                let done = sqlx::query!(
                    $tag + r#"UPDATE games SET rematch_id = $2 WHERE id = $1 AND rematch_id IS NULL"#,
                    game_id,
                    rematch_id
                )
                .execute(&mut *self.tx)
                .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn insert_assignment(&mut self, row: &AssignmentRow) -> Result<i64, StoreError> {
                let kind = row.kind.as_str();
                let id = sqlx::query_scalar!(
                    $tag + r#"INSERT INTO assignments (guild_id, channel_id, teacher_id, kind, created_at,
                                                due_at, due_told)
                       VALUES ($1, $2, $3, $4, $5, $6, FALSE)
                       RETURNING id AS "id!""#,
                    row.guild_id,
                    row.channel_id,
                    row.teacher_id,
                    kind,
                    row.created_at,
                    row.due_at
                )
                .fetch_one(&mut *self.tx)
                .await?;
                Ok(id)
            }

            async fn claim_assignment_due(&mut self, id: i64) -> Result<bool, StoreError> {
                let done = sqlx::query!(
                    $tag + r#"UPDATE assignments SET due_told = TRUE WHERE id = $1 AND due_told = FALSE"#,
                    id
                )
                .execute(&mut *self.tx)
                .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn log_activity(&mut self, row: &ActivityRow) -> Result<(), StoreError> {
                sqlx::query!(
                    $tag + r#"INSERT INTO activity (guild_id, user_id, game_id, kind, detail, at)
                       VALUES ($1, $2, $3, $4, $5, $6)"#,
                    row.guild_id,
                    row.user_id,
                    row.game_id,
                    row.kind,
                    row.detail,
                    row.at
                )
                .execute(&mut *self.tx)
                .await?;
                Ok(())
            }

            async fn claim_end_announcement(&mut self, game_id: i64) -> Result<bool, StoreError> {
                let done = sqlx::query!(
                    $tag + r#"UPDATE games SET end_announced = TRUE WHERE id = $1 AND end_announced = FALSE"#,
                    game_id
                )
                .execute(&mut *self.tx)
                .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn put_custom_card(
                &mut self,
                guild_id: i64,
                slot: i64,
                card: Option<&str>,
            ) -> Result<(), StoreError> {
                match card {
                    Some(card) => {
                        sqlx::query!(
                            $tag + r#"INSERT INTO custom_cards (guild_id, slot, card) VALUES ($1, $2, $3)
                               ON CONFLICT (guild_id, slot) DO UPDATE SET card = excluded.card"#,
                            guild_id,
                            slot,
                            card
                        )
                        .execute(&mut *self.tx)
                        .await?;
                    }
                    None => {
                        sqlx::query!(
                            $tag + r#"DELETE FROM custom_cards WHERE guild_id = $1 AND slot = $2"#,
                            guild_id,
                            slot
                        )
                        .execute(&mut *self.tx)
                        .await?;
                    }
                }
                Ok(())
            }

            async fn commit(self) -> Result<(), StoreError> {
                self.tx.commit().await?;
                Ok(())
            }
        }
    };
    (@swap_post compare_and_set, $tag:literal) => {
            async fn swap_post(
                &self,
                game_id: i64,
                post: (i64, i64),
            ) -> Result<Option<(i64, i64)>, StoreError> {
                // Read, then write only if nobody wrote in between (the message noted
                // is still the one read), else read again: two statements, no
                // transaction.
                loop {
                    let Some(row) = sqlx::query!(
                        $tag + r#"SELECT post_channel, post_message FROM games WHERE id = $1"#,
                        game_id
                    )
                    .fetch_optional(&self.pool)
                    .await?
                    else {
                        return Ok(None);
                    };
                    if row.post_message.is_some_and(|m| m >= post.1) {
                        return Ok($crate::store::sql::not_replaced(row.post_message, post));
                    }
                    let old = row.post_channel.zip(row.post_message);
                    let seen = row.post_message.unwrap_or(0);
                    let done = sqlx::query!(
                        $tag + r#"UPDATE games SET post_channel = $2, post_message = $3
                           WHERE id = $1 AND COALESCE(post_message, 0) = $4"#,
                        game_id,
                        post.0,
                        post.1,
                        seen
                    )
                    .execute(&self.pool)
                    .await?;
                    if done.rows_affected() == 1 {
                        return Ok(old);
                    }
                }
            }
    };
    (@commit_move transaction, $tag:literal, $claim:literal) => {
            async fn commit_move(
                &self,
                game_id: i64,
                expected: i64,
                now: i64,
                update: &GameUpdate,
                post: Option<(i64, i64)>,
                log: &LogRow,
            ) -> Result<(), StoreError> {
                let mut tx = self.begin().await?;
                tx.claim_update(game_id, expected, now, update, post).await?;
                tx.append_log(game_id, log).await?;
                tx.commit().await
            }
    };
    (@commit_move one_statement, $tag:literal, $claim:literal) => {
            async fn commit_move(
                &self,
                game_id: i64,
                expected: i64,
                now: i64,
                u: &GameUpdate,
                post: Option<(i64, i64)>,
                r: &LogRow,
            ) -> Result<(), StoreError> {
                let status = u.status.as_str();
                let (post_pending, post_try_at) = post.unzip();
                let done = sqlx::query!(
                    // `claim_update`'s statement, and the log entry inserted only when
                    // it claimed the version: one statement, so both or neither.
                    $tag + "WITH claimed AS (" + $claim + " RETURNING id)" + r#"
                       INSERT INTO game_log (game_id, version, turn, seat, user_id, actions, events, at)
                       SELECT id, CAST($13 AS BIGINT), CAST($14 AS BIGINT), CAST($15 AS BIGINT),
                              CAST($16 AS BIGINT), CAST($17 AS TEXT), CAST($18 AS TEXT), CAST($19 AS BIGINT)
                       FROM claimed"#,
                    game_id,
                    status,
                    u.options,
                    u.state,
                    u.turn_started_at,
                    u.reminded,
                    u.ai_to_move,
                    u.to_move_user,
                    now,
                    expected,
                    post_pending,
                    post_try_at,
                    r.version,
                    r.turn,
                    r.seat,
                    r.user_id,
                    r.actions,
                    r.events,
                    r.at
                )
                .execute(&self.pool)
                .await?;
                if done.rows_affected() == 1 {
                    Ok(())
                } else {
                    Err(StoreError::Conflict)
                }
            }
    };
    (@swap_post locked_update, $tag:literal) => {
            async fn swap_post(
                &self,
                game_id: i64,
                post: (i64, i64),
            ) -> Result<Option<(i64, i64)>, StoreError> {
                // One statement: the game's row locked, the message noted read and
                // replaced by `post` when older; the one replaced comes back.
                let replaced = sqlx::query!(
                    $tag + r#"UPDATE games g SET post_channel = $2, post_message = $3
                       FROM (SELECT id, post_channel, post_message FROM games
                             WHERE id = $1 FOR UPDATE) old
                       WHERE g.id = old.id AND COALESCE(old.post_message, 0) < $3
                       RETURNING old.post_channel AS "old_channel?",
                                 old.post_message AS "old_message?""#,
                    game_id,
                    post.0,
                    post.1
                )
                .fetch_optional(&self.pool)
                .await?;
                if let Some(old) = replaced {
                    return Ok(old.old_channel.zip(old.old_message));
                }
                // Not replaced: no such game, `post` noted already, or a newer one is.
                let noted = sqlx::query_scalar!(
                    $tag + r#"SELECT post_message FROM games WHERE id = $1"#,
                    game_id
                )
                .fetch_optional(&self.pool)
                .await?
                .flatten();
                Ok($crate::store::sql::not_replaced(noted, post))
            }
    };
}

pub(super) use sql_store;
