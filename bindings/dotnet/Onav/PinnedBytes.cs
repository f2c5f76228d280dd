// The shape of every call that reads caller bytes into one result (a tile,
// a mesh, a TileRef, ...): check the range, pin the array, call, map the
// status. The range is checked before pinning, so a bad offset or count is
// the caller's ArgumentOutOfRangeException, never a read past the array.
using System;

namespace Onav
{
    internal unsafe delegate int ReadBytes<T>(byte* data, UIntPtr length, out T result, ref NativeError err);

    internal static unsafe class PinnedBytes
    {
        internal static T Read<T>(byte[] data, ReadBytes<T> read)
        {
            return Read(data, 0, data == null ? 0 : data.Length, read);
        }

        internal static T Read<T>(byte[] data, int offset, int count, ReadBytes<T> read)
        {
            NativeArgs.Range(data, offset, count, "data");
            var err = new NativeError();
            T result;
            fixed (byte* bytes = data)
            {
                NativeStatus.Check(read(bytes + offset, (UIntPtr)(uint)count, out result, ref err), ref err);
            }
            return result;
        }
    }
}
