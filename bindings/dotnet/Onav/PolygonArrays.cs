// The C structs give areas and flags no count of their own (they have one
// entry per polygon), so a shorter managed array must be refused here
// before the library reads past it.
using System;

namespace Onav
{
    internal static class PolygonArrays
    {
        internal static void CheckPerPolygon(byte[] vertexCounts, byte[] areas, ushort[] flags)
        {
            int polygons = vertexCounts == null ? 0 : vertexCounts.Length;
            if (areas != null && areas.Length != polygons)
                throw new ArgumentOutOfRangeException("areas", areas.Length, "needs one entry per polygon (" + polygons + ") or null");
            if (flags != null && flags.Length != polygons)
                throw new ArgumentOutOfRangeException("flags", flags.Length, "needs one entry per polygon (" + polygons + ") or null");
        }
    }
}
