//! The use cases' pure parts (`src/session/`): the calendar, the grammar of requests,
//! seasons, puzzle streaks, the kinds of refusals the class report counts.

mod calendar;
mod class;
mod puzzles;
mod request;
mod settings;
