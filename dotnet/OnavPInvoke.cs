// P/Invoke test of libonav from C# (Mono's mcs + mono, the runtime family
// Unity uses): DllImport with Cdecl, OnavTile wrapped in a SafeHandle,
// size-query buffers, and OnavError's found/expected versions and message.
//
// It builds a small tile from C# arrays, writes it, reads it back, and
// patches the version bytes to 3 to provoke ONAV_E_VERSION. Then it builds a
// mesh (OnavMesh, also in a SafeHandle) from a tile handle and from tile
// bytes, writes it, reads it back with onav_mesh_read, lists its tiles with
// positions and references, reads a polygon's links, and provokes the mesh
// version error.
//
// Usage: mono OnavPInvoke.exe MAJOR.MINOR.PATCH   (the expected version)
// Exit code 0 when every check passes, 1 otherwise.
using System;
using System.Runtime.InteropServices;
using System.Text;
using Microsoft.Win32.SafeHandles;

namespace Onav.Tests
{
    static class Status
    {
        public const int Ok = 0;
        public const int Version = 2;
        public const int BufferTooSmall = 7;
        public const int NotFound = 8;
        public const int Internal = 100;
    }

    static class LinkKind
    {
        public const int Portal = 0;
    }

    [StructLayout(LayoutKind.Sequential)]
    struct OnavParams
    {
        public double OriginX, OriginY, OriginZ, TileSize, CellSize;
        public ushort MaxVertsPerPoly;
        public float WalkableClimb, AgentRadius, AgentHeight, AgentMaxSlope;
        public ulong SettingsDigest;
    }

    [StructLayout(LayoutKind.Sequential)]
    struct OnavError
    {
        public int Status;
        public ushort FoundVersion;
        public ushort ExpectedVersion;
        [MarshalAs(UnmanagedType.ByValArray, SizeConst = 512)]
        public byte[] MessageBytes;

        public string Message
        {
            get
            {
                if (MessageBytes == null) return "";
                int end = Array.IndexOf(MessageBytes, (byte)0);
                return Encoding.UTF8.GetString(MessageBytes, 0, end < 0 ? MessageBytes.Length : end);
            }
        }
    }

    [StructLayout(LayoutKind.Sequential)]
    struct OnavVec3
    {
        public float X, Y, Z;
        public OnavVec3(float x, float y, float z) { X = x; Y = y; Z = z; }
    }

    [StructLayout(LayoutKind.Sequential)]
    struct OnavPolygon
    {
        public byte VertexCount, Area;
        public ushort Flags;
    }

    [StructLayout(LayoutKind.Sequential)]
    struct OnavOffMeshLink
    {
        public OnavVec3 Start, End;
        public float Radius;
        public byte Area, Bidirectional;
        public ushort Flags;
        public uint UserId;
    }

    [StructLayout(LayoutKind.Sequential)]
    struct OnavTileData
    {
        public int TileX, TileZ;
        public double OriginY;
        public ushort Layer;
        public IntPtr Vertices; public UIntPtr VertexCount;
        public IntPtr Polygons; public UIntPtr PolygonCount;
        public IntPtr Indices, Neighbours, PortalSides; public UIntPtr EdgeCount;
        public IntPtr DetailMeshes; public UIntPtr DetailMeshCount;
        public IntPtr DetailVertices; public UIntPtr DetailVertexCount;
        public IntPtr DetailTriangles; public UIntPtr DetailTriangleCount;
        public IntPtr OffMeshLinks; public UIntPtr OffMeshLinkCount;
    }

    [StructLayout(LayoutKind.Sequential)]
    struct OnavTileInfo
    {
        public int TileX, TileZ;
        public double OriginY;
        public ushort Layer;
        public uint VertexCount, PolygonCount, EdgeCount, PortalEdgeCount;
        public uint DetailMeshCount, DetailVertexCount, DetailTriangleCount, OffMeshLinkCount;
    }

    [StructLayout(LayoutKind.Sequential)]
    struct OnavPolygonInfo
    {
        public OnavPolygon Polygon;
        [MarshalAs(UnmanagedType.ByValArray, SizeConst = 16)] public uint[] Indices;
        [MarshalAs(UnmanagedType.ByValArray, SizeConst = 16)] public uint[] Neighbours;
        [MarshalAs(UnmanagedType.ByValArray, SizeConst = 16)] public byte[] PortalSides;
    }

