//! Where things go on the picture: the spiral of spaces (§1) with 101 large at the centre
//! and Start at the outer end, the token slots on a space, and the board and panel areas.
//!
//! Pure geometry in pixels for a given image size; draws nothing. The spiral is computed
//! once in board units and scaled per size.

use std::sync::OnceLock;

use super::canvas::Pt;
use crate::climb::{GOAL, START};

/// Layout is designed on a 1024-pixel square and scaled to the requested size.
pub const DESIGN_SIZE: f32 = 1024.0;

/// A circle in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Circle {
    pub c: Pt,
    pub r: f32,
}

/// A rectangle in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Rect {
    pub fn right(&self) -> f32 {
        self.x + self.w
    }
    pub fn bottom(&self) -> f32 {
        self.y + self.h
    }
}

/// The geometry of one picture size.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub size: u32,
    /// Pixels per design pixel (1.0 at 1024).
    pub scale: f32,
    /// The square-ish area the spiral is drawn in (left part of the picture).
    pub board: Rect,
    /// The side panel (right part).
    pub panel: Rect,
    /// Centre of the board area and the radius of a disc holding every space.
    pub centre: Pt,
    pub radius: f32,
    spaces: Vec<Circle>,
}

// Board units: an inner space has radius 1.
const GOAL_RADIUS: f32 = 2.45;
const START_RADIUS: f32 = 1.9;
/// Space 100's radius is 1; space 1's is `1 − SHRINK` ("somewhat smaller outside").
const SHRINK: f32 = 0.2;
/// Clear space between neighbours along the spiral and between its turns.
const GAP: f32 = 0.2;
const RING_GAP: f32 = 0.24;
/// Screen angle of Start, seen from the centre (y points down: 90° is straight down).
const START_ANGLE_DEG: f32 = 118.0;
/// Width of the board area in design pixels; the panel takes the rest.
const BOARD_WIDTH: f32 = 770.0;
/// Clear margin round the spiral, left and right, in design pixels.
const SIDE_MARGIN: f32 = 8.0;
/// Bands kept free above and below the spiral (turn banner, colour legend).
const BAND: f32 = 112.0;

/// Radius of the space `index` steps out from the goal (1 = space 100, 101 = Start).
fn unit_radius(index: usize) -> f32 {
    match index {
        0 => GOAL_RADIUS,
        101 => START_RADIUS,
        k => 1.0 - SHRINK * (k - 1) as f32 / 99.0,
    }
}

/// Space centres and radii in board units with the goal at 0, indexed by space number.
fn unit_spiral() -> &'static [(Pt, f32)] {
    static SPIRAL: OnceLock<Vec<(Pt, f32)>> = OnceLock::new();
    SPIRAL.get_or_init(|| {
        // Walk outwards from the goal along a spiral whose turns are as far apart as the
        // spaces on them are wide, placing each space as soon as it clears the last one.
        let mut placed: Vec<(Pt, f32)> = vec![(Pt::new(0.0, 0.0), GOAL_RADIUS)];
        let mut theta: f32 = 0.0;
        let mut rho = GOAL_RADIUS + RING_GAP + unit_radius(1);
        let at = |rho: f32, theta: f32| Pt::new(rho * theta.cos(), rho * theta.sin());
        placed.push((at(rho, theta), unit_radius(1)));
        let step = 0.001f32;
        for index in 2..=101 {
            let r = unit_radius(index);
            let (prev, prev_r) = placed[index - 1];
            let want = prev_r + r + GAP;
            loop {
                let pitch = 2.0 * r + RING_GAP;
                theta += step;
                rho += pitch / std::f32::consts::TAU * step;
                if at(rho, theta).minus(prev).len() >= want {
                    break;
                }
            }
            let mut centre_rho = rho;
            if index == 101 {
                // Start is larger than its neighbours: move it out so it clears the turn inside.
                centre_rho += START_RADIUS - unit_radius(100);
            }
            placed.push((at(centre_rho, theta), r));
        }
        // Turn so that Start sits at START_ANGLE_DEG; placed[i] is space 101 − i.
        let start = placed[101].0;
        let turn = START_ANGLE_DEG.to_radians() - start.y.atan2(start.x);
        let (s, c) = turn.sin_cos();
        let mut by_space = vec![(Pt::new(0.0, 0.0), 0.0); 102];
        for (i, (p, r)) in placed.iter().enumerate() {
            by_space[101 - i] = (Pt::new(p.x * c - p.y * s, p.x * s + p.y * c), *r);
        }
        by_space
    })
}

