// Queued tile operations applied in order, at most maxOperations per
// Update, so a game spreads streaming over frames. A failing operation
// leaves the queue before its exception propagates.
using System;

namespace Onav
{
    public sealed unsafe class TileStreamer : IDisposable
    {
        readonly StreamerHandle handle;

        public TileStreamer()
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_streamer_new(out handle, ref err), ref err);
        }

        /// Queues tile bytes (the streamer keeps a copy): added, or replacing
        /// the tile at its position, when applied.
        public void QueueTile(byte[] data)
        {
            QueueTile(data, 0, data == null ? 0 : data.Length);
        }

        public void QueueTile(byte[] data, int offset, int count)
        {
            NativeArgs.Range(data, offset, count, "data");
            var err = new NativeError();
            fixed (byte* bytes = data)
            {
                NativeStatus.Check(NativeMethods.onav_streamer_queue_tile(handle, bytes + offset, (UIntPtr)(uint)count, ref err), ref err);
            }
        }

        /// Queues the removal of every layer of a column.
        public void QueueRemoveColumn(int tileX, int tileZ)
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_streamer_queue_remove_column(handle, tileX, tileZ, ref err), ref err);
        }

        /// Applies at most maxOperations queued operations to the mesh;
        /// returns how many were applied.
        public int Update(TiledNavMesh mesh, int maxOperations)
        {
            if (mesh == null) throw new ArgumentNullException("mesh");
            if (maxOperations < 0) throw new ArgumentOutOfRangeException("maxOperations", maxOperations, "must not be negative");
            var err = new NativeError();
            UIntPtr applied;
            NativeStatus.Check(NativeMethods.onav_streamer_update(handle, mesh.Handle, (UIntPtr)(uint)maxOperations, out applied, ref err), ref err);
            return (int)applied.ToUInt64();
        }

        public int Pending
        {
            get
            {
                var err = new NativeError();
                UIntPtr pending;
                NativeStatus.Check(NativeMethods.onav_streamer_pending(handle, out pending, ref err), ref err);
                return (int)pending.ToUInt64();
            }
        }

        public void Clear()
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_streamer_clear(handle, ref err), ref err);
        }

        public void Dispose()
        {
            handle.Dispose();
        }
    }
}
