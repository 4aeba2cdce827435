//! Register units: defined in `rcc_mach::units` (machine passes after
//! allocation, such as copy propagation, track registers by unit too);
//! re-exported here for the liveness code that grew up around them.

pub use rcc_mach::units::RegUnits;
