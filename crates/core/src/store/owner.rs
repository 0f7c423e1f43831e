//! Who holds a lease: this process's name as an owner (`host/pid`), and whether an owner
//! named so is a process of this machine that no longer runs (its lease need not be
//! waited out). Used by the lease keeper and by the writer that claims sessions.

/// This process's name as a lease owner: `host/pid`.
pub(super) fn process_owner() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|h| h.trim().to_string())
        .unwrap_or_else(|_| "localhost".into());
    format!("{host}/{}", std::process::id())
}

/// Whether a lease owner is a process of this machine that no longer runs (it was killed
/// or crashed), so its lease need not be waited out.
pub(super) fn owner_is_dead_local(owner: &str) -> bool {
    let Some((host, pid)) = owner.rsplit_once('/') else {
        return false;
    };
    let here = process_owner();
    let Some((my_host, _)) = here.rsplit_once('/') else {
        return false;
    };
    if host != my_host {
        return false;
    }
    match pid.parse::<u32>() {
        Ok(pid) if pid == std::process::id() => false,
        Ok(pid) => {
            let proc_root = std::path::Path::new("/proc/self");
            proc_root.exists() && !std::path::Path::new(&format!("/proc/{pid}")).exists()
        }
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dead_local_owner() {
        let me = process_owner();
        assert!(!owner_is_dead_local(&me));
        let host = me.rsplit_once('/').unwrap().0;
        assert!(owner_is_dead_local(&format!("{host}/4000000000")));
        assert!(!owner_is_dead_local("elsewhere/1"));
    }
}
