//! One lock per place, for the fronts that must keep what they do in a place in order.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::Place;

/// One lock per place, to keep what a front does in a place in order (its AI turns, or a
/// move from its commit to its post). Cheap to clone: every clone shares the locks.
///
/// A lock nobody holds or waits for is dropped when the map has grown to twice what it
/// kept at the last pruning, so a bot that has played in many channels over months keeps
/// locks only for the places busy now.
#[derive(Clone, Default)]
pub struct PlaceLocks(Arc<Mutex<Locks>>);

#[derive(Default)]
struct Locks {
    map: HashMap<Place, Arc<tokio::sync::Mutex<()>>>,
    /// Past this many locks, the unused ones are dropped.
    prune_at: usize,
}

/// The fewest locks kept before any is dropped.
const KEEP_AT_LEAST: usize = 256;

impl PlaceLocks {
    /// The lock of `place` (a tokio lock serves its waiters in turn).
    pub fn of(&self, place: Place) -> Arc<tokio::sync::Mutex<()>> {
        let mut locks = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if locks.map.len() >= locks.prune_at.max(KEEP_AT_LEAST) {
            // Only this map holds an unused lock: nobody holds it, waits for it, or is
            // about to (a caller holds its clone from before it locks until it unlocks).
            locks.map.retain(|_, lock| Arc::strong_count(lock) > 1);
            locks.prune_at = 2 * locks.map.len();
        }
        locks.map.entry(place).or_default().clone()
    }

    /// Every place whose lock is kept (every place locked and not pruned since).
    pub fn places(&self) -> Vec<Place> {
        let locks = self.0.lock().unwrap_or_else(|e| e.into_inner());
        locks.map.keys().copied().collect()
    }

    /// How many locks are kept.
    pub fn len(&self) -> usize {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).map.len()
    }

    /// Whether no lock is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
