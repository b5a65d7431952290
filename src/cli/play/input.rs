//! Where typed lines come from: a line editor (history, arrows, Ctrl-L to clear the
//! screen) when the terminal is interactive, else plain lines from standard input (a pipe,
//! a script, the tests), with the prompt written out all the same.

use std::io::{BufRead, Write};

/// The lines a person types.
pub enum Input {
    Editor(Box<rustyline::DefaultEditor>),
    Plain(Box<dyn BufRead>),
}

impl Input {
    /// The line editor on a terminal, plain lines otherwise.
    pub fn stdin() -> Input {
        use std::io::IsTerminal;
        if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
            if let Ok(editor) = rustyline::DefaultEditor::new() {
                return Input::Editor(Box::new(editor));
            }
        }
        Input::Plain(Box::new(std::io::BufReader::new(std::io::stdin())))
    }

    /// Lines from a reader (tests).
    pub fn from_reader(reader: impl BufRead + 'static) -> Input {
        Input::Plain(Box::new(reader))
    }

    /// Show `prompt` and read a line; `None` when the input has ended (Ctrl-D, end of a
    /// pipe). Ctrl-C reads as `quit`.
    pub fn line(&mut self, prompt: &str, out: &mut dyn Write) -> std::io::Result<Option<String>> {
        match self {
            Input::Editor(editor) => match editor.readline(prompt) {
                Ok(line) => {
                    if !line.trim().is_empty() {
                        let _ = editor.add_history_entry(line.as_str());
                    }
                    Ok(Some(line))
                }
                Err(rustyline::error::ReadlineError::Interrupted) => Ok(Some("quit".into())),
                Err(rustyline::error::ReadlineError::Eof) => Ok(None),
                Err(rustyline::error::ReadlineError::Io(e)) => Err(e),
                Err(e) => Err(std::io::Error::other(e)),
            },
            Input::Plain(reader) => {
                write!(out, "{prompt}")?;
                out.flush()?;
                let mut line = String::new();
                if reader.read_line(&mut line)? == 0 {
                    return Ok(None);
                }
                Ok(Some(line.trim_end_matches(['\n', '\r']).to_string()))
            }
        }
    }
}
