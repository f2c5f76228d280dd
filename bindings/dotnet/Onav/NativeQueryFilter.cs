// OnavQueryFilter: include/exclude masks and the 64 area costs inline.
using System.Runtime.InteropServices;

namespace Onav
{
    [StructLayout(LayoutKind.Sequential)]
    internal unsafe struct NativeQueryFilter
    {
        internal const int AreaCount = 64;

        internal ushort IncludeFlags;
        internal ushort ExcludeFlags;
        internal fixed double AreaCosts[AreaCount];
    }
}
