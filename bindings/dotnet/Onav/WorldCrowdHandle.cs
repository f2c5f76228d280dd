using Microsoft.Win32.SafeHandles;

namespace Onav
{
    /// Owns an OnavWorldCrowd*; the runtime calls onav_world_crowd_free exactly once.
    internal sealed class WorldCrowdHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        // The marshaller creates it for out-parameters.
        WorldCrowdHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            NativeMethods.onav_world_crowd_free(handle);
            return true;
        }
    }
}
