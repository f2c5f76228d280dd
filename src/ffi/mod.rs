//! The C ABI (see include/onav.h).
