// The 3D builder on real level geometry (nav_test.obj): progress reports
// and cancelling, NavMesh save/load, a path found and pulled straight, and
// agent classes in a NavWorld.
using System;
using System.IO;

namespace Onav.Tests
{
    static class NavMeshTests
    {
        internal static void Run(string meshesDir, string savedMesh)
        {
            using (TriangleGeometry level = ObjReader.Read(Path.Combine(meshesDir, "nav_test.obj")))
            using (var settings = new NavSettings())
            {
                ChecksCancel(settings, level);
                long calls = 0, lastDone = 0, lastTotal = 0;
                bool inOrder = true;
                using (NavMesh navMesh = NavMesh.Build3D(settings, level, (done, total) =>
                {
                    calls++;
                    inOrder &= done == lastDone + 1;
                    lastDone = done;
                    lastTotal = total;
                    return true;
                }))
                {
                    Check.That(calls > 1 && inOrder && lastDone == lastTotal && calls == lastTotal, "progress counts 1.." + lastTotal + " in order, got " + calls + " calls ending at " + lastDone);
                    ChecksSaveLoad(settings, navMesh);
                    File.WriteAllBytes(savedMesh, navMesh.Save());
                    ChecksPath(navMesh);
                }
                ChecksWorld(settings, level);
            }
            ChecksVolumeAndRebuild(Path.Combine(meshesDir, "nav_test.obj"));
        }

        /// A convex volume over the whole level paints every polygon its
        /// area; rebuilding a column from the unpainted level brings area 63 back there.
        static void ChecksVolumeAndRebuild(string obj)
        {
            using (var settings = new NavSettings())
            using (TriangleGeometry plain = ObjReader.Read(obj))
            using (TriangleGeometry painted = ObjReader.Read(obj))
            {
                painted.AddConvexVolume(new[] { new Double2(-1000, -1000), new Double2(1000, -1000), new Double2(1000, 1000), new Double2(-1000, 1000) }, -1000, 1000, 5);
                using (NavMesh navMesh = NavMesh.Build3D(settings, painted))
                {
                    Check.That(Areas(navMesh, 5) && !Areas(navMesh, settings.Area), "a volume over everything paints every polygon");
                    NavDebugPolygon first = Collect(navMesh).Polygons[0];
                    int rebuilt = navMesh.RebuildTile3D(plain, first.TileX, first.TileZ);
                    Check.That(rebuilt >= 1 && Areas(navMesh, settings.Area) && Areas(navMesh, 5), "rebuilding one column from the plain level, " + rebuilt + " tiles");
                }
                using (var empty = new NavMesh(settings))
                using (TiledNavMesh tiles = empty.ToTiledNavMesh())
                {
                    Check.Equal(0, tiles.TileCount, "a new NavMesh is empty");
                }
            }
        }

        static NavMeshDebug Collect(NavMesh navMesh)
        {
            using (TiledNavMesh mesh = navMesh.ToTiledNavMesh())
            {
                return NavMeshDebug.Collect(mesh);
            }
        }

        static bool Areas(NavMesh navMesh, byte area)
        {
            foreach (NavDebugPolygon polygon in Collect(navMesh).Polygons) if (polygon.Area == area) return true;
            return false;
        }

        static void ChecksCancel(NavSettings settings, TriangleGeometry level)
        {
            long calls = 0;
            Check.Throws<InvalidOperationException>(() => NavMesh.Build3D(settings, level, (done, total) => ++calls < 2), "a progress callback answering false cancels");
            Check.Equal(2L, calls, "no call after the cancel");
            var thrown = Check.Throws<FormatException>(() => NavMesh.Build3D(settings, level, (done, total) => { throw new FormatException("from the callback"); }), "an exception in the callback");
            if (thrown != null) Check.Equal("from the callback", thrown.Message, "the callback's own exception comes out");
        }

        static void ChecksSaveLoad(NavSettings settings, NavMesh navMesh)
        {
            byte[] saved = navMesh.Save();
            using (NavMesh loaded = NavMesh.Load(saved))
            {
                Check.That(TileTests.Same(saved, loaded.Save()), "NavMesh save, load, save gives the same bytes");
                Check.That(loaded.Params.Equals(navMesh.Params), "loaded parameters");
                using (NavSettings loadedSettings = loaded.Settings)
                {
                    Check.Equal(settings.AgentRadius, loadedSettings.AgentRadius, "the envelope carries the settings");
                }
            }
            using (NavMesh bare = NavMesh.Load(settings, navMesh.WriteMesh()))
            {
                Check.That(TileTests.Same(saved, bare.Save()), "bare mesh bytes with the settings load the same mesh");
            }
            using (NavSettings other = settings.Clone())
            {
                other.CellHeight = settings.CellHeight * 2;
                Check.Throws<NavMeshFingerprintException>(() => NavMesh.Load(other, saved), "loading with other settings");
            }
            var version = (byte[])saved.Clone();
            version[4] = 9;
            Check.Throws<NavMeshVersionException>(() => NavMesh.Load(version), "an envelope of an unknown version");
        }

