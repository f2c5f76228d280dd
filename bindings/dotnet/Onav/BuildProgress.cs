namespace Onav
{
    /// Progress of a voxel build: `done` tiles finished out of `total`,
    /// called on the building thread after each tile. Return true to go
    /// on, false to cancel (the build then throws InvalidOperationException).
    public delegate bool BuildProgress(long done, long total);
}
