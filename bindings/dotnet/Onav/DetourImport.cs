// Importers of Recast/Detour data: a RecastDemo tile set (MSET) as a whole
// mesh, or one Detour tile blob (DNAV 7) as a tile for given parameters.
// Version errors carry Found/Expected like the native format's.
using System;

namespace Onav
{
    public static unsafe class DetourImport
    {
        public static TiledNavMesh ReadTileSet(byte[] data, DetourImportOptions options)
        {
            NativeArgs.Range(data, 0, data == null ? 0 : data.Length, "data");
            var err = new NativeError();
            MeshHandle mesh;
            fixed (byte* bytes = data)
            {
                NativeStatus.Check(NativeMethods.onav_import_detour_tile_set(bytes, NativeArgs.Length(data), ref options, out mesh, ref err), ref err);
            }
            return new TiledNavMesh(mesh);
        }

        public static NavTile ReadTile(NavMeshParams parameters, byte[] data, DetourImportOptions options)
        {
            NativeArgs.Range(data, 0, data == null ? 0 : data.Length, "data");
            var err = new NativeError();
            TileHandle tile;
            fixed (byte* bytes = data)
            {
                NativeStatus.Check(NativeMethods.onav_import_detour_tile(ref parameters, bytes, NativeArgs.Length(data), ref options, out tile, ref err), ref err);
            }
            return new NavTile(tile);
        }
    }
}