        static void ChecksPath(NavMesh navMesh)
        {
            var filter = new QueryFilter();
            using (var query = new NavMeshQuery(navMesh, 4096))
            {
                Check.Equal(4096, query.MaxNodes, "MaxNodes");
                for (ulong seed = 1; seed < 50; seed++)
                {
                    RandomPoint start = query.FindRandomPoint(filter, seed);
                    RandomPoint end = query.FindRandomPoint(filter, seed + 1000);
                    PathOutcome outcome;
                    ulong[] corridor = query.FindPath(start.PolyRef, end.PolyRef, start.Position, end.Position, filter, 4096, out outcome);
                    if (outcome.Status != PathStatus.Complete || corridor.Length < 3) continue;
                    ChecksFoundPath(query, filter, start, end, corridor, outcome);
                    return;
                }
                Check.That(false, "no complete path of 3 or more polygons between 49 pairs of random points");
            }
        }

        static void ChecksFoundPath(NavMeshQuery query, QueryFilter filter, RandomPoint start, RandomPoint end, ulong[] corridor, PathOutcome outcome)
        {
            Check.That(corridor[0] == start.PolyRef && corridor[corridor.Length - 1] == end.PolyRef, "the corridor runs from the start polygon to the end polygon");
            NearestPoly nearest = query.FindNearestPoly(start.Position, new Double3(0.5, 2, 0.5), filter);
            Check.Equal(start.PolyRef, nearest.PolyRef, "the nearest polygon to a point on the surface is its polygon");

            PathStatus status;
            StraightPathVertex[] path = query.FindStraightPath(corridor, start.Position, end.Position, StraightPathCrossings.None, out status);
            Check.Equal(PathStatus.Complete, status, "the straight path reaches the end");
            Check.That(path.Length >= 2 && (path[0].Flags & StraightPathFlags.Start) != 0 && (path[path.Length - 1].Flags & StraightPathFlags.End) != 0, "the straight path has start and end vertices");
            Check.That(Distance(path[path.Length - 1].Position, end.Position) < 1e-6, "the straight path ends at the end point");
            double length = NavMeshQuery.StraightPathLength(path);
            Check.That(length >= Distance(start.Position, end.Position) - 1e-9, "a path is no shorter than the straight line");
            Check.That(outcome.Cost > 0, "the corridor has a cost");

            RaycastHit hit;
            query.Raycast(start.PolyRef, start.Position, end.Position, filter, RaycastOptions.None, out hit);
            Check.That(hit.T >= 0 && hit.T <= 1, "raycast T in 0..1");
            Check.Throws<NavMeshReferenceException>(() => query.FindPath(0, end.PolyRef, start.Position, end.Position, filter, 100, out outcome), "a path from PolyRef 0");
            QueryTests.Run(query, filter, start, end, corridor);
        }

        static double Distance(Double3 a, Double3 b)
        {
            double dx = a.X - b.X, dy = a.Y - b.Y, dz = a.Z - b.Z;
            return Math.Sqrt(dx * dx + dy * dy + dz * dz);
        }

        static void ChecksWorld(NavSettings settings, TriangleGeometry level)
        {
            using (NavSettings wide = settings.Clone())
            {
                wide.AgentRadius = 1.0f;
                using (NavWorld world = NavWorld.Build3D(new[] { settings, wide }, level))
                {
                    Check.Equal(2, world.ClassCount, "two classes");
                    Check.Equal(0, world.ClassFor(0.3f), "ClassFor(0.3) is the 0.5 class");
                    Check.Equal(1, world.ClassFor(0.7f), "ClassFor(0.7) is the 1.0 class");
                    Check.Equal(1, world.ClassFor(5f), "ClassFor a radius wider than every class is the largest");
                    using (NavMesh wideMesh = world.GetClass(1))
                    {
                        Check.Equal(1.0f, wideMesh.Params.AgentRadius, "class 1 is built for radius 1");
                    }
                    using (NavWorld loaded = NavWorld.Load(world.Save()))
                    {
                        Check.That(TileTests.Same(world.Save(), loaded.Save()), "NavWorld save, load, save gives the same bytes");
                    }
                    using (NavMeshQuery query = NavMeshQuery.ForAgent(world, 0.9f, 64))
                    {
                        Check.Equal(64, query.MaxNodes, "a query for an agent");
                    }
                }
            }
        }
    }
}
