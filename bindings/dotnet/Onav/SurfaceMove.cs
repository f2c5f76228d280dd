using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavSurfaceMove: where a constrained move along the surface ended.
    [StructLayout(LayoutKind.Sequential)]
    public struct SurfaceMove
    {
        public Double3 Position;
        int status;

        public SearchStatus Status { get { return (SearchStatus)status; } }
    }
}
