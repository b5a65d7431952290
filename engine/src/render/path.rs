//! The last turn drawn over the board: an arrow for every step, through the intermediate
//! spaces and labelled with its arithmetic (`×9`, `k+5`), rings on the spaces the pawns
//! passed, and a crossed-out ghost token where each pawn sent to Start stood (§3.3).
//!
//! Reads a [`LastTurn`] and the game; drawing is split in two so that tokens go between
//! the arrows (under) and the labels and bump marks (over).

use image::{Rgba, RgbaImage};

use super::canvas::{bezier, bounds, convex_polygon, disc, line, rgb, ring, rounded_rect, Pt};
use super::fonts::{draw_text, text_width, Align, TextStyle};
use super::last_turn::LastTurn;
use super::layout::{Circle, Layout};
use super::pawns::{draw_token, PlayerStyle, Shape};
use super::theme::Theme;
use super::words::Words;
use crate::climb::{Game, KeeperPlay, PawnRef, StepRecord, START};

/// One arrow of the path.
#[derive(Clone, Debug, PartialEq)]
struct Arrow {
    from: u8,
    to: u8,
    style: PlayerStyle,
    label: String,
    /// Card moves are dashed: the card moved the pawn, not the dice.
    dashed: bool,
    /// A switch points both ways.
    both_ways: bool,
}

/// Everything the last turn adds to the board.
#[derive(Clone, Debug, Default)]
pub struct Overlay {
    arrows: Vec<Arrow>,
    /// Spaces passed through, ringed in the mover's colour.
    passed: Vec<(u8, Rgba<u8>)>,
    /// Pawns sent to Start, drawn as ghosts on the space they left.
    sent: Vec<(PlayerStyle, u8)>,
}

/// The style for arrows nobody owns (a switch of two players' pawns).
fn neutral_style() -> PlayerStyle {
    PlayerStyle {
        fill: rgb(0xfa, 0xfa, 0xfa),
        ink: rgb(0x12, 0x13, 0x18),
        outline: rgb(0x12, 0x13, 0x18),
        letter: ' ',
        shape: Shape::Circle,
    }
}

impl Overlay {
    pub fn new(game: &Game, last: &LastTurn, styles: &[PlayerStyle], words: &dyn Words) -> Overlay {
        let style_of = |seat: Option<usize>| {
            seat.and_then(|s| styles.get(s).cloned())
                .unwrap_or_else(neutral_style)
        };
        let mover = style_of(last.seat);
        let mut o = Overlay::default();
        let arrow = |o: &mut Overlay, from: u8, to: u8, style: &PlayerStyle, label: String| {
            o.passed.push((from, style.fill));
            o.passed.push((to, style.fill));
            o.arrows.push(Arrow {
                from,
                to,
                style: style.clone(),
                label,
                dashed: false,
                both_ways: false,
            });
        };
        for step in &last.steps {
            match *step {
                StepRecord::Die {
                    from, op, die, to, ..
                } => arrow(
                    &mut o,
                    from,
                    to,
                    &mover,
                    format!("{}{die}", op.math_symbol()),
                ),
                StepRecord::Forced { from, die, to, .. } => {
                    // §3.2 forced move: the die had no use; the pawn went back.
                    arrow(&mut o, from, to, &mover, words.forced(die));
                }
                StepRecord::Keeper {
                    play: KeeperPlay::PlusMinus { add, .. },
                    from: Some(from),
                    to: Some(to),
                    ..
                } => {
                    let sign = if add { '+' } else { '−' };
                    let n = from.abs_diff(to);
                    arrow(&mut o, from, to, &mover, format!("k{sign}{n}"));
                }
                StepRecord::Keeper { .. } => {}
            }
        }
        for m in &last.card_moves {
            let style = style_of(Some(m.pawn.seat));
            o.passed.push((m.from, style.fill));
            o.arrows.push(Arrow {
                from: m.from,
                to: m.to,
                label: card_label(game, m.card, words),
                style,
                dashed: true,
                both_ways: false,
            });
        }
        for &(a, b) in &last.switched {
            let space = |p: PawnRef| {
                game.players
                    .get(p.seat)
                    .and_then(|pl| pl.pawns.get(p.pawn).copied())
            };
            if let (Some(sa), Some(sb)) = (space(a), space(b)) {
                o.arrows.push(Arrow {
                    from: sa,
                    to: sb,
                    style: neutral_style(),
                    label: words.switch(),
                    dashed: true,
                    both_ways: true,
                });
            }
        }
        for (p, from) in last.sent_to_start() {
            o.sent.push((style_of(Some(p.seat)), from));
        }
        // A pawn's own space is marked by its token, not a ring.
        let occupied: Vec<u8> = game
            .players
            .iter()
            .filter(|p| !p.resigned)
            .flat_map(|p| p.pawns)
            .collect();
        o.passed
            .retain(|(s, _)| !occupied.contains(s) && *s != START);
        o.passed.sort_by_key(|&(s, _)| s);
        o.passed.dedup_by_key(|&mut (s, _)| s);
        o
    }

