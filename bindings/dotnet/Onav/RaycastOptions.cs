using System;

namespace Onav
{
    /// Options of NavMeshQuery.Raycast (ONAV_RAYCAST_* bits).
    [Flags]
    public enum RaycastOptions
    {
        None = 0,
        /// Also compute the walk's cost (RaycastHit.PathCost).
        PathCost = 1,
    }
}
