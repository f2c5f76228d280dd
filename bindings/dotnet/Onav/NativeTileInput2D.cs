// OnavTileInput2d: one tile of 2D builder input as pointers into pinned arrays.
using System;
using System.Runtime.InteropServices;

namespace Onav
{
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeTileInput2D
    {
        internal int TileX, TileZ;
        internal ushort Layer;
        internal IntPtr Vertices; internal UIntPtr VertexCount;
        internal IntPtr VertexCounts; internal UIntPtr PolygonCount;
        internal IntPtr Indices; internal UIntPtr IndexCount;
        internal IntPtr Areas;
        internal IntPtr Flags;
    }
}
