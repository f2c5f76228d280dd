using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavDebugLink: a stitched link as a world-space segment.
    [StructLayout(LayoutKind.Sequential)]
    public struct NavDebugLink
    {
        int kind;
        /// PolyRef of the polygon the link leaves.
        public ulong From;
        /// PolyRef of the polygon the link arrives at.
        public ulong To;
        public Double3 Start, End;

        public LinkKind Kind { get { return (LinkKind)kind; } }
    }
}
