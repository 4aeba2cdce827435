//! Machine functions, machine instructions and the passes over them.
