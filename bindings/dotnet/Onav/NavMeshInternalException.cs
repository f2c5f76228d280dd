using System;

namespace Onav
{
    /// A bug inside the native library (a caught panic). The process keeps
    /// running; the object the failing call changed should be disposed.
    public sealed class NavMeshInternalException : Exception
    {
        public NavMeshInternalException(string message) : base(message) { }
    }
}
