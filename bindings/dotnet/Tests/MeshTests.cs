// TiledNavMesh: add, replace, remove, references going stale, links,
// mesh bytes, snapshots and the debug collection.
using System;
using System.Collections.Generic;

namespace Onav.Tests
{
    static class MeshTests
    {
        internal static void Run()
        {
            NavMeshParams parameters = Samples.Params();
            using (var mesh = new TiledNavMesh(parameters))
            using (NavTile west = Samples.Tile(0, 0, 1))
            using (NavTile east = Samples.Tile(1, 0, 1))
            {
                ulong westRef = mesh.AddTile(west);
                ulong eastRef = mesh.AddTile(NavMeshSerializer.WriteTile(east));
                Check.Equal(2, mesh.TileCount, "two tiles added");
                Check.Equal(westRef, mesh.TileAt(0, 0, 0), "TileAt the west tile");
                Check.Equal(2, mesh.Tiles().Length, "Tiles lists both");
                Check.Throws<InvalidOperationException>(() => mesh.AddTile(west), "adding into an occupied position");

                ulong westPolygon = PolygonOf(westRef, 0);
                ulong eastPolygon = PolygonOf(eastRef, 1);
                Check.That(LinksTo(mesh.Links(westPolygon), LinkKind.Portal, eastRef), "the west tile's +X edge is linked to the east tile");
                Check.That(LinksTo(mesh.Links(westPolygon), LinkKind.OffMesh, westRef), "the off-mesh link leaves polygon 0");
                Check.Equal(3, mesh.PolygonOutline(westPolygon).Length, "a triangle's outline");

                ChecksReplaceAndRemove(mesh, westRef, eastRef, westPolygon, eastPolygon);
                ChecksMeshBytes(mesh);
                ChecksSnapshot(parameters, mesh);
                ChecksDebug(mesh);

                NavMeshParams other = parameters;
                other.AgentHeight = 3;
                using (NavTile foreign = NavTile.Create(other, Samples.TileData(5, 5, 1)))
                {
                    Check.Throws<NavMeshFingerprintException>(() => mesh.AddTile(foreign), "adding a tile built with other parameters");
                }
                int tileX, tileZ;
                Check.Throws<ArgumentOutOfRangeException>(() => mesh.WorldToTile(0, -2097152.0, out tileX, out tileZ), "WorldToTile at -2^21");
            }
        }

        static void ChecksReplaceAndRemove(TiledNavMesh mesh, ulong westRef, ulong eastRef, ulong westPolygon, ulong eastPolygon)
        {
            using (NavTile repainted = Samples.Tile(0, 0, 7))
            {
                ulong newWestRef = mesh.ReplaceTile(repainted);
                Check.That(newWestRef != westRef, "replacing gives a new TileRef");
                Check.That(!mesh.IsValidPolyRef(westPolygon), "the replaced tile's PolyRef is stale");
                Check.That(!mesh.IsValidTileRef(westRef), "the replaced tile's TileRef is stale");
                Check.Throws<NavMeshReferenceException>(() => mesh.GetPolygon(westPolygon), "a stale PolyRef");
                Check.Equal((byte)7, mesh.GetPolygon(PolygonOf(newWestRef, 0)).Area, "the new tile's area");
            }
            Check.Equal(eastRef, mesh.RemoveTile(1, 0, 0), "RemoveTile returns the removed TileRef");
            Check.Equal(1, mesh.TileCount, "one tile left");
            Check.Throws<KeyNotFoundException>(() => mesh.TileAt(1, 0, 0), "TileAt a removed position");
            Check.Throws<NavMeshReferenceException>(() => mesh.Links(eastPolygon), "links of a removed tile's polygon");
            using (NavTile east = Samples.Tile(1, 0, 1))
            {
                mesh.AddTile(east);
            }
        }

        static void ChecksMeshBytes(TiledNavMesh mesh)
        {
            byte[] bytes = NavMeshSerializer.WriteMesh(mesh);
            using (TiledNavMesh back = NavMeshSerializer.ReadMesh(bytes))
            {
                Check.That(TileTests.Same(bytes, NavMeshSerializer.WriteMesh(back)), "mesh bytes round trip equal");
                Check.That(back.Params.Equals(mesh.Params), "parameters round trip");
            }
            var version1 = (byte[])bytes.Clone();
            version1[4] = 1;
            version1[5] = 0;
            var e = Check.Throws<NavMeshVersionException>(() => NavMeshSerializer.ReadMesh(version1), "mesh version 1 (the draft)");
            if (e != null) Check.That(e.Found == 1 && e.Expected == 2, "Found 1, Expected 2: " + e.Found + ", " + e.Expected);
        }

        static void ChecksSnapshot(NavMeshParams parameters, TiledNavMesh mesh)
        {
            byte[] before = NavMeshSerializer.WriteMesh(mesh);
            byte[] snapshot = mesh.Snapshot();
            using (var library = new TileLibrary(parameters))
            {
                foreach (ulong tileRef in mesh.Tiles())
                {
                    using (NavTile tile = mesh.GetTile(tileRef))
                    {
                        Check.That(TileTests.Same(tile.ContentId(), library.Add(NavMeshSerializer.WriteTile(tile))), "the library keys a tile by its content id");
                    }
                }
                Check.Equal(2, library.Count, "two tiles in the library");
                mesh.RemoveColumn(0, 0);
                mesh.Restore(snapshot, library);
                Check.That(TileTests.Same(before, NavMeshSerializer.WriteMesh(mesh)), "restoring a snapshot gives the same mesh bytes");
            }
        }

        static void ChecksDebug(TiledNavMesh mesh)
        {
            NavMeshDebug debug = NavMeshDebug.Collect(mesh);
            Check.Equal(4, debug.Polygons.Length, "the debug collection holds every polygon");
            Check.Equal(3, debug.Polygons[0].Outline.Length, "a triangle's debug outline");
            Check.That(debug.Links.Length > 0 && debug.Links[0].From == debug.Polygons[0].PolyRef, "links come in polygon order");
        }

        static ulong PolygonOf(ulong tileRef, uint polygon)
        {
            uint salt, slot;
            TileRef.Decode(tileRef, out salt, out slot);
            return PolyRef.Encode(salt, slot, polygon);
        }

        static bool LinksTo(NavLink[] links, LinkKind kind, ulong tileRef)
        {
            uint tileSalt, tileSlot;
            TileRef.Decode(tileRef, out tileSalt, out tileSlot);
            foreach (NavLink link in links)
            {
                uint salt, slot, polygon;
                PolyRef.Decode(link.Target, out salt, out slot, out polygon);
                if (link.Kind == kind && salt == tileSalt && slot == tileSlot) return true;
            }
            return false;
        }
    }
}
