// The polygon hand-over (NavTileAssembler.FromPolygons) and the 2D builder
// (NavMesh.Build2D, RebuildTile2D, NavWorld.Build2D) on squares of two
// neighbouring tiles, and a path across their shared edge.
using System;

namespace Onav.Tests
{
    static class BuilderInputTests
    {
        internal static void Run()
        {
            ChecksAssembler();
            using (var settings = new NavSettings())
            {
                NavTileInput2D[] tiles = { Square(0, 1), Square(1, 1) };
                using (NavMesh navMesh = NavMesh.Build2D(settings, tiles))
                {
                    using (TiledNavMesh mesh = navMesh.ToTiledNavMesh())
                    {
                        Check.Equal(2, mesh.TileCount, "the 2D build makes both tiles");
                    }
                    ChecksPathAcross(navMesh);
                    ulong tileRef = navMesh.RebuildTile2D(Square(1, 5));
                    using (TiledNavMesh mesh = navMesh.ToTiledNavMesh())
                    {
                        uint salt, slot;
                        TileRef.Decode(tileRef, out salt, out slot);
                        Check.Equal((byte)5, mesh.GetPolygon(PolyRef.Encode(salt, slot, 0)).Area, "the rebuilt tile has the new area");
                    }
                }
                using (NavSettings wide = settings.Clone())
                {
                    wide.AgentRadius = 1;
                    using (NavWorld world = NavWorld.Build2D(new[] { settings, wide }, tiles))
                    {
                        Check.Equal(2, world.ClassCount, "a 2D world of two classes");
                    }
                }
                Check.Throws<ArgumentNullException>(() => NavWorld.Build2D(new NavSettings[] { settings, null }, tiles), "a null class");
            }
        }

        static void ChecksAssembler()
        {
            NavMeshParams parameters = Samples.Params();
            var corners = new[] { new Double3(0, 10, 0), new Double3(32, 10, 0), new Double3(32, 10, 32), new Double3(0, 10, 32) };
            using (NavTile tile = NavTileAssembler.FromPolygons(parameters, 0, 0, 10, 0, corners, new byte[] { 4 }, new uint[] { 0, 3, 2, 1 }, new byte[] { 3 }, null))
            {
                NavTileInfo info = tile.Info;
                Check.That(info.PolygonCount == 1 && info.PortalEdgeCount == 4, "one square, every edge a portal");
                NavTilePolygon square = tile.GetPolygon(0);
                Check.Equal((byte)3, square.Polygon.Area, "the square keeps its area");
                Check.That(SignedArea(tile, square) > 0, "the clockwise square is reversed to counter-clockwise");
            }
            Check.Throws<ArgumentOutOfRangeException>(() => NavTileAssembler.FromPolygons(parameters, 0, 0, 10, 0, corners, new byte[] { 4 }, new uint[] { 0, 1, 2, 3 }, new byte[] { 3, 3 }, null), "two areas for one polygon");
        }

        /// Σ(xᵢ·zᵢ₊₁ − xᵢ₊₁·zᵢ), positive for the format's counter-clockwise.
        static double SignedArea(NavTile tile, NavTilePolygon polygon)
        {
            double sum = 0;
            int n = polygon.Indices.Length;
            for (int i = 0; i < n; i++)
            {
                Float3 a = tile.GetVertex((int)polygon.Indices[i]);
                Float3 b = tile.GetVertex((int)polygon.Indices[(i + 1) % n]);
                sum += (double)a.X * b.Z - (double)b.X * a.Z;
            }
            return sum;
        }

        static void ChecksPathAcross(NavMesh navMesh)
        {
            var filter = new QueryFilter();
            using (var query = new NavMeshQuery(navMesh, 256))
            {
                var extents = new Double3(1, 100, 1);
                NearestPoly west = query.FindNearestPoly(new Double3(4, 0, 16), extents, filter);
                NearestPoly east = query.FindNearestPoly(new Double3(60, 0, 16), extents, filter);
                PathOutcome outcome;
                ulong[] corridor = query.FindPath(west.PolyRef, east.PolyRef, west.Position, east.Position, filter, 256, out outcome);
                Check.That(outcome.Status == PathStatus.Complete && corridor.Length >= 2, "a complete path across the tile border, " + corridor.Length + " polygons, " + outcome.Status);
            }
        }

        /// Tile (tileX, 0) covered by one square of `area`, in world X/Z.
        static NavTileInput2D Square(int tileX, byte area)
        {
            double x = 32.0 * tileX;
            return new NavTileInput2D
            {
                TileX = tileX, TileZ = 0, Layer = 0,
                Vertices = new[] { new Double2(x, 0), new Double2(x + 32, 0), new Double2(x + 32, 32), new Double2(x, 32) },
                VertexCounts = new byte[] { 4 },
                Indices = new uint[] { 0, 1, 2, 3 },
                Areas = new[] { area },
            };
        }
    }
}
