// OnavCrowdSettings: fixed for a crowd's life, checked when it is created
// (ArgumentOutOfRangeException naming the field). Start from Default.
using System.Runtime.InteropServices;

namespace Onav
{
    [StructLayout(LayoutKind.Sequential)]
    public struct CrowdSettings
    {
        /// Seconds per tick (finite, > 0): every step advances by exactly this.
        public double Dt;
        /// Node budget of each path search (>= 1).
        public uint MaxNodes;
        /// Half extents of the box searched for the polygon under a position.
        public Double3 PlacementHalfExtents;
        /// Seconds between two topology optimisations of a corridor.
        public double TopologyInterval;

        /// dt 1/30 s, 4096 nodes, a (2, 4, 2) placement box, topology every 0.5 s.
        public static CrowdSettings Default
        {
            get
            {
                var err = new NativeError();
                CrowdSettings settings;
                NativeStatus.Check(NativeMethods.onav_crowd_settings_default(out settings, ref err), ref err);
                return settings;
            }
        }
    }
}
