using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavDVec2: a world point in the walkable plane; Y is world Z.
    [StructLayout(LayoutKind.Sequential)]
    public struct Double2
    {
        public double X, Y;

        public Double2(double x, double y) { X = x; Y = y; }
    }
}
