//! SIGINT as an interrupt, for GoGui's `gogui-sigint`: once a controller
//! has asked for it, SIGINT no longer kills the engine but stops the
//! running search, which then answers its best move so far. A SIGINT that
//! arrives while no command runs is dropped.
//!
//! The handler only stores to an atomic flag (async-signal-safe). It is
//! installed through the C library's `signal`, present on every Unix;
//! elsewhere SIGINT keeps its default action and `gogui-sigint` still
//! answers.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set by the handler, taken by the running search.
static RAISED: AtomicBool = AtomicBool::new(false);

#[cfg(unix)]
mod unix {
    use super::{Ordering, RAISED};

    /// SIGINT's number on every Unix.
    const SIGINT: i32 = 2;

    unsafe extern "C" {
        /// C's `signal(2)`: with glibc and the BSDs the handler stays
        /// installed and interrupted system calls restart.
        fn signal(signum: i32, handler: extern "C" fn(i32)) -> usize;
    }

    extern "C" fn on_sigint(_: i32) {
        RAISED.store(true, Ordering::SeqCst);
    }

    pub(super) fn install() {
        // SAFETY: `on_sigint` only stores to an atomic, which is
        // async-signal-safe; installing a handler has no other effect.
        unsafe {
            signal(SIGINT, on_sigint);
        }
    }
}

/// From now on SIGINT interrupts the running search instead of ending the
/// process.
pub fn catch_sigint() {
    #[cfg(unix)]
    unix::install();
}

/// True (once) when SIGINT arrived since the last call.
pub fn take_sigint() -> bool {
    RAISED.swap(false, Ordering::SeqCst)
}
