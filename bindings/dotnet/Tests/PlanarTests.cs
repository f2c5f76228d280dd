// NavMesh.BuildPlanar over test_build_planar.c's input: a 40x24 region with
// a hole, a second region with area 5 and flags 3, a triangular obstacle,
// on 16-unit tiles. Equal bytes from two builds, the hole and the obstacle
// left out, each region's area and flags, a path across, NavWorld.BuildPlanar
// and RebuildTilePlanar, and the errors (a NaN coordinate naming the point,
// a self-intersecting ring, area 64).
using System;

namespace Onav.Tests
{
    static class PlanarTests
    {
        static readonly Double2[] Outer = { new Double2(0, 0), new Double2(40, 0), new Double2(40, 24), new Double2(0, 24) };
        static readonly Double2[] Hole = { new Double2(10, 8), new Double2(14, 8), new Double2(14, 16), new Double2(10, 16) };
        static readonly Double2[] Inner = { new Double2(20, 4), new Double2(36, 4), new Double2(36, 20), new Double2(20, 20) };
        static readonly Double2[] Obstacle = { new Double2(26, 10), new Double2(30, 10), new Double2(28, 14) };

        internal static void Run()
        {
            using (var settings = new NavSettings())
            {
                settings.TileSize = 16;
                settings.CellSize = 0.25;
                settings.AgentRadius = 0.5f;
                var outlines = new PlanarOutlines
                {
                    Regions = new[]
                    {
                        new PlanarRegion { Outline = Outer, Holes = new[] { Hole } },
                        new PlanarRegion { Outline = Inner, Area = 5, Flags = 3 },
                    },
                    Obstacles = new[] { Obstacle },
                };
                using (NavMesh first = NavMesh.BuildPlanar(settings, outlines))
                using (NavMesh second = NavMesh.BuildPlanar(settings, outlines))
                {
                    Check.That(TileTests.Same(first.Save(), second.Save()), "two planar builds of one input save equal bytes");
                    ChecksBuiltMesh(settings, first);
                }
                ChecksWorldAndRebuild(settings, outlines);
                ChecksErrors(settings);
            }
        }

        static void ChecksBuiltMesh(NavSettings settings, NavMesh navMesh)
        {
            var filter = new QueryFilter();
            using (TiledNavMesh mesh = navMesh.ToTiledNavMesh())
            using (var query = new NavMeshQuery(navMesh, 256))
            {
                ulong outer = PolyAt(query, filter, 4, 4), inner = PolyAt(query, filter, 22, 6);
                Check.That(outer != 0 && mesh.GetPolygon(outer).Area == settings.Area && mesh.GetPolygon(outer).Flags == settings.Flags, "the first region has the settings' area and flags");
                Check.That(inner != 0 && mesh.GetPolygon(inner).Area == 5 && mesh.GetPolygon(inner).Flags == 3, "the second region has area 5 and flags 3");
                Check.Equal(0UL, PolyAt(query, filter, 12, 12), "no polygon in the hole");
                Check.Equal(0UL, PolyAt(query, filter, 28, 11), "no polygon in the obstacle");

                NearestPoly start = query.FindNearestPoly(new Double3(2, 0, 2), new Double3(0.5, 100, 0.5), filter);
                NearestPoly end = query.FindNearestPoly(new Double3(38, 0, 22), new Double3(0.5, 100, 0.5), filter);
                PathOutcome outcome;
                query.FindPath(start.PolyRef, end.PolyRef, start.Position, end.Position, filter, 256, out outcome);
                Check.Equal(PathStatus.Complete, outcome.Status, "a path across the planar build");
            }
        }

        /// A world class equals its single-class build; a rebuilt tile equals
        /// the whole build of the changed outlines.
        static void ChecksWorldAndRebuild(NavSettings settings, PlanarOutlines outlines)
        {
            using (var wide = new NavSettings())
            {
                wide.TileSize = settings.TileSize;
                wide.CellSize = settings.CellSize;
                wide.AgentRadius = 1.25f;
                var classes = new[] { settings, wide };
                using (NavWorld world = NavWorld.BuildPlanar(classes, outlines))
                {
                    Check.Equal(2, world.ClassCount, "two planar classes");
                    for (int i = 0; i < 2; i++)
                    {
                        using (NavMesh member = world.GetClass(i))
                        using (NavMesh alone = NavMesh.BuildPlanar(classes[i], outlines))
                        {
                            Check.That(TileTests.Same(member.Save(), alone.Save()), "planar world class " + i + " equals its own build");
                        }
                    }
                }
            }
            var box = new[] { new Double2(17, 1), new Double2(19, 1), new Double2(19, 3), new Double2(17, 3) };
            var boxed = new PlanarOutlines { Regions = outlines.Regions, Obstacles = new[] { Obstacle, box } };
            using (NavMesh navMesh = NavMesh.BuildPlanar(settings, outlines))
            using (NavMesh whole = NavMesh.BuildPlanar(settings, boxed))
            {
                byte[] before = TileAt(navMesh, 1, 0);
                Check.Equal(1, navMesh.RebuildTilePlanar(boxed, 1, 0), "the rebuilt position holds one tile");
                byte[] rebuilt = TileAt(navMesh, 1, 0);
                Check.That(!TileTests.Same(before, rebuilt) && TileTests.Same(rebuilt, TileAt(whole, 1, 0)), "the rebuilt tile has the whole build's bytes");
            }
        }

        /// The ONPT bytes of the tile at (x, z), layer 0.
        static byte[] TileAt(NavMesh navMesh, int x, int z)
        {
            using (TiledNavMesh mesh = navMesh.ToTiledNavMesh())
            using (NavTile tile = mesh.GetTile(mesh.TileAt(x, z, 0)))
            {
                return NavMeshSerializer.WriteTile(tile);
            }
        }

        static void ChecksErrors(NavSettings settings)
        {
            var nan = new PlanarOutlines { Regions = new[] { new PlanarRegion { Outline = new[] { new Double2(0, 0), new Double2(double.NaN, 0), new Double2(4, 4) } } } };
            var e = Check.Throws<ArgumentOutOfRangeException>(() => NavMesh.BuildPlanar(settings, nan), "a NaN coordinate");
            if (e != null) Check.That(e.Message.Contains("regions[0].outline[1].x"), "the error names the point: " + e.Message);
            var bowTie = new PlanarOutlines
            {
                Regions = new[] { new PlanarRegion { Outline = Outer } },
                Obstacles = new[] { new[] { new Double2(0, 0), new Double2(4, 4), new Double2(4, 0), new Double2(0, 4) } },
            };
            Check.Throws<NavMeshFormatException>(() => NavMesh.BuildPlanar(settings, bowTie), "a self-intersecting obstacle");
            var badArea = new PlanarOutlines { Regions = new[] { new PlanarRegion { Outline = Outer, Area = 64 } } };
            Check.Throws<ArgumentOutOfRangeException>(() => NavMesh.BuildPlanar(settings, badArea), "area 64");
            Check.Throws<ArgumentNullException>(() => NavMesh.BuildPlanar(settings, new PlanarOutlines { Regions = new PlanarRegion[] { null } }), "a null region");
        }

        /// The polygon under (x, z) at any height, 0 for none.
        static ulong PolyAt(NavMeshQuery query, QueryFilter filter, double x, double z)
        {
            return query.FindNearestPoly(new Double3(x, 0, z), new Double3(0.1, 100, 0.1), filter).PolyRef;
        }
    }
}
