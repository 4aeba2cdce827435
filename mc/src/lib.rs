//! The MC layer: symbols, sections, expressions, `MCInst`, the streamers,
//! the assembler and the ELF writer.
