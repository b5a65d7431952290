//! The places' locks (`src/session/locks.rs`): one lock a place while it is in use, and
//! the unused ones dropped as places come and go, so the map stays the size of what is
//! busy now.

use std::sync::Arc;

use primeclimb::session::{Place, PlaceLocks};

fn place(n: i64) -> Place {
    Place {
        guild_id: 1,
        channel_id: 1_000 + n,
    }
}

#[test]
fn a_place_has_one_lock_while_it_is_held() {
    let locks = PlaceLocks::default();
    let held = locks.of(place(0));
    let _guard = held.try_lock().expect("free");
    // Many other places come and go meanwhile: the held one is never dropped, and the
    // place's lock is still the one held.
    for n in 1..5_000 {
        drop(locks.of(place(n)));
    }
    let again = locks.of(place(0));
    assert!(Arc::ptr_eq(&held, &again));
    assert!(again.try_lock().is_err(), "the same lock, still held");
    assert!(locks.places().contains(&place(0)));
}

#[test]
fn locks_nobody_uses_are_dropped_as_places_come_and_go() {
    let locks = PlaceLocks::default();
    let kept: Vec<_> = (0..10).map(|n| locks.of(place(n))).collect();
    for n in 10..100_000 {
        drop(locks.of(place(n)));
    }
    // Bounded by the pruning's floor, whatever the number of places seen.
    assert!(locks.len() <= 2 * 256, "{} locks kept", locks.len());
    for (n, lock) in kept.iter().enumerate() {
        assert!(Arc::ptr_eq(lock, &locks.of(place(n as i64))));
    }
    drop(kept);
    for n in 100_000..101_000 {
        drop(locks.of(place(n)));
    }
    assert!(locks.len() <= 2 * 256, "{} locks kept", locks.len());
}

#[tokio::test]
async fn waiters_on_a_place_are_served_in_turn_across_pruning() {
    let locks = PlaceLocks::default();
    let first = locks.of(place(0));
    let guard = first.clone().lock_owned().await;
    // A second user of the place waits on the same lock (it holds a clone, so the lock
    // is in use and cannot be dropped) while many places come and go.
    let waiter = {
        let locks = locks.clone();
        tokio::spawn(async move {
            let lock = locks.of(place(0));
            let _g = lock.lock().await;
        })
    };
    tokio::task::yield_now().await;
    for n in 1..5_000 {
        drop(locks.of(place(n)));
    }
    assert!(Arc::ptr_eq(&first, &locks.of(place(0))));
    drop(guard);
    waiter.await.expect("the waiter gets the lock");
}
