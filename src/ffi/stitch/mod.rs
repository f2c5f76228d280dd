//! C functions for [`crate::stitch`]: the links of a polygon.

pub mod links;
