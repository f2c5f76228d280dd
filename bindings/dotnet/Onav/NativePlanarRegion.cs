// OnavPlanarRegion: a walkable region of the planar builder, its rings
// pointing into pinned arrays.
using System;
using System.Runtime.InteropServices;

namespace Onav
{
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativePlanarRegion
    {
        internal NativePlanarRing Outline;
        internal IntPtr Holes; internal UIntPtr HoleCount;
        internal int Area;
        internal int Flags;
    }
}
