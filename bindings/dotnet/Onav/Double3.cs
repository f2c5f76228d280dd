using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavDVec3: a world position (Y up); coordinates lie strictly within ±2^21.
    [StructLayout(LayoutKind.Sequential)]
    public struct Double3
    {
        public double X, Y, Z;

        public Double3(double x, double y, double z) { X = x; Y = y; Z = z; }

        public override string ToString() { return "(" + X + ", " + Y + ", " + Z + ")"; }
    }
}
