using Microsoft.Win32.SafeHandles;

namespace Onav
{
    /// Owns an OnavTileLibrary*; the runtime calls onav_tile_library_free exactly once.
    internal sealed class TileLibraryHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        // The marshaller creates it for out-parameters.
        TileLibraryHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            NativeMethods.onav_tile_library_free(handle);
            return true;
        }
    }
}
