// A validated, immutable tile (OnavTile). Dispose frees it at once; the
// finalizer of its SafeHandle does otherwise.
using System;

namespace Onav
{
    public sealed unsafe class NavTile : IDisposable
    {
        internal readonly TileHandle Handle;

        internal NavTile(TileHandle handle)
        {
            Handle = handle;
        }

        /// Validates hand-built data against the parameters (NavMeshFormatException
        /// naming the polygon, edge or array) and stamps the parameters' fingerprint.
        public static NavTile Create(NavMeshParams parameters, NavTileData data)
        {
            if (data == null) throw new ArgumentNullException("data");
            var err = new NativeError();
            TileHandle handle;
            fixed (Float3* vertices = data.Vertices)
            fixed (NavPolygon* polygons = data.Polygons)
            fixed (uint* indices = data.Indices)
            fixed (uint* neighbours = data.Neighbours)
            fixed (byte* sides = data.PortalSides)
            fixed (NavDetailMesh* detailMeshes = data.DetailMeshes)
            fixed (Float3* detailVertices = data.DetailVertices)
            fixed (NavDetailTriangle* detailTriangles = data.DetailTriangles)
            fixed (NavOffMeshLink* links = data.OffMeshLinks)
            {
                var native = new NativeTileData
                {
                    TileX = data.TileX, TileZ = data.TileZ, OriginY = data.OriginY, Layer = data.Layer,
                    Vertices = (IntPtr)vertices, VertexCount = NativeArgs.Length(data.Vertices),
                    Polygons = (IntPtr)polygons, PolygonCount = NativeArgs.Length(data.Polygons),
                    Indices = (IntPtr)indices, Neighbours = (IntPtr)neighbours, PortalSides = (IntPtr)sides,
                    EdgeCount = EdgeCount(data),
                    DetailMeshes = (IntPtr)detailMeshes, DetailMeshCount = NativeArgs.Length(data.DetailMeshes),
                    DetailVertices = (IntPtr)detailVertices, DetailVertexCount = NativeArgs.Length(data.DetailVertices),
                    DetailTriangles = (IntPtr)detailTriangles, DetailTriangleCount = NativeArgs.Length(data.DetailTriangles),
                    OffMeshLinks = (IntPtr)links, OffMeshLinkCount = NativeArgs.Length(data.OffMeshLinks),
                };
                NativeStatus.Check(NativeMethods.onav_tile_create(ref parameters, ref native, out handle, ref err), ref err);
            }
            return new NavTile(handle);
        }

        /// The three per-edge arrays share one count in the C struct, so
        /// they must agree here rather than letting the shortest one decide.
        static UIntPtr EdgeCount(NavTileData data)
        {
            UIntPtr edges = NativeArgs.Length(data.Indices);
            if (NativeArgs.Length(data.Neighbours) != edges || NativeArgs.Length(data.PortalSides) != edges)
                throw new NavMeshFormatException("Indices, Neighbours and PortalSides must have one entry per edge each (" + edges + ", " + NativeArgs.Length(data.Neighbours) + ", " + NativeArgs.Length(data.PortalSides) + ")");
            return edges;
        }

        public NavTileInfo Info
        {
            get
            {
                var err = new NativeError();
                NavTileInfo info;
                NativeStatus.Check(NativeMethods.onav_tile_info(Handle, out info, ref err), ref err);
                return info;
            }
        }

        /// The build fingerprint the tile carries.
        public byte[] Fingerprint()
        {
            var err = new NativeError();
            NativeDigest digest;
            NativeStatus.Check(NativeMethods.onav_tile_fingerprint(Handle, out digest, ref err), ref err);
            return digest.ToArray();
        }

        /// The digest of the tile's bytes (what a TileLibrary keys tiles by).
        public byte[] ContentId()
        {
            var err = new NativeError();
            NativeDigest digest;
            NativeStatus.Check(NativeMethods.onav_tile_content_id(Handle, out digest, ref err), ref err);
            return digest.ToArray();
        }

        public Float3 GetVertex(int index)
        {
            var err = new NativeError();
            Float3 vertex;
            NativeStatus.Check(NativeMethods.onav_tile_vertex(Handle, NativeArgs.Index(index, "index"), out vertex, ref err), ref err);
            return vertex;
        }

        public NavTilePolygon GetPolygon(int index)
        {
            var err = new NativeError();
            NativePolygonInfo polygon;
            NativeStatus.Check(NativeMethods.onav_tile_polygon(Handle, NativeArgs.Index(index, "index"), out polygon, ref err), ref err);
            return polygon.ToPolygon();
        }

        public NavOffMeshLink GetOffMeshLink(int index)
        {
            var err = new NativeError();
            NavOffMeshLink link;
            NativeStatus.Check(NativeMethods.onav_tile_off_mesh_link(Handle, NativeArgs.Index(index, "index"), out link, ref err), ref err);
            return link;
        }

        public void Dispose()
        {
            Handle.Dispose();
        }
    }
}
