using Microsoft.Win32.SafeHandles;

namespace Onav
{
    /// Owns an OnavStreamer*; the runtime calls onav_streamer_free exactly once.
    internal sealed class StreamerHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        // The marshaller creates it for out-parameters.
        StreamerHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            NativeMethods.onav_streamer_free(handle);
            return true;
        }
    }
}
