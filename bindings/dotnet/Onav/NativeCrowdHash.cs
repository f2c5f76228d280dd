// OnavCrowdHash: the 32 SHA-256 bytes of a crowd's state.
using System.Runtime.InteropServices;

namespace Onav
{
    [StructLayout(LayoutKind.Sequential)]
    internal unsafe struct NativeCrowdHash
    {
        internal const int Length = 32;

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