    /// Rings and arrows: drawn before the tokens.
    pub fn draw_under(&self, img: &mut RgbaImage, layout: &Layout) {
        for &(space, colour) in &self.passed {
            let c = layout.space(space);
            ring(
                img,
                c.c,
                c.r + layout.px(3.5),
                layout.px(6.5),
                rgb(0x12, 0x13, 0x18),
            );
            ring(img, c.c, c.r + layout.px(3.5), layout.px(3.5), colour);
        }
        for (i, a) in self.arrows.iter().enumerate() {
            draw_arrow(img, layout, a, i);
        }
    }

    /// Labels and bump marks: drawn after the tokens so nothing hides them.
    pub fn draw_over(&self, img: &mut RgbaImage, layout: &Layout, game: &Game, theme: &Theme) {
        let mut ghosts_at: Vec<u8> = Vec::new();
        for (style, from) in &self.sent {
            let nth = ghosts_at.iter().filter(|&&s| s == *from).count() as f32;
            ghosts_at.push(*from);
            let s = layout.space(*from);
            // On the diagonal with the most room, so that neither the pawn that bumped it
            // nor a neighbour's number is hidden; a second ghost takes the next best.
            let ghost = ghost_place(layout, *from, nth as usize);
            draw_token(img, ghost, style, 0.85);
            // A red "sent back" badge with a white cross, on the ghost's outer side.
            let outward = ghost.c.minus(s.c).unit();
            let badge = Circle {
                c: ghost.c.plus(outward.times(ghost.r * 0.8)),
                r: ghost.r * 0.48,
            };
            disc(
                img,
                badge.c,
                badge.r + layout.px(1.8),
                rgb(0xfa, 0xfa, 0xfa),
            );
            disc(img, badge.c, badge.r, theme.red);
            let d = badge.r * 0.45;
            for (p, q) in [
                (Pt::new(-d, -d), Pt::new(d, d)),
                (Pt::new(-d, d), Pt::new(d, -d)),
            ] {
                line(
                    img,
                    badge.c.plus(p),
                    badge.c.plus(q),
                    layout.px(2.6),
                    rgb(0xfa, 0xfa, 0xfa),
                );
            }
        }
        let mut placed: Vec<(Pt, Pt)> = Vec::new();
        for (i, a) in self.arrows.iter().enumerate() {
            if let Some(geom) = arrow_geometry(layout, a, i) {
                let at = label_place(layout, game, &geom, &a.label, &placed);
                placed.push(label_box(layout, at, &a.label));
                draw_label(img, layout, at, &a.style, &a.label);
            } else {
                // ×1 or ÷1: the pawn stays; label it beside the space.
                let s = layout.space(a.from);
                let at = s.c.plus(Pt::new(0.0, -s.r - layout.px(12.0)));
                draw_label(img, layout, at, &a.style, &a.label);
            }
        }
    }
}

