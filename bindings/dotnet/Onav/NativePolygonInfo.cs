// OnavPolygonInfo: a polygon with its per-edge arrays inline.
using System.Runtime.InteropServices;

namespace Onav
{
    [StructLayout(LayoutKind.Sequential)]
    internal unsafe struct NativePolygonInfo
    {
        internal const int MaxVertsPerPoly = 16;

        internal NavPolygon Polygon;
        internal fixed uint Indices[MaxVertsPerPoly];
        internal fixed uint Neighbours[MaxVertsPerPoly];
        internal fixed byte PortalSides[MaxVertsPerPoly];

        internal NavTilePolygon ToPolygon()
        {
            int n = Polygon.VertexCount;
            var result = new NavTilePolygon(Polygon, new uint[n], new uint[n], new byte[n]);
            fixed (uint* indices = Indices)
            fixed (uint* neighbours = Neighbours)
            fixed (byte* sides = PortalSides)
            {
                for (int i = 0; i < n; i++)
                {
                    result.Indices[i] = indices[i];
                    result.Neighbours[i] = neighbours[i];
                    result.PortalSides[i] = sides[i];
                }
            }
            return result;
        }
    }
}
