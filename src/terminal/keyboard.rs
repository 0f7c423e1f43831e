//! Lines typed at the keyboard, read on a thread of their own, each with the moment it
//! arrived, so a prompt can tell a line typed for it from one typed ahead of it.
//!
//! At a terminal the lines are read with a line editor (`rustyline`: arrows, history,
//! Home/End, Ctrl-W), so a stray arrow key never lands in a speech as `^[[A`; Ctrl-C there
//! is passed on as the interrupt signal it would have been, so the games handle it in one
//! place. Piped standard input (scripts, the tests) is read as it comes, unchanged.

use std::io::BufRead;
use std::time::Instant;
use tokio::sync::mpsc;

/// One typed line and when it arrived.
#[derive(Debug, Clone)]
pub struct Typed {
    pub text: String,
    pub at: Instant,
}

/// One line of input as text, without its line end.
fn typed(line: &[u8], at: Instant) -> Typed {
    Typed {
        text: String::from_utf8_lossy(line)
            .trim_end_matches(['\r', '\n'])
            .to_string(),
        at,
    }
}

/// Ctrl-C typed into the line editor: the interrupt signal, raised in this process.
fn interrupt() {
    // SAFETY: raise(3) only sends a signal to the calling process.
    unsafe {
        libc::raise(libc::SIGINT);
    }
}

/// Lines typed at the keyboard. `None` at end of input.
pub struct Keyboard {
    rx: mpsc::UnboundedReceiver<Typed>,
}

impl Keyboard {
    /// A keyboard that never types (watch mode).
    pub fn none() -> Keyboard {
        let (_, rx) = mpsc::unbounded_channel();
        Keyboard { rx }
    }

    /// Starts reading standard input. Open it once per process: the reader thread keeps
    /// standard input to itself. Every line that arrives in one read is stamped with the
    /// moment of that read, so lines typed (or pasted) together count as typed together
    /// however late the thread gets to hand them on.
    pub fn open() -> Keyboard {
        use std::io::IsTerminal;
        if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
            if let Some(keyboard) = Keyboard::open_editor() {
                return keyboard;
            }
        }
        Keyboard::open_piped()
    }

    /// Standard input read with the line editor (a terminal on both ends). `None` when the
    /// editor cannot start; the caller reads plainly then.
    fn open_editor() -> Option<Keyboard> {
        use rustyline::error::ReadlineError;
        let mut editor = rustyline::DefaultEditor::new().ok()?;
        let (tx, rx) = mpsc::unbounded_channel();
        std::thread::spawn(move || loop {
            match editor.readline("") {
                Ok(line) => {
                    if !line.trim().is_empty() {
                        let _ = editor.add_history_entry(line.as_str());
                    }
                    if tx.send(typed(line.as_bytes(), Instant::now())).is_err() {
                        return;
                    }
                }
                // The editor holds the terminal raw, so Ctrl-C reaches it as a key: raise
                // the signal it stands for, which the game in progress handles.
                Err(ReadlineError::Interrupted) => interrupt(),
                Err(ReadlineError::Eof) | Err(_) => return,
            }
        });
        Some(Keyboard { rx })
    }

    /// Standard input read as it comes (piped, or a terminal without the editor).
    fn open_piped() -> Keyboard {
        let (tx, rx) = mpsc::unbounded_channel();
        std::thread::spawn(move || {
            let mut input = std::io::stdin().lock();
            let mut pending: Vec<u8> = Vec::new();
            loop {
                let chunk = match input.fill_buf() {
                    Ok([]) | Err(_) => break,
                    Ok(chunk) => chunk,
                };
                let at = Instant::now();
                let n = chunk.len();
                pending.extend_from_slice(chunk);
                input.consume(n);
                while let Some(end) = pending.iter().position(|&b| b == b'\n') {
                    let line: Vec<u8> = pending.drain(..=end).collect();
                    if tx.send(typed(&line, at)).is_err() {
                        return;
                    }
                }
            }
            if !pending.is_empty() {
                let _ = tx.send(typed(&pending, Instant::now()));
            }
        });
        Keyboard { rx }
    }

    /// A keyboard fed by `lines` (tests).
    #[cfg(test)]
    pub fn from_channel(rx: mpsc::UnboundedReceiver<Typed>) -> Keyboard {
        Keyboard { rx }
    }

    pub(super) async fn line(&mut self) -> Option<Typed> {
        self.rx.recv().await
    }
}
