// Agent classes (OnavNavWorld): one NavMesh per NavSettings built from the
// same input in the order given; ClassFor picks the class for a radius.
using System;

namespace Onav
{
    public sealed unsafe class NavWorld : IDisposable
    {
        internal readonly NavWorldHandle Handle;

        NavWorld(NavWorldHandle handle)
        {
            Handle = handle;
        }

        public static NavWorld Build2D(NavSettings[] classes, NavTileInput2D[] tiles)
        {
            var err = new NativeError();
            NavWorldHandle handle;
            using (var settings = new SettingsPointers(classes))
            using (var pins = new PinSet())
            {
                NativeTileInput2D[] native = NavTileInput2D.ToNative(tiles, pins);
                fixed (IntPtr* classPointer = settings.Pointers)
                fixed (NativeTileInput2D* input = native)
                {
                    NativeStatus.Check(NativeMethods.onav_nav_world_build_2d(classPointer, NativeArgs.Length(settings.Pointers), input, NativeArgs.Length(native), out handle, ref err), ref err);
                }
            }
            return new NavWorld(handle);
        }

        /// One exact 2D build per class, in the order given.
        public static NavWorld BuildPlanar(NavSettings[] classes, PlanarOutlines outlines)
        {
            if (outlines == null) throw new ArgumentNullException("outlines");
            var err = new NativeError();
            NavWorldHandle handle;
            using (var settings = new SettingsPointers(classes))
            using (var pins = new PinSet())
            {
                NativePlanarOutlines native = outlines.ToNative(pins);
                fixed (IntPtr* classPointer = settings.Pointers)
                {
                    NativeStatus.Check(NativeMethods.onav_nav_world_build_planar(classPointer, NativeArgs.Length(settings.Pointers), ref native, out handle, ref err), ref err);
                }
            }
            return new NavWorld(handle);
        }

        public static NavWorld Build3D(NavSettings[] classes, TriangleGeometry geometry, BuildProgress progress = null)
        {
            if (geometry == null) throw new ArgumentNullException("geometry");
            var err = new NativeError();
            NavWorldHandle handle;
            using (var settings = new SettingsPointers(classes))
            using (var bridge = new BuildProgressBridge(progress))
            {
                fixed (IntPtr* classPointer = settings.Pointers)
                {
                    int status = NativeMethods.onav_nav_world_build_3d(classPointer, NativeArgs.Length(settings.Pointers), geometry.Handle, bridge.Callback, bridge.UserData, out handle, ref err);
                    bridge.Check(status, ref err);
                }
            }
            return new NavWorld(handle);
        }

        public int ClassCount
        {
            get
            {
                var err = new NativeError();
                UIntPtr count;
                NativeStatus.Check(NativeMethods.onav_nav_world_class_count(Handle, out count, ref err), ref err);
                return (int)count.ToUInt64();
            }
        }

        /// A copy of class `index`'s mesh.
        public NavMesh GetClass(int index)
        {
            var err = new NativeError();
            NavMeshHandle mesh;
            NativeStatus.Check(NativeMethods.onav_nav_world_class(Handle, NativeArgs.Index(index, "index"), out mesh, ref err), ref err);
            return new NavMesh(mesh);
        }

        /// The class with the smallest AgentRadius >= radius (lowest index
        /// among equals), or the largest class if none is large enough.
        public int ClassFor(float radius)
        {
            var err = new NativeError();
            uint index;
            NativeStatus.Check(NativeMethods.onav_nav_world_class_for(Handle, radius, out index, ref err), ref err);
            return (int)index;
        }

        /// The ONNW envelope: every class's ONNM envelope in order.
        public byte[] Save()
        {
            return SizeQuery.Collect<byte>(0, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_nav_world_save(Handle, b, c, out l, ref e));
        }

        public static NavWorld Load(byte[] data)
        {
            return new NavWorld(PinnedBytes.Read<NavWorldHandle>(data, NativeMethods.onav_nav_world_load));
        }

        public void Dispose()
        {
            Handle.Dispose();
        }
    }
}
