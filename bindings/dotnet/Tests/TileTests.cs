// NavTile.Create and NavMeshSerializer's tile bytes, and the spec's
// exceptions for bad tiles: format, version (Found/Expected), fingerprint.
using System;

namespace Onav.Tests
{
    static class TileTests
    {
        internal static void Run()
        {
            NavMeshParams parameters = Samples.Params();
            using (NavTile tile = Samples.Tile(1, -2, 5))
            {
                NavTileInfo info = tile.Info;
                Check.That(info.TileX == 1 && info.TileZ == -2 && info.Layer == 0 && info.OriginY == 10.5, "tile position");
                Check.That(info.PolygonCount == 2 && info.EdgeCount == 6 && info.PortalEdgeCount == 4 && info.OffMeshLinkCount == 1, "tile counts");
                NavTilePolygon polygon = tile.GetPolygon(1);
                Check.That(polygon.Polygon.Area == 5 && polygon.Indices.Length == 3 && polygon.Indices[1] == 2 && polygon.Neighbours[0] == 1 && polygon.PortalSides[2] == 2, "polygon 1 as created");
                Check.Equal(32f, tile.GetVertex(2).Z, "vertex 2 Z");
                Check.Equal(42u, tile.GetOffMeshLink(0).UserId, "off-mesh link user id");
                Check.Throws<System.Collections.Generic.KeyNotFoundException>(() => tile.GetPolygon(2), "polygon past the count");
                Check.That(Same(parameters.Fingerprint(), tile.Fingerprint()), "the tile carries the parameters' fingerprint");

                byte[] bytes = NavMeshSerializer.WriteTile(tile);
                using (NavTile back = NavMeshSerializer.ReadTile(parameters, bytes))
                {
                    Check.That(Same(bytes, NavMeshSerializer.WriteTile(back)), "tile bytes round trip equal");
                    Check.That(Same(tile.ContentId(), back.ContentId()), "content ids equal after the round trip");
                }
                var padded = new byte[bytes.Length + 7];
                Array.Copy(bytes, 0, padded, 3, bytes.Length);
                using (NavTile slice = NavMeshSerializer.ReadTile(parameters, padded, 3, bytes.Length))
                {
                    Check.That(Same(bytes, NavMeshSerializer.WriteTile(slice)), "reading from an offset and count");
                }
                Check.Throws<ArgumentOutOfRangeException>(() => NavMeshSerializer.ReadTile(parameters, bytes, 1, bytes.Length), "a count past the array");

                RejectsBadBytes(parameters, bytes);
            }
            RejectsBadData(parameters);
        }

        static void RejectsBadBytes(NavMeshParams parameters, byte[] bytes)
        {
            var version3 = (byte[])bytes.Clone();
            version3[4] = 3;
            version3[5] = 0;
            var version = Check.Throws<NavMeshVersionException>(() => NavMeshSerializer.ReadTile(parameters, version3), "tile version 3");
            if (version != null) Check.That(version.Found == 3 && version.Expected == 2, "Found 3, Expected 2: " + version.Found + ", " + version.Expected);
            Check.Throws<NavMeshFormatException>(() => NavMeshSerializer.ReadTile(parameters, version3), "a version error caught as a format error");

            var truncated = new byte[bytes.Length - 1];
            Array.Copy(bytes, truncated, truncated.Length);
            Check.Throws<NavMeshFormatException>(() => NavMeshSerializer.ReadTile(parameters, truncated), "a truncated tile");

            NavMeshParams other = parameters;
            other.AgentRadius = 0.75f;
            Check.Throws<NavMeshFingerprintException>(() => NavMeshSerializer.ReadTile(other, bytes), "a tile read against other parameters");
            Check.Throws<NavMeshFormatException>(() => NavMeshSerializer.ReadTile(other, bytes), "a fingerprint error caught as a format error");
        }

        static void RejectsBadData(NavMeshParams parameters)
        {
            NavTileData clockwise = Samples.TileData(0, 0, 1);
            clockwise.Indices = new uint[] { 0, 2, 1, 0, 3, 2 };
            var e = Check.Throws<NavMeshFormatException>(() => NavTile.Create(parameters, clockwise), "clockwise polygons");
            if (e != null) Check.That(e.Message.Contains("polygon"), "the message names the polygon: " + e.Message);

            NavTileData ragged = Samples.TileData(0, 0, 1);
            ragged.PortalSides = new byte[] { 3, 0, 0xFF };
            Check.Throws<NavMeshFormatException>(() => NavTile.Create(parameters, ragged), "per-edge arrays of different lengths");
        }

        internal static bool Same(byte[] a, byte[] b)
        {
            if (a.Length != b.Length) return false;
            for (int i = 0; i < a.Length; i++) if (a[i] != b[i]) return false;
            return true;
        }
    }
}