    [StructLayout(LayoutKind.Sequential)]
    struct OnavLink
    {
        public ulong Target;
        public int Kind;
        public byte Edge, Side, TargetEdge, RangeMin, RangeMax;
        public uint OffMeshIndex;
    }

    /// Owns an OnavMesh*; the runtime calls onav_mesh_free exactly once.
    sealed class MeshHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        MeshHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            Native.onav_mesh_free(handle);
            return true;
        }
    }

    /// Owns an OnavTile*; the runtime calls onav_tile_free exactly once.
    sealed class TileHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        TileHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            Native.onav_tile_free(handle);
            return true;
        }
    }

    static class Native
    {
        const string Lib = "onav";

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern uint onav_version();

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern IntPtr onav_status_name(int status);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int onav_tile_create(ref OnavParams parameters, ref OnavTileData data, out TileHandle tile, ref OnavError err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int onav_tile_read(ref OnavParams parameters, byte[] data, UIntPtr len, out TileHandle tile, ref OnavError err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int onav_tile_write(TileHandle tile, byte[] buf, UIntPtr cap, out UIntPtr lenOut, ref OnavError err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int onav_tile_info(TileHandle tile, out OnavTileInfo info, ref OnavError err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int onav_tile_polygon(TileHandle tile, uint index, out OnavPolygonInfo info, ref OnavError err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern void onav_tile_free(IntPtr tile);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int onav_mesh_new(ref OnavParams parameters, out MeshHandle mesh, ref OnavError err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int onav_mesh_read(byte[] data, UIntPtr len, out MeshHandle mesh, ref OnavError err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int onav_mesh_write(MeshHandle mesh, byte[] buf, UIntPtr cap, out UIntPtr lenOut, ref OnavError err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int onav_mesh_add_tile(MeshHandle mesh, TileHandle tile, out ulong tileRef, ref OnavError err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int onav_mesh_add_tile_bytes(MeshHandle mesh, byte[] data, UIntPtr len, out ulong tileRef, ref OnavError err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int onav_mesh_tiles(MeshHandle mesh, [Out] ulong[] buf, UIntPtr cap, out UIntPtr lenOut, ref OnavError err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int onav_mesh_tile_info(MeshHandle mesh, ulong tileRef, out OnavTileInfo info, ref OnavError err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int onav_mesh_links(MeshHandle mesh, ulong polyRef, [Out] OnavLink[] buf, UIntPtr cap, out UIntPtr lenOut, ref OnavError err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int onav_tile_ref_decode(ulong tileRef, out uint salt, out uint slot, ref OnavError err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern void onav_mesh_free(IntPtr mesh);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int onav_debug_panic(byte[] message, UIntPtr len, ref OnavError err);
    }

    static class Program
    {
        static int passed, failed;

        static void Check(bool ok, string what)
        {
            if (ok) { passed++; return; }
            failed++;
            Console.Error.WriteLine("check failed: " + what);
        }

        static string StatusName(int status)
        {
            return Marshal.PtrToStringAnsi(Native.onav_status_name(status));
        }

        static OnavError NewError()
        {
            return new OnavError { MessageBytes = new byte[512] };
        }

        static OnavParams SampleParams()
        {
            return new OnavParams
            {
                TileSize = 32.0, CellSize = 0.25, MaxVertsPerPoly = 6,
                WalkableClimb = 0.5f, AgentRadius = 0.5f, AgentHeight = 2.0f, AgentMaxSlope = 45.0f,
            };
        }

        /// Two triangles covering a 32x32 tile at (tileX, tileZ, layer 3),
        /// every outer edge a portal, and one off-mesh link; the arrays are
        /// pinned for the call only.
        static TileHandle CreateSampleTile(OnavParams parameters, int tileX, int tileZ)
        {
            var vertices = new[] { new OnavVec3(0, 0, 0), new OnavVec3(32, 0, 0), new OnavVec3(32, 0, 32), new OnavVec3(0, 0, 32) };
            var polygons = new[] { new OnavPolygon { VertexCount = 3, Area = 1 }, new OnavPolygon { VertexCount = 3, Area = 2 } };
            var indices = new uint[] { 0, 1, 2, 0, 2, 3 };
            var neighbours = new uint[] { 0, 0, 2, 1, 0, 0 };
            var portalSides = new byte[] { 3, 0, 0xFF, 0xFF, 1, 2 };
            var links = new[] { new OnavOffMeshLink { Start = new OnavVec3(4, 0, 4), End = new OnavVec3(20, 1, 8), Radius = 0.5f, Area = 1, Bidirectional = 1, UserId = 42 } };
            var pins = new[]
            {
                GCHandle.Alloc(vertices, GCHandleType.Pinned), GCHandle.Alloc(polygons, GCHandleType.Pinned),
                GCHandle.Alloc(indices, GCHandleType.Pinned), GCHandle.Alloc(neighbours, GCHandleType.Pinned),
                GCHandle.Alloc(portalSides, GCHandleType.Pinned), GCHandle.Alloc(links, GCHandleType.Pinned),
            };
            try
            {
                var data = new OnavTileData
                {
                    TileX = tileX, TileZ = tileZ, OriginY = 10.5, Layer = 3,
                    Vertices = pins[0].AddrOfPinnedObject(), VertexCount = (UIntPtr)vertices.Length,
                    Polygons = pins[1].AddrOfPinnedObject(), PolygonCount = (UIntPtr)polygons.Length,
                    Indices = pins[2].AddrOfPinnedObject(), Neighbours = pins[3].AddrOfPinnedObject(),
                    PortalSides = pins[4].AddrOfPinnedObject(), EdgeCount = (UIntPtr)indices.Length,
                    OffMeshLinks = pins[5].AddrOfPinnedObject(), OffMeshLinkCount = (UIntPtr)links.Length,
                };
                var err = NewError();
                TileHandle tile;
                int status = Native.onav_tile_create(ref parameters, ref data, out tile, ref err);
                Check(status == Status.Ok, "onav_tile_create: " + StatusName(status) + " " + err.Message);
                return tile;
            }
            finally
            {
                foreach (var pin in pins) pin.Free();
            }
        }

        /// The tile's bytes through the size query: ask, allocate, write.
        static byte[] WriteTile(TileHandle tile)
        {
            var err = NewError();
            UIntPtr needed;
            int status = Native.onav_tile_write(tile, null, UIntPtr.Zero, out needed, ref err);
            Check(status == Status.BufferTooSmall, "size query gives ONAV_E_BUFFER_TOO_SMALL, got " + StatusName(status));
            var bytes = new byte[(int)needed];
            UIntPtr written;
            status = Native.onav_tile_write(tile, bytes, (UIntPtr)bytes.Length, out written, ref err);
            Check(status == Status.Ok && written == needed, "onav_tile_write: " + StatusName(status) + " " + err.Message);
            return bytes;
        }

        static void CheckVersion(string expected)
        {
            var parts = expected.Split('.');
            uint number = uint.Parse(parts[0]) * 10000 + uint.Parse(parts[1]) * 100 + uint.Parse(parts[2]);
            Check(Native.onav_version() == number, "onav_version() " + Native.onav_version() + " == " + number);
            Check(StatusName(Status.Version) == "ONAV_E_VERSION", "status name of 2");
            Check(StatusName(12345) == "ONAV_E_UNKNOWN", "status name of an unknown value");
        }

        static void CheckTileRoundTrip(OnavParams parameters)
        {
            using (var tile = CreateSampleTile(parameters, 1, -2))
            {
                var err = NewError();
                OnavTileInfo info;
                Check(Native.onav_tile_info(tile, out info, ref err) == Status.Ok, "onav_tile_info");
                Check(info.TileX == 1 && info.TileZ == -2 && info.Layer == 3 && info.OriginY == 10.5, "tile position");
                Check(info.PolygonCount == 2 && info.EdgeCount == 6 && info.PortalEdgeCount == 4 && info.OffMeshLinkCount == 1, "tile counts");
                OnavPolygonInfo polygon;
                int status = Native.onav_tile_polygon(tile, 1, out polygon, ref err);
                Check(status == Status.Ok && polygon.Polygon.Area == 2, "onav_tile_polygon 1");
                Check(polygon.Indices[0] == 0 && polygon.Indices[1] == 2 && polygon.Indices[2] == 3, "polygon 1 vertices");
                Check(polygon.Neighbours[0] == 1 && polygon.PortalSides[2] == 2, "polygon 1 edges");
                status = Native.onav_tile_polygon(tile, 2, out polygon, ref err);
                Check(status == Status.NotFound, "polygon 2 is ONAV_E_NOT_FOUND, got " + StatusName(status));

                byte[] bytes = WriteTile(tile);
                Console.WriteLine("tile (" + info.TileX + ", " + info.TileZ + "): " + info.PolygonCount + " polygons, " + bytes.Length + " bytes");
                TileHandle back;
                status = Native.onav_tile_read(ref parameters, bytes, (UIntPtr)bytes.Length, out back, ref err);
                Check(status == Status.Ok, "onav_tile_read: " + StatusName(status) + " " + err.Message);
                using (back)
                {
                    byte[] again = WriteTile(back);
                    Check(Convert.ToBase64String(again) == Convert.ToBase64String(bytes), "read then write gives the same bytes");
                }

                CheckVersionError(parameters, bytes);
            }
        }

        static void CheckVersionError(OnavParams parameters, byte[] bytes)
        {
            var patched = (byte[])bytes.Clone();
            patched[4] = 3;
            patched[5] = 0;
            var err = NewError();
            TileHandle tile;
            int status = Native.onav_tile_read(ref parameters, patched, (UIntPtr)patched.Length, out tile, ref err);
            using (tile)
            {
                Console.WriteLine("version error: status " + StatusName(status) + ", found " + err.FoundVersion +
                                  ", expected " + err.ExpectedVersion + ", message: " + err.Message);
                Check(status == Status.Version && err.Status == Status.Version, "status ONAV_E_VERSION");
                Check(err.FoundVersion == 3 && err.ExpectedVersion == 2, "found 3, expected 2");
                Check(err.Message.Contains("version 3"), "message names the version");
                Check(tile.IsInvalid, "no tile on failure");
            }
        }

        /// The mesh's bytes through the size query: ask, allocate, write.
        static byte[] WriteMesh(MeshHandle mesh)
        {
            var err = NewError();
            UIntPtr needed;
            int status = Native.onav_mesh_write(mesh, null, UIntPtr.Zero, out needed, ref err);
            Check(status == Status.BufferTooSmall, "mesh size query gives ONAV_E_BUFFER_TOO_SMALL, got " + StatusName(status));
            var bytes = new byte[(int)needed];
            UIntPtr written;
            status = Native.onav_mesh_write(mesh, bytes, (UIntPtr)bytes.Length, out written, ref err);
            Check(status == Status.Ok && written == needed, "onav_mesh_write: " + StatusName(status) + " " + err.Message);
            return bytes;
        }

        /// Two neighbouring tiles: (1, -2) added by handle, (2, -2) by its
        /// ONPT bytes.
        static MeshHandle BuildMesh(OnavParams parameters)
        {
            var err = NewError();
            MeshHandle mesh;
            int status = Native.onav_mesh_new(ref parameters, out mesh, ref err);
            Check(status == Status.Ok, "onav_mesh_new: " + StatusName(status) + " " + err.Message);
            ulong tileRef;
            using (var tile = CreateSampleTile(parameters, 1, -2))
            {
                status = Native.onav_mesh_add_tile(mesh, tile, out tileRef, ref err);
                Check(status == Status.Ok, "onav_mesh_add_tile: " + StatusName(status) + " " + err.Message);
            }
            using (var tile = CreateSampleTile(parameters, 2, -2))
            {
                byte[] bytes = WriteTile(tile);
                status = Native.onav_mesh_add_tile_bytes(mesh, bytes, (UIntPtr)bytes.Length, out tileRef, ref err);
                Check(status == Status.Ok, "onav_mesh_add_tile_bytes: " + StatusName(status) + " " + err.Message);
            }
            return mesh;
        }

        /// Every TileRef of the mesh through the size query.
        static ulong[] ListTileRefs(MeshHandle mesh)
        {
            var err = NewError();
            UIntPtr count;
            int status = Native.onav_mesh_tiles(mesh, null, UIntPtr.Zero, out count, ref err);
            Check(status == Status.BufferTooSmall, "tile list size query, got " + StatusName(status));
            var refs = new ulong[(int)count];
            status = Native.onav_mesh_tiles(mesh, refs, (UIntPtr)refs.Length, out count, ref err);
            Check(status == Status.Ok && (int)count == refs.Length, "onav_mesh_tiles: " + StatusName(status) + " " + err.Message);
            return refs;
        }

        /// Prints each tile's slot, salt, position and reference.
        static void ListTiles(MeshHandle mesh)
        {
            var err = NewError();
            ulong[] refs = ListTileRefs(mesh);
            Check(refs.Length == 2, "two tiles listed, got " + refs.Length);
            for (int i = 0; i < refs.Length; i++)
            {
                uint salt, slot;
                OnavTileInfo info;
                Check(Native.onav_tile_ref_decode(refs[i], out salt, out slot, ref err) == Status.Ok, "onav_tile_ref_decode");
                Check(Native.onav_mesh_tile_info(mesh, refs[i], out info, ref err) == Status.Ok, "onav_mesh_tile_info: " + err.Message);
                Console.WriteLine("slot " + slot + " (salt " + salt + "): tile (" + info.TileX + ", " + info.TileZ + ", layer " + info.Layer +
                                  "), " + info.PolygonCount + " polygons, ref 0x" + refs[i].ToString("X16"));
                Check(slot == i && salt == 1 && info.TileX == 1 + i && info.TileZ == -2 && info.Layer == 3, "tile " + i + " position and reference");
            }
            ulong missing = refs[0] + (1UL << 40);
            OnavTileInfo none;
            int status = Native.onav_mesh_tile_info(mesh, missing, out none, ref err);
            Check(status == Status.NotFound, "a stale TileRef is ONAV_E_NOT_FOUND, got " + StatusName(status));
        }

        /// Polygon 0 of the first tile reaches across its +X edge into the
        /// second tile: a portal link first.
        static void CheckLinks(MeshHandle mesh)
        {
            var err = NewError();
            ulong[] refs = ListTileRefs(mesh);
            var links = new OnavLink[8];
            UIntPtr count;
            int status = Native.onav_mesh_links(mesh, refs[0], links, (UIntPtr)links.Length, out count, ref err);
            Check(status == Status.Ok && (int)count >= 1, "onav_mesh_links: " + StatusName(status) + " " + err.Message);
            Check(links[0].Kind == LinkKind.Portal && links[0].Side == 0 && links[0].Target == (refs[1] | 1), "portal link into the second tile");
        }

        static void CheckMeshRoundTrip(OnavParams parameters)
        {
            using (var mesh = BuildMesh(parameters))
            {
                byte[] bytes = WriteMesh(mesh);
                Console.WriteLine("mesh: " + bytes.Length + " bytes");
                var err = NewError();
                MeshHandle back;
                int status = Native.onav_mesh_read(bytes, (UIntPtr)bytes.Length, out back, ref err);
                Check(status == Status.Ok, "onav_mesh_read: " + StatusName(status) + " " + err.Message);
                using (back)
                {
                    ListTiles(back);
                    CheckLinks(back);
                    Check(Convert.ToBase64String(WriteMesh(back)) == Convert.ToBase64String(bytes), "mesh read then write gives the same bytes");
                }
                CheckMeshVersionError(bytes);
            }
        }

        static void CheckMeshVersionError(byte[] bytes)
        {
            var patched = (byte[])bytes.Clone();
            patched[4] = 3;
            patched[5] = 0;
            var err = NewError();
            MeshHandle mesh;
            int status = Native.onav_mesh_read(patched, (UIntPtr)patched.Length, out mesh, ref err);
            using (mesh)
            {
                Console.WriteLine("mesh version error: status " + StatusName(status) + ", found " + err.FoundVersion +
                                  ", expected " + err.ExpectedVersion + ", message: " + err.Message);
                Check(status == Status.Version && err.FoundVersion == 3 && err.ExpectedVersion == 2, "mesh version error: found 3, expected 2");
                Check(mesh.IsInvalid, "no mesh on failure");
            }
        }

        /// Only in libraries built with test hooks: a Rust panic comes back
        /// as ONAV_E_INTERNAL and the runtime keeps going.
        static void CheckPanicBoundary()
        {
            var err = NewError();
            var message = Encoding.UTF8.GetBytes("panic from C#");
            try
            {
                int status = Native.onav_debug_panic(message, (UIntPtr)message.Length, ref err);
                Check(status == Status.Internal && err.Message.Contains("panic from C#"), "panic becomes ONAV_E_INTERNAL: " + err.Message);
            }
            catch (EntryPointNotFoundException)
            {
                Console.WriteLine("library built without test hooks: panic check skipped");
            }
        }

        static int Main(string[] args)
        {
            if (args.Length != 1)
            {
                Console.Error.WriteLine("usage: mono OnavPInvoke.exe MAJOR.MINOR.PATCH");
                return 2;
            }
            CheckVersion(args[0]);
            CheckTileRoundTrip(SampleParams());
            CheckMeshRoundTrip(SampleParams());
            CheckPanicBoundary();
            Console.WriteLine(passed + " passed, " + failed + " failed");
            return failed == 0 ? 0 : 1;
        }
    }
}
