using Microsoft.Win32.SafeHandles;

namespace Onav
{
    /// Owns an OnavTriangleGeometry*; the runtime calls onav_triangle_geometry_free exactly once.
    internal sealed class TriangleGeometryHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        // The marshaller creates it for out-parameters.
        TriangleGeometryHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            NativeMethods.onav_triangle_geometry_free(handle);
            return true;
        }
    }
}
