using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavShortestPathOutcome: how an exact search ended, the path's
    /// length (0 without a path) and the search nodes it made.
    [StructLayout(LayoutKind.Sequential)]
    public struct ShortestPathOutcome
    {
        int status;
        public double Length;
        public uint Nodes;

        public ShortestPathStatus Status { get { return (ShortestPathStatus)status; } }
    }
}
