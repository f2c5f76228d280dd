using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavRaycastHit: where a walk along the surface stopped.
    [StructLayout(LayoutKind.Sequential)]
    public struct RaycastHit
    {
        /// Fraction of start..end walked: 1 when the end is reached.
        public double T;
        byte hit;
        /// The polygon whose wall was hit; 0 when the end is reached.
        public ulong WallPolyRef;
        /// The wall's edge index in that polygon.
        public uint WallEdge;
        /// The wall's normal in X/Z.
        public Double3 Normal;
        byte hasPathCost;
        /// The walk's cost, with RaycastOptions.PathCost.
        public double PathCost;

        /// True when a wall stops the ray.
        public bool Hit { get { return hit != 0; } }
        public bool HasPathCost { get { return hasPathCost != 0; } }
    }
}
