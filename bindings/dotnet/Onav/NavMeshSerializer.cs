// The frozen byte layouts: tiles (ONPT) and meshes (ONPM), little-endian
// on every platform. Readers throw NavMeshFormatException or its
// subclasses (version, fingerprint) and never read past the input.
using System;

namespace Onav
{
    public static unsafe class NavMeshSerializer
    {
        /// Reads tile bytes against the mesh parameters (bounds, fingerprint).
        public static NavTile ReadTile(NavMeshParams parameters, byte[] data)
        {
            return ReadTile(parameters, data, 0, data == null ? 0 : data.Length);
        }

        public static NavTile ReadTile(NavMeshParams parameters, byte[] data, int offset, int count)
        {
            return new NavTile(PinnedBytes.Read(data, offset, count, (byte* bytes, UIntPtr length, out TileHandle tile, ref NativeError err) => NativeMethods.onav_tile_read(ref parameters, bytes, length, out tile, ref err)));
        }

        public static byte[] WriteTile(NavTile tile)
        {
            if (tile == null) throw new ArgumentNullException("tile");
            return SizeQuery.Collect<byte>(0, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_tile_write(tile.Handle, b, c, out l, ref e));
        }

        /// Reads a whole mesh: parameters, slots with their generations, tiles.
        public static TiledNavMesh ReadMesh(byte[] data)
        {
            return ReadMesh(data, 0, data == null ? 0 : data.Length);
        }

        public static TiledNavMesh ReadMesh(byte[] data, int offset, int count)
        {
            return new TiledNavMesh(PinnedBytes.Read<MeshHandle>(data, offset, count, NativeMethods.onav_mesh_read));
        }

        public static byte[] WriteMesh(TiledNavMesh mesh)
        {
            if (mesh == null) throw new ArgumentNullException("mesh");
            return SizeQuery.Collect<byte>(0, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_mesh_write(mesh.Handle, b, c, out l, ref e));
        }
    }
}
