using Microsoft.Win32.SafeHandles;

namespace Onav
{
    /// Owns an OnavMesh*; the runtime calls onav_mesh_free exactly once.
    internal sealed class MeshHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        // The marshaller creates it for out-parameters.
        MeshHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            NativeMethods.onav_mesh_free(handle);
            return true;
        }
    }
}
