//! Liveness (slot indexes, live intervals) and the register allocators.
