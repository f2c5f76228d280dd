namespace Onav
{
    /// How a bounded search (walls, neighbourhoods, circles) ended (ONAV_SEARCH_*).
    public enum SearchStatus
    {
        Complete = 0,
        OutOfNodes = 1,
    }
}
