//! The SelectionDAG: building from IR, combining, type and operation
//! legalization, instruction selection and scheduling.
