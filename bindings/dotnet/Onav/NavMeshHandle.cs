using Microsoft.Win32.SafeHandles;

namespace Onav
{
    /// Owns an OnavNavMesh*; the runtime calls onav_nav_mesh_free exactly once.
    internal sealed class NavMeshHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        // The marshaller creates it for out-parameters.
        NavMeshHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            NativeMethods.onav_nav_mesh_free(handle);
            return true;
        }
    }
}
