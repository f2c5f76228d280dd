using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavVec3: a tile-local float32 position (Y up).
    [StructLayout(LayoutKind.Sequential)]
    public struct Float3
    {
        public float X, Y, Z;

        public Float3(float x, float y, float z) { X = x; Y = y; Z = z; }

        public override string ToString() { return "(" + X + ", " + Y + ", " + Z + ")"; }
    }
}
