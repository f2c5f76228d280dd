// The 2D builder's hand-over: world-space polygons already cut to one tile
// become a validated tile (local float32, boundary snapping, clockwise
// polygons reversed, adjacency and portals derived).
using System;

namespace Onav
{
    public static unsafe class NavTileAssembler
    {
        /// `vertexCounts` has one entry per polygon, `indices` their sum;
        /// `areas` (0..63) and `flags` are per polygon or null for 0.
        public static NavTile FromPolygons(NavMeshParams parameters, int tileX, int tileZ, double originY, ushort layer,
            Double3[] vertices, byte[] vertexCounts, uint[] indices, byte[] areas, ushort[] flags)
        {
            PolygonArrays.CheckPerPolygon(vertexCounts, areas, flags);
            var err = new NativeError();
            TileHandle tile;
            fixed (Double3* vertexPointer = vertices)
            fixed (byte* countPointer = vertexCounts)
            fixed (uint* indexPointer = indices)
            fixed (byte* areaPointer = areas)
            fixed (ushort* flagPointer = flags)
            {
                var native = new NativeTilePolygons
                {
                    TileX = tileX, TileZ = tileZ, OriginY = originY, Layer = layer,
                    Vertices = (IntPtr)vertexPointer, VertexCount = NativeArgs.Length(vertices),
                    VertexCounts = (IntPtr)countPointer, PolygonCount = NativeArgs.Length(vertexCounts),
                    Indices = (IntPtr)indexPointer, IndexCount = NativeArgs.Length(indices),
                    Areas = (IntPtr)areaPointer, Flags = (IntPtr)flagPointer,
                };
                NativeStatus.Check(NativeMethods.onav_tile_assemble(ref parameters, ref native, out tile, ref err), ref err);
            }
            return new NavTile(tile);
        }
    }
}
