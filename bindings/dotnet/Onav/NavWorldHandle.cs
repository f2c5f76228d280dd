using Microsoft.Win32.SafeHandles;

namespace Onav
{
    /// Owns an OnavNavWorld*; the runtime calls onav_nav_world_free exactly once.
    internal sealed class NavWorldHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        // The marshaller creates it for out-parameters.
        NavWorldHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            NativeMethods.onav_nav_world_free(handle);
            return true;
        }
    }
}
