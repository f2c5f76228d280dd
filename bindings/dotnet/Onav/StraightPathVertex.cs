using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavStraightPathVertex: a corner of a straight path.
    [StructLayout(LayoutKind.Sequential)]
    public struct StraightPathVertex
    {
        public Double3 Position;
        byte flags;
        /// The polygon the path enters at this vertex (0 at the end).
        public ulong PolyRef;

        public StraightPathFlags Flags { get { return (StraightPathFlags)flags; } }
    }
}
