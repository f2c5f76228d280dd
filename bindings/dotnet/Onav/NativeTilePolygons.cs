// OnavTilePolygons: NavTileAssembler.FromPolygons' input as pointers into
// pinned arrays.
using System;
using System.Runtime.InteropServices;

namespace Onav
{
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeTilePolygons
    {
        internal int TileX, TileZ;
        internal double OriginY;
        internal ushort Layer;
        internal IntPtr Vertices; internal UIntPtr VertexCount;
        internal IntPtr VertexCounts; internal UIntPtr PolygonCount;
        internal IntPtr Indices; internal UIntPtr IndexCount;
        internal IntPtr Areas;
        internal IntPtr Flags;
    }
}
