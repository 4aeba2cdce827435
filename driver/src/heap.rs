//! Heap tuning for the `rcc-par` process: transparent huge pages.
//!
//! Parsing a large module writes tens of megabytes of fresh IR. With 4 KiB
//! pages every first write faults, and on virtual machines a fault is
//! expensive: on sqlite3-O2.ll about 5,400 faults were a tenth of the run.
//! glibc can back its heap with transparent huge pages (the
//! `glibc.malloc.hugetlb=1` tunable), but tunables are read only from the
//! environment at start-up, so [`use_huge_pages`] does the equivalent for
//! the main heap: it makes the heap grow in one large step, keeps freed
//! memory instead of trimming it, and advises the kernel to use huge pages
//! for that range. Pages are still only populated when first written, so
//! the resident size grows by at most one huge page more than before.
//!
//! Only the binary calls this (a library must not tune its host's heap), and
//! only on Linux with glibc; everywhere else it does nothing. Every step is
//! advisory: if one fails the heap simply stays as it was.

/// Reserves `bytes` of main-heap address space backed by huge pages where
/// the kernel allows it. Call once, early, before worker threads start.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn use_huge_pages(bytes: usize) {
    use libc::{c_int, c_void};
    const HUGE: usize = 2 << 20;
    let Ok(pad) = c_int::try_from(bytes) else {
        return;
    };
    // SAFETY: mallopt, sbrk(0) (which only reads the current break), malloc,
    // free and madvise are called as their manuals allow: every block that
    // is allocated is freed, and madvise only receives a range inside the
    // heap that sbrk reported as mapped. MADV_HUGEPAGE changes no contents.
    unsafe {
        if libc::mallopt(libc::M_TRIM_THRESHOLD, c_int::MAX) == 0
            || libc::mallopt(libc::M_TOP_PAD, pad) == 0
        {
            return;
        }
        let before = libc::sbrk(0) as usize;
        // Blocks below the mmap threshold come from the heap; once one does
        // not fit, malloc extends the heap by the block plus `pad`.
        let mut blocks = [std::ptr::null_mut::<c_void>(); 8];
        for b in &mut blocks {
            *b = libc::malloc(96 << 10);
            if libc::sbrk(0) as usize != before {
                break;
            }
        }
        let after = libc::sbrk(0) as usize;
        for b in blocks {
            libc::free(b);
        }
        let lo = (before + HUGE - 1) & !(HUGE - 1);
        let hi = after & !(HUGE - 1);
        if before != usize::MAX && hi > lo {
            libc::madvise(lo as *mut c_void, hi - lo, libc::MADV_HUGEPAGE);
        }
    }
}

/// Does nothing where the heap cannot be tuned this way.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn use_huge_pages(_bytes: usize) {}
