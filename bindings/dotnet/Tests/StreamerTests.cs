// TileStreamer: operations in queue order, at most maxOperations per
// Update, and a failing operation leaves the queue before it throws.
namespace Onav.Tests
{
    static class StreamerTests
    {
        internal static void Run()
        {
            NavMeshParams parameters = Samples.Params();
            using (var mesh = new TiledNavMesh(parameters))
            using (var streamer = new TileStreamer())
            using (NavTile west = Samples.Tile(0, 0, 1))
            using (NavTile east = Samples.Tile(1, 0, 1))
            {
                streamer.QueueTile(NavMeshSerializer.WriteTile(west));
                streamer.QueueTile(NavMeshSerializer.WriteTile(east));
                streamer.QueueRemoveColumn(0, 0);
                Check.Equal(3, streamer.Pending, "three operations queued");
                Check.Equal(2, streamer.Update(mesh, 2), "Update(2) applies two");
                Check.Equal(2, mesh.TileCount, "both tiles streamed in");
                Check.Equal(1, streamer.Pending, "one operation left");
                Check.Equal(1, streamer.Update(mesh, 10), "Update(10) applies the last one");
                Check.Equal(1, mesh.TileCount, "column (0, 0) streamed out");
                Check.Equal(0, streamer.Update(mesh, 10), "nothing left to apply");

                NavMeshParams other = parameters;
                other.WalkableClimb = 1;
                using (NavTile foreign = NavTile.Create(other, Samples.TileData(0, 0, 1)))
                {
                    streamer.QueueTile(NavMeshSerializer.WriteTile(foreign));
                }
                Check.Throws<NavMeshFingerprintException>(() => streamer.Update(mesh, 1), "streaming in a tile built with other parameters");
                Check.Equal(0, streamer.Pending, "the failing operation left the queue");
                Check.Equal(1, mesh.TileCount, "the failing operation changed nothing");

                streamer.QueueRemoveColumn(1, 0);
                streamer.Clear();
                Check.Equal(0, streamer.Pending, "Clear empties the queue");
            }
        }
    }
}
