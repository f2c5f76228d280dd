// Hand-built inputs shared by the tests: parameters for a 32-unit grid and
// a tile of two triangles covering one 32x32 cell of it, every outer edge a
// portal, with one off-mesh link.
namespace Onav.Tests
{
    static class Samples
    {
        internal static NavMeshParams Params()
        {
            return new NavMeshParams
            {
                TileSize = 32.0, CellSize = 0.25, MaxVertsPerPoly = 6,
                WalkableClimb = 0.5f, AgentRadius = 0.5f, AgentHeight = 2.0f, AgentMaxSlope = 45.0f,
            };
        }

        internal static NavTileData TileData(int tileX, int tileZ, byte area)
        {
            return new NavTileData
            {
                TileX = tileX, TileZ = tileZ, OriginY = 10.5, Layer = 0,
                Vertices = new[] { new Float3(0, 0, 0), new Float3(32, 0, 0), new Float3(32, 0, 32), new Float3(0, 0, 32) },
                Polygons = new[] { new NavPolygon(3, area, 1), new NavPolygon(3, area, 1) },
                Indices = new uint[] { 0, 1, 2, 0, 2, 3 },
                Neighbours = new uint[] { 0, 0, 2, 1, 0, 0 },
                PortalSides = new byte[] { 3, 0, 0xFF, 0xFF, 1, 2 },
                OffMeshLinks = new[]
                {
                    new NavOffMeshLink { Start = new Float3(4, 0, 4), End = new Float3(20, 0, 8), Radius = 0.5f, Area = area, Bidirectional = 1, UserId = 42 },
                },
            };
        }

        internal static NavTile Tile(int tileX, int tileZ, byte area)
        {
            return NavTile.Create(Params(), TileData(tileX, tileZ, area));
        }
    }
}
