// OnavFingerprint and OnavContentId: 16 digest bytes.
using System.Runtime.InteropServices;

namespace Onav
{
    [StructLayout(LayoutKind.Sequential)]
    internal unsafe struct NativeDigest
    {
        internal const int Length = 16;

        internal fixed byte Bytes[Length];

        internal byte[] ToArray()
        {
            var copy = new byte[Length];
            fixed (byte* bytes = Bytes)
            {
                Marshal.Copy((System.IntPtr)bytes, copy, 0, Length);
            }
            return copy;
        }
    }
}
