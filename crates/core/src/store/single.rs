//! SQLite serves one bot process: `agora run` on a SQLite file holds a lock on a file
//! beside it (`<db>.run.lock`, the holder's pid inside) for as long as it runs, and a
//! second `agora run` on the same file is refused with one line naming PostgreSQL as the
//! way to run several. The operating system drops the lock when its process ends, however
//! it ends, so a crash never leaves the store locked.

use super::StoreError;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::PathBuf;

/// Held while a bot process runs on a SQLite file; released when dropped.
#[derive(Debug)]
pub struct RunLock {
    _file: File,
    path: PathBuf,
}

impl RunLock {
    /// Takes the run lock of the SQLite store at `url`; `None` for PostgreSQL (any number
    /// of processes) and for an in-memory SQLite database. `SqliteInUse` when another
    /// process holds it.
    pub fn take(url: &str) -> Result<Option<RunLock>, StoreError> {
        let Some(db) = sqlite_file(url) else {
            return Ok(None);
        };
        let path = PathBuf::from(format!("{db}.run.lock"));
        let io = |e: std::io::Error| StoreError::Lock {
            path: path.display().to_string(),
            message: e.to_string(),
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(io)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut pid = String::new();
                let _ = file.read_to_string(&mut pid);
                return Err(StoreError::SqliteInUse {
                    file: db,
                    holder: pid.trim().to_string(),
                });
            }
            Err(TryLockError::Error(e)) => return Err(io(e)),
        }
        file.set_len(0).map_err(io)?;
        file.rewind().map_err(io)?;
        write!(file, "{}", std::process::id()).map_err(io)?;
        file.flush().map_err(io)?;
        Ok(Some(RunLock { _file: file, path }))
    }

    /// The lock file.
    pub fn path(&self) -> &std::path::Path {
        &self.path
    }
}

/// The file of a SQLite URL (`sqlite://agora.db?mode=rwc` → `agora.db`); none for another
/// backend or an in-memory database.
fn sqlite_file(url: &str) -> Option<String> {
    let rest = url.strip_prefix("sqlite:")?;
    let rest = rest.strip_prefix("//").unwrap_or(rest);
    let file = rest.split('?').next().unwrap_or("");
    (!file.is_empty() && !file.contains(":memory:")).then(|| file.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_files_of_urls() {
        assert_eq!(
            sqlite_file("sqlite://agora.db").as_deref(),
            Some("agora.db")
        );
        assert_eq!(
            sqlite_file("sqlite:///tmp/x/agora.db?mode=rwc").as_deref(),
            Some("/tmp/x/agora.db")
        );
        assert_eq!(sqlite_file("sqlite::memory:"), None);
        assert_eq!(sqlite_file("postgres://u@h/db"), None);
    }

    #[test]
    fn a_second_lock_on_one_file_is_refused_until_the_first_is_dropped() {
        let dir = std::env::temp_dir().join(format!("agora-lock-{}", std::process::id()));
        let url = format!("sqlite://{}", dir.join("agora.db").display());
        let first = RunLock::take(&url)
            .unwrap()
            .expect("a SQLite file is locked");
        let err = RunLock::take(&url).unwrap_err();
        let line = err.to_string();
        assert!(line.contains("PostgreSQL"), "{line}");
        assert!(line.contains(&std::process::id().to_string()), "{line}");
        drop(first);
        assert!(RunLock::take(&url).unwrap().is_some());
        assert!(RunLock::take("postgres://u@h/db").unwrap().is_none());
    }
}
