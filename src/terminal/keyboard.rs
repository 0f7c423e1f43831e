//! Lines typed at the keyboard, read on a thread of their own, each with the moment it
//! arrived, so a prompt can tell a line typed for it from one typed ahead of it.

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
    pub fn from_channel(rx: mpsc::UnboundedReceiver<Typed>) -> Keyboard {
        Keyboard { rx }
    }

    pub(super) async fn line(&mut self) -> Option<Typed> {
        self.rx.recv().await
    }
}
