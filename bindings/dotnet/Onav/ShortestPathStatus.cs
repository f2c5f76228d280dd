namespace Onav
{
    /// How an exact shortest-path search ended (ONAV_SHORTEST_PATH_*).
    public enum ShortestPathStatus
    {
        /// The path reaches the end and is the shortest.
        Complete = 0,
        /// No path joins the positions under the filter; the path is empty.
        Unreachable = 1,
        /// The query's MaxNodes ran out before the search finished; the path is empty.
        OutOfNodes = 2,
    }
}
