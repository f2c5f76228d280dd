using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavTileInfo: a tile's position and counts.
    [StructLayout(LayoutKind.Sequential)]
    public struct NavTileInfo
    {
        public int TileX, TileZ;
        public double OriginY;
        public ushort Layer;
        public uint VertexCount, PolygonCount, EdgeCount, PortalEdgeCount;
        public uint DetailMeshCount, DetailVertexCount, DetailTriangleCount, OffMeshLinkCount;
    }
}
