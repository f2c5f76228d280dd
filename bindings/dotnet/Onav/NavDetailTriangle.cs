using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavDetailTriangle: three vertex indices (polygon vertices first, then
    /// the polygon's detail vertices) and the boundary flags of its edges.
    [StructLayout(LayoutKind.Sequential)]
    public struct NavDetailTriangle
    {
        public byte Index0, Index1, Index2;
        public byte EdgeFlags;
    }
}
