using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavPathOutcome: how a path search ended and the corridor's cost.
    [StructLayout(LayoutKind.Sequential)]
    public struct PathOutcome
    {
        int status;
        public double Cost;

        public PathStatus Status { get { return (PathStatus)status; } }
    }
}
