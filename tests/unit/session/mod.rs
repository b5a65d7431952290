//! The use cases' pure parts (`src/session/`): the calendar, the grammars of requests and
//! of clicks, seasons, puzzle streaks, the kinds of refusals the class report counts, the
//! web's links, the places' locks.

mod calendar;
mod class;
mod ids;
mod links;
mod locks;
mod puzzles;
mod request;
mod settings;