impl Layout {
    /// The layout of a `size`-pixel square picture.
    pub fn new(size: u32) -> Layout {
        let scale = size as f32 / DESIGN_SIZE;
        let full = size as f32;
        let board_w = (BOARD_WIDTH * scale).round();
        let board = Rect {
            x: 0.0,
            y: 0.0,
            w: board_w,
            h: full,
        };
        let panel = Rect {
            x: board_w,
            y: 0.0,
            w: full - board_w,
            h: full,
        };
        // Fit the spiral's bounding box into the board area, centred.
        let unit = unit_spiral();
        let (mut min, mut max) = (Pt::new(f32::MAX, f32::MAX), Pt::new(f32::MIN, f32::MIN));
        for &(p, r) in unit {
            min = Pt::new(min.x.min(p.x - r), min.y.min(p.y - r));
            max = Pt::new(max.x.max(p.x + r), max.y.max(p.y + r));
        }
        let span = max.minus(min);
        let avail_w = board_w - 2.0 * SIDE_MARGIN * scale;
        let avail_h = full - 2.0 * BAND * scale;
        let k = (avail_w / span.x).min(avail_h / span.y);
        let mid = min.plus(max).times(0.5);
        let centre = Pt::new(board_w / 2.0, full / 2.0);
        let spaces: Vec<Circle> = unit
            .iter()
            .map(|&(p, r)| {
                let c = centre.plus(p.minus(mid).times(k));
                Circle {
                    c: Pt::new(c.x.round(), c.y.round()),
                    r: (r * k).round(),
                }
            })
            .collect();
        let radius = spaces
            .iter()
            .map(|s| s.c.minus(centre).len() + s.r)
            .fold(0.0f32, f32::max);
        Layout {
            size,
            scale,
            board,
            panel,
            centre,
            radius,
            spaces,
        }
    }

    /// A length in design pixels, in pixels of this picture.
    pub fn px(&self, design: f32) -> f32 {
        design * self.scale
    }

    /// The circle of a space (0–101; anything larger is the goal).
    pub fn space(&self, space: u8) -> Circle {
        self.spaces[usize::from(space.min(GOAL))]
    }

    /// Where `count` tokens stand on `space`, and how big each is. Every token stays
    /// visible: one fills the middle of the space, several share it side by side or in a
    /// ring (the goal and Start can hold all eight pawns).
    pub fn token_slots(&self, space: u8, count: usize) -> Vec<Circle> {
        let s = self.space(space);
        let at = |dx: f32, dy: f32, r: f32| Circle {
            c: s.c.plus(Pt::new(dx * s.r, dy * s.r)),
            r: r * s.r,
        };
        if space == GOAL {
            // Below "101", which stays readable.
            return rows_below_label(s, count);
        }
        if space == START {
            // Start's label is written outside it: the whole circle holds pawns.
            return start_slots(s, count);
        }
        match count {
            0 => Vec::new(),
            1 => vec![at(0.0, 0.0, 0.7)],
            2 => vec![at(-0.47, 0.0, 0.46), at(0.47, 0.0, 0.46)],
            3 | 4 => {
                let (r, d) = (0.45, 0.45);
                [(-d, -d), (d, -d), (-d, d), (d, d)]
                    .into_iter()
                    .take(count)
                    .map(|(x, y)| at(x, y, r))
                    .collect()
            }
            _ => ring_slots(s, count),
        }
    }
}

/// `count` tokens round a space, small enough not to overlap.
fn ring_slots(s: Circle, count: usize) -> Vec<Circle> {
    let n = count as f32;
    let at = 0.62;
    let r = ((std::f32::consts::PI / n).sin() * at * 0.95).min(0.34) * s.r;
    (0..count)
        .map(|i| {
            let a = -std::f32::consts::FRAC_PI_2 + std::f32::consts::TAU * i as f32 / n;
            Circle {
                c: s.c.plus(Pt::new(a.cos(), a.sin()).times(at * s.r)),
                r,
            }
        })
        .collect()
}

