// TiledNavMesh's run-time switches (issue 25, docs/RUNTIME_SWITCHES.md): a
// closed door changes the path and reopening it gives the path back; a
// disabled off-mesh link is not crossed and its user id enables it again;
// a stale reference, an area above 63 and a link index past the tile's
// links throw, changing nothing.
using System;

namespace Onav.Tests
{
    static class SwitchTests
    {
        const int MaxNodes = 64;

        internal static void Run()
        {
            ChecksClosedDoorChangesThePath();
            ChecksDisabledLinkIsNotCrossed();
            ChecksErrorsChangeNothing();
            ChecksStaleReferences();
        }

        // Four sample tiles closing the square (0,0) (1,0) (1,1) (0,1): from
        // (0,0) to (1,1) the short way runs through (0,1), the long way
        // through (1,0). Polygon 0 of (0,1) holds its edges towards both.
        static void ChecksClosedDoorChangesThePath()
        {
            using (var mesh = new TiledNavMesh(Samples.Params()))
            {
                ulong a = AddSample(mesh, 0, 0), b = AddSample(mesh, 1, 0), c = AddSample(mesh, 1, 1), e = AddSample(mesh, 0, 1);
                var start = new Double3(4, 10.5, 28);
                var end = new Double3(36, 10.5, 60);
                PathOutcome open;
                ulong[] openCorridor = FindPath(mesh, a | 1, c | 1, start, end, out open);
                Check.That(open.Status == PathStatus.Complete && PassesTile(openCorridor, e), "the open path runs through tile (0,1)");

                ulong door = e | 0;
                Check.Equal((ushort)1, mesh.GetPolyFlags(door), "the door's flags before the switch");
                using (TiledNavMesh before = mesh.Clone())
                {
                    mesh.SetPolyFlags(door, 0);
                    Check.Equal((ushort)0, mesh.GetPolyFlags(door), "GetPolyFlags after SetPolyFlags");
                    Check.Equal((ushort)0, mesh.GetPolygon(door).Flags, "GetPolygon sees the switched flags");
                    Check.Equal((ushort)1, before.GetPolyFlags(door), "a clone made before keeps its flags");

                    PathOutcome closed;
                    ulong[] closedCorridor = FindPath(mesh, a | 1, c | 1, start, end, out closed);
                    Check.That(closed.Status == PathStatus.Complete && !PassesTile(closedCorridor, e) && PassesTile(closedCorridor, b), "the closed door sends the path through tile (1,0)");

                    mesh.SetPolyFlags(door, 1);
                    PathOutcome reopened;
                    ulong[] reopenedCorridor = FindPath(mesh, a | 1, c | 1, start, end, out reopened);
                    Check.That(QueryTests.Same(openCorridor, reopenedCorridor) && reopened.Cost == open.Cost, "reopening the door gives the path back");

                    mesh.SetPolyArea(door, 63);
                    Check.Equal((byte)63, mesh.GetPolyArea(door), "GetPolyArea after SetPolyArea");
                    Check.Equal((byte)1, before.GetPolyArea(door), "a clone made before keeps its area");
                    Check.That(TileTests.Same(NavMeshSerializer.WriteMesh(before), NavMeshSerializer.WriteMesh(mesh)), "switches are not written with the mesh");
                }
            }
        }

        static void ChecksDisabledLinkIsNotCrossed()
        {
            using (var stairs = new Stairs())
            {
                Check.That(stairs.PathUp() == PathStatus.Complete && stairs.Mesh.IsOffMeshLinkEnabled(stairs.Ground, 0), "the path up takes the enabled link");
                stairs.Mesh.SetOffMeshLinkEnabled(stairs.Ground, 0, false);
                Check.That(!stairs.Mesh.IsOffMeshLinkEnabled(stairs.Ground, 0), "IsOffMeshLinkEnabled after disabling");
                Check.Equal(PathStatus.Partial, stairs.PathUp(), "the path up without its link");
                Check.Equal(1, stairs.Mesh.SetOffMeshLinksEnabledByUserId(Stairs.UserId, true), "links carrying user id 7");
                Check.That(stairs.Mesh.IsOffMeshLinkEnabled(stairs.Ground, 0) && stairs.PathUp() == PathStatus.Complete, "enabled again by user id, the link is crossed");
                Check.Equal(0, stairs.Mesh.SetOffMeshLinksEnabledByUserId(Stairs.UserId + 1, false), "links carrying user id 8");
                Check.That(stairs.Mesh.IsOffMeshLinkEnabled(stairs.Ground, 0), "another user id leaves the link enabled");
            }
        }

