using Microsoft.Win32.SafeHandles;

namespace Onav
{
    /// Owns an OnavMeshDebug*; the runtime calls onav_mesh_debug_free exactly once.
    internal sealed class MeshDebugHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        // The marshaller creates it for out-parameters.
        MeshDebugHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            NativeMethods.onav_mesh_debug_free(handle);
            return true;
        }
    }
}
