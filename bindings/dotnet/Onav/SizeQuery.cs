// The C ABI's size-query convention in one place: a buffer too small (or
// none) fails with ONAV_E_BUFFER_TOO_SMALL and reports the needed length,
// so the call is made again once with an array of that length. Calls whose
// answer is costly (path searches) start with a guessed capacity so that
// usually one call suffices; byte output starts with none.
using System;
using System.Runtime.InteropServices;

namespace Onav
{
    internal delegate int FillBuffer(IntPtr buffer, UIntPtr capacity, out UIntPtr length, ref NativeError err);

    internal static class SizeQuery
    {
        internal static T[] Collect<T>(int firstCapacity, FillBuffer fill) where T : struct
        {
            var err = new NativeError();
            var buffer = new T[firstCapacity];
            UIntPtr length;
            int status = FillPinned(buffer, fill, out length, ref err);
            if (status == NativeStatus.BufferTooSmall)
            {
                buffer = new T[checked((int)length.ToUInt64())];
                status = FillPinned(buffer, fill, out length, ref err);
            }
            NativeStatus.Check(status, ref err);
            int count = (int)length.ToUInt64();
            if (count != buffer.Length) Array.Resize(ref buffer, count);
            return buffer;
        }

        static int FillPinned<T>(T[] buffer, FillBuffer fill, out UIntPtr length, ref NativeError err)
        {
            GCHandle pin = GCHandle.Alloc(buffer, GCHandleType.Pinned);
            try
            {
                IntPtr address = buffer.Length == 0 ? IntPtr.Zero : pin.AddrOfPinnedObject();
                return fill(address, (UIntPtr)(uint)buffer.Length, out length, ref err);
            }
            finally
            {
                pin.Free();
            }
        }
    }
}
