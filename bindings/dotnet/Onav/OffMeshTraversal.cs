using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavOffMeshTraversal: the off-mesh link an agent is crossing.
    [StructLayout(LayoutKind.Sequential)]
    public struct OffMeshTraversal
    {
        /// Where the agent was when it reached the link.
        public Double3 From;
        public Double3 Departure;
        public Double3 Arrival;
        /// The polygon the link lands on.
        public ulong LandingPoly;
        /// Seconds spent on the link so far (straight traversal).
        public double Elapsed;
    }
}
