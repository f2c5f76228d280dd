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
            return new TiledNavMesh(PinnedBytes.Read(data, (byte* bytes, UIntPtr length, out MeshHandle mesh, ref NativeError err) => NativeMethods.onav_import_detour_tile_set(bytes, length, ref options, out mesh, ref err)));
        }

        public static NavTile ReadTile(NavMeshParams parameters, byte[] data, DetourImportOptions options)
        {
            return new NavTile(PinnedBytes.Read(data, (byte* bytes, UIntPtr length, out TileHandle tile, ref NativeError err) => NativeMethods.onav_import_detour_tile(ref parameters, bytes, length, ref options, out tile, ref err)));
        }
    }
}
