using System;

namespace Onav
{
    /// Bytes or hand-built data break a rule of the format; the message names
    /// the polygon, edge, array or field.
    public class NavMeshFormatException : Exception
    {
        public NavMeshFormatException(string message) : base(message) { }
    }
}
