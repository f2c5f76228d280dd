// OnavTileData: the tile's arrays as pointers into pinned managed arrays,
// filled by NavTile.Create for the length of the call.
using System;
using System.Runtime.InteropServices;

namespace Onav
{
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeTileData
    {
        internal int TileX, TileZ;
        internal double OriginY;
        internal ushort Layer;
        internal IntPtr Vertices; internal UIntPtr VertexCount;
        internal IntPtr Polygons; internal UIntPtr PolygonCount;
        internal IntPtr Indices, Neighbours, PortalSides; internal UIntPtr EdgeCount;
        internal IntPtr DetailMeshes; internal UIntPtr DetailMeshCount;
        internal IntPtr DetailVertices; internal UIntPtr DetailVertexCount;
        internal IntPtr DetailTriangles; internal UIntPtr DetailTriangleCount;
        internal IntPtr OffMeshLinks; internal UIntPtr OffMeshLinkCount;
    }
}
