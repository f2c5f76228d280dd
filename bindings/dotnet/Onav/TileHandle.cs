using Microsoft.Win32.SafeHandles;

namespace Onav
{
    /// Owns an OnavTile*; the runtime calls onav_tile_free exactly once.
    internal sealed class TileHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        // The marshaller creates it for out-parameters.
        TileHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            NativeMethods.onav_tile_free(handle);
            return true;
        }
    }
}
