//! The one error type of the crate.
//!
//! The format text names .NET exceptions; each maps to one variant here:
//! `NavMeshFormatException` → [`NavMeshError::Format`], its subclasses
//! `NavMeshVersionException` → [`NavMeshError::Version`] and
//! `NavMeshFingerprintException` → [`NavMeshError::Fingerprint`],
//! `ArgumentOutOfRangeException` → [`NavMeshError::OutOfRange`] and
//! `InvalidOperationException` → [`NavMeshError::InvalidOperation`].
//! [`NavMeshError::InvalidReference`] has no exception in the text: the
//! queries report a PolyRef that is null or stale (its tile left or was
//! replaced) with it, so a host tells "ask again with a fresh reference"
//! from a bad argument.

use thiserror::Error;

/// Every failure the library reports. Messages say what was wrong and where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NavMeshError {
    /// Bytes or hand-built data break a rule of the format.
    #[error("format error: {0}")]
    Format(String),
    /// A layout version this reader does not know ("Version policy").
    #[error("version error: {what} version {found} is not supported, expected {expected}")]
    Version {
        /// Which layout carried the version ("ONPT tile", "ONPM mesh", ...).
        what: &'static str,
        /// The version found in the bytes.
        found: u16,
        /// The only version this reader accepts.
        expected: u16,
    },
    /// Tile or parameters built with other settings ("Build fingerprint").
    #[error("fingerprint error: {0}")]
    Fingerprint(String),
    /// A value passed to the API lies outside its allowed range.
    #[error("out of range: {0}")]
    OutOfRange(String),
    /// The call is not allowed in the object's current state.
    #[error("invalid operation: {0}")]
    InvalidOperation(String),
    /// A polygon reference that names no polygon of the mesh: null, stale
    /// (its slot's salt moved on) or past the tile's polygon count.
    #[error("invalid reference: {0}")]
    InvalidReference(String),
}

impl NavMeshError {
    /// True for the format family (format, version, fingerprint), the
    /// errors the text groups under `NavMeshFormatException`.
    pub fn is_format_family(&self) -> bool {
        matches!(self, NavMeshError::Format(_) | NavMeshError::Version { .. } | NavMeshError::Fingerprint(_))
    }

    /// The same error with `prefix` (what it happened in) in front of its
    /// message; a version error keeps its fields as they are.
    pub(crate) fn prefixed(self, prefix: &str) -> Self {
        match self {
            NavMeshError::Format(m) => NavMeshError::Format(format!("{prefix}: {m}")),
            NavMeshError::Fingerprint(m) => NavMeshError::Fingerprint(format!("{prefix}: {m}")),
            NavMeshError::OutOfRange(m) => NavMeshError::OutOfRange(format!("{prefix}: {m}")),
            NavMeshError::InvalidOperation(m) => NavMeshError::InvalidOperation(format!("{prefix}: {m}")),
            NavMeshError::InvalidReference(m) => NavMeshError::InvalidReference(format!("{prefix}: {m}")),
            version @ NavMeshError::Version { .. } => version,
        }
    }

    pub(crate) fn format(message: impl Into<String>) -> Self {
        NavMeshError::Format(message.into())
    }

    pub(crate) fn out_of_range(message: impl Into<String>) -> Self {
        NavMeshError::OutOfRange(message.into())
    }

    pub(crate) fn invalid_reference(message: impl Into<String>) -> Self {
        NavMeshError::InvalidReference(message.into())
    }
}

/// Shorthand used across the crate.
pub type Result<T> = std::result::Result<T, NavMeshError>;
