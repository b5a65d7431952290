//! The use cases' pure parts (`src/session/`): the calendar, the grammar of requests,
//! seasons, puzzle streaks, the kinds of refusals the class report counts, the web's links.

mod calendar;
mod class;
mod links;
mod puzzles;
mod request;
mod settings;
