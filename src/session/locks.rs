//! One lock per place, for the fronts that must keep what they do in a place in order.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::Place;

/// One lock per place, to keep what a front does in a place in order (its AI turns, or a
/// move from its commit to its post). Cheap to clone: every clone shares the locks.
#[derive(Clone, Default)]
pub struct PlaceLocks(Arc<Mutex<HashMap<Place, Arc<tokio::sync::Mutex<()>>>>>);

impl PlaceLocks {
    /// The lock of `place` (a tokio lock serves its waiters in turn).
    pub fn of(&self, place: Place) -> Arc<tokio::sync::Mutex<()>> {
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        map.entry(place).or_default().clone()
    }

    /// Every place locked so far.
    pub fn places(&self) -> Vec<Place> {
        let map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        map.keys().copied().collect()
    }
}
