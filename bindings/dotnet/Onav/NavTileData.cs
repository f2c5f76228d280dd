// Hand-built tile contents (what a builder fills), validated by
// NavTile.Create. Arrays left null count as empty.
namespace Onav
{
    public sealed class NavTileData
    {
        public int TileX, TileZ;
        /// World height the tile's local Y values are relative to.
        public double OriginY;
        /// 0..1023.
        public ushort Layer;
        /// Tile-local vertices.
        public Float3[] Vertices;
        public NavPolygon[] Polygons;
        /// Per edge (polygon after polygon): index into Vertices.
        public uint[] Indices;
        /// Per edge: 0 = no neighbour, k = in-tile polygon k-1.
        public uint[] Neighbours;
        /// Per edge: 0xFF = not a portal, else the tile side 0..3 (+X, +Z, -X, -Z).
        public byte[] PortalSides;
        /// None, or one per polygon.
        public NavDetailMesh[] DetailMeshes;
        public Float3[] DetailVertices;
        public NavDetailTriangle[] DetailTriangles;
        public NavOffMeshLink[] OffMeshLinks;
    }
}
