namespace Onav
{
    /// Extra straight-path vertices where the path crosses polygon edges (ONAV_STRAIGHT_PATH_CROSSINGS_*).
    public enum StraightPathCrossings
    {
        None = 0,
        AreaChanges = 1,
        AllEdges = 2,
    }
}