/// Where the ghost of a pawn sent to Start from `space` is drawn: just off the space on
/// one of its four diagonals, the `nth` roomiest (furthest from the other spaces). The
/// two lower ones lie over the number tag of the pawn that bumped it (across the bottom
/// of the space): they count a quarter of the space's radius less room, so the tag shows
/// unless the upper ones are much tighter.
pub fn ghost_place(layout: &Layout, space: u8, nth: usize) -> Circle {
    let s = layout.space(space);
    let mut spots: Vec<(f32, Circle)> = [-45.0f32, -135.0, 45.0, 135.0]
        .into_iter()
        .map(|deg| {
            let over_tag = if deg > 0.0 { s.r * 0.25 } else { 0.0 };
            let a = deg.to_radians();
            let c = s.c.plus(Pt::new(a.cos(), a.sin()).times(s.r * 1.02));
            let room = (0..=crate::climb::GOAL)
                .filter(|&o| o != space)
                .map(|o| {
                    let other = layout.space(o);
                    c.minus(other.c).len() - other.r
                })
                .fold(f32::INFINITY, f32::min);
            (room - over_tag, Circle { c, r: s.r * 0.6 })
        })
        .collect();
    spots.sort_by(|a, b| b.0.total_cmp(&a.0));
    spots[nth % spots.len()].1
}

/// What an Action card is called on the arrow it caused.
fn card_label(game: &Game, card: crate::climb::CardId, words: &dyn Words) -> String {
    match game.cards.get(usize::from(card.0)) {
        // A custom card's name is its whole text: too long for an arrow.
        Some(def) if !def.is_keeper() && !def.custom => words.card_name(def),
        _ => words.card(),
    }
}

struct ArrowGeometry {
    points: Vec<Pt>,
    tip: Pt,
    dir: Pt,
    tail: Pt,
    tail_dir: Pt,
    mid: Pt,
}

/// The control point of an arrow's curve: of a few gentle bends either side, the one
/// that crosses the fewest numbers of other spaces (so the arrow hides as little of the
/// board as it can). Ties go to a bend to the left of travel, so a step there and a step
/// back do not overlap.
fn best_control_point(layout: &Layout, a: &Arrow, index: usize) -> Pt {
    let (p, q) = (layout.space(a.from), layout.space(a.to));
    let d = q.c.minus(p.c);
    let len = d.len();
    let left = d.perp().unit();
    let mid = p.c.plus(q.c).times(0.5);
    let base = (len * 0.18).min(layout.px(80.0)) * (1.0 + 0.15 * (index % 3) as f32);
    let candidates = [
        base,
        -base,
        base * 1.9,
        -base * 1.9,
        base * 0.5,
        -base * 0.5,
        base * 2.8,
        -base * 2.8,
    ];
    // How much of the other spaces' numbers the shaft would hide: each space it passes
    // over, weighted by how near its middle (where the digits are) the curve comes.
    let crossed = |ctrl: Pt| {
        let curve = bezier(p.c, ctrl, q.c, 24);
        // A space farther from the curve's box than 0.9 of its radius hides nothing: it
        // is not measured (the sum is the same).
        let (lo, hi) = bounds(curve.iter().copied()).unwrap_or((p.c, q.c));
        let hidden: f32 = (0..=crate::climb::GOAL)
            .filter(|&s| s != a.from && s != a.to)
            .filter(|&s| {
                let c = layout.space(s);
                let reach = c.r * 0.9;
                c.c.x > lo.x - reach
                    && c.c.x < hi.x + reach
                    && c.c.y > lo.y - reach
                    && c.c.y < hi.y + reach
            })
            .map(|s| {
                let c = layout.space(s);
                let nearest = curve
                    .iter()
                    .map(|pt| pt.minus(c.c).len())
                    .fold(f32::INFINITY, f32::min);
                (1.0 - nearest / (c.r * 0.9)).max(0.0)
            })
            .sum();
        (hidden * 100.0) as usize
    };
    let mut best = (usize::MAX, mid);
    for bend in candidates {
        let ctrl = mid.plus(left.times(bend));
        let n = crossed(ctrl);
        if n < best.0 {
            best = (n, ctrl);
        }
    }
    best.1
}

