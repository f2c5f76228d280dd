using System;

namespace Onav
{
    /// A polygon or tile reference that names nothing in the mesh: null,
    /// stale (its tile left or was replaced) or past its tile's polygons.
    public sealed class NavMeshReferenceException : ArgumentException
    {
        public NavMeshReferenceException(string message) : base(message) { }
    }
}
