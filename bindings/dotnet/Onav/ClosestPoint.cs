using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavClosestPoint: the point of a polygon nearest a position.
    [StructLayout(LayoutKind.Sequential)]
    public struct ClosestPoint
    {
        public Double3 Position;
        byte overPolygon;

        /// True when the position lies over (or under) the polygon in X/Z.
        public bool OverPolygon { get { return overPolygon != 0; } }
    }
}
