using Microsoft.Win32.SafeHandles;

namespace Onav
{
    /// Owns an OnavQuery*; the runtime calls onav_query_free exactly once.
    internal sealed class QueryHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        // The marshaller creates it for out-parameters.
        QueryHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            NativeMethods.onav_query_free(handle);
            return true;
        }
    }
}
