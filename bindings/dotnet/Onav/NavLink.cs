using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavLink: one stitched link leaving a polygon.
    [StructLayout(LayoutKind.Sequential)]
    public struct NavLink
    {
        /// PolyRef of the polygon the link arrives at.
        public ulong Target;
        int kind;
        /// Portal: the source polygon's edge; off-mesh: 0xFF.
        public byte Edge;
        /// Portal: the edge's tile side 0..3; off-mesh: 0xFF.
        public byte Side;
        /// Portal: the target polygon's edge; off-mesh: 0xFF.
        public byte TargetEdge;
        /// Covered part of the source edge in 1/255ths.
        public byte RangeMin, RangeMax;
        /// Off-mesh: the link's index in the tile holding its start.
        public uint OffMeshIndex;

        public LinkKind Kind { get { return (LinkKind)kind; } }
    }
}