/// `count` tokens filling Start: as large as fits, the first eight all clear of each other.
fn start_slots(s: Circle, count: usize) -> Vec<Circle> {
    let at = |dx: f32, dy: f32, r: f32| Circle {
        c: s.c.plus(Pt::new(dx * s.r, dy * s.r)),
        r: r * s.r,
    };
    match count {
        0 => Vec::new(),
        1 => vec![at(0.0, 0.0, 0.55)],
        2 => vec![at(-0.45, 0.0, 0.42), at(0.45, 0.0, 0.42)],
        3 | 4 => [(-0.4, -0.4), (0.4, -0.4), (-0.4, 0.4), (0.4, 0.4)]
            .into_iter()
            .take(count)
            .map(|(x, y)| at(x, y, 0.37))
            .collect(),
        5..=8 => {
            // A ring round one in the middle.
            let mut ring = ring_slots(s, count - 1);
            let r = ring.first().map_or(0.3 * s.r, |c| c.r);
            ring.insert(0, Circle { c: s.c, r });
            ring
        }
        _ => ring_slots(s, count),
    }
}

/// `count` tokens in the lower part of a large circle (the goal, Start), in one row or
/// two, as big as fits.
fn rows_below_label(s: Circle, count: usize) -> Vec<Circle> {
    let (rows, most): (Vec<(usize, f32)>, f32) = match count {
        0 => return Vec::new(),
        1..=2 => (vec![(count, 0.42)], 0.34),
        3 => (vec![(count, 0.42)], 0.27),
        // Two rows 0.48 apart: tokens up to 0.23 never touch the other row.
        _ => (vec![(count.div_ceil(2), 0.14), (count / 2, 0.62)], 0.23),
    };
    let mut out = Vec::with_capacity(count);
    for (n, y) in rows {
        // Half the chord of the circle at this height, less a margin.
        let half = (1.0 - (y + 0.12f32).powi(2)).max(0.0).sqrt() * 0.92;
        let r = (half / (n as f32 * 1.06)).min(most);
        let step = r * 2.12;
        let x0 = -step * (n as f32 - 1.0) / 2.0;
        for i in 0..n {
            out.push(Circle {
                c: s.c.plus(Pt::new((x0 + step * i as f32) * s.r, y * s.r)),
                r: r * s.r,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_two_spaces_overlap() {
        let l = Layout::new(1024);
        for a in 0..=101u8 {
            for b in a + 1..=101u8 {
                let (p, q) = (l.space(a), l.space(b));
                let d = p.c.minus(q.c).len();
                assert!(
                    d > p.r + q.r,
                    "spaces {a} and {b} overlap ({d} < {})",
                    p.r + q.r
                );
            }
        }
    }

    #[test]
    fn spiral_fits_the_board_area() {
        let l = Layout::new(1024);
        for s in 0..=101u8 {
            let c = l.space(s);
            assert!(
                c.c.x - c.r >= 0.0 && c.c.x + c.r <= l.board.right(),
                "space {s}"
            );
            assert!(
                c.c.y - c.r >= 0.0 && c.c.y + c.r <= l.board.bottom(),
                "space {s}"
            );
        }
    }

    #[test]
    fn goal_in_the_middle_start_outside_spaces_shrink_outwards() {
        let l = Layout::new(1024);
        let dist = |s: u8| l.space(s).c.minus(l.centre).len();
        assert!(dist(GOAL) < l.radius * 0.15, "the goal is near the middle");
        assert!((1..=100).all(|s| dist(START) > dist(s)));
        assert!(l.space(GOAL).r > l.space(100).r * 2.0);
        assert!(l.space(100).r > l.space(1).r);
    }

    #[test]
    fn tokens_on_one_space_do_not_overlap() {
        let l = Layout::new(1024);
        for (space, n) in [
            (37, 2),
            (37, 4),
            (37, 6),
            (START, 8),
            (START, 3),
            (GOAL, 8),
            (GOAL, 5),
            (GOAL, 2),
        ] {
            let slots = l.token_slots(space, n);
            assert_eq!(slots.len(), n);
            for i in 0..n {
                for j in i + 1..n {
                    let d = slots[i].c.minus(slots[j].c).len();
                    assert!(d >= slots[i].r + slots[j].r - 0.5, "{space} x{n}: {i},{j}");
                }
            }
        }
    }
}