        static void ChecksErrorsChangeNothing()
        {
            using (var stairs = new Stairs())
            {
                TiledNavMesh mesh = stairs.Mesh;
                ulong door = stairs.Ground | 1;
                mesh.SetPolyFlags(door, 5);
                Check.Throws<ArgumentOutOfRangeException>(() => mesh.SetPolyArea(door, 64), "area 64");
                Check.Throws<ArgumentOutOfRangeException>(() => mesh.SetOffMeshLinkEnabled(stairs.Ground, 1, false), "link 1 of a tile with one link");
                Check.Throws<ArgumentOutOfRangeException>(() => mesh.SetOffMeshLinkEnabled(stairs.Upper, 0, false), "a link of a tile without links");
                Check.Throws<ArgumentOutOfRangeException>(() => mesh.IsOffMeshLinkEnabled(stairs.Ground, -1), "link index -1");
                Check.Throws<NavMeshReferenceException>(() => mesh.SetPolyFlags(0, 0), "PolyRef 0");
                Check.That(mesh.GetPolyFlags(door) == 5 && mesh.GetPolyArea(door) == 2 && mesh.IsOffMeshLinkEnabled(stairs.Ground, 0), "failed switches change nothing");
            }
        }

        static void ChecksStaleReferences()
        {
            using (var stairs = new Stairs())
            {
                TiledNavMesh mesh = stairs.Mesh;
                mesh.SetPolyFlags(stairs.Ground | 1, 0);
                mesh.SetOffMeshLinkEnabled(stairs.Ground, 0, false);
                ulong removed = mesh.RemoveTile(0, 0, 0);
                Check.Equal(stairs.Ground, removed, "RemoveTile returns the ground tile");
                Check.Throws<NavMeshReferenceException>(() => mesh.SetPolyFlags(removed | 1, 1), "SetPolyFlags on a removed tile's polygon");
                Check.Throws<NavMeshReferenceException>(() => mesh.GetPolyArea(removed | 1), "GetPolyArea on a removed tile's polygon");
                Check.Throws<NavMeshReferenceException>(() => mesh.SetOffMeshLinkEnabled(removed, 0, true), "SetOffMeshLinkEnabled on a removed tile");
                Check.Throws<NavMeshReferenceException>(() => mesh.IsOffMeshLinkEnabled(removed, 0), "IsOffMeshLinkEnabled on a removed tile");

                stairs.AddGround();
                Check.That(stairs.Ground != removed, "the returning tile has a new TileRef");
                Check.That(mesh.GetPolyFlags(stairs.Ground | 1) == 1 && mesh.IsOffMeshLinkEnabled(stairs.Ground, 0), "the returning tile starts with its own flags and its link on");
                Check.Equal(PathStatus.Complete, stairs.PathUp(), "the path up over the returned tile");
            }
        }

        static ulong AddSample(TiledNavMesh mesh, int tileX, int tileZ)
        {
            using (NavTile tile = Samples.Tile(tileX, tileZ, 1))
            {
                return mesh.AddTile(tile);
            }
        }

        static ulong[] FindPath(TiledNavMesh mesh, ulong from, ulong to, Double3 start, Double3 end, out PathOutcome outcome)
        {
            using (var query = new NavMeshQuery(mesh, MaxNodes))
            {
                return query.FindPath(from, to, start, end, new QueryFilter(), MaxNodes, out outcome);
            }
        }

        /// Whether a corridor holds a polygon of the tile a TileRef names
        /// (a PolyRef's low 20 bits number the polygon in its tile).
        static bool PassesTile(ulong[] corridor, ulong tileRef)
        {
            return Array.Exists(corridor, poly => (poly & ~0xFFFFFUL) == tileRef);
        }

        /// test_switches.c's pair: a sample tile on the ground at (0,0), one
        /// 3 units up at (1,0) (above the climb, so no portal joins them)
        /// and a two-way off-mesh link, user id 7, from the ground up.
        sealed class Stairs : IDisposable
        {
            internal const uint UserId = 7;
            internal readonly TiledNavMesh Mesh = new TiledNavMesh(Samples.Params());
            internal ulong Ground;
            internal readonly ulong Upper;

            internal Stairs()
            {
                AddGround();
                Upper = Add(1, 3.0, new NavOffMeshLink[0]);
            }

            internal void AddGround()
            {
                var link = new NavOffMeshLink { Start = new Float3(24, 0, 16), End = new Float3(40, 3, 16), Radius = 1, Area = 4, Bidirectional = 1, Flags = 1, UserId = UserId };
                Ground = Add(0, 0.0, new[] { link });
            }

            ulong Add(int tileX, double originY, NavOffMeshLink[] links)
            {
                NavTileData data = Samples.TileData(tileX, 0, 2);
                data.OriginY = originY;
                data.OffMeshLinks = links;
                using (NavTile tile = NavTile.Create(Samples.Params(), data))
                {
                    return Mesh.AddTile(tile);
                }
            }

            internal PathStatus PathUp()
            {
                PathOutcome outcome;
                FindPath(Mesh, Ground | 1, Upper | 0, new Double3(4, 0, 20), new Double3(60, 3, 10), out outcome);
                return outcome.Status;
            }

            public void Dispose()
            {
                Mesh.Dispose();
            }
        }
    }
}
