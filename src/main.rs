//! `primeclimb`: the command-line entry point.

fn main() {
    std::process::exit(primeclimb::cli::run());
}
