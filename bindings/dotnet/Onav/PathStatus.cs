namespace Onav
{
    /// How a path search ended (ONAV_PATH_*).
    public enum PathStatus
    {
        /// The corridor reaches the end polygon.
        Complete = 0,
        /// The end cannot be reached; the corridor leads to the reached polygon nearest it.
        Partial = 1,
        /// The node budget ran out.
        OutOfNodes = 2,
    }
}
