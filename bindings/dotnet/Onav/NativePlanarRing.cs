// OnavPlanarRing: a ring of the planar builder as a pointer into a pinned
// Double2 array and its length.
using System;
using System.Runtime.InteropServices;

namespace Onav
{
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativePlanarRing
    {
        internal IntPtr Points; internal UIntPtr Count;

        internal static NativePlanarRing Of(Double2[] points, PinSet pins)
        {
            return new NativePlanarRing { Points = pins.Pin(points), Count = NativeArgs.Length(points) };
        }

        /// The rings as a native array (null for none; a null ring is empty).
        internal static NativePlanarRing[] All(Double2[][] rings, PinSet pins)
        {
            if (rings == null) return null;
            var native = new NativePlanarRing[rings.Length];
            for (int i = 0; i < rings.Length; i++) native[i] = Of(rings[i], pins);
            return native;
        }
    }
}
