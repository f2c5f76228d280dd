using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavWallDistance: the nearest wall within a radius.
    [StructLayout(LayoutKind.Sequential)]
    public struct WallDistance
    {
        byte hit;
        public double Distance;
        /// The nearest point on the wall.
        public Double3 Position;
        /// The wall's normal.
        public Double3 Normal;
        int status;

        /// True when a wall lies within the radius.
        public bool Hit { get { return hit != 0; } }
        public SearchStatus Status { get { return (SearchStatus)status; } }
    }
}
