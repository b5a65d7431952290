//! A point or vector in pixels: what every drawing primitive and every recorded shape
//! (`vector.rs`) is placed with.

/// A point or vector in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pt {
    pub x: f32,
    pub y: f32,
}

impl Pt {
    pub const fn new(x: f32, y: f32) -> Pt {
        Pt { x, y }
    }
    pub fn plus(self, o: Pt) -> Pt {
        Pt::new(self.x + o.x, self.y + o.y)
    }
    pub fn minus(self, o: Pt) -> Pt {
        Pt::new(self.x - o.x, self.y - o.y)
    }
    pub fn times(self, k: f32) -> Pt {
        Pt::new(self.x * k, self.y * k)
    }
    pub fn len(self) -> f32 {
        // Not `hypot`: that is a slow library call, and these lengths never overflow.
        (self.x * self.x + self.y * self.y).sqrt()
    }
    pub fn dot(self, o: Pt) -> f32 {
        self.x * o.x + self.y * o.y
    }
    /// The unit vector in this direction (zero stays zero).
    pub fn unit(self) -> Pt {
        let l = self.len();
        if l > 0.0 {
            self.times(1.0 / l)
        } else {
            self
        }
    }
    /// Rotated a quarter turn (anticlockwise on screen, where y points down).
    pub fn perp(self) -> Pt {
        Pt::new(self.y, -self.x)
    }
}

/// The smallest box holding every one of `points` (its least and greatest corners);
/// `None` for no points.
pub fn bounds(points: impl IntoIterator<Item = Pt>) -> Option<(Pt, Pt)> {
    points.into_iter().fold(None, |b, p| {
        let (min, max) = b.unwrap_or((p, p));
        Some((
            Pt::new(min.x.min(p.x), min.y.min(p.y)),
            Pt::new(max.x.max(p.x), max.y.max(p.y)),
        ))
    })
}
