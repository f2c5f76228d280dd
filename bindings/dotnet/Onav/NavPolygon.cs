using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavPolygon: a polygon record of a tile.
    [StructLayout(LayoutKind.Sequential)]
    public struct NavPolygon
    {
        /// 3..MaxVertsPerPoly.
        public byte VertexCount;
        /// 0..63.
        public byte Area;
        public ushort Flags;

        public NavPolygon(byte vertexCount, byte area, ushort flags) { VertexCount = vertexCount; Area = area; Flags = flags; }
    }
}
