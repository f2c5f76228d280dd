// The one place where a status of the C ABI becomes an exception: the
// spec's types for format, version and fingerprint errors, the framework's
// for range, operation, NULL and lookup errors.
using System;
using System.Collections.Generic;

namespace Onav
{
    internal static class NativeStatus
    {
        internal const int Ok = 0;
        internal const int Format = 1;
        internal const int Version = 2;
        internal const int Fingerprint = 3;
        internal const int OutOfRange = 4;
        internal const int InvalidOperation = 5;
        internal const int NullArgument = 6;
        internal const int BufferTooSmall = 7;
        internal const int NotFound = 8;
        internal const int InvalidReference = 9;

        /// Throws the exception `status` stands for; returns on ONAV_OK.
        internal static void Check(int status, ref NativeError err)
        {
            if (status == Ok) return;
            throw ToException(status, ref err);
        }

        static Exception ToException(int status, ref NativeError err)
        {
            string message = err.MessageText();
            switch (status)
            {
                case Format: return new NavMeshFormatException(message);
                case Version: return new NavMeshVersionException(message, err.FoundVersion, err.ExpectedVersion);
                case Fingerprint: return new NavMeshFingerprintException(message);
                case OutOfRange: return new ArgumentOutOfRangeException(null, message);
                case InvalidOperation: return new InvalidOperationException(message);
                case NullArgument: return new ArgumentNullException(null, message);
                case NotFound: return new KeyNotFoundException(message);
                case InvalidReference: return new NavMeshReferenceException(message);
                default: return new NavMeshInternalException(Name(status) + ": " + message);
            }
        }

        /// The mesh's lookups by reference report a null or stale reference as
        /// ONAV_E_NOT_FOUND, the queries as ONAV_E_INVALID_REFERENCE; .NET
        /// callers get NavMeshReferenceException from both.
        internal static int FromReferenceLookup(int status)
        {
            return status == NotFound ? InvalidReference : status;
        }

        /// The C name of a status, e.g. "ONAV_E_VERSION".
        internal static string Name(int status)
        {
            return System.Runtime.InteropServices.Marshal.PtrToStringAnsi(NativeMethods.onav_status_name(status));
        }
    }
}
