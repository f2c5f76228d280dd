using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavDetailMesh: one polygon's range of detail vertices and triangles.
    [StructLayout(LayoutKind.Sequential)]
    public struct NavDetailMesh
    {
        public uint VertexBase, VertexCount, TriangleBase, TriangleCount;
    }
}
