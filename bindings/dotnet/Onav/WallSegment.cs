using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavWallSegment: an edge of a polygon, world space.
    [StructLayout(LayoutKind.Sequential)]
    public struct WallSegment
    {
        public Double3 Start, End;
        /// The polygon across the edge for a portal; 0 for a wall.
        public ulong Neighbour;
    }
}
