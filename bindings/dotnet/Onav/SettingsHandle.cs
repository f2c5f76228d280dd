using Microsoft.Win32.SafeHandles;

namespace Onav
{
    /// Owns an OnavSettings*; the runtime calls onav_settings_free exactly once.
    internal sealed class SettingsHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        // The marshaller creates it for out-parameters.
        SettingsHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            NativeMethods.onav_settings_free(handle);
            return true;
        }
    }
}
