using Microsoft.Win32.SafeHandles;

namespace Onav
{
    /// Owns an OnavCrowd*; the runtime calls onav_crowd_free exactly once.
    internal sealed class CrowdHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        // The marshaller creates it for out-parameters.
        CrowdHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            NativeMethods.onav_crowd_free(handle);
            return true;
        }
    }
}
