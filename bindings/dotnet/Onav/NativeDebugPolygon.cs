// OnavDebugPolygon: one polygon of a debug collection.
using System.Runtime.InteropServices;

namespace Onav
{
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeDebugPolygon
    {
        internal ulong PolyRef;
        internal uint Slot;
        internal int TileX, TileZ;
        internal ushort Layer;
        internal byte Area;
        internal ushort Flags;
        internal uint VertexCount;
    }
}
