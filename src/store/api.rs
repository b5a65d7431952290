//! What the session asks of a database: [`Store`] for reads and the way into a write,
//! [`StoreTx`] for one write transaction, and [`StoreError`].

use super::error::StoreError;
use super::rows::*;
use std::future::Future;

/// Reads, and the way into a write transaction.
pub trait Store: Clone + Send + Sync + 'static {
    type Tx: StoreTx;

    /// Begin a write transaction. On SQLite it takes the write lock at once (`BEGIN
    /// IMMEDIATE`), so transactions queue instead of failing half-way.
    fn begin(&self) -> impl Future<Output = Result<Self::Tx, StoreError>> + Send;

    /// The open game (lobby or active) of a place.
    fn open_game(
        &self,
        place: Place,
    ) -> impl Future<Output = Result<Option<GameRow>, StoreError>> + Send;

    /// Any game by id.
    fn game(&self, id: i64) -> impl Future<Output = Result<Option<GameRow>, StoreError>> + Send;

    /// The newest game of a place, open or not (to show a game that just finished).
    fn latest_game(
        &self,
        place: Place,
    ) -> impl Future<Output = Result<Option<GameRow>, StoreError>> + Send;

    /// The whole event log of a game, in order.
    fn log(&self, game_id: i64) -> impl Future<Output = Result<Vec<LogRow>, StoreError>> + Send;

    /// The log entries made from engine turn `turn` on, in order.
    fn log_since_turn(
        &self,
        game_id: i64,
        turn: i64,
    ) -> impl Future<Output = Result<Vec<LogRow>, StoreError>> + Send;

    /// Every open game (for the turn clock and for AI seats after a restart).
    fn open_games(&self) -> impl Future<Output = Result<Vec<OpenGame>, StoreError>> + Send;

    /// The games of Discord servers whose public message waits in the outbox, due by
    /// `now`.
    fn pending_posts(
        &self,
        now: i64,
    ) -> impl Future<Output = Result<Vec<PendingPost>, StoreError>> + Send;

    /// The results of a finished game, in seat order.
    fn results(
        &self,
        game_id: i64,
    ) -> impl Future<Output = Result<Vec<ResultRow>, StoreError>> + Send;

    /// Ratings of a server and kind, best conservative skill (μ − 3σ) first.
    fn leaderboard(
        &self,
        guild_id: i64,
        kind: GameKind,
        limit: i64,
    ) -> impl Future<Output = Result<Vec<RatingRow>, StoreError>> + Send;

    /// Each player's best (fewest turns) finished game in a solitaire mode, best first.
    fn best_scores(
        &self,
        guild_id: i64,
        kind: GameKind,
        mode: &str,
        limit: i64,
    ) -> impl Future<Output = Result<Vec<BestScore>, StoreError>> + Send;

    /// One player's rating.
    fn rating(
        &self,
        guild_id: i64,
        kind: GameKind,
        user_id: i64,
    ) -> impl Future<Output = Result<Option<RatingRow>, StoreError>> + Send;

    /// Games played and won by a user in a server (solitaire included).
    fn record(
        &self,
        guild_id: i64,
        kind: GameKind,
        user_id: i64,
    ) -> impl Future<Output = Result<PlayerRecord, StoreError>> + Send;

    /// A user's best solitaire score in a mode.
    fn best_score(
        &self,
        guild_id: i64,
        kind: GameKind,
        user_id: i64,
        mode: &str,
    ) -> impl Future<Output = Result<Option<i64>, StoreError>> + Send;

    /// A server's settings, or the defaults.
    fn settings(
        &self,
        guild_id: i64,
    ) -> impl Future<Output = Result<GuildSettings, StoreError>> + Send;

    /// A server's custom cards (JSON of the engine's `CustomCard`), by slot.
    fn custom_cards(
        &self,
        guild_id: i64,
    ) -> impl Future<Output = Result<Vec<(i64, String)>, StoreError>> + Send;

    /// A person's own look for the pictures only they see (words), if they chose one.
    fn user_look(
        &self,
        user_id: i64,
    ) -> impl Future<Output = Result<Option<String>, StoreError>> + Send;

    /// The generation of a server's web links (0 until revoked once).
    fn link_generation(
        &self,
        guild_id: i64,
    ) -> impl Future<Output = Result<i64, StoreError>> + Send;

    /// The open games (lobby or active) of a server, oldest first.
    fn open_games_of(
        &self,
        guild_id: i64,
    ) -> impl Future<Output = Result<Vec<GameRow>, StoreError>> + Send;

    /// The games of a server of a kind created from `from` (inclusive) to `to`
    /// (exclusive), ms since the epoch, lobbies left out; oldest first.
    fn games_between(
        &self,
        guild_id: i64,
        kind: GameKind,
        from: i64,
        to: i64,
    ) -> impl Future<Output = Result<Vec<GameRow>, StoreError>> + Send;

    /// The results of a server and kind finished from `from` to `to` (exclusive), in the
    /// order they were recorded.
    fn results_between(
        &self,
        guild_id: i64,
        kind: GameKind,
        from: i64,
        to: i64,
    ) -> impl Future<Output = Result<Vec<ResultRow>, StoreError>> + Send;

    /// What players of a server did from `from` to `to` (exclusive).
    fn activity(
        &self,
        guild_id: i64,
        from: i64,
        to: i64,
    ) -> impl Future<Output = Result<Vec<ActivityRow>, StoreError>> + Send;

    /// A class assignment.
    fn assignment(
        &self,
        id: i64,
    ) -> impl Future<Output = Result<Option<AssignmentRow>, StoreError>> + Send;

    /// Assignments due at `now` or before whose open games were not yet listed.
    fn due_assignments(
        &self,
        now: i64,
    ) -> impl Future<Output = Result<Vec<AssignmentRow>, StoreError>> + Send;

    /// Games played in a thread that have finished or ended and whose end was not yet
    /// announced in the thread's parent channel.
    fn unannounced_ends(&self) -> impl Future<Output = Result<Vec<i64>, StoreError>> + Send;

    /// A person's own settings (the defaults if they never chose any).
    fn user_settings(
        &self,
        user_id: i64,
    ) -> impl Future<Output = Result<UserSettings, StoreError>> + Send;

    /// Everyone who asked for a daily digest.
    fn digest_users(&self) -> impl Future<Output = Result<Vec<UserSettings>, StoreError>> + Send;

    /// The open games (any server) in which this person is to move.
    fn waiting_on(
        &self,
        user_id: i64,
    ) -> impl Future<Output = Result<Vec<GameRow>, StoreError>> + Send;

    /// The times away of a server that end after `after` (ms).
    fn aways(
        &self,
        guild_id: i64,
        after: i64,
    ) -> impl Future<Output = Result<Vec<AwayRow>, StoreError>> + Send;

    /// The open games (lobbies and games in play) of a server in which a person is seated,
    /// oldest first.
    fn games_of_user(
        &self,
        guild_id: i64,
        user_id: i64,
    ) -> impl Future<Output = Result<Vec<GameRow>, StoreError>> + Send;

    /// The puzzle answers of a server, of one kind (`climb`, `daifugo`), oldest first.
    fn puzzle_answers(
        &self,
        guild_id: i64,
        kind: &str,
    ) -> impl Future<Output = Result<Vec<PuzzleAnswerRow>, StoreError>> + Send;

    /// The servers that receive the day's puzzles in a channel.
    fn puzzle_servers(&self)
        -> impl Future<Output = Result<Vec<GuildSettings>, StoreError>> + Send;

    /// The next step of a person's guided first game (0: not begun).
    fn lesson_step(&self, user_id: i64) -> impl Future<Output = Result<i64, StoreError>> + Send;

    /// Who asked for a game's rematch.
    fn rematch_votes(
        &self,
        game_id: i64,
    ) -> impl Future<Output = Result<Vec<i64>, StoreError>> + Send;

    /// The games of an assignment.
    fn assignment_games(
        &self,
        assignment_id: i64,
    ) -> impl Future<Output = Result<Vec<GameRow>, StoreError>> + Send;

    // Writes that need no transaction (one statement, or two that need not be seen
    // together): each runs on its own.

    /// Note `post` (channel, message) as the game's turn message with buttons, unless a
    /// newer one (a later message id) is noted already. Returns the message whose buttons
    /// should go: the one it replaced, or `post` itself when it came too late.
    fn swap_post(
        &self,
        game_id: i64,
        post: (i64, i64),
    ) -> impl Future<Output = Result<Option<(i64, i64)>, StoreError>> + Send;

    /// A change that ends no game: [`StoreTx::claim_update`] and [`StoreTx::append_log`]
    /// (the entry `log`), both or neither ([`StoreError::Conflict`] if the version is no
    /// longer `expected`, and nothing written). On PostgreSQL one statement, one trip to
    /// the server where a transaction takes four; most changes take this path.
    fn commit_move(
        &self,
        game_id: i64,
        expected: i64,
        now: i64,
        update: &GameUpdate,
        post: Option<(i64, i64)>,
        log: &LogRow,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Game `game_id`'s public message for `version` could not be delivered (Discord
    /// refused the answer to a person's change, and the channel post after it): into the
    /// outbox, tried at `try_at`, if the game is still at `version` (a newer change's own
    /// message, or a person's answer, supersedes it).
    fn keep_post(
        &self,
        game_id: i64,
        version: i64,
        try_at: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Claim the outbox's try of game `game_id`'s message for `version` (due by `now`):
    /// true once, for whoever gets there first; the next try is then at `next_try`.
    fn claim_post(
        &self,
        game_id: i64,
        version: i64,
        now: i64,
        next_try: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Game `game_id`'s message for `version` was posted: out of the outbox (unless a
    /// newer one took its place).
    fn clear_post(
        &self,
        game_id: i64,
        version: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Claim the right to play and post the AI turns of a place's game in progress until
    /// `until` (ms), for `owner` (one bot process): true when nobody else holds it, it
    /// ran out (its process died), or `owner` holds it already (it is renewed). So across
    /// processes one plays a game's AI turns at a time, and posts them in order.
    fn claim_runner(
        &self,
        place: Place,
        owner: &str,
        now: i64,
        until: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Give the AI turns of a place's game back, if `owner` holds them. Returns whether an
    /// AI seat is to move in it all the same (a person moved meanwhile, through another
    /// process that found the turns held): then the runner claims them again.
    fn release_runner(
        &self,
        place: Place,
        owner: &str,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;
}

/// One write transaction. Dropped without [`StoreTx::commit`], it rolls back.
pub trait StoreTx: Send {
    /// Create a game in the lobby. [`StoreError::ChannelBusy`] if the place has an open game.
    fn insert_game(
        &mut self,
        game: &NewGame,
    ) -> impl Future<Output = Result<i64, StoreError>> + Send;

    /// Take the next version of a game: succeeds only if its version is still `expected`
    /// ([`StoreError::Conflict`] otherwise). Every change begins with it.
    fn claim(
        &mut self,
        game_id: i64,
        expected: i64,
        now: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    fn update_game(
        &mut self,
        game_id: i64,
        update: &GameUpdate,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// [`StoreTx::claim`] and [`StoreTx::update_game`] in one statement: the next version
    /// of a game whose version is still `expected`, with its new state
    /// ([`StoreError::Conflict`] otherwise, and nothing written): one statement instead
    /// of three. The change that ends a game takes this path; every other one,
    /// [`Store::commit_move`].
    ///
    /// It also sets the outbox: `post` is `(version, try_at)` when the game's public
    /// message for that version waits until Discord takes it, first tried at `try_at`;
    /// `None` clears what waited (a person's own answer supersedes it).
    fn claim_update(
        &mut self,
        game_id: i64,
        expected: i64,
        now: i64,
        update: &GameUpdate,
        post: Option<(i64, i64)>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Note a reminder of the turn at `version`, sent `at`, if the last reminder noted is
    /// still `seen` (what the clock read when it found the reminder due; `None`: none yet).
    /// False when the game has moved on, or another reminder was noted since, by this
    /// process or another: each reminder is claimed once.
    fn mark_reminded(
        &mut self,
        game_id: i64,
        version: i64,
        seen: Option<i64>,
        at: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    fn set_message(
        &mut self,
        game_id: i64,
        message_id: Option<i64>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    fn insert_seat(
        &mut self,
        game_id: i64,
        seat: &SeatRow,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    fn delete_seat(
        &mut self,
        game_id: i64,
        seat: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Replace every seat (the lobby's seats numbered 0, 1, 2… at the start).
    fn replace_seats(
        &mut self,
        game_id: i64,
        seats: &[SeatRow],
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    fn append_log(
        &mut self,
        game_id: i64,
        row: &LogRow,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Drop the stored events of log entries made before engine turn `before_turn`: at the
    /// end of a game they are a cache (replaying the actions gives them back), and the
    /// last turns' events stay for the final picture.
    fn forget_events(
        &mut self,
        game_id: i64,
        before_turn: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    fn insert_result(
        &mut self,
        row: &ResultRow,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// A rating read inside the transaction (so concurrent finishes cannot lose an update).
    fn rating(
        &mut self,
        guild_id: i64,
        kind: GameKind,
        user_id: i64,
    ) -> impl Future<Output = Result<Option<RatingRow>, StoreError>> + Send;

    fn put_rating(
        &mut self,
        row: &RatingRow,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Store `row` as a player's rating if they have none yet; a stored one is left as it
    /// is. Done before a rating is read for update, so that on PostgreSQL there is always
    /// a row to lock: two games rating a new player at once then queue rather than each
    /// start from the fresh rating (and one overwrite the other).
    fn add_rating_if_missing(
        &mut self,
        row: &RatingRow,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    fn put_settings(
        &mut self,
        settings: &GuildSettings,
        now: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Draw the open games (lobbies and active) of a server with `look`.
    fn set_open_games_look(
        &mut self,
        guild_id: i64,
        look: Option<&str>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Move a server's web links on a generation (every link made before stops working);
    /// the new generation.
    fn revoke_links(
        &mut self,
        guild_id: i64,
    ) -> impl Future<Output = Result<i64, StoreError>> + Send;

    /// A person's own look (`None`: the server's).
    fn put_user_look(
        &mut self,
        user_id: i64,
        look: Option<&str>,
        now: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// A person's own settings, all at once.
    fn put_user_settings(
        &mut self,
        settings: &UserSettings,
        now: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Claim today's digest of a person: true once per `due` (ms).
    fn claim_digest(
        &mut self,
        user_id: i64,
        due: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    fn insert_away(
        &mut self,
        away: &AwayRow,
        now: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// End a person's times away in a server now (`/away off`).
    fn end_aways(
        &mut self,
        guild_id: i64,
        user_id: i64,
        now: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Claim the direct message telling the player of the turn that started at
    /// `turn_started_at`: true once per turn, and only while that turn is the game's.
    fn claim_turn_notice(
        &mut self,
        game_id: i64,
        turn_started_at: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Record a puzzle answer unless the person answered that day's puzzle already; true
    /// when it was recorded (the first answer counts).
    fn record_puzzle_answer(
        &mut self,
        row: &PuzzleAnswerRow,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Claim the post of a day's puzzles in a server's channel: true once.
    fn claim_puzzle_post(
        &mut self,
        guild_id: i64,
        day: i64,
        now: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Note the next step of a person's guided first game.
    fn set_lesson_step(
        &mut self,
        user_id: i64,
        step: i64,
        now: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Note (or clear) the game a rematch opened.
    fn set_rematch(
        &mut self,
        game_id: i64,
        rematch_id: Option<i64>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// A person asks for a game's rematch; returns everyone who has.
    fn vote_rematch(
        &mut self,
        game_id: i64,
        user_id: i64,
    ) -> impl Future<Output = Result<Vec<i64>, StoreError>> + Send;

    /// Claim a game's rematch for the new game `rematch_id`: true once.
    fn claim_rematch(
        &mut self,
        game_id: i64,
        rematch_id: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Record a class assignment; returns its id.
    fn insert_assignment(
        &mut self,
        row: &AssignmentRow,
    ) -> impl Future<Output = Result<i64, StoreError>> + Send;

    /// Claim the listing of an assignment's open games at its due date: true once.
    fn claim_assignment_due(
        &mut self,
        id: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    fn log_activity(
        &mut self,
        row: &ActivityRow,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Claim the announcement of a game's end in its parent channel: true once.
    fn claim_end_announcement(
        &mut self,
        game_id: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Set (`Some(json)`) or clear (`None`) a custom-card slot.
    fn put_custom_card(
        &mut self,
        guild_id: i64,
        slot: i64,
        card: Option<&str>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    fn commit(self) -> impl Future<Output = Result<(), StoreError>> + Send;
}
