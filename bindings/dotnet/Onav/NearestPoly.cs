using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavNearestPoly: the polygon nearest a point within a box, and the
    /// nearest point on it; PolyRef 0 when none passes the filter.
    [StructLayout(LayoutKind.Sequential)]
    public struct NearestPoly
    {
        public ulong PolyRef;
        public Double3 Position;
        byte overPolygon;

        /// True when the point lies over (or under) the polygon in X/Z.
        public bool OverPolygon { get { return overPolygon != 0; } }
    }
}
