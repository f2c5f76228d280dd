namespace Onav
{
    /// How the 3D builder partitions walkable cells into regions (ONAV_PARTITION_*).
    public enum Partition
    {
        Watershed = 0,
        Monotone = 1,
        Layers = 2,
    }
}
