using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavOffMeshLinkDefinition: an authored link of NavSettings.OffMeshLinks,
    /// in world space; every build bakes it into the tile holding its start.
    [StructLayout(LayoutKind.Sequential)]
    public struct OffMeshLinkDefinition
    {
        public Double3 Start, End;
        /// Attachment radius: finite, > 0.
        public double Radius;
        byte bidirectional;
        /// 0..63.
        public byte Area;
        public ushort Flags;
        /// Caller's id, carried into the tile's link slot.
        public uint UserId;

        public bool Bidirectional
        {
            get { return bidirectional != 0; }
            set { bidirectional = value ? (byte)1 : (byte)0; }
        }
    }
}
