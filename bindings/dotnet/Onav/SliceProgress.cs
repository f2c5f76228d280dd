using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavSliceProgress: what one update of a sliced path search did.
    [StructLayout(LayoutKind.Sequential)]
    public struct SliceProgress
    {
        public uint Iterations;
        byte finished;

        /// True once the search has finished (finalize it for the corridor).
        public bool Finished { get { return finished != 0; } }
    }
}