/// The curve of an arrow from edge to edge of its spaces.
fn arrow_geometry(layout: &Layout, a: &Arrow, index: usize) -> Option<ArrowGeometry> {
    let (p, q) = (layout.space(a.from), layout.space(a.to));
    let d = q.c.minus(p.c);
    let len = d.len();
    if len < 1.0 {
        return None;
    }
    let ctrl = best_control_point(layout, a, index);
    let gap = layout.px(4.0);
    let start = p.c.plus(ctrl.minus(p.c).unit().times(p.r + gap));
    let tip = q.c.plus(ctrl.minus(q.c).unit().times(q.r + gap));
    let dir = tip.minus(ctrl).unit();
    let tail_dir = start.minus(ctrl).unit();
    let head = layout.px(15.0);
    let shaft_end = tip.minus(dir.times(head * 0.8));
    let shaft_start = if a.both_ways {
        start.minus(tail_dir.times(head * 0.8))
    } else {
        start
    };
    let n = ((len / layout.px(14.0)) as usize).clamp(6, 40);
    let points = bezier(shaft_start, ctrl, shaft_end, n);
    let mid = bezier(start, ctrl, tip, 2)[1];
    Some(ArrowGeometry {
        points,
        tip,
        dir,
        tail: start,
        tail_dir,
        mid,
    })
}

fn arrow_head(tip: Pt, dir: Pt, len: f32, width: f32) -> [Pt; 3] {
    let base = tip.minus(dir.times(len));
    let side = dir.perp().times(width / 2.0);
    [tip, base.plus(side), base.minus(side)]
}

fn draw_arrow(img: &mut RgbaImage, layout: &Layout, a: &Arrow, index: usize) {
    let Some(g) = arrow_geometry(layout, a, index) else {
        return;
    };
    let (outer, inner) = (layout.px(9.0), layout.px(5.0));
    let head_len = layout.px(17.0);
    let head_w = layout.px(17.0);
    let pad = (outer - inner) / 2.0;
    let mut heads = vec![(g.tip, g.dir)];
    if a.both_ways {
        heads.push((g.tail, g.tail_dir));
    }
    for (colour, width, grow) in [
        (a.style.outline, outer, pad * 1.8),
        (a.style.fill, inner, 0.0),
    ] {
        for (i, w) in g.points.windows(2).enumerate() {
            if a.dashed && i % 2 == 1 {
                continue;
            }
            line(img, w[0], w[1], width, colour);
        }
        for &(tip, dir) in &heads {
            let pts = arrow_head(
                tip.plus(dir.times(grow * 0.6)),
                dir,
                head_len + grow * 1.6,
                head_w + grow * 2.0,
            );
            convex_polygon(img, &pts, colour);
        }
    }
}

/// The box a label covers, centred on `at`.
fn label_box(layout: &Layout, at: Pt, text: &str) -> (Pt, Pt) {
    let ts = TextStyle::bold(layout.px(super::panel::MIN_TYPE));
    let w = text_width(ts, text) + layout.px(16.0);
    let h = layout.px(30.0);
    (
        Pt::new(at.x - w / 2.0, at.y - h / 2.0),
        Pt::new(at.x + w / 2.0, at.y + h / 2.0),
    )
}

