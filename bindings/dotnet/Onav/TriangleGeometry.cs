// Level triangles (world space, Y up) with per-triangle areas, plus convex
// volumes that mark areas, for the 3D voxel builder.
using System;

namespace Onav
{
    public sealed unsafe class TriangleGeometry : IDisposable
    {
        internal readonly TriangleGeometryHandle Handle;

        /// `indices` holds three per triangle; `areas` one per triangle (0..63,
        /// 255 unwalkable) or null for the settings' Area everywhere.
        public TriangleGeometry(Double3[] vertices, uint[] indices, byte[] areas)
        {
            var err = new NativeError();
            if (areas != null && indices != null && areas.Length * 3 != indices.Length)
                throw new ArgumentOutOfRangeException("areas", areas.Length, "needs one entry per triangle (" + indices.Length / 3 + ") or null");
            fixed (Double3* vertexPointer = vertices)
            fixed (uint* indexPointer = indices)
            fixed (byte* areaPointer = areas)
            {
                NativeStatus.Check(NativeMethods.onav_triangle_geometry_create(vertexPointer, NativeArgs.Length(vertices), indexPointer, NativeArgs.Length(indices), areaPointer, out Handle, ref err), ref err);
            }
        }

        /// Marks the cells inside a convex prism (points in X/Z, minY..maxY) with `area`.
        public void AddConvexVolume(Double2[] points, double minY, double maxY, byte area)
        {
            var err = new NativeError();
            fixed (Double2* pointPointer = points)
            {
                NativeStatus.Check(NativeMethods.onav_triangle_geometry_add_convex_volume(Handle, pointPointer, NativeArgs.Length(points), minY, maxY, area, ref err), ref err);
            }
        }

        public void Dispose()
        {
            Handle.Dispose();
        }
    }
}
