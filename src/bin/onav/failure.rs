//! Why a command failed, and the exit status and one-line message that say
//! so: `error: <kind>: <message>`.

use std::fmt;
use std::path::Path;

use onav::NavMeshError;

/// Exit status of usage and I/O failures.
pub const USAGE_EXIT: u8 = 1;

#[derive(Debug)]
pub enum Failure {
    /// The file could not be read at all.
    Io(String),
    /// The command cannot be applied (wrong kind of file, missing option).
    Usage(String),
    /// The file breaks a rule of the format.
    Invalid(NavMeshError),
}

impl Failure {
    pub fn io(path: &Path, error: std::io::Error) -> Failure {
        Failure::Io(format!("cannot read {}: {error}", path.display()))
    }

    pub fn usage(message: impl Into<String>) -> Failure {
        Failure::Usage(message.into())
    }

    /// 2 format, 3 version, 4 fingerprint (the `validate` contract); library
    /// errors outside the format family cannot come from reading, but
    /// would still describe the file, so they count as format errors.
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Io(_) | Failure::Usage(_) => USAGE_EXIT,
            Failure::Invalid(NavMeshError::Version { .. }) => 3,
            Failure::Invalid(NavMeshError::Fingerprint(_)) => 4,
            Failure::Invalid(_) => 2,
        }
    }

    /// The failure without its kind; for a library error, its own text
    /// without the kind prefix its `Display` adds.
    pub fn message(&self) -> String {
        match self {
            Failure::Io(m) | Failure::Usage(m) => m.clone(),
            Failure::Invalid(NavMeshError::Format(m))
            | Failure::Invalid(NavMeshError::Fingerprint(m))
            | Failure::Invalid(NavMeshError::OutOfRange(m))
            | Failure::Invalid(NavMeshError::InvalidOperation(m))
            | Failure::Invalid(NavMeshError::InvalidReference(m)) => m.clone(),
            Failure::Invalid(NavMeshError::Version { what, found, expected }) => {
                format!("{what} version {found} is not supported, expected {expected}")
            }
        }
    }

    fn kind(&self) -> &'static str {
        match self {
            Failure::Io(_) => "io",
            Failure::Usage(_) => "usage",
            Failure::Invalid(NavMeshError::Format(_)) => "format",
            Failure::Invalid(NavMeshError::Version { .. }) => "version",
            Failure::Invalid(NavMeshError::Fingerprint(_)) => "fingerprint",
            Failure::Invalid(NavMeshError::OutOfRange(_)) => "out-of-range",
            Failure::Invalid(NavMeshError::InvalidOperation(_)) => "invalid-operation",
            Failure::Invalid(NavMeshError::InvalidReference(_)) => "invalid-reference",
        }
    }
}

impl From<NavMeshError> for Failure {
    fn from(error: NavMeshError) -> Failure {
        Failure::Invalid(error)
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error: {}: {}", self.kind(), self.message())
    }
}
