//! Exhaustive counts, shakmaty-perft style: for fixed positions, the number of distinct
//! legal outcomes for each of the 100 rolls, kept in `tests/data/outcomes.counts`.
//! A few counts are checked by hand below. To regenerate the file after a deliberate
//! rules change: `PRIMECLIMB_BLESS=1 cargo test -- engine::outcome_counts`.

use primeclimb::climb::{legal_outcomes, Game, KeeperEffect, Options, PositionSetup, Roll};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/outcomes.counts");

struct Pos {
    pawns: [u8; 2],
    others: Vec<u8>,
    keepers: Vec<u8>,
    cursed: bool,
}

fn game(p: &Pos, roll: Roll) -> Game {
    let mut all = vec![p.pawns];
    if p.others.is_empty() {
        all.push([0, 0]);
    }
    for pair in p.others.chunks(2) {
        all.push([pair[0], pair.get(1).copied().unwrap_or(101)]);
    }
    let setup = PositionSetup {
        pawns: all,
        keepers: vec![p
            .keepers
            .iter()
            .map(|&n| KeeperEffect::PlusMinus { n })
            .collect()],
        to_move: 0,
        roll: Some(roll),
        cursed: p.cursed,
    };
    Game::from_position(Options::default(), &setup, 0).expect("position")
}

fn list(v: &[u8]) -> String {
    if v.is_empty() {
        "-".into()
    } else {
        v.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
    }
}

fn nums(s: &str) -> Vec<u8> {
    if s == "-" {
        Vec::new()
    } else {
        s.split(',').map(|x| x.parse().expect("number")).collect()
    }
}

fn counts(p: &Pos) -> Vec<usize> {
    Roll::all()
        .map(|r| legal_outcomes(&game(p, r)).len())
        .collect()
}

fn positions() -> Vec<Pos> {
    let p = |pawns: [u8; 2], others: &[u8], keepers: &[u8], cursed: bool| Pos {
        pawns,
        others: others.to_vec(),
        keepers: keepers.to_vec(),
        cursed,
    };
    vec![
        p([0, 0], &[], &[], false),
        p([4, 26], &[], &[], false),
        p([78, 0], &[42], &[], false),
        p([98, 101], &[], &[], false),
        p([50, 60], &[52, 58, 47, 63], &[], false),
        p([10, 20], &[23, 30], &[5, 2, 1], false),
        p([3, 7], &[50, 60], &[], true),
        p([33, 88], &[35, 90, 0, 12], &[9], false),
    ]
}

fn render(all: &[Pos]) -> String {
    let mut s = String::from(
        "# Distinct legal outcomes of the Move phase (perft style).\n\
         # position <pawns> <others> <±N keepers> <cursed>; then 10 rows, row = first die 1..10,\n\
         # column = second die 1..10.\n",
    );
    for p in all {
        s.push_str(&format!(
            "position {} {} {} {}\n",
            list(&p.pawns),
            list(&p.others),
            list(&p.keepers),
            if p.cursed { "cursed" } else { "-" }
        ));
        for row in counts(p).chunks(10) {
            let r: Vec<String> = row.iter().map(usize::to_string).collect();
            s.push_str(&r.join(" "));
            s.push('\n');
        }
    }
    s
}

#[test]
fn outcome_counts_match_the_data_file() {
    let all = positions();
    if std::env::var_os("PRIMECLIMB_BLESS").is_some() {
        std::fs::write(FILE, render(&all)).expect("write counts");
    }
    let text = std::fs::read_to_string(FILE).expect("tests/data/outcomes.counts");
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    let mut checked = 0;
    while let Some(head) = lines.next() {
        let parts: Vec<&str> = head.split_whitespace().collect();
        assert_eq!(parts[0], "position");
        let p = Pos {
            pawns: nums(parts[1]).try_into().expect("two pawns"),
            others: nums(parts[2]),
            keepers: nums(parts[3]),
            cursed: parts[4] == "cursed",
        };
        let expected: Vec<usize> = (0..10)
            .flat_map(|_| {
                lines
                    .next()
                    .expect("10 rows")
                    .split_whitespace()
                    .map(|x| x.parse::<usize>().expect("count"))
                    .collect::<Vec<_>>()
            })
            .collect();
        let got = counts(&p);
        for (i, r) in Roll::all().enumerate() {
            assert_eq!(got[i], expected[i], "{head} roll {},{}", r.a, r.b);
        }
        checked += 1;
    }
    assert_eq!(checked, all.len());
}

/// Counted by hand: pawns 4 and 26, roll 3 and 9. The pawn on 4 alone ends on
/// 16, 63, 10, 9, 21, 3, 39, 33 or 12 (9); the pawn on 26 alone on 38, 20, 32, 14, 87,
/// 69 or 51 (7); split, the 4 takes 3 (7, 1, 12) and 26 takes 9 (35, 17): 6, or 4 takes
/// 9 (13, 36) and 26 takes 3 (29, 23, 78): 6. Total 28.
#[test]
fn hand_counted_4_and_26_roll_3_and_9() {
    let p = &positions()[1];
    assert_eq!(legal_outcomes(&game(p, Roll { a: 3, b: 9 })).len(), 28);
    assert_eq!(legal_outcomes(&game(p, Roll { a: 9, b: 3 })).len(), 28);
}

/// Counted by hand: both pawns on Start, roll 1 and 2. One pawn takes both: 0+1+2 = 3,
/// 0+1×2 = 2, 0×1+2 = 2, 0+2−1 = 1, 0×… = 0; split: {1 or 0} and {2 or 0}. Pawns are
/// interchangeable (§4), so the ends are {0,0} {0,1} {0,2} {0,3} {1,2}: 5.
#[test]
fn hand_counted_start_roll_1_and_2() {
    let p = &positions()[0];
    let outs = legal_outcomes(&game(p, Roll { a: 1, b: 2 }));
    let ends: Vec<[u8; 2]> = outs.iter().map(|o| o.pawns).collect();
    assert_eq!(ends, vec![[0, 0], [0, 1], [0, 2], [0, 3], [1, 2]]);
}

/// Counted by hand: 98 with the other pawn home, roll 7 and 1. 7 first: 91 or 14, then
/// 1: 92, 90, 91 (×1, ÷1) or 15, 13, 14. 1 first: 99, 97, 98, then 7: from 99: 92; from
/// 97: 90; from 98: 91, 14. Distinct: 92 90 91 15 13 14 = 6.
#[test]
fn hand_counted_98_roll_7_and_1() {
    let p = &positions()[3];
    let outs = legal_outcomes(&game(p, Roll { a: 7, b: 1 }));
    let mut ends: Vec<u8> = outs.iter().map(|o| o.pawns[0]).collect();
    ends.sort();
    assert_eq!(ends, vec![13, 14, 15, 90, 91, 92]);
}
