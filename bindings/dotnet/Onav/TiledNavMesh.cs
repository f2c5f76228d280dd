// A grid of tiles plus the parameters that tie them together (OnavMesh):
// tile edits, references and stitched links. Not thread-safe for edits;
// queries work on their own copy (NavMeshQuery).
using System;

namespace Onav
{
    public sealed unsafe class TiledNavMesh : IDisposable
    {
        internal readonly MeshHandle Handle;

        internal TiledNavMesh(MeshHandle handle)
        {
            Handle = handle;
        }

        /// An empty mesh; throws ArgumentOutOfRangeException for invalid parameters.
        public TiledNavMesh(NavMeshParams parameters)
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_mesh_new(ref parameters, out Handle, ref err), ref err);
        }

        /// An independent copy (tiles are shared, never copied).
        public TiledNavMesh Clone()
        {
            var err = new NativeError();
            MeshHandle clone;
            NativeStatus.Check(NativeMethods.onav_mesh_clone(Handle, out clone, ref err), ref err);
            return new TiledNavMesh(clone);
        }

        public NavMeshParams Params
        {
            get
            {
                var err = new NativeError();
                NavMeshParams parameters;
                NativeStatus.Check(NativeMethods.onav_mesh_params(Handle, out parameters, ref err), ref err);
                return parameters;
            }
        }

        public byte[] Fingerprint()
        {
            var err = new NativeError();
            NativeDigest digest;
            NativeStatus.Check(NativeMethods.onav_mesh_fingerprint(Handle, out digest, ref err), ref err);
            return digest.ToArray();
        }

        /// Adds a tile into a free position and returns its TileRef;
        /// InvalidOperationException when the position is taken,
        /// NavMeshFingerprintException for a tile built with other parameters.
        public ulong AddTile(NavTile tile)
        {
            if (tile == null) throw new ArgumentNullException("tile");
            var err = new NativeError();
            ulong tileRef;
            NativeStatus.Check(NativeMethods.onav_mesh_add_tile(Handle, tile.Handle, out tileRef, ref err), ref err);
            return tileRef;
        }

        /// Reads tile bytes against the mesh's parameters and adds the tile.
        public ulong AddTile(byte[] data)
        {
            return AddTile(data, 0, data == null ? 0 : data.Length);
        }

        public ulong AddTile(byte[] data, int offset, int count)
        {
            return PinnedBytes.Read(data, offset, count, (byte* bytes, UIntPtr length, out ulong tileRef, ref NativeError err) => NativeMethods.onav_mesh_add_tile_bytes(Handle, bytes, length, out tileRef, ref err));
        }

        /// Replaces the tile at the new tile's position (the slot's generation
        /// advances, so references into the old tile go stale).
        public ulong ReplaceTile(NavTile tile)
        {
            if (tile == null) throw new ArgumentNullException("tile");
            var err = new NativeError();
            ulong tileRef;
            NativeStatus.Check(NativeMethods.onav_mesh_replace_tile(Handle, tile.Handle, out tileRef, ref err), ref err);
            return tileRef;
        }

        public ulong ReplaceTile(byte[] data)
        {
            return ReplaceTile(data, 0, data == null ? 0 : data.Length);
        }

        public ulong ReplaceTile(byte[] data, int offset, int count)
        {
            return PinnedBytes.Read(data, offset, count, (byte* bytes, UIntPtr length, out ulong tileRef, ref NativeError err) => NativeMethods.onav_mesh_replace_tile_bytes(Handle, bytes, length, out tileRef, ref err));
        }

        /// Removes the tile at (tileX, tileZ, layer) and returns the TileRef it had.
        public ulong RemoveTile(int tileX, int tileZ, ushort layer)
        {
            var err = new NativeError();
            ulong tileRef;
            NativeStatus.Check(NativeMethods.onav_mesh_remove_tile(Handle, tileX, tileZ, layer, out tileRef, ref err), ref err);
            return tileRef;
        }

        /// Removes every layer of a column; returns how many tiles left.
        public int RemoveColumn(int tileX, int tileZ)
        {
            var err = new NativeError();
            uint count;
            NativeStatus.Check(NativeMethods.onav_mesh_remove_column(Handle, tileX, tileZ, out count, ref err), ref err);
            return (int)count;
        }

        public int TileCount
        {
            get
            {
                var err = new NativeError();
                uint count;
                NativeStatus.Check(NativeMethods.onav_mesh_tile_count(Handle, out count, ref err), ref err);
                return (int)count;
            }
        }

        public int SlotCount
        {
            get
            {
                var err = new NativeError();
                uint count;
                NativeStatus.Check(NativeMethods.onav_mesh_slot_count(Handle, out count, ref err), ref err);
                return (int)count;
            }
        }

        /// The current generation of a slot.
        public uint SlotSalt(int slot)
        {
            var err = new NativeError();
            uint salt;
            NativeStatus.Check(NativeMethods.onav_mesh_slot_salt(Handle, NativeArgs.Index(slot, "slot"), out salt, ref err), ref err);
            return salt;
        }

        /// The TileRef at a position; KeyNotFoundException when there is none.
        public ulong TileAt(int tileX, int tileZ, ushort layer)
        {
            var err = new NativeError();
            ulong tileRef;
            NativeStatus.Check(NativeMethods.onav_mesh_tile_at(Handle, tileX, tileZ, layer, out tileRef, ref err), ref err);
            return tileRef;
        }

        /// The TileRefs of a column's layers, lowest layer first.
        public ulong[] ColumnTiles(int tileX, int tileZ)
        {
            return SizeQuery.Collect<ulong>(4, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_mesh_column_tiles(Handle, tileX, tileZ, b, c, out l, ref e));
        }

        /// Every tile's TileRef in slot order.
        public ulong[] Tiles()
        {
            return SizeQuery.Collect<ulong>(0, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_mesh_tiles(Handle, b, c, out l, ref e));
        }

        public NavTileInfo TileInfo(ulong tileRef)
        {
            var err = new NativeError();
            NavTileInfo info;
            NativeStatus.Check(NativeStatus.FromReferenceLookup(NativeMethods.onav_mesh_tile_info(Handle, tileRef, out info, ref err)), ref err);
            return info;
        }

        /// The tile a TileRef names (shared with the mesh, not copied).
        public NavTile GetTile(ulong tileRef)
        {
            var err = new NativeError();
            TileHandle tile;
            NativeStatus.Check(NativeStatus.FromReferenceLookup(NativeMethods.onav_mesh_tile(Handle, tileRef, out tile, ref err)), ref err);
            return new NavTile(tile);
        }

        /// The polygon a PolyRef names; NavMeshReferenceException when it is stale.
        public NavPolygon GetPolygon(ulong polyRef)
        {
            var err = new NativeError();
            NavPolygon polygon;
            NativeStatus.Check(NativeStatus.FromReferenceLookup(NativeMethods.onav_mesh_polygon(Handle, polyRef, out polygon, ref err)), ref err);
            return polygon;
        }

        /// The polygon's world-space outline.
        public Double3[] PolygonOutline(ulong polyRef)
        {
            return SizeQuery.Collect<Double3>(NativePolygonInfo.MaxVertsPerPoly, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeStatus.FromReferenceLookup(NativeMethods.onav_mesh_polygon_outline(Handle, polyRef, b, c, out l, ref e)));
        }

        /// The stitched links leaving a polygon, in the format's link order.
        public NavLink[] Links(ulong polyRef)
        {
            return SizeQuery.Collect<NavLink>(NativePolygonInfo.MaxVertsPerPoly, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeStatus.FromReferenceLookup(NativeMethods.onav_mesh_links(Handle, polyRef, b, c, out l, ref e)));
        }

        public bool IsValidPolyRef(ulong polyRef)
        {
            var err = new NativeError();
            byte valid;
            NativeStatus.Check(NativeMethods.onav_mesh_is_valid_poly_ref(Handle, polyRef, out valid, ref err), ref err);
            return valid != 0;
        }

        public bool IsValidTileRef(ulong tileRef)
        {
            var err = new NativeError();
            byte valid;
            NativeStatus.Check(NativeMethods.onav_mesh_is_valid_tile_ref(Handle, tileRef, out valid, ref err), ref err);
            return valid != 0;
        }

        // Run-time switches (docs/RUNTIME_SWITCHES.md): state of this mesh
        // version that every query reads as if the tile carried it; never
        // written out. A failed switch changes nothing. To switch while
        // queries run, switch a Clone() and move the queries to it
        // (NavMeshQuery.SetMesh).

        /// The flags queries read for a polygon (the tile's, or what
        /// SetPolyFlags gave it); NavMeshReferenceException for a null,
        /// stale or out-of-range reference.
        public ushort GetPolyFlags(ulong polyRef)
        {
            var err = new NativeError();
            ushort flags;
            NativeStatus.Check(NativeMethods.onav_mesh_poly_flags(Handle, polyRef, out flags, ref err), ref err);
            return flags;
        }

        /// The area queries read for a polygon; errors as GetPolyFlags.
        public byte GetPolyArea(ulong polyRef)
        {
            var err = new NativeError();
            byte area;
            NativeStatus.Check(NativeMethods.onav_mesh_poly_area(Handle, polyRef, out area, ref err), ref err);
            return area;
        }

        /// Gives a polygon these flags (a door closed by clearing the flag
        /// a filter includes); errors as GetPolyFlags.
        public void SetPolyFlags(ulong polyRef, ushort flags)
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_mesh_set_poly_flags(Handle, polyRef, flags, ref err), ref err);
        }

        /// Gives a polygon an area (0..63; ArgumentOutOfRangeException
        /// above), so filters cost it as that area; errors as GetPolyFlags.
        public void SetPolyArea(ulong polyRef, byte area)
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_mesh_set_poly_area(Handle, polyRef, area, ref err), ref err);
        }

        /// Whether off-mesh link `index` of the tile a TileRef names is
        /// enabled; NavMeshReferenceException for a stale tile reference,
        /// ArgumentOutOfRangeException past the tile's off-mesh links.
        public bool IsOffMeshLinkEnabled(ulong tileRef, int index)
        {
            var err = new NativeError();
            byte enabled;
            NativeStatus.Check(NativeMethods.onav_mesh_off_mesh_link_enabled(Handle, tileRef, NativeArgs.Index(index, "index"), out enabled, ref err), ref err);
            return enabled != 0;
        }

        /// Enables or disables off-mesh link `index` of a tile: no query
        /// crosses a disabled link, in either direction; errors as
        /// IsOffMeshLinkEnabled.
        public void SetOffMeshLinkEnabled(ulong tileRef, int index, bool enabled)
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_mesh_set_off_mesh_link_enabled(Handle, tileRef, NativeArgs.Index(index, "index"), (byte)(enabled ? 1 : 0), ref err), ref err);
        }

        /// Enables or disables every off-mesh link with this user id in the
        /// tiles now in the mesh (how a host re-applies a link's state after
        /// its tile streamed back); returns how many carry it.
        public int SetOffMeshLinksEnabledByUserId(uint userId, bool enabled)
        {
            var err = new NativeError();
            UIntPtr count;
            NativeStatus.Check(NativeMethods.onav_mesh_set_off_mesh_links_enabled_by_user_id(Handle, userId, (byte)(enabled ? 1 : 0), out count, ref err), ref err);
            return (int)count.ToUInt64();
        }

        /// The tile column holding world (x, z).
        public void WorldToTile(double x, double z, out int tileX, out int tileZ)
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_mesh_world_to_tile(Handle, x, z, out tileX, out tileZ, ref err), ref err);
        }

        /// The slots (with their generations) and tile content ids, to Restore later.
        public byte[] Snapshot()
        {
            return SizeQuery.Collect<byte>(0, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_mesh_snapshot(Handle, b, c, out l, ref e));
        }

        /// Puts the mesh back into a snapshot's state, taking tiles from the library.
        public void Restore(byte[] snapshot, TileLibrary library)
        {
            if (snapshot == null) throw new ArgumentNullException("snapshot");
            if (library == null) throw new ArgumentNullException("library");
            var err = new NativeError();
            fixed (byte* bytes = snapshot)
            {
                NativeStatus.Check(NativeMethods.onav_mesh_restore(Handle, bytes, NativeArgs.Length(snapshot), library.Handle, ref err), ref err);
            }
        }

        public void Dispose()
        {
            Handle.Dispose();
        }
    }
}