/// Where on its arrow a label goes: of the points along the middle of the curve (and
/// just beside it), the one that covers the fewest numbers of spaces, pawns and their
/// number tags, and no other label; nearest the middle on a tie. The arithmetic never
/// hides where the pawns are.
fn label_place(
    layout: &Layout,
    game: &Game,
    g: &ArrowGeometry,
    text: &str,
    placed: &[(Pt, Pt)],
) -> Pt {
    let h = layout.px(27.0);
    let mut candidates: Vec<Pt> = vec![g.mid];
    // Along the whole of the arrow (its ends excepted), on it and beside it.
    let along = bezier(
        g.tail,
        g.mid.times(2.0).minus(g.tail.plus(g.tip).times(0.5)),
        g.tip,
        24,
    );
    for w in along[2..along.len() - 2].windows(2) {
        let side = w[1].minus(w[0]).perp().unit().times(h);
        for k in [0.0, 0.9, -0.9, 1.6, -1.6, 2.3, -2.3] {
            candidates.push(w[0].plus(side.times(k)));
        }
    }
    let boxes_touch = |a: (Pt, Pt), b: &(Pt, Pt)| {
        a.0.x < b.1.x && b.0.x < a.1.x && a.0.y < b.1.y && b.0.y < a.1.y
    };
    let overlaps = |(min, max): (Pt, Pt), c: Pt, r: f32| {
        let x = c.x.clamp(min.x, max.x);
        let y = c.y.clamp(min.y, max.y);
        Pt::new(x, y).minus(c).len() < r
    };
    // The digits of a space's number fill a box about as wide as the circle's radius.
    let digits = |s: u8| {
        let c = layout.space(s);
        let half = Pt::new(c.r * 0.72, c.r * 0.45);
        (c.c.minus(half), c.c.plus(half))
    };
    // The share of a space's digits a box hides (0 to 1).
    let hidden = |bx: (Pt, Pt), d: (Pt, Pt)| {
        let w = (bx.1.x.min(d.1.x) - bx.0.x.max(d.0.x)).max(0.0);
        let h = (bx.1.y.min(d.1.y) - bx.0.y.max(d.0.y)).max(0.0);
        (w * h) / ((d.1.x - d.0.x) * (d.1.y - d.0.y)).max(1.0)
    };
    // The same for every candidate: the label's size and the digits' boxes.
    let (lo, hi) = label_box(layout, Pt::new(0.0, 0.0), text);
    // Only the digits a candidate's box can reach (the others hide nothing).
    let reach = bounds(candidates.iter().copied()).unwrap_or((g.mid, g.mid));
    let reach = (reach.0.plus(lo), reach.1.plus(hi));
    let boxes: Vec<(Pt, Pt)> = (0..=crate::climb::GOAL)
        .map(digits)
        .filter(|d| boxes_touch(reach, d))
        .collect();
    // Each pawn's token and number tag, as circles (centre, radius).
    let pawns: Vec<((Pt, f32), (Pt, f32))> = game
        .players
        .iter()
        .filter(|p| !p.resigned)
        .flat_map(|p| p.pawns)
        .map(|s| {
            let c = layout.space(s);
            (
                (c.c, c.r * 0.75),
                (c.c.plus(Pt::new(0.0, c.r * 0.8)), c.r * 0.5),
            )
        })
        .collect();
    // `v` (0 or more) rounded up, by a cast: `f32::ceil` is a library call here.
    let ceil = |v: f32| {
        let t = v as usize;
        t + usize::from((t as f32) < v)
    };
    let score = |at: Pt| {
        let bx = (at.plus(lo), at.plus(hi));
        let numbers = boxes
            .iter()
            .map(|&d| hidden(bx, d))
            .map(|share| ceil(share * 20.0))
            .sum::<usize>();
        let pawns = pawns
            .iter()
            .filter(|&&(token, tag)| overlaps(bx, token.0, token.1) || overlaps(bx, tag.0, tag.1))
            .count();
        let labels = placed.iter().filter(|p| boxes_touch(bx, p)).count();
        (numbers + 30 * pawns + 100 * labels, at.minus(g.mid).len())
    };
    candidates
        .into_iter()
        .map(|at| (score(at), at))
        .min_by(|a, b| a.0 .0.cmp(&b.0 .0).then(a.0 .1.total_cmp(&b.0 .1)))
        .map_or(g.mid, |(_, at)| at)
}

/// A small pill with the step's arithmetic, in the mover's colours.
fn draw_label(img: &mut RgbaImage, layout: &Layout, at: Pt, style: &PlayerStyle, text: &str) {
    if text.is_empty() {
        return;
    }
    let ts = TextStyle::bold(layout.px(super::panel::MIN_TYPE));
    let w = text_width(ts, text) + layout.px(12.0);
    let h = layout.px(26.0);
    let min = Pt::new(at.x - w / 2.0, at.y - h / 2.0);
    let max = Pt::new(at.x + w / 2.0, at.y + h / 2.0);
    let rim = layout.px(2.0);
    rounded_rect(
        img,
        min.minus(Pt::new(rim, rim)),
        max.plus(Pt::new(rim, rim)),
        h / 2.0 + rim,
        style.outline,
    );
    rounded_rect(img, min, max, h / 2.0, style.fill);
    draw_text(img, ts, at, Align::Middle, style.ink, text);
}
