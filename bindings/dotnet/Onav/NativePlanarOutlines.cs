// OnavPlanarOutlines: everything the planar builder reads besides the
// settings, pointing into pinned arrays.
using System;
using System.Runtime.InteropServices;

namespace Onav
{
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativePlanarOutlines
    {
        internal IntPtr Regions; internal UIntPtr RegionCount;
        internal IntPtr Obstacles; internal UIntPtr ObstacleCount;
    }
}
