//! Lines typed at the keyboard, read on a thread of their own, each with the moment it
//! arrived, so a prompt can tell a line typed for it from one typed ahead of it.

use std::time::Instant;
use tokio::sync::mpsc;

/// One typed line and when it arrived.
#[derive(Debug, Clone)]
pub struct Typed {
    pub text: String,
    pub at: Instant,
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
    /// standard input to itself.
    pub fn open() -> Keyboard {
        let (tx, rx) = mpsc::unbounded_channel();
        std::thread::spawn(move || {
            let stdin = std::io::stdin();
            let mut line = String::new();
            loop {
                line.clear();
                match stdin.read_line(&mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let typed = Typed {
                            text: line.trim_end_matches(['\r', '\n']).to_string(),
                            at: Instant::now(),
                        };
                        if tx.send(typed).is_err() {
                            break;
                        }
                    }
                }
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
