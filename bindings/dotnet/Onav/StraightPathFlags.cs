using System;

namespace Onav
{
    /// What a straight-path vertex is (ONAV_STRAIGHT_PATH_* bits).
    [Flags]
    public enum StraightPathFlags
    {
        None = 0,
        Start = 1,
        End = 2,
        OffMesh = 4,
    }
}
