using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavRandomPoint: a point on the surface and its polygon.
    [StructLayout(LayoutKind.Sequential)]
    public struct RandomPoint
    {
        public ulong PolyRef;
        public Double3 Position;
    }
}
