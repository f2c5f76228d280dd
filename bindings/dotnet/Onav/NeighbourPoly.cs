using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavNeighbourPoly: a polygon of a local neighbourhood and the one it was reached from.
    [StructLayout(LayoutKind.Sequential)]
    public struct NeighbourPoly
    {
        public ulong PolyRef;
        /// 0 for the start polygon.
        public ulong Parent;
    }
}
