using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavPolyAround: a polygon touched by a circle search, its parent and its cost.
    [StructLayout(LayoutKind.Sequential)]
    public struct PolyAround
    {
        public ulong PolyRef;
        /// 0 for the start polygon.
        public ulong Parent;
        public double Cost;
    }
}
