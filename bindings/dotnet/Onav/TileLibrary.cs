// Tiles keyed by content id, the store TiledNavMesh.Restore takes a
// snapshot's tiles from.
using System;

namespace Onav
{
    public sealed unsafe class TileLibrary : IDisposable
    {
        internal readonly TileLibraryHandle Handle;

        public TileLibrary(NavMeshParams parameters)
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_tile_library_new(ref parameters, out Handle, ref err), ref err);
        }

        /// Reads tile bytes against the library's parameters and keeps the
        /// tile; returns its 16-byte content id.
        public byte[] Add(byte[] data)
        {
            return PinnedBytes.Read(data, (byte* bytes, UIntPtr length, out NativeDigest id, ref NativeError err) => NativeMethods.onav_tile_library_add(Handle, bytes, length, out id, ref err)).ToArray();
        }

        public int Count
        {
            get
            {
                var err = new NativeError();
                UIntPtr count;
                NativeStatus.Check(NativeMethods.onav_tile_library_count(Handle, out count, ref err), ref err);
                return (int)count.ToUInt64();
            }
        }

        public void Dispose()
        {
            Handle.Dispose();
        }
    }
}
