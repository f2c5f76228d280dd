using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavOffMeshLink: an off-mesh link slot of a tile, tile-local.
    [StructLayout(LayoutKind.Sequential)]
    public struct NavOffMeshLink
    {
        public Float3 Start, End;
        /// Attachment radius, > 0.
        public float Radius;
        /// 0..63.
        public byte Area;
        /// 0 (start to end only) or 1 (both ways).
        public byte Bidirectional;
        public ushort Flags;
        /// Caller's id, carried unchanged.
        public uint UserId;
    }
}
