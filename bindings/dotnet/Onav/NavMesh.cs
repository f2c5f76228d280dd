// A tier-1 mesh (OnavNavMesh): a TiledNavMesh together with the NavSettings
// it was built with, so it saves and loads without the caller repeating
// them, and rebuilds tiles with the same settings.
using System;

namespace Onav
{
    public sealed unsafe class NavMesh : IDisposable
    {
        internal readonly NavMeshHandle Handle;

        internal NavMesh(NavMeshHandle handle)
        {
            Handle = handle;
        }

        /// An empty mesh over the settings' grid (the settings are copied).
        public NavMesh(NavSettings settings)
        {
            if (settings == null) throw new ArgumentNullException("settings");
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_nav_mesh_new(settings.Handle, out Handle, ref err), ref err);
        }

        /// The exact 2D builder over tiles of world polygons.
        public static NavMesh Build2D(NavSettings settings, NavTileInput2D[] tiles)
        {
            if (settings == null) throw new ArgumentNullException("settings");
            var err = new NativeError();
            NavMeshHandle handle;
            using (var pins = new PinSet())
            {
                NativeTileInput2D[] native = NavTileInput2D.ToNative(tiles, pins);
                fixed (NativeTileInput2D* input = native)
                {
                    NativeStatus.Check(NativeMethods.onav_nav_mesh_build_2d(settings.Handle, input, NativeArgs.Length(native), out handle, ref err), ref err);
                }
            }
            return new NavMesh(handle);
        }

        /// The exact 2D builder (docs/BUILD_PLANAR.md): the regions minus the
        /// obstacles, the agent radius kept clear, on the SnapBits lattice;
        /// equal input gives equal bytes. ArgumentOutOfRangeException for a
        /// coordinate that is not finite or outside +-2^21, an area or flags
        /// value out of range or an unusable lattice; NavMeshFormatException
        /// for a ring with fewer than three distinct points or one touching
        /// itself.
        public static NavMesh BuildPlanar(NavSettings settings, PlanarOutlines outlines)
        {
            if (settings == null) throw new ArgumentNullException("settings");
            if (outlines == null) throw new ArgumentNullException("outlines");
            var err = new NativeError();
            NavMeshHandle handle;
            using (var pins = new PinSet())
            {
                NativePlanarOutlines native = outlines.ToNative(pins);
                NativeStatus.Check(NativeMethods.onav_nav_mesh_build_planar(settings.Handle, ref native, out handle, ref err), ref err);
            }
            return new NavMesh(handle);
        }

        /// The voxel builder over level triangles; `progress` (may be null) is
        /// called on this thread after each tile and may cancel.
        public static NavMesh Build3D(NavSettings settings, TriangleGeometry geometry, BuildProgress progress = null)
        {
            if (settings == null) throw new ArgumentNullException("settings");
            if (geometry == null) throw new ArgumentNullException("geometry");
            var err = new NativeError();
            NavMeshHandle handle;
            using (var bridge = new BuildProgressBridge(progress))
            {
                int status = NativeMethods.onav_nav_mesh_build_3d(settings.Handle, geometry.Handle, bridge.Callback, bridge.UserData, out handle, ref err);
                bridge.Check(status, ref err);
            }
            return new NavMesh(handle);
        }

        /// Rebuilds one tile from 2D input; returns its new TileRef.
        public ulong RebuildTile2D(NavTileInput2D input)
        {
            if (input == null) throw new ArgumentNullException("input");
            var err = new NativeError();
            ulong tileRef;
            using (var pins = new PinSet())
            {
                NativeTileInput2D native = input.ToNative(pins);
                NativeStatus.Check(NativeMethods.onav_nav_mesh_rebuild_tile_2d(Handle, ref native, out tileRef, ref err), ref err);
            }
            return tileRef;
        }

        /// Rebuilds every layer of one column from level triangles; returns the number of tiles now there.
        public int RebuildTile3D(TriangleGeometry geometry, int tileX, int tileZ)
        {
            if (geometry == null) throw new ArgumentNullException("geometry");
            var err = new NativeError();
            UIntPtr count;
            NativeStatus.Check(NativeMethods.onav_nav_mesh_rebuild_tile_3d(Handle, geometry.Handle, tileX, tileZ, out count, ref err), ref err);
            return (int)count.ToUInt64();
        }

        /// Rebuilds tile (tileX, tileZ) from changed outlines exactly as BuildPlanar
        /// cuts it; returns the number of tiles now there (0: no free space is
        /// left and the tile was removed).
        public int RebuildTilePlanar(PlanarOutlines outlines, int tileX, int tileZ)
        {
            if (outlines == null) throw new ArgumentNullException("outlines");
            var err = new NativeError();
            UIntPtr count;
            using (var pins = new PinSet())
            {
                NativePlanarOutlines native = outlines.ToNative(pins);
                NativeStatus.Check(NativeMethods.onav_nav_mesh_rebuild_tile_planar(Handle, ref native, tileX, tileZ, out count, ref err), ref err);
            }
            return (int)count.ToUInt64();
        }

        /// The ONNM envelope: the settings and the frozen mesh bytes.
        public byte[] Save()
        {
            return SizeQuery.Collect<byte>(0, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_nav_mesh_save(Handle, b, c, out l, ref e));
        }

        public static NavMesh Load(byte[] data)
        {
            return Load(data, 0, data == null ? 0 : data.Length);
        }

        public static NavMesh Load(byte[] data, int offset, int count)
        {
            return new NavMesh(PinnedBytes.Read<NavMeshHandle>(data, offset, count, NativeMethods.onav_nav_mesh_load));
        }

        /// Bare ONPM bytes or an ONNM envelope read with caller-supplied settings,
        /// which must give the mesh's parameter block (else NavMeshFingerprintException).
        public static NavMesh Load(NavSettings settings, byte[] data)
        {
            if (settings == null) throw new ArgumentNullException("settings");
            return new NavMesh(PinnedBytes.Read(data, (byte* bytes, UIntPtr length, out NavMeshHandle handle, ref NativeError err) => NativeMethods.onav_nav_mesh_load_with(settings.Handle, bytes, length, out handle, ref err)));
        }

        /// A copy of the settings the mesh was built with.
        public NavSettings Settings
        {
            get
            {
                var err = new NativeError();
                SettingsHandle settings;
                NativeStatus.Check(NativeMethods.onav_nav_mesh_settings(Handle, out settings, ref err), ref err);
                return new NavSettings(settings);
            }
        }

        public NavMeshParams Params
        {
            get
            {
                var err = new NativeError();
                NavMeshParams parameters;
                NativeStatus.Check(NativeMethods.onav_nav_mesh_params(Handle, out parameters, ref err), ref err);
                return parameters;
            }
        }

        /// The bare frozen mesh bytes (ONPM), what NavMeshSerializer.ReadMesh reads.
        public byte[] WriteMesh()
        {
            return SizeQuery.Collect<byte>(0, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_nav_mesh_write_mesh(Handle, b, c, out l, ref e));
        }

        /// A TiledNavMesh copy of the tiles, for tile-level reading and editing.
        public TiledNavMesh ToTiledNavMesh()
        {
            var err = new NativeError();
            MeshHandle mesh;
            NativeStatus.Check(NativeMethods.onav_nav_mesh_mesh_clone(Handle, out mesh, ref err), ref err);
            return new TiledNavMesh(mesh);
        }

        public void Dispose()
        {
            Handle.Dispose();
        }
    }
}
