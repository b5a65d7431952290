//! `primeclimb play`, the terminal game, run as a user would run it: typed commands on
//! standard input, the picture written by `board`, resuming a stopped game, a process
//! killed with SIGKILL in the middle of a stream of moves, and database addresses that
//! cannot work. Each test has its own database file.

use crate::support;

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use primeclimb::session::{Place, Session};
use primeclimb::store::{self, Status, Store};
use support::db::db_url;

fn primeclimb(url: &str, dir: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_primeclimb"));
    // Not under cargo: messages show the program as its path, as a user's shell would.
    cmd.current_dir(dir)
        .env("DATABASE_URL", url)
        .env("NO_COLOR", "1")
        .env_remove("CARGO")
        .env_remove("CARGO_MANIFEST_DIR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}

/// A scratch directory (for the board picture), without a `.env`.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("primeclimb-play-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// Run `primeclimb play ARGS` with `input` on stdin; wait at most two minutes.
fn run(url: &str, dir: &Path, args: &[&str], input: &str) -> Output {
    run_command("play", url, dir, args, input)
}

/// Run `primeclimb COMMAND ARGS` with `input` on stdin; wait at most two minutes.
fn run_command(command: &str, url: &str, dir: &Path, args: &[&str], input: &str) -> Output {
    let mut child = primeclimb(url, dir)
        .arg(command)
        .args(args)
        .spawn()
        .unwrap_or_else(|e| panic!("run primeclimb {command}: {e}"));
    let mut stdin = child.stdin.take().expect("stdin");
    // A run refused at start (a bad argument or database) may exit before reading its
    // input: the pipe is then closed, which is not the test's failure.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    rx.recv_timeout(Duration::from_secs(120))
        .unwrap_or_else(|_| panic!("primeclimb {command} finished in time"))
        .expect("its output")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_typed_game_is_stored_and_resumed() {
    let url = db_url("typed");
    let dir = scratch("typed");
    let out = run(
        &url,
        &dir,
        &["--seed", "5", "--ai", "easy", "--names", "Ada"],
        "help\nmoves\nhint 2\nboard\ndance\n14 +200\nquit\n",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    assert!(
        stdout.contains("Prime Climb · game #1 · Ada vs Easy AI\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("move 14 -3 x9"),
        "help lists the commands: {stdout}"
    );
    assert!(
        stdout.contains("distinct outcome"),
        "moves lists outcomes: {stdout}"
    );
    assert!(stdout.contains("  1. "), "hint numbers its moves: {stdout}");
    assert!(stdout.contains("`dance` is not a command"), "{stdout}");
    assert!(stdout.contains("`+200`: dice show 1 to 10"), "{stdout}");
    assert!(
        stdout.contains("Saved: Prime Climb game #1 in ")
            && stdout.contains(&format!(
                "Continue with `{} play --resume`.",
                env!("CARGO_BIN_EXE_primeclimb")
            )),
        "{stdout}"
    );
    let png = std::fs::read(dir.join("primeclimb-board.png")).expect("board wrote a picture");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a PNG file");

    // Starting again without a flag does not throw the game away.
    let again = run(&url, &dir, &[], "");
    assert_eq!(again.status.code(), Some(2));
    let stderr = text(&again.stderr);
    assert!(
        stderr.contains("an unfinished game is waiting (game #1"),
        "{stderr}"
    );
    assert!(stderr.contains("--resume"), "{stderr}");

    // Resume and play one hinted move: the same game, one step further.
    let rt = tokio::runtime::Runtime::new().expect("runtime");
    let session = support::db::TestSession::new(rt.block_on(store::connect(&url)).expect("open"));
    let before = rt
        .block_on(session.play().board(Place::LOCAL))
        .expect("the stored game");
    let (_, hints) = rt
        .block_on(session.play().hint(Place::LOCAL, 1))
        .expect("a hint");
    let resumed = run(
        &url,
        &dir,
        &["--resume"],
        &format!("move {}\nend\nquit\n", hints[0].moves),
    );
    let stdout = text(&resumed.stdout);
    assert!(
        resumed.status.success(),
        "{stdout}\n{}",
        text(&resumed.stderr)
    );
    assert!(stdout.contains("game #1"), "{stdout}");
    let after = rt
        .block_on(session.play().board(Place::LOCAL))
        .expect("the stored game");
    assert!(after.info.version > before.info.version, "{stdout}");
    assert_eq!(
        rt.block_on(session.play().replay(after.info.id))
            .expect("replays"),
        after.game
    );

    // --new ends the waiting game and starts another.
    let fresh = run(&url, &dir, &["--new", "--ai", "hard"], "quit\n");
    assert!(fresh.status.success(), "{}", text(&fresh.stderr));
    assert!(text(&fresh.stdout).contains("game #2"));
    let old = rt
        .block_on(session.store().game(1))
        .expect("read")
        .expect("game 1");
    assert_eq!(old.status, Status::Ended);
}

#[test]
fn watching_ai_seats_play_a_whole_game() {
    let url = db_url("watch");
    let dir = scratch("watch");
    let out = run(
        &url,
        &dir,
        &["--players", "0", "--ai", "medium,easy,hard", "--seed", "3"],
        "",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    assert!(stdout.contains("── Turn 1 · "), "{stdout}");
    assert!(stdout.contains(" wins in "), "{stdout}");
}

#[test]
fn bad_arguments_exit_2_with_a_message() {
    let url = db_url("bad-args");
    let dir = scratch("bad-args");
    for (args, expect) in [
        (vec!["--ai", "genius"], "`genius` is not an AI level"),
        (
            vec!["--players", "3", "--ai", "easy,easy"],
            "2 to 4 players",
        ),
        (vec!["--variant", "warp"], "`warp` is not a variant"),
        (
            vec!["--players", "1", "--names", "Ada,Bo"],
            "--names: --players 1: give one name (got 2)",
        ),
        (
            vec!["--players", "3", "--names", "Ada,Bo"],
            "--names: --players 3: give one name for each of the 3 players (got 2)",
        ),
        (
            vec!["--names", ",,"],
            "--names: no name in `,,`: write names separated by commas, like --names Ada,Bo",
        ),
        (
            vec!["--names", "Ada,,Bo"],
            "--names: an empty name in `Ada,,Bo`",
        ),
        (
            vec!["--names", "Ada,Bartholomew Montgomery-Fitzwilliam III"],
            "--names: `Bartholomew Montgomery-Fitzwilliam III` is longer than 32 characters",
        ),
        (vec!["--names", "Ada,ada"], "--names: `ada` is given twice"),
        (
            vec!["--seed", "-1"],
            "`-1` is not a whole number of 0 or more (like 42)",
        ),
        (
            vec!["--pace", "soon"],
            "`soon` is not a whole number of 0 or more",
        ),
        (vec!["--resume"], "no unfinished game to resume"),
        (vec!["chess"], "`chess` is not a game here"),
        (
            vec!["--variant", "decline,there-and-back"],
            "`decline` and `there-and-back` cannot be combined",
        ),
        (
            vec!["--players", "5"],
            "needs 2 to 4 players, not 5 (--players 5 and --ai give 5)",
        ),
    ] {
        let out = run(&url, &dir, &args, "");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(expect), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        // Advice only where it applies.
        assert!(!stderr.contains("choose solitaire"), "{args:?}: {stderr}");
        // Never a flag nobody gave.
        if !args.contains(&"--players") {
            assert!(!stderr.contains("--players"), "{args:?}: {stderr}");
        }
    }
    // The other commands' numbers, said as plainly.
    for (args, expect) in [
        (
            vec!["moves", "--pawns", "-1,5", "--roll", "3,4"],
            "--pawns: `-1` is not a number from 0 to 101",
        ),
        (
            vec!["moves", "--pawns", "4,26", "--roll", "3,4", "--limit", "0"],
            "`0` is not a count: write 1 or more",
        ),
        (
            vec!["moves", "--pawns", "4,26", "--roll", "3,4", "--hint", "0"],
            "`0`: the hints shown are 1 to 20",
        ),
        (
            vec!["simulate", "--seed", "-1"],
            "`-1` is not a whole number of 0 or more",
        ),
        (
            vec!["simulate", "--threads", "100"],
            "`100`: the worker threads are 1 to 64",
        ),
        (
            vec!["simulate", "--threads", "0"],
            "`0`: the worker threads are 1 to 64",
        ),
        (
            vec![
                "simulate",
                "--games",
                "100000",
                "--csv",
                "/nonexistent-primeclimb/x.csv",
            ],
            "--csv: cannot write /nonexistent-primeclimb/x.csv: no such folder",
        ),
    ] {
        let out = primeclimb(&url, &dir).args(&args).output().expect("runs");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(expect), "{args:?}: {stderr}");
        assert!(
            out.stdout.is_empty(),
            "{args:?} is refused before anything is computed: {}",
            text(&out.stdout)
        );
    }
    // `moves --json` keeps to `--limit`, and says how many there are in all.
    let out = primeclimb(&url, &dir)
        .args([
            "moves", "--pawns", "4,26", "--roll", "3,4", "--json", "--limit", "2",
        ])
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["outcomes"].as_array().map(Vec::len), Some(2));
    assert!(json["total"].as_u64().unwrap_or(0) > 2, "{json}");
    // Where the count comes from is said only for the count.
    for (args, expect) in [
        (
            vec!["daifugo", "--variant", "advanced,games=9"],
            "a match is won at 1 to 5 games, not 9",
        ),
        (vec!["--variant", "solitaire,decline"], "not in decline"),
    ] {
        let out = run(&url, &dir, &args, "");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(expect), "{args:?}: {stderr}");
        assert!(!stderr.contains("--players"), "{args:?}: {stderr}");
    }
}

#[test]
fn database_addresses_that_cannot_work_exit_with_a_clear_message() {
    let dir = scratch("bad-db");
    for (url, code, expect) in [
        ("mysql://localhost/games", 2, "is not a database address"),
        // Nothing listens on port 1: a PostgreSQL that cannot be reached.
        (
            "postgres://primeclimb@127.0.0.1:1/games",
            1,
            "cannot open the database",
        ),
        (
            "sqlite:///no/such/directory/games.db",
            1,
            "cannot open the database",
        ),
    ] {
        let out = run(url, &dir, &[], "quit\n");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{url}: {stderr}");
        assert!(stderr.contains(expect), "{url}: {stderr}");
        assert!(!stderr.contains("panicked"), "{url}: {stderr}");
    }
}

#[cfg(unix)]
#[test]
fn a_process_killed_mid_game_leaves_a_sound_database_that_resumes() {
    let url = db_url("sigkill");
    let dir = scratch("sigkill");
    // AI seats playing a stream of moves, slowly enough to be killed in the middle.
    let mut child = primeclimb(&url, &dir)
        .args([
            "play",
            "--players",
            "0",
            "--ai",
            "easy,easy,easy,easy",
            "--seed",
            "8",
            "--pace",
            "15",
        ])
        .spawn()
        .expect("run primeclimb play");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut turns = 0;
    while turns < 25 {
        let left = deadline.saturating_duration_since(Instant::now());
        let line = rx.recv_timeout(left).expect("the AI seats keep playing");
        if line.starts_with("── Turn ") {
            turns += 1;
        }
    }
    // SIGKILL: no chance to clean up, possibly in the middle of a transaction.
    child.kill().expect("SIGKILL");
    child.wait().expect("reaped");

    let rt = tokio::runtime::Runtime::new().expect("runtime");
    let store = rt
        .block_on(store::connect(&url))
        .expect("the database opens");
    // A SQLite file is checked page by page (PostgreSQL keeps its own consistency).
    if let Some(sqlite) = store.as_sqlite() {
        let check: String = rt
            .block_on(sqlx::query_scalar("PRAGMA integrity_check").fetch_one(sqlite.pool()))
            .expect("integrity check");
        assert_eq!(check, "ok");
    }
    let session = Session::new(store.clone());
    let row = rt
        .block_on(store.open_game(Place::LOCAL))
        .expect("read")
        .expect("the game is still open");
    let killed_at = row.version;
    let state_at_kill = rt
        .block_on(session.play().board(Place::LOCAL))
        .expect("board")
        .game;
    assert_eq!(
        rt.block_on(session.play().replay(row.id)).expect("replays"),
        state_at_kill,
        "the stored state is exactly what the committed moves give"
    );
    let log_at_kill = rt.block_on(store.log(row.id)).expect("log");
    assert!(log_at_kill.len() >= 20, "{} entries", log_at_kill.len());

    // Resume: the game goes on from the last committed move to the end.
    let out = run(&url, &dir, &["--resume"], "");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    assert!(stdout.contains(&format!("game #{}", row.id)), "{stdout}");
    assert!(stdout.contains(" wins in "), "{stdout}");
    let done = rt
        .block_on(store.game(row.id))
        .expect("read")
        .expect("the game");
    assert_eq!(done.status, Status::Finished);
    let log = rt.block_on(store.log(row.id)).expect("log");
    assert_eq!(
        log[..log_at_kill.len()]
            .iter()
            .map(|e| (e.version, e.actions.clone()))
            .collect::<Vec<_>>(),
        log_at_kill
            .iter()
            .map(|e| (e.version, e.actions.clone()))
            .collect::<Vec<_>>(),
        "the moves before the kill are kept as they were"
    );
    assert_eq!(log[log_at_kill.len()].version, killed_at + 1);
    let final_game = rt
        .block_on(session.play().board(Place::LOCAL))
        .expect("board")
        .game;
    assert_eq!(
        rt.block_on(session.play().replay(row.id)).expect("replays"),
        final_game
    );
    drop(session);
    drop(store);
    support::db::remove_db("sigkill");
}

#[test]
fn prime_daifugo_in_the_terminal() {
    let url = db_url("daifugo-terminal");
    let dir = scratch("daifugo-terminal");
    let out = run(
        &url,
        &dir,
        &[
            "daifugo",
            "--seed",
            "4",
            "--names",
            "Ada",
            "--variant",
            "advanced",
        ],
        "help\nhint\nhand\nboard\n42 42\ndraw\ndraw\nquit\n",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    assert!(
        stdout.contains("Prime Daifugo · match #1 · Ada vs Medium AI · "),
        "{stdout}"
    );
    assert!(stdout.contains("Your hand (10 cards):"), "{stdout}");
    assert!(stdout.contains("You could play"), "{stdout}");
    assert!(stdout.contains("There is no [42] card"), "{stdout}");
    assert!(
        stdout.contains("Ada draws ["),
        "your own draw is shown: {stdout}"
    );
    assert!(stdout.contains("already drawn"), "{stdout}");
    assert!(
        !stdout.contains("Medium AI draws ["),
        "the AI's draws stay hidden"
    );
    let png = std::fs::read(dir.join("primeclimb-board.png")).expect("the table picture");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    // `--resume` continues the game of the kind asked for.
    let resumed = run(&url, &dir, &["daifugo", "--resume"], "pass\nquit\n");
    let stdout = text(&resumed.stdout);
    assert!(resumed.status.success(), "{stdout}");
    assert!(stdout.contains("match #1"), "{stdout}");
    assert!(stdout.contains("Ada passes"), "{stdout}");
}

#[test]
fn watching_ai_seats_play_prime_daifugo() {
    let url = db_url("daifugo-watch");
    let dir = scratch("daifugo-watch");
    let out = run(
        &url,
        &dir,
        &[
            "daifugo",
            "--players",
            "0",
            "--ai",
            "easy,medium,hard",
            "--variant",
            "skip,games=1",
        ],
        "",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    assert!(stdout.contains("wins the match!"), "{stdout}");
    assert!(
        !stdout.contains(" draws ["),
        "nobody's draws are shown: {stdout}"
    );
}

#[test]
fn the_terminal_teaches_the_rules_in_both_languages() {
    let url = db_url("teach");
    let dir = scratch("teach");
    let out = run(
        &url,
        &dir,
        &["--seed", "2", "--names", "Ada"],
        "rules\nrules move\nrules variants\nrules zz\ncolours\nquit\n",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("Prime Climb: overview"), "{stdout}");
    assert!(
        stdout.contains("Every step must stay on the board"),
        "{stdout}"
    );
    assert!(
        stdout.contains("double-time") && stdout.contains("bump and draw after every step"),
        "what each variant does: {stdout}"
    );
    assert!(
        stdout.contains("`zz` is not a topic of the rules"),
        "{stdout}"
    );
    assert!(
        !stdout.contains("**"),
        "no Discord markup in the terminal: {stdout}"
    );
    // The overview points to the terminal's own `colours`, which answers.
    assert!(stdout.contains("coloured segments (`colours`)"), "{stdout}");
    assert!(!stdout.contains("/climb"), "{stdout}");
    assert_eq!(stdout.matches("Topics: ").count(), 1, "{stdout}");
    assert!(stdout.contains("orange"), "{stdout}");
    // The same in French, with the game's words.
    let out = run(
        &url,
        &dir,
        &["--new", "--seed", "2", "--names", "Ada", "--lang", "fr"],
        "règles cartes\naide\nquit\n",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("Tapez `aide`"), "{stdout}");
    assert!(stdout.contains("Cartes Prime (§6)"), "{stdout}");
    assert!(
        stdout.contains("Commandes (les mots anglais marchent aussi : move, play, end, undo…) :\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("indice [N]      les N meilleurs coups"),
        "the French commands list the French words: {stdout}"
    );
    assert!(
        stdout.contains("couleurs        la couleur de chaque facteur premier"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Enregistré : partie de Prime Climb"),
        "{stdout}"
    );
}

/// A game of Ada against an easy AI (seed 6), stopped at once, and a move of Ada's that
/// draws no card (so it can be taken back): the runtime and session that read the game,
/// the game before the move, and the move.
fn ada_against_easy_ai_with_a_quiet_move(
    url: &str,
    dir: &Path,
) -> (
    tokio::runtime::Runtime,
    support::db::TestSession,
    primeclimb::session::ClimbView,
    String,
) {
    let first = run(
        url,
        dir,
        &["--seed", "6", "--ai", "easy", "--names", "Ada"],
        "quit\n",
    );
    assert!(first.status.success(), "{}", text(&first.stderr));
    let rt = tokio::runtime::Runtime::new().expect("runtime");
    let session = support::db::TestSession::new(rt.block_on(store::connect(url)).expect("open"));
    let (before, outcomes) = rt
        .block_on(session.play().legal_moves(Place::LOCAL))
        .expect("Ada's turn");
    let quiet = support::db::quiet_moves(&outcomes)
        .next()
        .expect("a move without a card")
        .witness
        .clone();
    (rt, session, before, quiet)
}

#[test]
fn a_finished_move_is_taken_back_before_the_ai_plays() {
    let url = db_url("take-back");
    let dir = scratch("take-back");
    let (rt, session, before, quiet) = ada_against_easy_ai_with_a_quiet_move(&url, &dir);
    let out = run(&url, &dir, &["--resume"], &format!("{quiet}\nundo\nquit\n"));
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("↩ Enter: Easy AI plays · `undo`: take your move back"),
        "{stdout}"
    );
    assert!(stdout.contains("Ada takes the move back"), "{stdout}");
    let after = rt
        .block_on(session.play().board(Place::LOCAL))
        .expect("board");
    assert_eq!(
        after.game.current(),
        before.game.current(),
        "still Ada's turn"
    );
    assert_eq!(after.game.turn.number, before.game.turn.number);
    assert!(
        after.game.turn.steps.is_empty(),
        "the whole move is taken back, not only its end"
    );
    assert_eq!(after.game.turn.roll, before.game.turn.roll, "the same dice");
    assert_eq!(
        after.game.players, before.game.players,
        "the pawns as they were"
    );
    assert_eq!(
        rt.block_on(session.play().replay(after.info.id))
            .expect("replays"),
        after.game
    );
}

#[test]
fn resigning_asks_first() {
    let url = db_url("resign");
    let dir = scratch("resign");
    let out = run(
        &url,
        &dir,
        &["--seed", "3", "--names", "Ada,Bo"],
        "resign\nno\nresign\nyes\n",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("Prime Climb · game #1 · Ada vs Bo"),
        "--names gives two players: {stdout}"
    );
    assert!(
        stdout.contains("Leave the game for good? (yes/no)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Not resigned: the game goes on."),
        "{stdout}"
    );
    assert!(stdout.contains("leaves the game"), "{stdout}");
    assert!(
        stdout.contains("🏆 Bo wins without taking a turn!"),
        "the other player wins: {stdout}"
    );
    assert!(
        stdout.contains("The picture is in "),
        "the final board: {stdout}"
    );
    assert!(dir.join("primeclimb-board.png").exists());
}

#[test]
fn each_game_keeps_its_own_unfinished_game() {
    let url = db_url("kinds");
    let dir = scratch("kinds");
    assert!(run(&url, &dir, &["--seed", "1"], "quit\n").status.success());
    assert!(run(&url, &dir, &["daifugo", "--seed", "1"], "quit\n")
        .status
        .success());
    let climb = run(&url, &dir, &["--resume"], "quit\n");
    assert!(
        text(&climb.stdout).contains("Prime Climb · game #1"),
        "{}",
        text(&climb.stdout)
    );
    let daifugo = run(&url, &dir, &["daifugo", "--resume"], "quit\n");
    assert!(
        text(&daifugo.stdout).contains("Prime Daifugo · match #2"),
        "{}",
        text(&daifugo.stdout)
    );
    let again = run(&url, &dir, &["daifugo"], "");
    let stderr = text(&again.stderr);
    assert_eq!(again.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("Prime Daifugo in "),
        "names the game and the file: {stderr}"
    );
    assert!(stderr.contains("play daifugo --resume`"), "{stderr}");
}

#[test]
fn watching_ai_seats_shows_the_cards_they_draw() {
    let url = db_url("watch-cards");
    let dir = scratch("watch-cards");
    let out = run(
        &url,
        &dir,
        &["--players", "0", "--ai", "hard,hard", "--seed", "11"],
        "",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("    🃏 “"),
        "the text of a drawn card: {stdout}"
    );
    // One header per AI turn, and the win told once.
    assert_eq!(stdout.matches("── Turn 1 · ").count(), 1, "{stdout}");
    assert_eq!(stdout.matches(" wins").count(), 1, "{stdout}");
    assert!(
        stdout.contains("Hard AI 1") && stdout.contains("Hard AI 2"),
        "{stdout}"
    );
}

#[test]
fn moves_cuts_long_lists_and_ends_quietly_on_a_closed_pipe() {
    let out = Command::new(env!("CARGO_BIN_EXE_primeclimb"))
        .args(["moves", "--pawns", "4,26", "--roll", "2,2", "--limit", "3"])
        .output()
        .expect("moves");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert_eq!(stdout.lines().count(), 2 + 3 + 1, "{stdout}");
    assert!(stdout.contains("… and "), "{stdout}");
    // A reader that stops after one line (`| head -1`).
    let mut child = Command::new(env!("CARGO_BIN_EXE_primeclimb"))
        .args([
            "moves",
            "--pawns",
            "4,26",
            "--roll",
            "2,2",
            "--keepers",
            "1,2,3,4,5",
            "--limit",
            "100000",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("moves");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("a line");
    let out = child.wait_with_output().expect("ended");
    assert!(first.starts_with("Pawns on 4 and 26"), "{first}");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        !text(&out.stderr).contains("panicked"),
        "{}",
        text(&out.stderr)
    );
    // The hint of `moves` names the space the moved pawn ends on.
    let out = Command::new(env!("CARGO_BIN_EXE_primeclimb"))
        .args(["moves", "--pawns", "97,5", "--roll", "8,2", "--hint", "40"])
        .output()
        .expect("moves --hint");
    let stdout = text(&out.stdout);
    assert!(!stdout.contains("you end on 97"), "{stdout}");
}

#[test]
fn the_terminal_draws_in_the_chosen_palette_and_tells_the_position_in_words() {
    let url = db_url("palette");
    let dir = scratch("palette");
    let out = run(
        &url,
        &dir,
        &[
            "--seed",
            "5",
            "--ai",
            "easy",
            "--names",
            "Ada",
            "--palette",
            "colour-blind+marks",
            "--lang",
            "fr",
        ],
        "board\nboard text\nquit\n",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    assert!(stdout.contains("• Ada : départ ; départ"), "{stdout}");
    let png = std::fs::read(dir.join("primeclimb-board.png")).expect("the picture");
    let img = image::load_from_memory(&png).expect("a PNG").to_rgba8();
    let s = primeclimb::render::Layout::new(img.width()).space(13);
    let seen = *img.get_pixel((s.c.x - s.r * 0.8) as u32, s.c.y as u32);
    let cb = primeclimb::render::Theme::for_look(primeclimb::render::Look {
        palette: primeclimb::render::Palette::ColourBlind,
        marks: true,
    });
    assert_eq!(seen, cb.red, "the colour-blind red on 13");

    // A palette the program does not know is a usage error that names it.
    let out = run(&url, &dir, &["--new", "--palette", "sepia"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--palette: `sepia` is not a way to draw the pictures"),
        "{}",
        text(&out.stderr)
    );
}

/// Run `primeclimb learn ARGS` with `input` on stdin.
fn learn(url: &str, dir: &Path, args: &[&str], input: &str) -> Output {
    run_command("learn", url, dir, args, input)
}

#[test]
fn the_guided_first_game_goes_step_by_step_and_on_where_it_stopped() {
    use primeclimb::climb::lessons::{lesson, COUNT};
    let url = db_url("learn");
    let dir = scratch("learn");
    // Step 1 missed, refused, then done; a hint; then stop at step 3.
    let out = learn(&url, &dir, &[], "0 -6\n0 +5\n0 +6\nhint\n9 -4\nquit\n");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    assert!(
        stdout.contains("Step 1 of 9 — One pawn, one die: adding"),
        "{stdout}"
    );
    assert!(stdout.contains("That move cannot be played"), "{stdout}");
    let refusal = stdout
        .lines()
        .find(|l| l.contains("That move cannot be played"))
        .unwrap_or_default();
    assert!(
        refusal.contains("a move looks like `0 +"),
        "the example is a move from the learner's own position (a pawn on 0): {refusal}"
    );
    assert!(stdout.contains("✅ Well done! Goal met."), "{stdout}");
    assert!(stdout.contains("  `9 -4`"), "the hint: {stdout}");
    assert!(stdout.contains("Step 3 of 9 — Multiplying"), "{stdout}");
    assert!(stdout.contains("Your progress is saved"), "{stdout}");
    assert!(
        dir.join("primeclimb-board.png").is_file(),
        "the position is drawn"
    );

    // Again, in French: it goes on at step 3, and a wrong move is corrected.
    let mut rest = String::from("7 +3\n");
    for i in 2..COUNT {
        rest.push_str(&lesson(i).unwrap().example());
        rest.push('\n');
    }
    // Into the whole game: one line, then stop.
    rest.push_str("quitter\n");
    let out = learn(&url, &dir, &["--lang", "fr"], &rest);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    assert!(!stdout.contains("Étape 1 sur 9"), "{stdout}");
    assert!(stdout.contains("Étape 3 sur 9 — Multiplier"), "{stdout}");
    assert!(stdout.contains("❌ Pas tout à fait"), "{stdout}");
    assert!(stdout.contains("Étape 9 sur 9"), "{stdout}");
    assert!(
        stdout.contains("🎉 Vous connaissez toutes les règles"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Indices affichés"),
        "the game has hints on: {stdout}"
    );
    assert!(stdout.contains("💡 Indice"), "{stdout}");

    assert!(
        stdout.contains("learn --lang fr`"),
        "the way back in is in French too: {stdout}"
    );

    // The whole game waits: `learn` again continues it, not the steps, in the language
    // it was started in.
    let out = learn(&url, &dir, &[], "quit\n");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("💡 Indice"), "{stdout}");
    assert!(!stdout.contains("💡 Hint"), "{stdout}");
    assert!(!stdout.contains("Step 1 of 9"), "{stdout}");
    assert!(!stdout.contains("Étape 1 sur 9"), "{stdout}");
    // And `--restart` begins the steps again (still in French).
    let out = learn(&url, &dir, &["--restart"], "quit\n");
    assert!(
        text(&out.stdout).contains("Étape 1 sur 9"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn a_picture_that_cannot_be_written_is_said_and_the_game_goes_on() {
    let url = db_url("no-picture");
    let dir = scratch("no-picture");
    let nowhere = "/nonexistent-primeclimb/board.png";
    // `board` during a game: one line, and the game is still there to play.
    let out = run(
        &url,
        &dir,
        &[
            "--seed",
            "6",
            "--ai",
            "easy",
            "--names",
            "Ada",
            "--board-file",
            nowhere,
        ],
        "board\nboard text\nquit\n",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    assert!(
        stdout.contains("No picture this time: /nonexistent-primeclimb/board.png cannot be written (no such folder). The game goes on."),
        "{stdout}"
    );
    assert!(stdout.contains("Saved: Prime Climb game #"), "{stdout}");
    assert!(text(&out.stderr).is_empty(), "{}", text(&out.stderr));
    // At the end of a game: the standings, then the review still comes.
    let watch = db_url("no-picture-watch");
    let out = run(
        &watch,
        &dir,
        &[
            "--players",
            "0",
            "--ai",
            "easy,medium",
            "--seed",
            "3",
            "--board-file",
            nowhere,
            "--lang",
            "fr",
        ],
        "review\n",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    assert!(
        stdout.contains("Pas d'image cette fois : impossible d'écrire /nonexistent-primeclimb/board.png (ce dossier n'existe pas)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("/nonexistent-primeclimb/primeclimb-review.png"),
        "the review's chart is tried, and said: {stdout}"
    );
    // And at every step of the guided first game.
    let learnt = db_url("no-picture-learn");
    let out = learn(&learnt, &dir, &["--board-file", nowhere], "0 +6\nquit\n");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    assert!(stdout.contains("No picture this time"), "{stdout}");
    assert!(stdout.contains("✅ Well done! Goal met."), "{stdout}");
}

#[test]
fn looking_keeps_the_take_back_window_open_and_quitting_stops_before_the_ai() {
    let url = db_url("take-back-window");
    let dir = scratch("take-back-window");
    let (rt, session, before, quiet) = ada_against_easy_ai_with_a_quiet_move(&url, &dir);
    // Ada moves, looks around (hint, the board in words, the rules), then quits.
    let out = run(
        &url,
        &dir,
        &["--resume"],
        &format!("{quiet}\nhint\nboard text\nrules\nquit\n"),
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("Easy AI plays next: hints and moves come on your next turn"),
        "{stdout}"
    );
    assert_eq!(
        stdout.matches("↩ Enter: Easy AI plays").count(),
        4,
        "the window stays open while Ada looks: {stdout}"
    );
    let moved = rt
        .block_on(session.play().board(Place::LOCAL))
        .expect("board");
    assert_eq!(
        moved.take_back_seat(),
        Some(before.game.current()),
        "the AI has not played: Ada can still take her move back"
    );
    // The end of input (Ctrl-D) stops too, without the AI playing.
    let out = run(&url, &dir, &["--resume"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let still = rt
        .block_on(session.play().board(Place::LOCAL))
        .expect("board");
    assert_eq!(still.game, moved.game, "{}", text(&out.stdout));
    // And the window is offered again on resuming: `undo` takes the move back.
    let out = run(&url, &dir, &["--resume"], "undo\nquit\n");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Ada takes the move back"), "{stdout}");
    let back = rt
        .block_on(session.play().board(Place::LOCAL))
        .expect("board");
    assert_eq!(back.game.players, before.game.players);
    assert_eq!(back.game.current(), before.game.current());
}

#[test]
fn prime_daifugo_at_one_keyboard_shows_each_hand_only_to_its_owner() {
    let url = db_url("daifugo-hot-seat");
    let dir = scratch("daifugo-hot-seat");
    let out = run(
        &url,
        &dir,
        &["daifugo", "--seed", "4", "--names", "Ann,Ben"],
        "\ndraw\npass\n\n\nquit\n",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    let ann = stdout
        .find("🔒 Ann: press Enter to see your hand")
        .expect("Ann is asked before her hand is shown");
    let hide = stdout
        .find("Enter: hide your hand and pass the keyboard")
        .expect("Ann hides her hand when her turn is over");
    let ben = stdout
        .find("🔒 Ben: press Enter to see your hand")
        .expect("Ben is asked before his hand is shown");
    assert!(ann < hide && hide < ben, "{stdout}");
    assert!(
        !stdout[..ann].contains("Your hand"),
        "no hand before Ann comes: {stdout}"
    );
    assert!(
        stdout[ann..hide].contains("Your hand ("),
        "Ann sees her hand on her turn: {stdout}"
    );
    assert!(
        !stdout[hide..ben].contains("Your hand"),
        "no hand while the keyboard changes hands: {stdout}"
    );
    assert!(
        stdout[hide..ben].contains("Ann passes"),
        "Ben learns what Ann did: {stdout}"
    );
    assert!(
        !stdout[hide..ben].contains("Ann draws ["),
        "but not the card she drew: {stdout}"
    );
    assert_eq!(stdout[ben..].matches("Your hand (").count(), 1, "{stdout}");
}

#[test]
fn a_game_taken_up_again_mid_turn_says_whose_turn_and_the_dice() {
    let url = db_url("resume-mid-turn");
    let dir = scratch("resume-mid-turn");
    let first = run(
        &url,
        &dir,
        &["--seed", "6", "--ai", "easy", "--names", "Ada"],
        "quit\n",
    );
    let stdout = text(&first.stdout);
    assert!(stdout.contains("Ada rolled 4 and 7."), "{stdout}");
    // One die used, then stop.
    let part = run(&url, &dir, &["--resume"], "0 +4\nquit\n");
    assert!(part.status.success(), "{}", text(&part.stderr));
    let resumed = run(&url, &dir, &["--resume"], "quit\n");
    let stdout = text(&resumed.stdout);
    assert!(stdout.contains("── Turn 1 · Ada ──"), "{stdout}");
    assert!(stdout.contains("Ada rolled 4 and 7."), "{stdout}");
    assert!(stdout.contains("Still to use: 7."), "{stdout}");
}
